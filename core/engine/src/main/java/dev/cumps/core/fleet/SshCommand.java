package dev.cumps.core.fleet;

import dev.cumps.core.exec.CommandResult;
import dev.cumps.core.exec.CommandRunner;
import dev.cumps.core.exec.CommandSpec;
import dev.cumps.core.fs.TrustRule;
import dev.cumps.core.host.HostEnvironment;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The one way a host is reached: the user's {@code ssh} (looked up on the user's {@code PATH}, with
 * the user's {@code ~/.ssh/config}, keys, agent and known hosts) with fixed options, {@code --}, the
 * validated destination and a {@link RemoteCommand} of fixed words. docs/decisions/0012 says why each
 * option is there:
 * <ul>
 * <li>{@code BatchMode=yes}: never a password, passphrase or host-key prompt (nothing to answer them);
 * <li>{@code StrictHostKeyChecking=yes}: a host whose key is not already in the user's known hosts is
 *     refused, never added, whatever the user's configuration says ({@code accept-new} included);
 *     {@code UpdateHostKeys=no}: the user's known hosts are never written;
 * <li>{@code ConnectTimeout}: a silent address fails before the read's deadline;
 * <li>{@code ForwardAgent=no}, {@code ForwardX11=no}, {@code ClearAllForwardings=yes},
 *     {@code PermitLocalCommand=no}, {@code ControlMaster=no}: nothing of this machine is lent to the
 *     host and no master connection outlives the read (an existing master of the user's is still used, but
 *     only when its socket and folder pass the trust rule: {@link #controlPathOptions});
 * <li>{@code -T}: no terminal; standard input is empty.
 * </ul>
 */
public final class SshCommand {
    /** The variables ssh gets from the caller's environment; nothing else is passed on. */
    public static final List<String> PASSED_VARIABLES = List.of("HOME", "PATH", "USER", "LOGNAME", "SSH_AUTH_SOCK", "KRB5CCNAME");

    private SshCommand() {
    }

    /** The argument vector: {@code ssh}, the fixed options, {@code --}, the destination, the remote words. */
    public static List<String> argv(Destination destination, RemoteCommand command, Duration connectTimeout) {
        return argv(destination, command, connectTimeout, List.of());
    }

    /** {@link #argv(Destination, RemoteCommand, Duration)} with {@code extra} options before {@code --} ({@link #controlPathOptions}). */
    public static List<String> argv(Destination destination, RemoteCommand command, Duration connectTimeout, List<String> extra) {
        List<String> argv = new ArrayList<>(options(connectTimeout));
        argv.addAll(extra);
        argv.add("--");
        argv.add(destination.value());
        argv.addAll(command.words());
        return argv;
    }

    private static List<String> options(Duration connectTimeout) {
        long seconds = Math.max(1, connectTimeout.toSeconds());
        return List.of("ssh", "-T",
                "-o", "BatchMode=yes",
                "-o", "ConnectTimeout=" + seconds,
                "-o", "StrictHostKeyChecking=yes",
                "-o", "UpdateHostKeys=no",
                "-o", "ForwardAgent=no",
                "-o", "ForwardX11=no",
                "-o", "ClearAllForwardings=yes",
                "-o", "PermitLocalCommand=no",
                "-o", "ControlMaster=no");
    }

    /** How long {@code ssh -G} (which reads configuration only, and connects nowhere) may take. */
    static final Duration CONFIG_TIMEOUT = Duration.ofSeconds(5);

    /**
     * {@code -o ControlPath=none} unless the master socket ssh would use for {@code destination} passes the
     * {@link TrustRule}: its folder the user's (or root's) and writable by no one else, and the socket, when
     * there, the user's own socket, no link. ssh uses an existing master without any check, so a socket
     * another user planted in a shared folder named by the user's {@code ControlPath} would answer every
     * fleet command (a {@code fleet stop} "succeeded" with no host contacted). Where ssh would look is what
     * {@code ssh -G} prints, with the fixed options and the user's own configuration; when that cannot be
     * told, no master is used.
     */
    public static List<String> controlPathOptions(CommandRunner runner, HostEnvironment host, Destination destination) {
        List<String> argv = new ArrayList<>(options(CONFIG_TIMEOUT));
        argv.set(1, "-G");
        argv.add("--");
        argv.add(destination.value());
        CommandResult config = runner.run(new CommandSpec(argv, environment(host), "", CONFIG_TIMEOUT, 64 * 1024));
        if (!config.succeeded()) {
            return NO_MASTER;
        }
        Optional<String> controlPath = config.stdout().lines().filter(l -> l.startsWith("controlpath ")).map(l -> l.substring(12).strip())
                .findFirst();
        if (controlPath.isEmpty() || controlPath.get().equals("none")) {
            return List.of(); // no master is looked for
        }
        return trustedMaster(controlPath.get(), host.uid()) ? List.of() : NO_MASTER;
    }

    private static final List<String> NO_MASTER = List.of("-o", "ControlPath=none");

    private static boolean trustedMaster(String controlPath, int uid) {
        if (controlPath.contains("%") || !controlPath.startsWith("/")) {
            return false; // not expanded by this ssh, or relative: where it points cannot be checked
        }
        Path socket = Path.of(controlPath);
        if (socket.getParent() == null || TrustRule.directoryProblem(socket.getParent(), uid).isPresent()) {
            return false;
        }
        return !TrustRule.exists(socket) || TrustRule.problem(socket, uid, TrustRule.Kind.SOCKET).isEmpty();
    }

    /**
     * The environment ssh runs with: {@link #PASSED_VARIABLES} as the caller has them (the agent's
     * socket so the user's agent keys work; {@code HOME}, {@code USER}, {@code LOGNAME} for ssh and the
     * tools it starts; {@code PATH} to find ssh; {@code KRB5CCNAME} for Kerberos users) and
     * {@code LC_ALL=C} so that ssh's own messages, which are classified, stay in English.
     */
    public static Map<String, String> environment(HostEnvironment host) {
        Map<String, String> env = new TreeMap<>();
        for (String name : PASSED_VARIABLES) {
            host.get(name).filter(v -> !v.isEmpty()).ifPresent(v -> env.put(name, v));
        }
        env.put("LC_ALL", "C");
        return env;
    }

    /**
     * One run, bounded by {@code deadline} as a whole (connect, authenticate, run, answer): here by the
     * runner, which ends ssh, and on the host by {@link RemoteCommand#bounded}, which ends the host's cumps.
     */
    public static CommandSpec spec(HostEnvironment host, Destination destination, RemoteCommand command, Duration deadline) {
        return spec(host, destination, command, deadline, List.of());
    }

    /** {@link #spec(HostEnvironment, Destination, RemoteCommand, Duration)} with {@code extra} ssh options ({@link #controlPathOptions}). */
    public static CommandSpec spec(HostEnvironment host, Destination destination, RemoteCommand command, Duration deadline, List<String> extra) {
        Duration connect = deadline.compareTo(Duration.ofSeconds(20)) > 0 ? Duration.ofSeconds(10) : deadline.dividedBy(2);
        return new CommandSpec(argv(destination, command.bounded(deadline), connect, extra), environment(host), "", deadline);
    }
}
