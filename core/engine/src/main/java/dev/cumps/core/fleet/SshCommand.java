package dev.cumps.core.fleet;

import dev.cumps.core.exec.CommandSpec;
import dev.cumps.core.host.HostEnvironment;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
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
 *     host and no master connection outlives the read (an existing master of the user's is still used);
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
        long seconds = Math.max(1, connectTimeout.toSeconds());
        List<String> argv = new ArrayList<>(List.of("ssh", "-T",
                "-o", "BatchMode=yes",
                "-o", "ConnectTimeout=" + seconds,
                "-o", "StrictHostKeyChecking=yes",
                "-o", "UpdateHostKeys=no",
                "-o", "ForwardAgent=no",
                "-o", "ForwardX11=no",
                "-o", "ClearAllForwardings=yes",
                "-o", "PermitLocalCommand=no",
                "-o", "ControlMaster=no",
                "--", destination.value()));
        argv.addAll(command.words());
        return argv;
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
        Duration connect = deadline.compareTo(Duration.ofSeconds(20)) > 0 ? Duration.ofSeconds(10) : deadline.dividedBy(2);
        return new CommandSpec(argv(destination, command.bounded(deadline), connect), environment(host), "", deadline);
    }
}
