package dev.cumps.core.fleet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.core.exec.CommandResult;
import dev.cumps.core.exec.CommandRunner;
import dev.cumps.core.exec.CommandSpec;
import dev.cumps.core.host.HostEnvironment;
import dev.cumps.core.host.HostPaths;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/** Reading hosts with an injected runner: how each ssh outcome is named, and that hosts are read in parallel. */
class FleetTest {
    private static final HostEnvironment HOST = new HostEnvironment(Map.of("HOME", "/home/me", "PATH", "/usr/bin"), 1000, "here",
            "Linux", HostPaths.under(Path.of("/nonexistent")));
    private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-12-02T07:00:00Z"), ZoneOffset.UTC);
    private static final String STATUS = "cumps 1.4.0\n{\"schema_version\": 1, \"driver_version\": \"550.54.15\", \"simulated\": false,"
            + " \"all_gpus\": [{\"index\": 0, \"uuid\": \"GPU-1\", \"name\": \"NVIDIA H100\", \"compute_mode\": \"Default\","
            + " \"memory_total_mib\": 81559}], \"managed_daemons\": [{\"name\": \"a\", \"record_state\": \"live\", \"pid\": 42,"
            + " \"gpu_uuids\": [\"GPU-1\"]}, {\"name\": \"b\", \"record_state\": \"stale\", \"pid\": 43, \"gpu_uuids\": []}]}\n";

    private static HostReport read(CommandResult result) {
        return new Fleet(spec -> result, HOST, CLOCK).read(Destination.of("gpu3"), Duration.ofSeconds(5));
    }

    private static CommandResult ssh(int code, String out, String err) {
        return CommandResult.exited("ssh", code, out, err);
    }

    @Test
    void aHealthyHostIsSummarised() {
        HostReport r = read(ssh(0, STATUS, ""));
        assertEquals(HostState.REACHABLE, r.state());
        assertEquals("1.4.0", r.cumpsVersion().orElseThrow());
        var s = r.summary().orElseThrow();
        assertEquals("550.54.15", s.driverVersion().orElseThrow());
        assertEquals(1, s.gpus().size());
        assertEquals(1, s.live());
        assertEquals(1, s.stale());
        assertEquals(CLOCK.instant(), r.readAt());
        assertEquals("gpu3  reachable  cumps=1.4.0 driver=550.54.15 gpus=1 live=1 stale=1 a=live b=stale", FleetJson.line(r, 4));
    }

    @Test
    void aRunThatTheHostsTimeoutEndedIsTimedOutAndOneWhoseTimeoutCouldNotFindCumpsIsCumpsMissing() {
        assertEquals(HostState.TIMED_OUT, read(ssh(124, "", "")).state());
        assertEquals("timed out after 5 s", read(ssh(124, "", "")).stateMessage().english());
        assertEquals(HostState.TIMED_OUT, read(ssh(137, "", "")).state());
        assertEquals(HostState.CUMPS_MISSING,
                read(ssh(127, "", "timeout: failed to run command 'cumps': No such file or directory\n")).state());
        // a host without coreutils' timeout: its own words, not a missing cumps
        HostReport noTimeout = read(ssh(127, "", "sh: 1: timeout: not found\n"));
        assertEquals(HostState.COMMAND_FAILED, noTimeout.state());
        assertEquals("sh: 1: timeout: not found", noTimeout.evidence());
    }

    @Test
    void eachFailureIsNamedFromSshsExitCodeAndItsWords() {
        Map<HostState, CommandResult> cases = Map.ofEntries(
                Map.entry(HostState.HOST_KEY_UNKNOWN, ssh(255, "", "No ED25519 host key is known for gpu3 and you have requested strict"
                        + " checking.\nHost key verification failed.\n")),
                Map.entry(HostState.HOST_KEY_CHANGED, ssh(255, "", "@@@@@\n@    WARNING: REMOTE HOST IDENTIFICATION HAS CHANGED!     @\n"
                        + "Offending ED25519 key in /home/me/.ssh/known_hosts:3\nHost key verification failed.\n")),
                Map.entry(HostState.AUTH_FAILED, ssh(255, "", "me@gpu3: Permission denied (publickey).\n")),
                Map.entry(HostState.CONNECTION_REFUSED, ssh(255, "", "ssh: connect to host gpu3 port 22: Connection refused\n")),
                Map.entry(HostState.UNREACHABLE, ssh(255, "", "ssh: Could not resolve hostname gpu3: Name or service not known\n")),
                Map.entry(HostState.SSH_FAILED, ssh(255, "", "kex_exchange_identification: read: Connection reset by peer\n")),
                Map.entry(HostState.CUMPS_MISSING, ssh(127, "", "bash: line 1: cumps: command not found\n")),
                Map.entry(HostState.COMMAND_FAILED, ssh(1, "", "error: something\n")),
                Map.entry(HostState.GARBAGE, ssh(0, "Welcome!\n<html>\n", "")),
                Map.entry(HostState.SCHEMA_NEWER, ssh(0, "cumps 9.0\n{\"schema_version\": 2}\n", "")),
                Map.entry(HostState.SCHEMA_OLDER, ssh(0, "cumps 0.1\n{\"schema_version\": 0}\n", "")),
                Map.entry(HostState.TIMED_OUT, CommandResult.timedOut("ssh", "", "")),
                Map.entry(HostState.SSH_MISSING, CommandResult.notFound("ssh")));
        cases.forEach((state, result) -> assertEquals(state, read(result).state(), result.toString()));
        assertEquals("timed out after 5 s", read(CommandResult.timedOut("ssh", "", "")).stateMessage().english());
        assertEquals("cumps on the host is newer (schema_version 2, this one reads 1): update cumps here",
                read(cases.get(HostState.SCHEMA_NEWER)).stateMessage().english());
        assertEquals("me@gpu3: Permission denied (publickey).", read(cases.get(HostState.AUTH_FAILED)).evidence());
        assertEquals("Welcome!", read(cases.get(HostState.GARBAGE)).evidence());
        assertEquals(HostState.GARBAGE, read(ssh(0, "cumps 1\n{\"schema_version\": 1, \"all_gpus\": 7}\n", "")).state());
        assertEquals(HostState.GARBAGE, read(ssh(0, "cumps 1\n{\"schema_version\": 1, \"all_gpus\": [], \"managed_daemons\": [{}]}", "")).state());
    }

    @Test
    void hostsAreReadInParallelAndReportedInTheirOrder() throws Exception {
        List<Destination> hosts = List.of(Destination.of("a"), Destination.of("b"), Destination.of("c"), Destination.of("d"));
        CountDownLatch allStarted = new CountDownLatch(hosts.size());
        Function<CommandSpec, CommandResult> answer = spec -> {
            allStarted.countDown();
            try {
                // Every run waits until all four have started: a serial reader would never get past the first.
                if (!allStarted.await(60, TimeUnit.SECONDS)) {
                    return CommandResult.timedOut("ssh", "", "");
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            String host = spec.argv().get(spec.argv().indexOf("--") + 1);
            return host.equals("c") ? ssh(255, "", "Permission denied (publickey).") : ssh(0, STATUS, "");
        };
        CommandRunner runner = answer::apply;
        List<HostReport> reports = new Fleet(runner, HOST, CLOCK).readAll(hosts, Duration.ofSeconds(60));
        assertEquals(List.of("a", "b", "c", "d"), reports.stream().map(r -> r.host().value()).toList());
        assertEquals(List.of(HostState.REACHABLE, HostState.REACHABLE, HostState.AUTH_FAILED, HostState.REACHABLE),
                reports.stream().map(HostReport::state).toList());
    }

    /**
     * Review L-17: ssh gave up by itself (its ConnectTimeout, "Connection timed out during banner exchange") after 8.6 s
     * of a 15 s deadline: the host's state says what happened, ssh's line and the time it really took, not "after 15 s".
     * The runner moves the clock on as the ssh run would.
     */
    @Test
    void aHostWhereSshGaveUpSaysSshsOwnLineAndTheTimeItTook() {
        Instant[] now = {CLOCK.instant()};
        Clock clock = new Clock() {
            @Override
            public ZoneOffset getZone() {
                return ZoneOffset.UTC;
            }

            @Override
            public Clock withZone(ZoneId zone) {
                return this;
            }

            @Override
            public Instant instant() {
                return now[0];
            }
        };
        CommandRunner banner = spec -> {
            if (!spec.argv().contains("--")) {
                return ssh(255, "", "");
            }
            now[0] = now[0].plusMillis(8_600);
            return ssh(255, "", "Connection timed out during banner exchange\nConnection to UNKNOWN port 65535 timed out\n");
        };
        Fleet fleet = new Fleet(banner, HOST, clock);
        HostReport r = fleet.read(Destination.of("ws-hang"), Duration.ofSeconds(15));
        assertEquals(HostState.TIMED_OUT, r.state());
        assertEquals("timed out after 9 s", r.stateMessage().english());
        assertEquals("Connection timed out during banner exchange", r.evidence());
        assertEquals(Duration.ofMillis(8_600), r.took());
        var run = fleet.run(Destination.of("ws-hang"), RemoteCommand.stop("x"), Duration.ofSeconds(60));
        assertEquals("on ws-hang: timed out after 9 s: Connection timed out during banner exchange", run.failureMessage().english());
        // our own deadline ending ssh still says the deadline
        assertEquals("timed out after 15 s", new Fleet(spec -> CommandResult.timedOut("ssh", "", ""), HOST, clock)
                .read(Destination.of("ws-hang"), Duration.ofSeconds(15)).stateMessage().english());
    }

    @Test
    void aRemoteCommandsErrorLineIsTheMessage() {
        var run = new Fleet(spec -> ssh(1, "", "error: no record named 'x'\n"), HOST, CLOCK)
                .run(Destination.of("gpu3"), RemoteCommand.stop("x"), Duration.ofSeconds(5));
        assertEquals("on gpu3: no record named 'x'", run.failureMessage().english());
        var refused = new Fleet(spec -> ssh(255, "", "Host key verification failed.\n"), HOST, CLOCK)
                .run(Destination.of("gpu3"), RemoteCommand.stop("x"), Duration.ofSeconds(5));
        assertEquals(HostState.HOST_KEY_UNKNOWN, refused.state());
        assertTrue(refused.failureMessage().english().startsWith("on gpu3: host key unknown"), refused.failureMessage().english());
    }

    @Test
    void theDoctorVerdictCountsFailuresAndWarnings() {
        var v = StatusDocument.doctorVerdict("{\"checks\": [{\"status\": \"pass\"}, {\"status\": \"fail\"}, {\"status\": \"warn\"}]}")
                .orElseThrow();
        assertEquals(1, v.failed());
        assertEquals(1, v.warned());
        assertEquals(1, v.passed());
        assertTrue(StatusDocument.doctorVerdict("nope").isEmpty());
    }
}
