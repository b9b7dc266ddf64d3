package dev.cumps.core.grammar;

import java.util.Arrays;
import java.util.Objects;

/**
 * One command line as {@link CliGrammar#parse} recognised it: the command, its positional parameter (null when
 * none), and each option's value by {@link CliOption} ordinal (null: not given; empty: a switch given).
 */
public record CliForm(CliCommand command, String parameter, String[] values) {
    public CliForm {
        values = values.clone();
    }

    /** A copy: the form stays as parsed. */
    @Override
    public String[] values() {
        return values.clone();
    }

    /** Whether {@code option} was given. */
    public boolean has(CliOption option) {
        return values[option.ordinal()] != null;
    }

    /** The value typed for {@code option}; null when it was not given. */
    public String value(CliOption option) {
        return values[option.ordinal()];
    }

    /** The value typed for {@code option}, else its default in the command's row; null when neither. */
    public String valueOrDefault(CliOption option) {
        String typed = value(option);
        OptionUse use = command.use(option);
        return typed != null || use == null || use.defaultValue().isEmpty() ? typed : use.defaultValue();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof CliForm f && f.command == command && Objects.equals(f.parameter, parameter)
                && Arrays.equals(f.values, values);
    }

    @Override
    public int hashCode() {
        return command.hashCode() * 31 + Arrays.hashCode(values);
    }

    @Override
    public String toString() {
        StringBuilder s = new StringBuilder(command.commandName());
        if (parameter != null) {
            s.append(' ').append(parameter);
        }
        for (CliOption o : CliOption.values()) {
            if (values[o.ordinal()] != null) {
                s.append(' ').append(o.optionName());
                if (o.value().takesValue()) {
                    s.append('=').append(values[o.ordinal()]);
                }
            }
        }
        return s.toString();
    }
}
