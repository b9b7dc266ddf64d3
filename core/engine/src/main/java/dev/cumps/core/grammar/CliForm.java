package dev.cumps.core.grammar;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * One command line as {@link CliGrammar#parse} recognised it: the command, its positional parameter (null when
 * none), each option's value by {@link CliOption} ordinal (null: not given; empty: a switch given; for a
 * repeatable option, its last value), and every value of the repeatable options ({@link OptionUse#repeatable()}),
 * in the order typed, each as {@code --option=value}.
 */
public record CliForm(CliCommand command, String parameter, String[] values, List<String> repeated) {
    public CliForm {
        values = values.clone();
        repeated = List.copyOf(repeated);
    }

    /** A form without repeatable options given (every fast command's). */
    public CliForm(CliCommand command, String parameter, String[] values) {
        this(command, parameter, values, List.of());
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

    /** Every value typed for the repeatable {@code option}, in order; empty when it was not given. */
    public List<String> all(CliOption option) {
        String prefix = option.optionName() + "=";
        List<String> all = new ArrayList<>();
        for (String r : repeated) {
            if (r.startsWith(prefix)) {
                all.add(r.substring(prefix.length()));
            }
        }
        return all;
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
                && Arrays.equals(f.values, values)
                && f.repeated.equals(repeated);
    }

    @Override
    public int hashCode() {
        return (command.hashCode() * 31 + Arrays.hashCode(values)) * 31 + repeated.hashCode();
    }

    @Override
    public String toString() {
        StringBuilder s = new StringBuilder(command.commandName());
        if (parameter != null) {
            s.append(' ').append(parameter);
        }
        for (CliOption o : CliOption.values()) {
            if (values[o.ordinal()] != null && command.use(o) != null && command.use(o).repeatable()) {
                for (String r : repeated) {
                    if (r.startsWith(o.optionName() + "=")) {
                        s.append(' ').append(r);
                    }
                }
            } else if (values[o.ordinal()] != null) {
                s.append(' ').append(o.optionName());
                if (o.value().takesValue()) {
                    s.append('=').append(values[o.ordinal()]);
                }
            }
        }
        return s.toString();
    }
}
