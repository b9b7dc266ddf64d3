package dev.cumps.core.cli.command;

import java.util.List;
import picocli.CommandLine;

/**
 * The converter of an option whose value is one of a few words ({@code reference --format}, the words in the grammar
 * table's {@code CliOption.choices()}): any other word is a usage error, worded as picocli words it for an enum.
 */
public final class ChoiceOption implements CommandLine.ITypeConverter<String> {
    private final List<String> choices;

    public ChoiceOption(List<String> choices) {
        this.choices = List.copyOf(choices);
    }

    @Override
    public String convert(String value) {
        if (!choices.contains(value)) {
            throw new CommandLine.TypeConversionException("expected one of " + choices + " (case-sensitive) but was '" + value + "'");
        }
        return value;
    }
}
