package dev.cumps.core.cli.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.core.doctor.DoctorReport;
import dev.cumps.core.guide.GuideLink;
import dev.cumps.core.record.DaemonRecord;
import dev.cumps.core.testing.Sandbox;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

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
    void oneRowPerCheckUnderTheHeaderEachNotPassingWithItsGuideLineThenABlankLineAndTheVerdict() {
        List<String> lines = DoctorTextRenderer.render(doctor(null), false).lines().toList();

        assertTrue(lines.get(0).matches("STATUS +CHECK +OBSERVED +REMEDY"), lines.get(0));
        assertTrue(lines.get(1).matches("PASS +Linux host +Linux"), lines.get(1));
        assertTrue(lines.get(7).matches("FAIL +exactly one live managed daemon for the GPU +.*"), lines.get(7));
        assertEquals("        guide: docs/guide.md#daemon-count", lines.get(8));
        assertTrue(lines.get(9).startsWith("SKIP    recorded pid and start time match"), lines.get(9));
        assertEquals("        guide: docs/guide.md#identity", lines.get(10));
        assertEquals(8, lines.stream().filter(l -> l.startsWith("        guide: ")).count(), "one per fail and skip");
        assertEquals("", lines.get(30));
        assertEquals("INVALID: 13 pass, 0 warn, 1 fail, 7 skip", lines.get(31));
        assertEquals(32, lines.size());
    }

    @Test
    void theGuideLineLinksTheInstalledGuideWhenOneIsKnown(@TempDir Path dir) throws IOException {
        Path guide = Files.writeString(dir.resolve("guide.md"), "# guide\n");
        DoctorReport report = doctor(null);
        DoctorReport linked = new DoctorReport(report.checks(), report.compatibleModes(), report.plan(), report.managedDaemons(),
                report.sharing(), GuideLink.of(guide.toString()));

        String text = DoctorTextRenderer.render(linked, false);

        assertTrue(text.contains("\n        guide: file://" + guide + "#daemon-count\n"), text);
        assertTrue(!text.contains("#platform"), "a passing check has no guide line: " + text);
        Object json = linked.toJsonMap().get("checks");
        assertTrue(json.toString().contains("guide=file://" + guide + "#platform"), "every check has its link in JSON: " + json);
    }

    @Test
    void aSimulatedHostIsSaidFirst() {
        DaemonRecord r = sb.start("sim");

        String text = DoctorTextRenderer.render(doctor(null), true);

        assertTrue(text.startsWith("SIMULATED host\nSTATUS  CHECK"), text);
        assertTrue(text.contains(r.pipeDirectory().toString()), text);
    }
}
