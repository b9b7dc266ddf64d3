package dev.cumps.core.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.core.cli.CliRuns.Run;
import dev.cumps.core.cli.command.SelftestCommand;
import dev.cumps.core.testing.Sandbox;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@code cumps selftest} through the CLI over the fake host: {@code --json} prints the report's
 * JSON and the Markdown report is written; a failing step is exit 1 with one {@code error:} line
 * naming the report; the default report name; a report path owned by another user is refused
 * before anything starts.
 */
class SelftestCommandTest {
    private final Sandbox sb = new Sandbox();

    @AfterEach
    void close() {
        sb.close();
    }

    @Test
    @SuppressWarnings("unchecked")
    void jsonPrintsTheReportAndAFailedStepIsOneErrorLineNamingTheReport() throws IOException {
        sb.mps.serverList("4242\n");
        Path report = sb.dir.resolve("r.md");
        // The fake host has no /bin/sh: the client step fails, the rest runs and cleans up.
        Run run = CliRuns.cli(sb, "selftest", "--gpus", "0", "--client", "true", "--report", report.toString(), "--json");

        assertEquals(Cli.FAILED, run.code(), run.err());
        assertTrue(run.err().startsWith("error: self-test failed at client: 1 failed, 8 passed, 0 skipped; the evidence is in the report "
                + report), run.err());
        assertEquals(1, run.err().lines().count(), run.err());
        Map<String, Object> json = Sandbox.parseObject(run.out());
        assertEquals(List.of("host", "interrupted", "passed", "report", "schema_version", "started_daemons", "steps", "verdict"),
                List.copyOf(json.keySet()));
        assertEquals(false, json.get("passed"));
        assertEquals(report.toString(), json.get("report"));
        List<Map<String, Object>> steps = (List<Map<String, Object>>) json.get("steps");
        assertEquals(List.of("status", "start", "doctor", "env", "client", "stop", "kill-recover", "altered-record", "cleanup"),
                steps.stream().map(s -> s.get("id")).toList());
        assertEquals("fail", steps.get(4).get("outcome"));
        assertEquals(3, ((List<Object>) json.get("started_daemons")).size());
        String markdown = Files.readString(report);
        assertTrue(markdown.startsWith("# cumps self-test: " + Sandbox.HOSTNAME + "\n\n**FAILED**"), markdown);
        assertEquals("rw-r--r--", PosixFilePermissions.toString(Files.getPosixFilePermissions(report)));
    }

    @Test
    @SuppressWarnings("unchecked")
    void aLinkPlantedAtTheReportPathDuringTheRunIsNotFollowedAndTheReportIsKeptBesideIt() throws IOException {
        sb.mps.serverList("4242\n");
        Path report = sb.dir.resolve("r.md");
        Path victim = Files.writeString(sb.dir.resolve("victim"), "victim\n");
        // While the client step runs (after the up-front check of --report), someone plants a link at the report path.
        sb.mps.observe(spec -> {
            if (spec.argv().contains("true") && !Files.isSymbolicLink(report)) {
                try {
                    Files.createSymbolicLink(report, victim);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
        });

        Run run = CliRuns.cli(sb, "selftest", "--gpus", "0", "--client", "true", "--report", report.toString(), "--json");

        assertEquals(Cli.FAILED, run.code(), run.err());
        assertEquals("victim\n", Files.readString(victim), "nothing was written through the link");
        assertTrue(Files.isSymbolicLink(report));
        Path kept = Path.of((String) Sandbox.parseObject(run.out()).get("report"));
        assertEquals(sb.dir, kept.getParent());
        assertTrue(kept.getFileName().toString().matches("r\\.md\\.[0-9]+"), kept.toString());
        assertTrue(Files.readString(kept).startsWith("# cumps self-test: " + Sandbox.HOSTNAME + "\n\n**FAILED**"));
        assertEquals("error: the report was not written to " + report + ", which is a symbolic link now (it changed during the run;"
                + " nothing was written through it); the report is in " + kept + "\n", run.err());
    }

    @Test
    void aReportPathOfAnotherUserIsRefusedBeforeAnythingStarts() throws IOException {
        Path report = Files.writeString(sb.dir.resolve("theirs.md"), "theirs\n");
        Files.setAttribute(report, "unix:uid", 65534);

        Run run = CliRuns.cli(sb, "selftest", "--gpus", "0", "--report", report.toString());

        assertEquals(Cli.FAILED, run.code());
        assertEquals("error: the report path " + report + " belongs to uid 65534; choose another --report path\n", run.err());
        assertEquals("theirs\n", Files.readString(report));
        assertEquals(List.of(), sb.mps.launches());
        assertFalse(run.out().contains("PASS"));
    }

    @Test
    void aReportPathInAMissingDirectoryIsRefusedBeforeAnythingStarts() {
        Path report = sb.dir.resolve("missing").resolve("r.md");

        Run run = CliRuns.cli(sb, "selftest", "--gpus", "0", "--report", report.toString());

        assertEquals(Cli.FAILED, run.code());
        assertEquals("error: could not write the report " + report + ": no directory " + report.getParent()
                + "; choose another --report path\n", run.err());
        assertEquals(List.of(), sb.mps.launches());
    }

    @Test
    void theDefaultReportNameCarriesTheHostAndTheDate() {
        assertEquals("cumps-selftest-gpu-box.lab-2026-12-01.md", SelftestCommand.defaultReportName("gpu-box.lab", LocalDate.of(2026, 12, 1)));
        assertEquals("cumps-selftest-a_b_c-2026-12-01.md", SelftestCommand.defaultReportName("a/b c", LocalDate.of(2026, 12, 1)));
    }
}
