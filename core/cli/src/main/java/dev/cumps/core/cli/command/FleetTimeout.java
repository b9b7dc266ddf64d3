package dev.cumps.core.cli.command;

import java.time.Duration;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code --timeout S} of every {@code fleet} command, mixed in: the seconds a host has to answer,
 * 1 to 600. The default is the command's ({@link StatusDefault}: 15 for {@code fleet status}, whose
 * hosts are read in parallel; {@link HostDefault}: 60 for a command on one host), so the help, the
 * reference and the man page show each command's own.
 */
final class FleetTimeout {
    static final String NAME = "--timeout";
    static final int MAX_SECONDS = 600;

    @Spec(Spec.Target.MIXEE)
    CommandSpec mixee;

    @Option(names = NAME, paramLabel = "S", description = "Seconds a host has to answer (default: ${DEFAULT-VALUE}).")
    int seconds;

    /** The deadline, or a usage error for seconds outside 1 to {@value #MAX_SECONDS}. */
    Duration deadline() {
        if (seconds < 1 || seconds > MAX_SECONDS) {
            throw UsageError.of(mixee.commandLine(),
                    NAME + " expects seconds from 1 to " + MAX_SECONDS + ", got " + seconds);
        }
        return Duration.ofSeconds(seconds);
    }

    private static String timeoutDefault(ArgSpec arg, int seconds) {
        return arg instanceof OptionSpec option && option.longestName().equals(NAME) ? Integer.toString(seconds) : null;
    }

    /** {@code fleet status}: each host has 15 seconds, all in parallel. */
    static final class StatusDefault implements CommandLine.IDefaultValueProvider {
        @Override
        public String defaultValue(ArgSpec arg) {
            return timeoutDefault(arg, 15);
        }
    }

    /** {@code fleet start|stop|doctor HOST}: the host has 60 seconds. */
    static final class HostDefault implements CommandLine.IDefaultValueProvider {
        @Override
        public String defaultValue(ArgSpec arg) {
            return timeoutDefault(arg, 60);
        }
    }
}
