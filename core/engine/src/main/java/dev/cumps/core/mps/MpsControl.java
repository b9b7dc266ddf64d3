package dev.cumps.core.mps;

import dev.cumps.core.exec.CommandResult;
import dev.cumps.core.exec.CommandRunner;
import dev.cumps.core.exec.CommandSpec;
import dev.cumps.core.host.HostEnvironment;
import dev.cumps.core.message.CumpsException;
import dev.cumps.core.message.Message;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

/**
 * Talks to a control daemon the way NVIDIA documents it: {@code nvidia-cuda-mps-control} with no
 * arguments reads commands from standard input, and {@code CUDA_MPS_PIPE_DIRECTORY} says which
 * daemon. (uni-cumps passed the command as an argument, which the control program does not read.)
 *
 * <p>With an in-process {@link ControlClient}, a question is asked over the daemon's socket by
 * {@link ControlProtocol} instead, no process started, and its answer is shaped as the program's would be (its
 * lines on stdout, exit 0; a timeout). Where nobody listens, the program is asked (it says so as it always did).
 * Anything the protocol does not expect sends that daemon's questions, from then on, to the program (one DEBUG line).
 * {@code quit} always goes through the program: NVIDIA's client is what stops a daemon.
 */
public final class MpsControl {
    public static final String PROGRAM = "nvidia-cuda-mps-control";
    private final CommandRunner runner;
    private final HostEnvironment host;
    private final Duration timeout;
    private final ControlClient client;
    /** Whether questions go in-process (NVIDIA's program their fallback), or through the program alone. */
    private final boolean inProcess;
    /** Pipe directories whose daemon surprised the in-process client: asked through the program from then on. */
    private final Set<Path> surprised = ConcurrentHashMap.newKeySet();

    /** Every question through NVIDIA's program. */
    public MpsControl(CommandRunner runner, HostEnvironment host, Duration timeout) {
        this(runner, host, timeout, ControlClient.program());
    }

    /** Questions through {@code client}, NVIDIA's program its fallback. */
    public MpsControl(CommandRunner runner, HostEnvironment host, Duration timeout, ControlClient client) {
        this.runner = runner;
        this.host = host;
        this.timeout = timeout;
        this.client = client;
        this.inProcess = client.protocol().isPresent() && client.inProcessFrom() <= 1;
    }

    /**
     * This control for a run that asks {@code daemons} daemons together: in-process when the client asks from that
     * many on ({@link ControlClient#inProcessFrom()}), else NVIDIA's program, so a run that asks few daemons loads no
     * native code at all.
     */
    public MpsControl forDaemons(int daemons) {
        if (inProcess || client.protocol().isEmpty() || daemons < client.inProcessFrom()) {
            return this;
        }
        return new MpsControl(runner, host, timeout, client.always());
    }

    /** Sends one command to the daemon serving {@code pipeDirectory}. */
    public CommandResult ask(Path pipeDirectory, Path logDirectory, String command) {
        return ask(pipeDirectory, logDirectory, command, timeout);
    }

    /** Sends one command, waiting at most {@code within} (never longer than this control's own timeout). */
    public CommandResult ask(Path pipeDirectory, Path logDirectory, String command, Duration within) {
        return ask(pipeDirectory, logDirectory, command, within, CommandSpec.DEFAULT_OUTPUT_LIMIT);
    }

    /** {@link #ask(Path, Path, String, Duration)}, keeping at most {@code outputLimit} bytes of the reply. */
    public CommandResult ask(Path pipeDirectory, Path logDirectory, String command, Duration within, int outputLimit) {
        Duration limit = within.compareTo(timeout) < 0 ? within : timeout;
        List<String> lines = List.of(command.split("\n", -1));
        if (!inProcess || surprised.contains(pipeDirectory) || !inProcess(lines)) {
            return program(pipeDirectory, logDirectory, command, limit, outputLimit);
        }
        long start = System.nanoTime();
        ControlProtocol.Exchange exchange = client.protocol().get().ask(pipeDirectory, lines, start + limit.toNanos(), outputLimit);
        return switch (exchange) {
            case ControlProtocol.Exchange.Answered a -> CommandResult.exited(PROGRAM, 0, a.stdout(), "");
            // Nobody listens: NVIDIA's client would print "Cannot find MPS control daemon process", exit 1 (R470 to R555, measured), but the
            // program on PATH decides what that means today (a wrapper, a stand-in that needs no socket): it is asked.
            // One process, only for a daemon that is not there; the pipe is not marked, it may listen later.
            case ControlProtocol.Exchange.NoDaemon n -> program(pipeDirectory, logDirectory, command, remaining(limit, start), outputLimit);
            case ControlProtocol.Exchange.TimedOut t -> CommandResult.timedOut(PROGRAM, t.stdout(), "");
            case ControlProtocol.Exchange.Surprise s -> {
                if (surprised.add(pipeDirectory)) {
                    Log.LOG.log(System.Logger.Level.DEBUG, "control daemon at {0}: {1}; asking it through {2} from now on",
                            pipeDirectory, s.why(), PROGRAM);
                }
                yield program(pipeDirectory, logDirectory, command, remaining(limit, start), outputLimit);
            }
        };
    }

    /** What is left of {@code limit} since {@code start} (at least 1 ms: the program is given its chance to answer). */
    private static Duration remaining(Duration limit, long start) {
        Duration left = limit.minusNanos(System.nanoTime() - start);
        return left.compareTo(Duration.ofMillis(1)) < 0 ? Duration.ofMillis(1) : left;
    }

    /** Whether {@code lines} may go in-process: no {@code quit} (NVIDIA's client stops a daemon), each line sendable. */
    private static boolean inProcess(List<String> lines) {
        return ControlProtocol.sendable(lines) && lines.stream().noneMatch(l -> l.strip().split("\\s+")[0].equals("quit"));
    }

    private CommandResult program(Path pipeDirectory, Path logDirectory, String command, Duration limit, int outputLimit) {
        Map<String, String> env = environment(pipeDirectory, logDirectory, null);
        return runner.run(new CommandSpec(List.of(PROGRAM), env, command + "\n", limit, outputLimit));
    }

    /** Created on first use: System.getLogger starts java.util.logging, which a plain run never needs. */
    private static final class Log {
        static final System.Logger LOG = System.getLogger(MpsControl.class.getName());

        private Log() {
        }
    }

    /**
     * What NVIDIA's control daemon answers to a command it does not know, on stdout with exit 0, on every
     * branch (measured: R470, R535, R550, R555): {@code Unknown command "get_server_status"}, the command word
     * alone in the quotes.
     */
    private static final Pattern UNKNOWN_COMMAND = Pattern.compile("Unknown command \"([^\"]{0,256})\"");

    /**
     * The command word of a reply that is one {@code Unknown command "<word>"} line (blank lines around it
     * aside): this driver branch lacks that command. Empty for any other reply.
     */
    public static Optional<String> unknownCommand(String reply) {
        List<String> lines = reply.strip().lines().map(String::strip).filter(l -> !l.isEmpty()).toList();
        if (lines.size() != 1) {
            return Optional.empty();
        }
        var m = UNKNOWN_COMMAND.matcher(lines.get(0));
        return m.matches() ? Optional.of(m.group(1)) : Optional.empty();
    }

    /** How long one command may take. */
    public Duration timeout() {
        return timeout;
    }

    /** The environment the control program (client or daemon) runs with. */
    public Map<String, String> environment(Path pipeDirectory, Path logDirectory, String visibleDevices) {
        Map<String, String> env = host.childEnvironment();
        env.put("CUDA_MPS_PIPE_DIRECTORY", pipeDirectory.toString());
        if (logDirectory != null) {
            env.put("CUDA_MPS_LOG_DIRECTORY", logDirectory.toString());
        }
        if (visibleDevices != null) {
            env.put("CUDA_VISIBLE_DEVICES", visibleDevices);
        }
        return env;
    }

    /** Variables of the caller's environment a daemon inherits (plus every {@code LC_*}); see decision 0008. */
    public static final Set<String> DAEMON_ALLOWLIST = Set.of("PATH", "HOME", "USER", "LOGNAME", "LANG", "TMPDIR");

    /** Set by cumps in every daemon it launches, to a fresh random value: how undo recognises its own launch. */
    public static final String LAUNCH_NONCE_VARIABLE = "CUMPS_LAUNCH_NONCE";

    /**
     * The environment a daemon ({@code -d} or {@code -f}) starts with: the allowlisted variables of
     * the caller, then what the operator asked for explicitly, then the three selection variables
     * and the launch nonce, which always win. Nothing else from the caller's shell reaches the
     * daemon (whose settings would otherwise become defaults for every client).
     */
    public Map<String, String> daemonEnvironment(Path pipeDirectory, Path logDirectory, String visibleDevices,
                                                 Map<String, String> requested, String nonce) {
        Map<String, String> env = new LinkedHashMap<>();
        new TreeMap<>(host.env()).forEach((k, v) -> {
            if (k.equals("PATH")) {
                // The daemon looks programs up on PATH too (and runs in the caller's directory): the
                // same rule as our own lookup, no empty or relative entries.
                // An empty PATH would again mean the working directory to execvp: then none is passed.
                String absolute = String.join(":", Arrays.stream(v.split(":", -1)).filter(d -> d.startsWith("/")).toList());
                if (!absolute.isEmpty()) {
                    env.put(k, absolute);
                }
            } else if (DAEMON_ALLOWLIST.contains(k) || k.startsWith("LC_")) {
                env.put(k, v);
            }
        });
        env.putAll(requested);
        env.put("CUDA_MPS_PIPE_DIRECTORY", pipeDirectory.toString());
        env.put("CUDA_MPS_LOG_DIRECTORY", logDirectory.toString());
        env.put("CUDA_VISIBLE_DEVICES", visibleDevices);
        env.put(LAUNCH_NONCE_VARIABLE, nonce);
        return env;
    }

    /**
     * Checks variables the operator asked to pass to the daemon: a POSIX name, no NUL in the value,
     * and none of the variables cumps sets itself.
     */
    public static Map<String, String> validateRequested(Map<String, String> requested) {
        for (Map.Entry<String, String> e : requested.entrySet()) {
            String name = e.getKey();
            if (!name.matches("[A-Za-z_][A-Za-z0-9_]*")) {
                throw new CumpsException(Message.of(MpsMessages.ENV_NAME_INVALID, name.replace("\n", "\\n")));
            }
            if (HostEnvironment.CUDA_SELECTION_VARIABLES.contains(name) || name.equals(LAUNCH_NONCE_VARIABLE)) {
                throw new CumpsException(Message.of(MpsMessages.ENV_NAME_RESERVED, name));
            }
            if (e.getValue().indexOf('\0') >= 0) {
                throw new CumpsException(Message.of(MpsMessages.ENV_VALUE_NUL, name));
            }
        }
        return requested;
    }

    /**
     * What the control client prints (exit 1) when it cannot connect to a daemon: on stderr from
     * NVIDIA's R535 and R550 clients (measured), on stdout from older stand-ins; both are read.
     */
    private static final String NO_DAEMON = "Cannot find MPS control daemon";

    /** Whether a reply means the daemon answered (the client exits 1 when it finds no daemon). */
    public static boolean answered(CommandResult result) {
        return result.succeeded() && !saysNoDaemon(result);
    }

    /** Whether the client ran to its end and found no daemon to connect to (not a timeout, not a launch failure). */
    public static boolean foundNoDaemon(CommandResult result) {
        return result.outcome() == CommandResult.Outcome.EXITED && saysNoDaemon(result);
    }

    private static boolean saysNoDaemon(CommandResult result) {
        return result.stdout().contains(NO_DAEMON) || result.stderr().contains(NO_DAEMON);
    }
}
