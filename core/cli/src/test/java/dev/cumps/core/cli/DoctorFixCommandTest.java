package dev.cumps.core.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.core.cli.command.Confirmation;
import dev.cumps.core.record.DaemonRecord;
import dev.cumps.core.testing.Sandbox;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@code cumps doctor --fix [--yes] [--json]} over a fake host: a crashed daemon's stale record,
 * orphaned socket and stale pid file are listed with their dry-run text, applied with {@code --yes}
 * or a "y" at the terminal, and the doctor runs again; without a terminal and without {@code --yes}
 * nothing changes and the run fails with one {@code error:} line.
 */
class DoctorFixCommandTest {
    private Sandbox sb;
    private DaemonRecord gone;
    private DaemonRecord keep;
    private final List<String> asked = new ArrayList<>();

    record Run(int code, String out, String err) {
    }

    @BeforeEach
    void crashedBesideALiveOne() {
        sb = new Sandbox();
        gone = sb.start("gone");
        sb.mps.crash(gone.pipeDirectory());
        keep = sb.start("keep");
    }

    @AfterEach
    void close() {
        sb.close();
    }

    private Run cumps(Confirmation confirmation, String... args) {
        StringWriter o = new StringWriter();
        StringWriter e = new StringWriter();
        int code = new Cli(sb.host(), new PrintWriter(o), new PrintWriter(e), globals -> sb.services(), question -> {
            asked.add(question);
            return confirmation.ask(question);
        }).run(args);
        return new Run(code, o.toString(), e.toString());
    }

    private static Confirmation noTerminal() {
        return question -> Optional.empty();
    }

    private void assertLeftoversStay() {
        assertTrue(Files.exists(sb.recordFile("gone")));
        assertTrue(Files.exists(gone.pipeDirectory().resolve("control"), LinkOption.NOFOLLOW_LINKS));
        assertTrue(Files.exists(gone.pipeDirectory().resolve("nvidia-cuda-mps-control.pid")));
    }

    private void assertLeftoversGone() {
        assertFalse(Files.exists(sb.recordFile("gone")));
        assertFalse(Files.exists(gone.pipeDirectory().resolve("control"), LinkOption.NOFOLLOW_LINKS));
        assertFalse(Files.exists(gone.pipeDirectory().resolve("nvidia-cuda-mps-control.pid")));
        assertTrue(sb.processes.isAlive(keep.identity()), "the live daemon is untouched");
    }

    @Test
    void withYesTheFixesAreListedAppliedAndTheDoctorRunsAgain() {
        Run run = cumps(noTerminal(), "doctor", "--fix", "--yes");

        assertEquals(0, run.code(), run.err());
        assertTrue(asked.isEmpty(), "--yes asks nothing");
        assertTrue(run.out().contains("VALID: 18 pass, 3 warn, 0 fail, 0 skip\n\nFixes (3):\n  1. move the stale record "
                + sb.recordFile("gone")), run.out());
        assertTrue(run.out().contains("  2. remove the orphaned control socket " + gone.pipeDirectory().resolve("control")), run.out());
        assertTrue(run.out().contains("  1. done: moved the stale record gone to "), run.out());
        // Moving the stale record aside removed what its dead daemon left as well.
        assertTrue(run.out().contains("  3. done: " + gone.pipeDirectory().resolve("nvidia-cuda-mps-control.pid")
                + " is already gone (removed with its stale record)"), run.out());
        assertTrue(run.out().endsWith("Doctor after the fixes:\n" + run.out().substring(run.out().indexOf("Doctor after the fixes:\n")
                + "Doctor after the fixes:\n".length())), run.out());
        assertTrue(run.out().endsWith("VALID: 21 pass, 0 warn, 0 fail, 0 skip\n"), run.out());
        assertLeftoversGone();
    }

    @Test
    void withoutATerminalAndWithoutYesNothingChangesAndTheRunFails() {
        List<String> before = sb.snapshot(sb.dir);

        Run run = cumps(noTerminal(), "doctor", "--fix");

        assertEquals(1, run.code());
        assertEquals("error: 3 fix(es) not applied: no terminal to confirm on (stdin or stdout is redirected); rerun with --yes\n", run.err());
        assertTrue(run.out().contains("Fixes (3):"), run.out());
        assertEquals(before, sb.snapshot(sb.dir));
        assertLeftoversStay();
    }

    @Test
    void atATerminalTheUserIsAskedAndNoChangesNothing() {
        Run run = cumps(question -> Optional.of(false), "doctor", "--fix");

        assertEquals(List.of("Apply 3 fixes? [y/N] "), asked);
        assertTrue(run.out().contains("No fix applied.\n"), run.out());
        assertEquals(0, run.code(), "the verdict is still valid: the leftovers only warn");
        assertLeftoversStay();
    }

    @Test
    void atATerminalYesApplies() {
        Run run = cumps(question -> Optional.of(Confirmation.yes("y")), "doctor", "--fix");

        assertEquals(0, run.code(), run.err());
        assertLeftoversGone();
    }

    @Test
    void jsonCarriesThePlanTheOutcomesAndTheFinalReport() {
        Run run = cumps(noTerminal(), "doctor", "--fix", "--yes", "--json");

        assertEquals(0, run.code(), run.err());
        Map<String, Object> json = Sandbox.parseObject(run.out());
        assertEquals(true, json.get("valid"));
        @SuppressWarnings("unchecked")
        Map<String, Object> fix = (Map<String, Object>) json.get("fix");
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> plan = (List<Map<String, Object>>) fix.get("plan");
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> outcomes = (List<Map<String, Object>>) fix.get("outcomes");
        assertEquals(List.of("remove_stale_record", "remove_orphaned_socket", "remove_stale_pid_file"),
                plan.stream().map(p -> p.get("kind")).toList());
        assertEquals("gone", plan.get(0).get("name"));
        assertEquals(gone.pipeDirectory().resolve("control").toString(), plan.get(1).get("path"));
        assertEquals(List.of(true, true, true), outcomes.stream().map(o -> o.get("applied")).toList());
        assertEquals(3, fix.get("applied"));
        assertLeftoversGone();
    }

    @Test
    void nothingToFixSaysSoAndAsksNothing() {
        cumps(noTerminal(), "doctor", "--fix", "--yes");

        Run run = cumps(noTerminal(), "doctor", "--fix");

        assertEquals(0, run.code(), run.err());
        assertTrue(run.out().endsWith("\nNothing to fix.\n"), run.out());
        assertTrue(asked.isEmpty());
    }

    @Test
    void yesWithoutFixIsRefused() {
        Run run = cumps(noTerminal(), "doctor", "--yes");

        assertEquals(1, run.code());
        assertEquals("error: --yes only applies with --fix: run `cumps doctor --fix --yes`\n", run.err());
        assertLeftoversStay();
    }
}
