package dev.cumps.sim;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The control daemon stand-in's command interpreter: the answer to each command line of NVIDIA's
 * control interface (NVIDIA MPS documentation, "Appendix: Tools and Interface Reference"), as
 * listed in docs/simulator.md. Holds the daemon's command state, the default and per-server active
 * thread percentages and pinned memory limits; servers are {@link Servers}' business and clients
 * {@link Clients}'. No sockets, no logging: the {@link ControlServer} logs the command and the answer.
 *
 * <p>Besides NVIDIA's commands it knows one of its own, {@value #ATTACH} {@code <client pid> <uid>},
 * with which a simulated client ({@link MpsClientMain}) registers as the CUDA driver does when a
 * program first initialises CUDA: the daemon starts a server for that uid if none runs, and answers
 * {@code <server pid> <CUDA_VISIBLE_DEVICES of the daemon, or all>}.
 */
final class ControlCommands {

    /**
     * The stand-in's own refusal (without its newline) where NVIDIA's answer needs a GPU to observe (a
     * malformed limit, a client that is not the server's): not conformance-tested, see docs/simulator.md.
     */
    static final String INVALID_COMMAND = "Invalid command";
    /** NVIDIA's answer to a command it does not know: {@code Unknown command "<first word>"}. */
    static final String UNKNOWN_COMMAND = "Unknown command \"%s\"";
    /** NVIDIA's answer to {@code get_server_status} without a pid (R550). */
    static final String SERVER_PID_REQUIRED = "A server PID is required";
    /** NVIDIA's answer to a pid that is no server of this daemon. */
    static final String SERVER_NOT_FOUND = "Server %d not found";
    /** NVIDIA's answer to {@code start_server} without {@code -uid UID}. */
    static final String UID_REQUIRED = "A user id (UID) is required to start a new server";
    /** Logged (not answered) by NVIDIA's daemon for a percentage out of (0, 100]; the answer is the value kept. */
    static final String INVALID_PERCENTAGE = "Invalid percentage, expected between (0.0, 100.0]";
    /** Logged (not answered) by NVIDIA's daemon for a device without a default pinned memory limit. */
    static final String NO_DEFAULT_PINNED_LIMIT = "No default pinned memory limit set for the device!";

    /** The servers the commands list and start. */
    interface Servers {
        /** Pids of the live servers, in ascending order. */
        List<Long> live();

        /** Starts a server for {@code uid} unless one is alive; logs what happened. */
        void start(long uid);
    }

    /** The clients connected to the servers. */
    interface Clients {
        /** Records {@code client} as served by {@code server}. */
        void attach(long client, long server);

        /** Pids of the live clients of {@code server}, in ascending order. */
        List<Long> of(long server);

        /**
         * Ends {@code client} if it is a live client of {@code server} (its GPU work terminated: the
         * simulated program exits); returns whether it was one.
         */
        boolean terminate(long client, long server);
    }

    /** The stand-in's own command with which a simulated client registers. */
    static final String ATTACH = "cumps_sim_attach";

    private static final Pattern PID = Pattern.compile("[1-9][0-9]{0,9}");
    private static final Pattern PERCENTAGE = Pattern.compile("[0-9]{1,3}(\\.[0-9]+)?");
    private static final Pattern SIZE = Pattern.compile("[1-9][0-9]{0,8}[MG]");

    /**
     * What the daemon writes back to the client: {@code text} ends with a newline unless it is empty;
     * {@code quit} when the daemon is to stop its servers and exit after answering; {@code notes}, lines
     * that go to control.log only, before the answer's own lines.
     */
    record Reply(String text, boolean quit, List<String> notes) {
        Reply {
            notes = List.copyOf(notes);
        }

        Reply(String text, boolean quit) {
            this(text, quit, List.of());
        }
    }

    private final Servers servers;
    private final Clients clients;
    private final String devices;
    private final DriverProfile profile;
    private volatile String defaultActiveThreadPercentage = "100.0";
    private final Map<Long, String> activeThreadPercentages = new ConcurrentHashMap<>();
    private final Map<String, String> defaultPinnedMemLimits = new ConcurrentHashMap<>();
    private final Map<String, String> pinnedMemLimits = new ConcurrentHashMap<>();

    /** A daemon of the newest driver branch without clients (tests of the server commands). */
    ControlCommands(Servers servers) {
        this(servers, DriverProfile.NEWEST);
    }

    /** A daemon of driver branch {@code profile} without clients (tests of the server commands). */
    ControlCommands(Servers servers, DriverProfile profile) {
        this(servers, new Clients() {
            @Override
            public void attach(long client, long server) {
            }

            @Override
            public List<Long> of(long server) {
                return List.of();
            }

            @Override
            public boolean terminate(long client, long server) {
                return false;
            }
        }, "", profile);
    }

    /**
     * {@code devices}: the daemon's {@code CUDA_VISIBLE_DEVICES}, which its servers and clients inherit;
     * {@code profile}: the driver branch whose answers it gives.
     */
    ControlCommands(Servers servers, Clients clients, String devices, DriverProfile profile) {
        this.servers = servers;
        this.clients = clients;
        this.devices = devices == null || devices.isBlank() ? "all" : devices.strip();
        this.profile = profile;
    }

    /** Answers one command line (already stripped of surrounding blanks). */
    Reply answer(String command) {
        if (command.equals("quit")) {
            return new Reply("", true);
        }
        String[] words = command.split("\\s+");
        if (!profile.knows(words[0])) {
            return new Reply(unknown(words[0]), false);
        }
        switch (words[0]) {
            case "set_default_active_thread_percentage":
                return setDefaultActiveThreadPercentage(words.length > 1 ? words[1] : "");
            case "get_default_device_pinned_mem_limit":
                if (words.length <= 2 && !defaultPinnedMemLimits.containsKey(words.length == 2 ? words[1] : "0")) {
                    return new Reply("", false, List.of(NO_DEFAULT_PINNED_LIMIT));
                }
                break;
            default:
                break;
        }
        return new Reply(execute(words), false);
    }

    private String execute(String[] words) {
        switch (words[0]) {
            case "get_server_list":
                return lines(servers.live().stream().map(String::valueOf).toList());
            case "start_server":
                if (words.length == 3 && words[1].equals("-uid") && words[2].matches("\\d+")) {
                    servers.start(Long.parseLong(words[2]));
                    return "";
                }
                return UID_REQUIRED + "\n";
            case "get_client_list":
                return isServer(words) ? lines(clients.of(pidOf(words)).stream().map(String::valueOf).toList())
                        : serverNotFound(words);
            case "terminate_client":
                if (!isServer(words)) {
                    long server = pidOf(words); // NVIDIA's three lines for a pid that is no server
                    return String.format(SERVER_NOT_FOUND + "\n" + SERVER_NOT_FOUND + "!\n1\n", server, server);
                }
                // NVIDIA documents no reply; like the other commands that change something, success prints nothing.
                return words.length == 3 && isServer(words[1]) && PID.matcher(words[2]).matches()
                        && clients.terminate(Long.parseLong(words[2]), Long.parseLong(words[1])) ? "" : invalid();
            case "get_device_client_list":
                // Without a pid (or with one that is no number) NVIDIA's daemon answers nothing, as for a server without clients.
                return pidOf(words) == 0 || isServer(words) ? "" : serverNotFound(words);
            case "get_server_status":
                if (words.length < 2 || !PID.matcher(words[1]).matches()) {
                    return SERVER_PID_REQUIRED + "\n";
                }
                // A live server is ACTIVE; the stand-in's servers never fault.
                return isServer(words) ? "ACTIVE\n" : serverNotFound(words);
            case "get_active_thread_percentage":
                return isServer(words)
                        ? activeThreadPercentages.getOrDefault(pidOf(words), defaultActiveThreadPercentage) + "\n"
                        : serverNotFound(words);
            case "set_active_thread_percentage":
                if (!isServer(words)) {
                    return serverNotFound(words);
                }
                return words.length == 3 && isServer(words[1]) ? setServerPercentage(Long.parseLong(words[1]), words[2]) : invalid();
            case "get_default_device_pinned_mem_limit":
                return words.length <= 2 ? defaultPinnedMemLimits.getOrDefault(words.length == 2 ? words[1] : "0", "") + "\n"
                        : invalid();
            case "set_default_device_pinned_mem_limit":
                return words.length == 3 && SIZE.matcher(words[2]).matches() ? put(defaultPinnedMemLimits, words[1], words[2]) : invalid();
            case "get_device_pinned_mem_limit":
                if (!isServer(words)) {
                    return serverNotFound(words);
                }
                return words.length == 3
                        ? pinnedMemLimits.getOrDefault(words[1] + " " + words[2], defaultPinnedMemLimits.getOrDefault(words[2], "")) + "\n"
                        : invalid();
            case "set_device_pinned_mem_limit":
                if (!isServer(words)) {
                    return serverNotFound(words);
                }
                return words.length == 4 && SIZE.matcher(words[3]).matches()
                        ? put(pinnedMemLimits, words[1] + " " + words[2], words[3]) : invalid();
            case ATTACH:
                return words.length == 3 && PID.matcher(words[1]).matches() && words[2].matches("[0-9]{1,10}")
                        ? attach(Long.parseLong(words[1]), Long.parseLong(words[2])) : invalid();
            case "get_default_active_thread_percentage":
                return defaultActiveThreadPercentage + "\n";
            default:
                return unknown(words[0]);
        }
    }

    /** Whether the second word is the pid of a live server. */
    private boolean isServer(String[] words) {
        return words.length > 1 && isServer(words[1]);
    }

    /** The pid in the second word as NVIDIA's daemon reads it ({@code atoi}: 0 when missing or not a number). */
    private static long pidOf(String[] words) {
        return words.length > 1 && PID.matcher(words[1]).matches() ? Long.parseLong(words[1]) : 0;
    }

    private static String serverNotFound(String[] words) {
        return String.format(SERVER_NOT_FOUND, pidOf(words)) + "\n";
    }

    private static String unknown(String word) {
        return String.format(UNKNOWN_COMMAND, word) + "\n";
    }

    private boolean isServer(String word) {
        return PID.matcher(word).matches() && servers.live().contains(Long.parseLong(word));
    }

    private String attach(long client, long uid) {
        List<Long> live = servers.live();
        if (live.isEmpty()) {
            servers.start(uid);
            live = servers.live();
        }
        if (live.isEmpty()) {
            return "Failed to start a server for user " + uid + "\n";
        }
        clients.attach(client, live.get(0));
        return live.get(0) + " " + devices + " " + ProcessHandle.current().pid() + "\n";
    }

    private String setServerPercentage(long server, String word) {
        if (!PERCENTAGE.matcher(word).matches() || Double.parseDouble(word) > 100) {
            return invalid();
        }
        activeThreadPercentages.put(server, String.valueOf(Double.parseDouble(word)));
        return "";
    }

    private static String put(Map<String, String> limits, String key, String value) {
        limits.put(key, value);
        return "";
    }

    /** As NVIDIA's daemon: a value in (0, 100] is kept; anything else is logged and the kept value answered. */
    private Reply setDefaultActiveThreadPercentage(String word) {
        try {
            double value = Double.parseDouble(word);
            if (value > 0 && value <= 100) {
                defaultActiveThreadPercentage = String.valueOf(value);
                return new Reply(defaultActiveThreadPercentage + "\n", false);
            }
        } catch (NumberFormatException e) {
            // falls through to the note
        }
        return new Reply(defaultActiveThreadPercentage + "\n", false, List.of(INVALID_PERCENTAGE));
    }

    private static String invalid() {
        return INVALID_COMMAND + "\n";
    }

    private static String lines(List<String> values) {
        return values.isEmpty() ? "" : values.stream().collect(Collectors.joining("\n", "", "\n"));
    }
}
