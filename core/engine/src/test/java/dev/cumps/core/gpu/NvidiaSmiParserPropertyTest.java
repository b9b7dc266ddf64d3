package dev.cumps.core.gpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.core.message.CumpsException;
import dev.cumps.core.testing.Props;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.quicktheories.core.Gen;
import org.quicktheories.generators.Generate;
import org.quicktheories.generators.SourceDSL;

/**
 * Rows of {@code nvidia-smi --query-gpu=... --format=csv,noheader,nounits}: every well-formed row
 * reads back field for field, and any other text is either read or refused with the parser's own
 * one-line error naming the row (never another exception).
 */
class NvidiaSmiParserPropertyTest {

    /** One GPU as nvidia-smi would print it, and what the parser must make of it. */
    record Row(int index, String uuid, String name, String computeMode, Optional<Long> memory, Optional<String> mig,
               Optional<String> driver, Optional<String> bus, Optional<Integer> utilization, Optional<Long> used) {
        String csv(String separator) {
            return String.join("," + separator, List.of(Integer.toString(index), uuid, name, computeMode,
                    memory.map(String::valueOf).orElse("[N/A]"), mig.orElse("[N/A]"), driver.orElse("N/A"), bus.orElse("[Not Supported]"),
                    utilization.map(String::valueOf).orElse("[Not Supported]"), used.map(String::valueOf).orElse("[N/A]")));
        }
    }

    static Gen<String> uuids() {
        return Props.strings("0123456789abcdef", 32, 32)
                .map(h -> "GPU-" + h.substring(0, 8) + "-" + h.substring(8, 12) + "-" + h.substring(12, 16) + "-" + h.substring(16, 20)
                        + "-" + h.substring(20));
    }

    /** GPU names: printable, no comma (nvidia-smi's CSV has no quoting), no surrounding blanks. */
    static Gen<String> names() {
        Gen<Character> printable = Generate.oneOf(Props.chars(' ', '~', ","), Props.chars('\u00a0', '\u4dff', "\u2028\u2029"));
        return Props.strings(printable, 1, 40).map(String::strip)
                .assuming(s -> !s.isEmpty() && !s.startsWith("[") && !s.equalsIgnoreCase("N/A"));
    }

    /** Missing values are made as likely as present ones: nvidia-smi prints [N/A] for what a GPU cannot report. */
    private static <T> Gen<Optional<T>> optional(Gen<T> present) {
        return present.toOptionals(25);
    }

    static Gen<Row> rows() {
        Gen<Integer> index = Generate.range(0, 4096);
        Gen<String> uuid = uuids();
        Gen<String> name = names();
        Gen<String> computeMode = Generate.pick(List.of("Default", "Exclusive_Process", "Prohibited", "[N/A]"));
        Gen<Optional<Long>> memory = optional(Generate.longRange(0, 10_000_000));
        Gen<Optional<String>> mig = optional(Generate.pick(List.of("Enabled", "Disabled")));
        Gen<Optional<String>> driver = optional(Props.strings("0123456789.", 1, 12));
        Gen<Optional<String>> bus = optional(Props.strings("0123456789ABCDEF:.", 1, 16));
        Gen<Optional<Integer>> utilization = optional(Generate.range(0, 100));
        Gen<Optional<Long>> used = optional(Generate.longRange(0, 10_000_000));
        return in -> new Row(index.generate(in), uuid.generate(in), name.generate(in), computeMode.generate(in), memory.generate(in),
                mig.generate(in), driver.generate(in), bus.generate(in), utilization.generate(in), used.generate(in));
    }

    @Test
    void wellFormedRowsReadBackFieldForField() {
        Props.qt(2000).forAll(rowLists(), Generate.booleans(), Generate.booleans()).checkAssert((rows, spaced, crlf) -> {
            StringBuilder csv = new StringBuilder();
            for (Row row : rows) {
                csv.append(row.csv(spaced ? " " : "")).append(crlf ? "\r\n" : "\n");
            }
            List<Gpu> gpus = NvidiaSmiParser.parse(csv.toString());
            assertEquals(rows.size(), gpus.size());
            for (int i = 0; i < rows.size(); i++) {
                Row row = rows.get(i);
                Gpu gpu = gpus.get(i);
                assertEquals(row.index(), gpu.index());
                assertEquals(row.uuid(), gpu.uuid().value());
                assertEquals(row.name(), gpu.name());
                assertEquals(row.computeMode(), gpu.computeMode());
                assertEquals(row.memory(), gpu.memoryTotalMiB());
                assertEquals(row.mig(), gpu.migMode());
                assertEquals(row.driver(), gpu.driverVersion());
                assertEquals(row.bus(), gpu.pciBusId());
                assertEquals(row.utilization(), gpu.utilizationPercent());
                assertEquals(row.used(), gpu.memoryUsedMiB());
            }
        });
    }

    static Gen<List<Row>> rowLists() {
        return SourceDSL.lists().of(rows()).ofSizeBetween(0, 8);
    }

    @Test
    void anyOutputIsReadOrRefusedWithOneLineNamingTheRow() {
        Props.qt(3000).forAll(mangledOutput()).checkAssert(output -> {
            try {
                NvidiaSmiParser.parse(output);
            } catch (CumpsException e) {
                String message = e.getMessage();
                assertTrue(message.startsWith("nvidia-smi printed a malformed row "), message);
                assertFalse(message.contains("\n") || message.contains("\r"), "one line: " + message);
            }
        });
    }

    @Test
    void aRowBrokenInAKnownWayIsRefusedNamingItsLineAndTheReason() {
        Props.qt(2000).forAll(rowLists(), rows(), Generate.range(0, 5), Generate.range(101, 999)).checkAssert((good, row, breakage, percent) -> {
            List<String> cells = new ArrayList<>(List.of(row.csv("").split(",", -1)));
            String reason = switch (breakage) {
                case 0 -> {
                    cells.add("extra");
                    yield "expected 10 comma-separated values, found 11";
                }
                case 1 -> {
                    cells.set(0, "x" + row.index());
                    yield "index 'x" + row.index() + "' is not a number";
                }
                case 2 -> {
                    cells.set(0, "-" + (row.index() + 1));
                    yield "index is negative";
                }
                case 3 -> {
                    cells.set(3, "Bogus_Mode");
                    yield "unknown compute mode 'Bogus_Mode'";
                }
                case 4 -> {
                    cells.set(4, row.index() + "GiB");
                    yield "memory.total '" + row.index() + "GiB' is not a number of MiB";
                }
                default -> {
                    cells.set(8, Integer.toString(percent));
                    yield "utilization.gpu '" + percent + "' is not a percentage from 0 to 100";
                }
            };
            String broken = String.join(",", cells);
            StringBuilder csv = new StringBuilder();
            good.forEach(r -> csv.append(r.csv("")).append('\n'));
            csv.append(broken).append('\n');
            CumpsException e = assertThrows(CumpsException.class, () -> NvidiaSmiParser.parse(csv.toString()), "must be refused: " + broken);
            String shown = broken.length() > 160 ? broken.substring(0, 160) + "…" : broken;
            assertEquals("nvidia-smi printed a malformed row " + (good.size() + 1) + " ('" + shown + "'): " + reason, e.getMessage());
        });
    }

    /** Good rows with one cell replaced, cut, or joined with junk; and arbitrary text. */
    static Gen<String> mangledOutput() {
        Gen<String> junk = Props.anyStrings(0, 24);
        Gen<String> oneCellReplaced = rows().zip(Generate.range(0, 9), junk, (row, cell, value) -> {
            List<String> cells = new ArrayList<>(List.of(row.csv("").split(",", -1)));
            cells.set(cell, value);
            return String.join(", ", cells) + "\n";
        });
        Gen<String> cut = Props.cut(rows().map(r -> r.csv(" ")));
        return Generate.oneOf(oneCellReplaced, cut, Props.anyStrings(0, 400),
                Props.strings("0123456789,GPU-abcdef[]N/A \n\r\u000b\u0085\u2028", 0, 300));
    }
}
