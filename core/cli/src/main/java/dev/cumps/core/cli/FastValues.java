package dev.cumps.core.cli;

import dev.cumps.core.cli.command.PathValues;
import dev.cumps.core.cli.command.PidOption;
import dev.cumps.core.cli.command.TopCommand;
import dev.cumps.core.env.EnvFormat;
import dev.cumps.core.grammar.ValueCheck;
import dev.cumps.core.grammar.ValueKind;
import dev.cumps.core.message.CumpsException;
import dev.cumps.core.mps.MpsLimits;

/**
 * The fast parser's value rules: each {@link ValueKind} as picocli's converters and the commands judge it, so
 * that a value the fast parser accepts is one picocli would have accepted too. A kind no fast command takes is
 * refused, which leaves its forms to picocli.
 */
final class FastValues implements ValueCheck {
    static final FastValues INSTANCE = new FastValues();

    private FastValues() {
    }

    @Override
    public boolean accepts(ValueKind kind, String value) {
        return switch (kind) {
            case TEXT -> true;
            case PATH -> PathValues.problem(value) == null;
            case PID -> PidOption.valid(value);
            case SHELL -> EnvFormat.byId(value).isPresent();
            case INTERVAL -> TopCommand.validInterval(value);
            case PERCENTAGE, SIZE -> limit(kind, value);
            case FLAG, SECONDS, MIB, CHOICE -> false;
        };
    }

    private static boolean limit(ValueKind kind, String value) {
        try {
            if (kind == ValueKind.SIZE) {
                MpsLimits.parseSizeMiB(value);
            } else {
                MpsLimits.parsePercentage(value);
            }
            return true;
        } catch (CumpsException e) {
            return false; // picocli reports the bad value as a usage error
        }
    }
}
