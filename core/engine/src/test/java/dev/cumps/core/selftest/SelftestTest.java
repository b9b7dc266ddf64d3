package dev.cumps.core.selftest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.core.CoreServices;
import dev.cumps.core.exec.CommandResult;
import dev.cumps.core.exec.CommandRunner;
import dev.cumps.core.exec.CommandSpec;
import dev.cumps.core.message.CumpsException;
import dev.cumps.core.proc.ProcessIdentity;
import dev.cumps.core.proc.ProcessInfo;
import dev.cumps.core.proc.ProcessOwner;
import dev.cumps.core.proc.ProcessTable;
import dev.cumps.core.record.DaemonRecord;
import dev.cumps.core.record.RecordLookup;
import dev.cumps.core.testing.FakeGpu;
import dev.cumps.core.testing.FakeMpsHost;
import dev.cumps.core.testing.Sandbox;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The self-test's sequencing and report over the in-process fake host: the real lifecycle, doctor
 * and env services over an injected runner (fake nvidia-smi and control daemon, the client
 * answered by the test), fake process table and fixed clock.
 */
class SelftestTest {
    private final Sandbox sb = new Sandbox();
    private final List<CommandSpec> clientRuns = new CopyOnWriteArrayList<>();
    private Function<CommandSpec, CommandResult> client = spec -> CommandResult.exited("/bin/sh", 0, "cuda ok\n", "");

    @AfterEach
    void close() {
        sb.close();
    }

    private CoreServices services() {
        CommandRunner runner = spec -> {
            if (spec.program().equals("/bin/sh")) {
                clientRuns.add(spec);
                return client.apply(spec);
            }
            if (spec.program().equals("uname")) {
                return CommandResult.exited("uname", 0, "Linux 6.1.0 x86_64\n", "");
            }
            return sb.mps.runner().run(spec);
        };
        return new CoreServices(sb.host(), runner, new CrashOnKill(), sb.records, sb.clock, sb.timeouts, false);
    }

    private SelftestReport run(List<StepResult> heard) {
        return services().selftest().newRun(new SelftestRequest("0", Optional.of("python3 train.py"), Optional.empty(), "1.2.3"))
                .run(heard::add);
    }

    private StepResult step(SelftestReport report, StepId id) {
        return report.steps().stream().filter(s -> s.step() == id).findFirst().orElseThrow();
    }

    private void assertNothingLeft(SelftestReport report) throws IOException {
        assertFalse(report.started().isEmpty());
        for (DaemonRecord r : report.started()) {
            assertFalse(sb.processes.isAlive(r.identity()), "still running: " + r.pid());
            assertInstanceOf(RecordLookup.Missing.class, services().records().lookup(r.name()));
        }
        try (Stream<Path> names = Files.list(sb.records)) {
            assertEquals(List.of(), names.filter(p -> !p.getFileName().toString().startsWith(".")).toList());
        }
        Path stale = sb.records.resolve(".stale");
        if (Files.exists(stale)) {
            try (Stream<Path> copies = Files.list(stale)) {
                assertEquals(List.of(), copies.toList(), "the crash drill's quarantined record is removed too");
            }
        }
    }

    @Test
    void everyStepPassesOnAWorkingHostAndNothingIsLeftRunning() throws IOException {
        sb.env("CUDA_MPS_PIPE_DIRECTORY", "/somewhere/else");
        sb.mps.serverList("4242\n");
        List<StepResult> heard = new ArrayList<>();
        SelftestReport report = run(heard);

        assertEquals(List.of(StepId.values()), report.steps().stream().map(StepResult::step).toList());
        report.steps().forEach(s -> assertEquals(StepResult.Outcome.PASS, s.outcome(), s.step() + ": " + s.summary() + " " + s.evidence()));
        assertTrue(report.passed());
        assertEquals(report.steps(), heard, "the listener hears every step as it is known");
        // Three daemons: the first (stopped), the one killed with SIGKILL, the one that recovered (stopped after the altered record).
        assertEquals(3, report.started().size());
        assertTrue(sb.processes.terminated().contains(report.started().get(1).identity()), "the crash drill killed the second daemon");
        assertNothingLeft(report);
        // The client ran through /bin/sh -c with the env block of the daemon, not the caller's CUDA_* variables.
        CommandSpec ran = clientRuns.get(0);
        assertEquals(List.of("/bin/sh", "-c", "python3 train.py"), ran.argv());
        assertEquals(report.started().get(0).pipeDirectory().toString(), ran.environment().get("CUDA_MPS_PIPE_DIRECTORY"));
        assertEquals(FakeGpu.uuidFor(0), ran.environment().get("CUDA_VISIBLE_DEVICES"));
        assertTrue(step(report, StepId.CLIENT).summary().english().contains("server 4242"));
        assertTrue(step(report, StepId.CLEANUP).evidence().stream().anyMatch(e -> e.startsWith("removed the run's quarantined record ")),
                step(report, StepId.CLEANUP).evidence().toString());
        assertEquals("Linux 6.1.0 x86_64", report.facts().kernel());
        assertTrue(report.facts().gpu().contains(FakeGpu.uuidFor(0)), report.facts().gpu());
    }

    @Test
    void aFailingClientIsReportedWithItsEvidenceAndTheLaterStepsStillRunAndCleanUp() throws IOException {
        sb.mps.serverList("4242\n");
        client = spec -> CommandResult.exited("/bin/sh", 3, "", "RuntimeError: CUDA error: no CUDA-capable device is detected\n");
        SelftestReport report = run(new ArrayList<>());

        StepResult failed = step(report, StepId.CLIENT);
        assertEquals(StepResult.Outcome.FAIL, failed.outcome());
        assertEquals("the client did not succeed: /bin/sh exited with status 3: RuntimeError: CUDA error: no CUDA-capable device is detected",
                failed.summary().english());
        assertTrue(failed.evidence().stream().anyMatch(e -> e.contains("no CUDA-capable device")), failed.evidence().toString());
        assertFalse(report.passed());
        assertTrue(report.verdict().english().startsWith("self-test failed at client"), report.verdict().english());
        assertEquals(StepResult.Outcome.PASS, step(report, StepId.STOP).outcome());
        assertEquals(StepResult.Outcome.PASS, step(report, StepId.ALTERED_RECORD).outcome());
        assertNothingLeft(report);
        String markdown = SelftestMarkdown.render(report);
        assertTrue(markdown.contains("| 5 | `client` "), markdown);
        assertTrue(markdown.contains("**FAIL**"), markdown);
        assertTrue(markdown.contains("no CUDA-capable device"), markdown);
    }

    @Test
    void aStopThatFailsSkipsWhatNeedsItAndTheCleanupStillEndsTheDaemonByVerifiedSignal() throws IOException {
        sb.mps.serverList("4242\n");
        sb.mps.launch(FakeMpsHost.Launch.IGNORES_QUIT);
        SelftestReport report = run(new ArrayList<>());

        assertEquals(StepResult.Outcome.FAIL, step(report, StepId.STOP).outcome());
        assertEquals(StepResult.Outcome.SKIP, step(report, StepId.KILL_RECOVER).outcome());
        assertTrue(step(report, StepId.KILL_RECOVER).summary().english().contains("needs step stop"));
        assertEquals(StepResult.Outcome.SKIP, step(report, StepId.ALTERED_RECORD).outcome());
        StepResult cleanup = step(report, StepId.CLEANUP);
        assertEquals(StepResult.Outcome.PASS, cleanup.outcome(), cleanup.evidence().toString());
        assertTrue(cleanup.evidence().stream().anyMatch(e -> e.startsWith("SIGTERM " + report.started().get(0).pid() + ": sent")),
                cleanup.evidence().toString());
        assertEquals(List.of(report.started().get(0).identity()), sb.processes.terminated());
        assertFalse(report.passed());
        assertNothingLeft(report);
    }

    @Test
    void aMissingGpuFailsTheStatusStepAndNothingIsStarted() {
        sb.mps.smi(FakeMpsHost.Smi.NOT_FOUND);
        SelftestReport report = run(new ArrayList<>());

        assertEquals(StepResult.Outcome.FAIL, step(report, StepId.STATUS).outcome());
        assertTrue(step(report, StepId.STATUS).summary().english().contains("nvidia-smi"), step(report, StepId.STATUS).summary().english());
        report.steps().stream().filter(s -> s.step() != StepId.STATUS && s.step() != StepId.CLEANUP)
                .forEach(s -> assertEquals(StepResult.Outcome.SKIP, s.outcome(), s.step().id()));
        assertEquals(StepResult.Outcome.PASS, step(report, StepId.CLEANUP).outcome());
        assertEquals(List.of(), sb.mps.launches());
        assertFalse(report.passed());
    }

    @Test
    void withoutPythonTheClientStepIsSkippedWithTheReasonAndTheRestPasses() {
        sb.mps.serverList("4242\n");
        SelftestReport report = services().selftest().newRun(new SelftestRequest("0", Optional.empty(), Optional.empty(), "1.2.3"))
                .run(s -> { });

        StepResult skipped = step(report, StepId.CLIENT);
        assertEquals(StepResult.Outcome.SKIP, skipped.outcome());
        assertEquals("no client: python3 is not on PATH and no --client was given", skipped.summary().english());
        assertTrue(report.passed(), report.verdict().english());
        assertEquals("self-test passed: 8 steps passed, 1 skipped", report.verdict().english());
    }

    @Test
    void severalGpusAllAndMigAreRefusedBeforeAnythingStarts() {
        sb.mps.gpus(FakeGpu.exclusive(0), FakeGpu.exclusive(1));
        Selftest selftest = services().selftest();
        for (String selector : List.of("0,1", "all")) {
            CumpsException e = assertThrows(CumpsException.class, () -> selftest.preflight(selector));
            assertFalse(e.getMessage().isBlank());
        }
        sb.mps.gpus(FakeGpu.exclusive(0).withMig("Enabled"));
        CumpsException mig = assertThrows(CumpsException.class,
                () -> services().selftest().preflight("0"));
        assertTrue(mig.getMessage().contains("MIG"), mig.getMessage());
        assertEquals(List.of(), sb.mps.launches());
    }

    @Test
    void anAbortFromAnotherThreadCleansUpOnceAndSkipsTheRest() throws IOException {
        sb.mps.serverList("4242\n");
        SelftestRun[] run = new SelftestRun[1];
        client = spec -> {
            // As the shutdown hook does: from its own thread, while the client runs.
            Thread hook = new Thread(() -> run[0].abort(Duration.ZERO), "test-hook");
            hook.start();
            while (hook.isAlive()) {
                try {
                    hook.join();
                } catch (InterruptedException e) {
                    // The abort interrupts the client's worker (this thread): keep waiting for the hook.
                }
            }
            return CommandResult.timedOut("/bin/sh", "", "");
        };
        run[0] = services().selftest().newRun(new SelftestRequest("0", Optional.of("true"), Optional.empty(), "1.2.3"));
        SelftestReport report = run[0].run(s -> { });

        assertEquals(1, report.steps().stream().filter(s -> s.step() == StepId.CLEANUP).count(), "one clean-up");
        assertEquals(StepResult.Outcome.SKIP, step(report, StepId.STOP).outcome());
        assertEquals("skipped: the self-test was interrupted", step(report, StepId.STOP).summary().english());
        assertFalse(report.passed());
        assertTrue(report.verdict().english().startsWith("self-test interrupted"), report.verdict().english());
        assertNothingLeft(report);
    }

    @Test
    void aQuarantinedCopyThatIsALinkIsLeftAloneAndReported() throws IOException {
        sb.mps.serverList("4242\n");
        SelftestRun run = services().selftest().newRun(new SelftestRequest("0", Optional.of("true"), Optional.empty(), "1.2.3"));
        Path target = Files.createDirectories(sb.dir.resolve("elsewhere"));
        Path planted = Files.writeString(target.resolve("daemon.json"), "{}");
        Files.createDirectories(sb.records.resolve(".stale"));
        Path link = Files.createSymbolicLink(sb.records.resolve(".stale").resolve(run.name() + "-1"), target);

        SelftestReport report = run.run(s -> { });

        StepResult cleanup = step(report, StepId.CLEANUP);
        assertEquals(StepResult.Outcome.FAIL, cleanup.outcome());
        assertTrue(cleanup.summary().english().contains(link.toString()), cleanup.summary().english());
        assertTrue(Files.isSymbolicLink(link));
        assertEquals("{}", Files.readString(planted), "nothing is removed through the link");
        report.started().forEach(r -> assertFalse(sb.processes.isAlive(r.identity())));
    }

    /**
     * The sandbox's process table, whose SIGKILL also closes the fake daemon's socket, as the kernel
     * does for a killed process (the fake daemon's socket is held by the test JVM).
     */
    private final class CrashOnKill implements ProcessTable {
        @Override
        public List<Long> pids() {
            return sb.processes.pids();
        }

        @Override
        public Optional<ProcessInfo> find(long pid) {
            return sb.processes.find(pid);
        }

        @Override
        public boolean terminate(ProcessIdentity identity) {
            return sb.processes.terminate(identity);
        }

        @Override
        public boolean forceKill(ProcessIdentity identity) {
            Optional<Path> pipe = pipeOf(identity.pid());
            boolean sent = sb.processes.forceKill(identity);
            if (sent) {
                pipe.ifPresent(sb.mps::crash);
            }
            return sent;
        }

        private Optional<Path> pipeOf(long pid) {
            try (Stream<Path> dirs = Files.list(sb.runtimeRoot())) {
                return dirs.map(d -> d.resolve("pipe")).filter(p -> sb.mps.daemon(p).map(d -> d.pid == pid).orElse(false)).findFirst();
            } catch (IOException e) {
                return Optional.empty();
            }
        }

        @Override
        public Optional<Map<String, String>> environment(long pid) {
            return sb.processes.environment(pid);
        }

        @Override
        public long selfStartTicks() {
            return sb.processes.selfStartTicks();
        }

        @Override
        public Optional<ProcessOwner> owner(long pid) {
            return sb.processes.owner(pid);
        }

        @Override
        public Optional<List<String>> commandLine(long pid) {
            return sb.processes.commandLine(pid);
        }

        @Override
        public OptionalLong ticksSinceBoot() {
            return sb.processes.ticksSinceBoot();
        }
    }
}
