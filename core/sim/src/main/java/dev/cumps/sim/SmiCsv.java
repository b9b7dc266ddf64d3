package dev.cumps.sim;

import java.util.Locale;

/**
 * The {@code --format=csv[,noheader][,nounits]} options of the {@code nvidia-smi} stand-in's queries:
 * whether a header and units are printed, or the error the real tool prints instead.
 */
record SmiCsv(boolean header, boolean units, NvidiaSmi.Output error) {

    static SmiCsv of(String format) {
        boolean header = true;
        boolean units = true;
        for (String option : format.split(",")) {
            switch (option.trim().toLowerCase(Locale.ROOT)) {
                case "csv" -> { }
                case "noheader" -> header = false;
                case "nounits" -> units = false;
                default -> {
                    return new SmiCsv(false, false, new NvidiaSmi.Output(2, "\"" + option.trim() + "\" is not a valid format option.\n"
                            + "Please run 'nvidia-smi -h' for help.\n", ""));
                }
            }
        }
        if (!format.toLowerCase(Locale.ROOT).contains("csv")) {
            return new SmiCsv(false, false, NvidiaSmi.invalid());
        }
        return new SmiCsv(header, units, null);
    }
}
