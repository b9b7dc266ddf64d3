package dev.cumps.e2e;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The start-up budgets of {@code cumps} through its launcher, in one place, each with its
 * reason. {@link StartupBudgetE2eTest} runs every command below in its scenario and fails the build when a
 * count exceeds its budget ({@link BudgetCheck}); the counts are deterministic, not timings, so they hold on
 * a loaded 2-core CI machine. When a change needs more, raise the budget here and say why in its reason.
 *
 * <p>What is counted, per run: classes the JVM initialized ({@code -Xlog:class+init}: the work a command did);
 * classes it loaded from anywhere but the launcher's AOT cache ({@code -Xlog:class+load} without "shared objects
 * file": each is parsed, verified or spun at run time); classes of {@code dev.cumps.core.doctor.checks}
 * initialized (the 21 doctor checks; only the doctor may use them); and the programs started while it ran:
 * {@code nvidia-smi}, the control client {@code nvidia-cuda-mps-control}, and any other program found on
 * {@code PATH} (every program of {@code /usr/bin} and {@code /bin} is behind a logging wrapper), the launcher's
 * own included.
 *
 * <p>Re-based on 7 Dec 2026 for Java 25 and the AOT cache (JEP 483/514), from the counts of a checkout with
 * NVIDIA's R550 daemon at {@code /tmp/nvidia-mps} (as CI runs it), rounded up to the next ten, plus the margins
 * below. Why the measures changed: under the AOT cache the JVM loads, already linked, every class the training
 * loaded, whatever the command (about 2,150 for each), so classes <em>loaded</em> no longer tell one command's
 * work from another's; classes <em>initialized</em> do (Java 17's loaded counts were 628 to 1,369, the initialized
 * counts are 521 to 1,025). Doctor-check classes are counted initialized for the same reason: all of them are
 * loaded from the cache by every command; 24 are initialized by the doctor (the checks and the nested classes
 * their findings need), none by any other command. Outside the cache: 3 to 7 classes per command (run-time spun
 * method-handle classes and two JFR event classes, which the cache cannot hold), as before. The launcher now runs
 * one program of its own, {@code stat} (the cache's folder chain, owner, mode and the jar's and runtime's
 * identity in one call: the rule that no cache another user could have written is used), where before it ran
 * none; {@link #LAUNCHER_PROGRAMS}.
 */
final class StartupBudgets {
    /** Classes a JDK update may add or remove on its own: about 2 % of a run. */
    static final int CLASS_MARGIN = 25;
    /** Run-time generated classes (lambda forms) vary a little with timing and the JDK. */
    static final int OUTSIDE_MARGIN = 6;
    /** The launcher's own programs, by name and runs: one {@code stat} (packaging/launcher/aot.sh). Any other fails. */
    static final Map<String, Integer> LAUNCHER_PROGRAMS = Map.of("stat", 1);
    /** {@code doctor --json} may initialize at most this many times the classes of {@code status --json}. */
    static final double DOCTOR_TO_STATUS_RATIO = 2.0;

    /** The record directories a command runs against. */
    enum Scenario {
        /** No record at all. */
        NONE,
        /** One live daemon whose control daemon has one MPS server with two clients. */
        LIVE,
        /** One live daemon whose control daemon has one MPS server without a client. */
        IDLE,
        /** 50 records: 25 live daemons (no servers), 25 stale. */
        FIFTY
    }

    /**
     * One command's budget. {@code classes} and {@code outsideArchive} are the measured counts (the margins
     * are added by {@link BudgetCheck}); {@code smi}, {@code control} and {@code otherPrograms} are exact runs.
     */
    record Budget(Scenario scenario, List<String> args, int classes, int outsideArchive, int doctorChecks, int smi, int control,
                  int otherPrograms, String reason) {
        String name() {
            return String.join(" ", args) + " [" + scenario.name().toLowerCase(Locale.ROOT) + "]";
        }
    }

    private static Budget b(Scenario s, String args, int classes, int outside, int doctorChecks, int smi, int control, String reason) {
        return new Budget(s, List.of(args.split(" ")), classes, outside, doctorChecks, smi, control, 0, reason);
    }

    private static final String STATUS_JSON = "status --json";
    /**
     * A run that asks 25 daemons or more together asks them in-process (decision 0018, ControlClient.ONE_RUN): it links
     * its FFM downcall handle (one since round sixteen of docs/performance.md: libc's syscall, which asks socket,
     * setsockopt, connect, poll, sendmsg, recvmsg, close, getuid and getgid by number), about 250 more classes
     * initialized and about 60 spun at run time, which the AOT cache cannot hold (nine handles: about 300 and 120). Fewer daemons go
     * through NVIDIA's program as before and load no native code (the budgets above it are the program's). The
     * scenario's daemons have no control socket (nobody listens, so each is asked through the program on PATH, a
     * script), so the control counts stay. Measured with the AOT training's in-process run (AotTraining): 1,277 classes
     * initialized, 133 from outside the cache (without that run: 1,349 and 402). The link happens only where a socket
     * exists to connect to (UnixSeqPacket.connect looks for the file first): the scenario's own pipes have none, the
     * machine's /tmp/nvidia-mps may; with no socket there either, 984 and 9 (7 Dec 2026, branch sim-seqpacket).
     */
    private static final String FFM = "; 25 daemons, so the in-process control client's FFM handle"
            + " (about 250 classes initialized, 60 spun)";

    /** Every budget; the order is the order the test runs them in. */
    static final List<Budget> ALL = List.of(
            b(Scenario.NONE, STATUS_JSON, 870, 7, 0, 1, 0,
                    "one nvidia-smi query gives GPUs and their load; no daemon, so no control client; fast path, no picocli;"
                            + " the JSON is written without Jackson (Java 17: 990 loaded)"),
            b(Scenario.NONE, "status", 800, 7, 0, 1, 0, "the same query; the text needs no live view"),
            b(Scenario.NONE, "env", 690, 5, 0, 0, 0, "env reads records only; it runs no program"),
            b(Scenario.NONE, "stop", 700, 5, 0, 0, 0, "nothing to stop: records only"),
            b(Scenario.NONE, "--version", 530, 3, 0, 0, 0, "fast path: the version resource and the runtime's version, nothing else"),
            b(Scenario.NONE, "clients", 870, 7, 0, 1, 0,
                    "fast path; the GPU query only, no daemon to ask; reads the host snapshot (records, pipes) as status does"),
            b(Scenario.NONE, "doctor --json", 920, 7, 28, 1, 0,
                    "fast path; every doctor check (21; with the nested classes their findings need, 24 initialized) and one GPU"
                            + " query; within twice status --json's classes (DOCTOR_TO_STATUS_RATIO); JSON written without Jackson"),
            b(Scenario.NONE, "limits", 690, 5, 0, 0, 0, "fast path; no live daemon, so no question"),
            b(Scenario.NONE, "metrics", 930, 7, 28, 1, 0,
                    "fast path; the doctor's verdict is one of the gauges (its checks run), its GPU query is shared"),
            b(Scenario.LIVE, STATUS_JSON, 980, 7, 0, 2, 1,
                    "GPU query, and the compute-apps query for the two clients' memory (nvidia-smi takes one --query-* per run);"
                            + " the control client once: the server list with its children's status and clients in one batch;"
                            + " the GPU query runs alongside it, the compute-apps query starts once the batch lists a client;"
                            + " Jackson's parser reads the record"),
            b(Scenario.LIVE, "status", 970, 7, 0, 1, 0, "plain status asks a live daemon nothing"),
            b(Scenario.LIVE, "env", 870, 5, 0, 0, 0, "records and /proc only"),
            b(Scenario.LIVE, "clients", 980, 7, 0, 2, 1, "as status --json's live view, read through the host snapshot"),
            b(Scenario.LIVE, "doctor --json", 1000, 7, 28, 1, 1,
                    "every check; the GPU query alongside the doctor's live view: the managed daemon's server list only, whose"
                            + " run the answers check judges too"),
            b(Scenario.LIVE, "limits", 900, 7, 0, 0, 1,
                    "the defaults, the server list and the limits of the daemon's children (its servers) in one control run"),
            b(Scenario.LIVE, "metrics", 1030, 7, 28, 2, 1,
                    "the live view (one control run), whose server list the doctor's answers check judges; one GPU query shared"),
            b(Scenario.IDLE, STATUS_JSON, 950, 7, 0, 1, 1,
                    "as with clients (the server list with the server's status and clients in one batch), but the server lists no"
                            + " client: the compute-apps query, which only gives clients' memory, is not run"),
            b(Scenario.FIFTY, STATUS_JSON, 1300, 150, 0, 1, 25,
                    "one GPU query; each of the 25 live daemons is asked for its servers once (none has a server), 8 at a time,"
                            + " while the GPU query runs" + FFM),
            b(Scenario.FIFTY, "status", 970, 7, 0, 1, 0, "records only besides the GPU query"),
            b(Scenario.FIFTY, "env", 850, 5, 0, 0, 0, "records only"));

    private StartupBudgets() {
    }
}
