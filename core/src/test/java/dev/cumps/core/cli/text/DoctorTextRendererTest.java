package dev.cumps.core.cli.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.core.doctor.DoctorReport;
import dev.cumps.core.record.DaemonRecord;
import dev.cumps.core.testing.Sandbox;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The doctor's table for a terminal (the byte-exact text of many scenarios is in
 * {@code DoctorGoldenTest}; the whole {@code cumps doctor} output in {@code CliGoldenTest}).
 */
class DoctorTextRendererTest {
    private final Sandbox sb = new Sandbox();

    @AfterEach
    void cleanUp() {
        sb.close();
    }

    private DoctorReport doctor(String selector) {
        return sb.services().doctor().run(Optional.ofNullable(selector));
    }

    @Test
    void aControlCharacterFromTheEnvironmentIsEscapedNotSentToTheTerminal() {
        sb.start("live");
        sb.env("CUDA_MPS_PIPE_DIRECTORY", "/tmp/else\u001b[2Jwhere");

        String text = DoctorTextRenderer.render(doctor("0"), false);

        assertTrue(text.contains("/tmp/else\\x1b[2Jwhere"), text);
        assertTrue(text.chars().noneMatch(c -> c == 0x1b), text);
        assertTrue(text.endsWith("\n\nVALID: 20 pass, 1 warn, 0 fail, 0 skip\n"), text);
    }

    @Test
    void oneRowPerCheckUnderTheHeaderThenABlankLineAndTheVerdict() {
        List<String> lines = DoctorTextRenderer.render(doctor(null), false).lines().toList();

        assertTrue(lines.get(0).matches("STATUS +CHECK +OBSERVED +REMEDY"), lines.get(0));
        assertTrue(lines.get(1).matches("PASS +Linux host +Linux"), lines.get(1));
        assertEquals("", lines.get(22));
        assertEquals("INVALID: 13 pass, 0 warn, 1 fail, 7 skip", lines.get(23));
        assertEquals(24, lines.size());
    }

    @Test
    void aSimulatedHostIsSaidFirst() {
        DaemonRecord r = sb.start("sim");

        String text = DoctorTextRenderer.render(doctor(null), true);

        assertTrue(text.startsWith("SIMULATED host\nSTATUS  CHECK"), text);
        assertTrue(text.contains(r.pipeDirectory().toString()), text);
    }
}
