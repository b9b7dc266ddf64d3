package dev.cumps.core.fleet;

import dev.cumps.core.exec.CommandResult;
import dev.cumps.core.exec.CommandRunner;
import dev.cumps.core.exec.CommandSpec;
import dev.cumps.core.fleet.StatusDocument.Parsed;
import dev.cumps.core.host.HostEnvironment;
import dev.cumps.core.message.Message;
import dev.cumps.core.status.HostStatus;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;

/**
 * Reads hosts over ssh and runs cumps commands on them. Each host is one ssh run with its own
 * deadline (the runner ends ssh and what it started when it passes); hosts are read in parallel, one
 * thread each, so a whole read takes about one deadline however many hosts hang. The caller's thread
 * waits; call it off any UI thread.
 */
public final class Fleet {
    /** The default deadline of one host's read. */
    public static final Duration DEFAULT_DEADLINE = Duration.ofSeconds(15);
    /** Extra time after a deadline for the runner to end ssh and collect its output. */
    private static final Duration GRACE = Duration.ofSeconds(10);

    private final CommandRunner runner;
    private final HostEnvironment host;
    private final Clock clock;

    public Fleet(CommandRunner runner, HostEnvironment host, Clock clock) {
        this.runner = runner;
        this.host = host;
        this.clock = clock;
    }

    /** Reads every host in parallel, each within {@code deadline}; the reports come in the hosts' order. */
    public List<HostReport> readAll(List<Destination> hosts, Duration deadline) {
        return readAll(hosts, deadline, report -> { });
    }

    /**
     * {@link #readAll(List, Duration)}, handing each report to {@code each} as soon as that host is
     * read (on the reading thread), so a window can show the hosts that answered while others are slow.
     */
    public List<HostReport> readAll(List<Destination> hosts, Duration deadline, Consumer<HostReport> each) {
        if (hosts.isEmpty()) {
            return List.of();
        }
        ExecutorService pool = Executors.newFixedThreadPool(Math.min(hosts.size(), 32), r -> {
            Thread t = new Thread(r, "fleet read");
            t.setDaemon(true);
            return t;
        });
        try {
            List<Future<HostReport>> futures = new ArrayList<>();
            for (Destination d : hosts) {
                futures.add(pool.submit(() -> {
                    HostReport report = read(d, deadline);
                    each.accept(report);
                    return report;
                }));
            }
            long until = System.nanoTime() + deadline.plus(GRACE).toNanos();
            List<HostReport> reports = new ArrayList<>();
            for (int i = 0; i < hosts.size(); i++) {
                reports.add(await(futures.get(i), hosts.get(i), until, deadline));
            }
            return reports;
        } finally {
            pool.shutdownNow();
        }
    }

    private HostReport await(Future<HostReport> future, Destination d, long until, Duration deadline) {
        try {
            return future.get(Math.max(0, until - System.nanoTime()), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            future.cancel(true);
            return failed(d, HostState.TIMED_OUT, timedOutText(deadline), "", deadline);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            future.cancel(true);
            return failed(d, HostState.TIMED_OUT, timedOutText(deadline), "", deadline);
        } catch (ExecutionException e) {
            return failed(d, HostState.SSH_FAILED, Message.of(HostState.SSH_FAILED.messageKey()), String.valueOf(e.getCause()), Duration.ZERO);
        }
    }

    /** One host's read: {@code cumps --version && cumps status --json} over ssh, classified. */
    public HostReport read(Destination d, Duration deadline) {
        CommandSpec spec = SshCommand.spec(host, d, RemoteCommand.status(), deadline, SshCommand.controlPathOptions(runner, host, d));
        Instant begin = clock.instant();
        CommandResult result = runner.run(spec);
        Duration took = Duration.between(begin, clock.instant());
        Optional<HostState> failure = SshOutcome.failure(result);
        if (failure.isPresent()) {
            HostState state = failure.get();
            Message text = state == HostState.TIMED_OUT ? timedOutText(result, deadline, took) : Message.of(state.messageKey());
            return failed(d, state, text, evidence(result), took);
        }
        if (result.exitCode() != 0) {
            return failed(d, HostState.COMMAND_FAILED, Message.of(HostState.COMMAND_FAILED.messageKey()), evidence(result), took);
        }
        Parsed parsed = StatusDocument.parse(result.stdout());
        Message text = switch (parsed.state()) {
            case SCHEMA_OLDER, SCHEMA_NEWER -> Message.of(parsed.state().messageKey(), parsed.schemaVersion(),
                    HostStatus.SCHEMA_VERSION);
            default -> Message.of(parsed.state().messageKey());
        };
        String evidence = parsed.state() == HostState.GARBAGE ? firstLine(result.stdout()) : "";
        return new HostReport(d, parsed.state(), text, evidence, parsed.version(), parsed.summary(), clock.instant(), took);
    }

    /** The outcome of a cumps command run on a host. */
    public record RemoteRun(Destination host, HostState state, Message stateMessage, int exitCode, String stdout, String stderr) {
        /** Whether ssh connected and the host's cumps exited 0. */
        public boolean succeeded() {
            return state == HostState.REACHABLE && exitCode == 0;
        }

        /** What to tell the user when it did not succeed: the state, or the host's cumps error line. */
        public Message failureMessage() {
            if (state != HostState.REACHABLE) {
                String detail = firstLine(stderr);
                return detail.isEmpty() ? stateMessage : Message.of(FleetMessages.REMOTE_FAILED, host.value(), stateMessage.english() + ": " + detail);
            }
            String line = firstLine(stderr.isBlank() ? stdout : stderr);
            return Message.of(FleetMessages.REMOTE_FAILED, host.value(), line.startsWith("error: ") ? line.substring(7) : line);
        }
    }

    /** Runs {@code command} on {@code d} within {@code deadline}. */
    public RemoteRun run(Destination d, RemoteCommand command, Duration deadline) {
        CommandSpec spec = SshCommand.spec(host, d, command, deadline, SshCommand.controlPathOptions(runner, host, d));
        Instant begin = clock.instant();
        CommandResult result = runner.run(spec);
        Duration took = Duration.between(begin, clock.instant());
        Optional<HostState> failure = SshOutcome.failure(result);
        if (failure.isPresent()) {
            HostState state = failure.get();
            Message text = state == HostState.TIMED_OUT ? timedOutText(result, deadline, took) : Message.of(state.messageKey());
            return new RemoteRun(d, state, text, result.exitCode(), result.stdout(), result.stderr());
        }
        return new RemoteRun(d, HostState.REACHABLE, Message.of(HostState.REACHABLE.messageKey()), result.exitCode(), result.stdout(),
                result.stderr());
    }

    private HostReport failed(Destination d, HostState state, Message text, String evidence, Duration took) {
        return new HostReport(d, state, text, evidence, Optional.empty(), Optional.empty(), clock.instant(), took);
    }

    private static Message timedOutText(Duration deadline) {
        return Message.of(FleetMessages.STATE_TIMED_OUT, deadline.toSeconds());
    }

    /**
     * A run that timed out, in words: when ssh gave up by itself (exit 255, "Connection timed out during banner
     * exchange") it says how long the run really took, rounded to the second (review L-17: ssh's ConnectTimeout ends
     * it well before our deadline); when our deadline or the host's {@code timeout} ended it, the deadline.
     */
    private static Message timedOutText(CommandResult result, Duration deadline, Duration took) {
        if (result.outcome() == CommandResult.Outcome.TIMED_OUT || result.exitCode() != 255) {
            return timedOutText(deadline);
        }
        return Message.of(FleetMessages.STATE_TIMED_OUT, Math.max(1, (took.toMillis() + 500) / 1000));
    }

    private static String evidence(CommandResult result) {
        return firstLine(result.stderr().isBlank() ? result.stdout() : result.stderr());
    }

    /** The first non-empty line, without control characters, at most 300 characters: raw evidence for one line. */
    static String firstLine(String text) {
        String line = text.strip().lines().map(String::strip).filter(l -> !l.isEmpty()).findFirst().orElse("");
        line = line.replaceAll("[\\p{Cntrl}]", "?");
        return line.length() > 300 ? line.substring(0, 300) + "…" : line;
    }

    /** When the read finished; for the UI's "last read". */
    public Instant now() {
        return clock.instant();
    }
}
