package dev.cumps.core.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.core.doctor.DoctorReport;
import dev.cumps.core.record.DaemonRecord;
import dev.cumps.core.testing.Sandbox;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The renderer prints exactly what {@code cumps doctor} prints for the same host state. */
class DoctorTextRendererTest {
    private final Sandbox sb = new Sandbox();

    @AfterEach
    void cleanUp() {
        sb.close();
    }

    private String cli(String... args) {
        StringWriter out = new StringWriter();
        new Cli(sb.host(), new PrintWriter(out), new PrintWriter(new StringWriter()), globals -> sb.services()).run(args);
        return out.toString();
    }

    private String rendered(String selector) {
        DoctorReport report = sb.services().doctor().run(Optional.ofNullable(selector));
        return DoctorTextRenderer.render(report, false);
    }

    @Test
    void withoutADaemonTheRendererPrintsWhatTheCliPrints() {
        assertEquals(cli("doctor"), rendered(null));
    }

    @Test
    void withALiveDaemonAndAControlCharacterInTheEnvironmentTheRendererPrintsWhatTheCliPrints() {
        sb.start("live");
        sb.env("CUDA_MPS_PIPE_DIRECTORY", "/tmp/else\u001b[2Jwhere");

        String text = rendered("0");

        assertEquals(cli("doctor", "--gpus", "0"), text);
        assertTrue(text.contains("/tmp/else\\x1b[2Jwhere"), text);
        assertTrue(text.endsWith("\nVALID: 14 pass, 1 warn, 0 fail, 0 skip\n"), text);
    }

    @Test
    void aSimulatedHostIsSaidFirst() {
        DaemonRecord r = sb.start("sim");

        String text = DoctorTextRenderer.render(sb.services().doctor().run(Optional.empty()), true);

        assertTrue(text.startsWith("SIMULATED host\nSTATUS  CHECK"), text);
        assertTrue(text.contains(r.pipeDirectory().toString()), text);
    }
}
