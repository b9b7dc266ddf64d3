package dev.cumps.sim;

import java.util.List;
import java.util.stream.Collectors;

/**
 * The control daemon stand-in's command interpreter: the answer to each command line of NVIDIA's
 * control interface (NVIDIA MPS documentation, "Appendix: Tools and Interface Reference"), as
 * listed in docs/simulator.md. Holds the daemon's one piece of command state, the default active
 * thread percentage; servers are {@link Servers}' business. No sockets, no logging: the
 * {@link ControlServer} logs the command and the answer.
 */
final class ControlCommands {

    /** The answer (without its newline) to a command the interface does not know or cannot take. */
    static final String INVALID_COMMAND = "Invalid command";

    /** The servers the commands list and start. */
    interface Servers {
        /** Pids of the live servers, in ascending order. */
        List<Long> live();

        /** Starts a server for {@code uid} unless one is alive; logs what happened. */
        void start(long uid);
    }

    /**
     * What the daemon writes back to the client: {@code text} ends with a newline unless it is empty;
     * {@code quit} when the daemon is to stop its servers and exit after answering.
     */
    record Reply(String text, boolean quit) {
    }

    private final Servers servers;
    private volatile String defaultActiveThreadPercentage = "100.0";

    ControlCommands(Servers servers) {
        this.servers = servers;
    }

    /** Answers one command line (already stripped of surrounding blanks). */
    Reply answer(String command) {
        if (command.equals("quit")) {
            return new Reply("", true);
        }
        return new Reply(execute(command.split("\\s+")), false);
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
                return invalid();
            case "get_client_list":
            case "get_device_client_list":
                return "";
            case "get_default_active_thread_percentage":
                return defaultActiveThreadPercentage + "\n";
            case "set_default_active_thread_percentage":
                return words.length == 2 ? setDefaultActiveThreadPercentage(words[1]) : invalid();
            default:
                return invalid();
        }
    }

    private String setDefaultActiveThreadPercentage(String word) {
        try {
            double value = Double.parseDouble(word);
            if (value >= 0 && value <= 100) {
                defaultActiveThreadPercentage = String.valueOf(value);
                return defaultActiveThreadPercentage + "\n";
            }
        } catch (NumberFormatException e) {
            // falls through to the error
        }
        return invalid();
    }

    private static String invalid() {
        return INVALID_COMMAND + "\n";
    }

    private static String lines(List<String> values) {
        return values.isEmpty() ? "" : values.stream().collect(Collectors.joining("\n", "", "\n"));
    }
}
