package dev.cumps.core.gpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.core.CumpsException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Rows of {@code nvidia-smi --query-gpu=... --format=csv,noheader,nounits}: every well-formed row
 * reads back field for field, and any other text is either read or refused with the parser's own
 * one-line error naming the row (never another exception).
 */
class NvidiaSmiParserPropertyTest {

    /** One GPU as nvidia-smi would print it, and what the parser must make of it. */
    record Row(int index, String uuid, String name, String computeMode, Optional<Long> memory, Optional<String> mig,
               Optional<String> driver, Optional<String> bus) {
        String csv(String separator) {
            return String.join("," + separator, List.of(Integer.toString(index), uuid, name, computeMode,
                    memory.map(String::valueOf).orElse("[N/A]"), mig.orElse("[N/A]"), driver.orElse("N/A"), bus.orElse("[Not Supported]")));
        }
    }

    @Provide
    Arbitrary<String> uuids() {
        return Arbitraries.strings().withChars("0123456789abcdef").ofLength(32)
                .map(h -> "GPU-" + h.substring(0, 8) + "-" + h.substring(8, 12) + "-" + h.substring(12, 16) + "-" + h.substring(16, 20)
                        + "-" + h.substring(20));
    }

    /** GPU names: printable, no comma (nvidia-smi's CSV has no quoting), no surrounding blanks. */
    @Provide
    Arbitrary<String> names() {
        return Arbitraries.strings().withCharRange(' ', '~').withCharRange('\u00a0', '\u4dff').excludeChars(',', '\u2028', '\u2029').ofMinLength(1).ofMaxLength(40)
                .map(String::strip).filter(s -> !s.isEmpty() && !s.startsWith("[") && !s.equalsIgnoreCase("N/A"));
    }

    @Provide
    Arbitrary<Row> rows() {
        Arbitrary<Optional<Long>> memory = Arbitraries.longs().between(0, 10_000_000).optional();
        Arbitrary<Optional<String>> mig = Arbitraries.of("Enabled", "Disabled").optional();
        Arbitrary<Optional<String>> driver = Arbitraries.strings().withChars("0123456789.").ofMinLength(1).ofMaxLength(12).optional();
        Arbitrary<Optional<String>> bus = Arbitraries.strings().withChars("0123456789ABCDEF:.").ofMinLength(1).ofMaxLength(16)
                .optional();
        return Combinators.combine(Arbitraries.integers().between(0, 4096), uuids(), names(),
                Arbitraries.of("Default", "Exclusive_Process", "Prohibited", "[N/A]"), memory, mig, driver, bus).as(Row::new);
    }

    @Property(tries = 2000)
    void wellFormedRowsReadBackFieldForField(@ForAll("rowLists") List<Row> rows, @ForAll boolean spaced, @ForAll boolean crlf) {
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
        }
    }

    @Provide
    Arbitrary<List<Row>> rowLists() {
        return rows().list().ofMaxSize(8);
    }

    @Property(tries = 3000)
    void anyOutputIsReadOrRefusedWithOneLineNamingTheRow(@ForAll("mangledOutput") String output) {
        try {
            NvidiaSmiParser.parse(output);
        } catch (CumpsException e) {
            String message = e.getMessage();
            assertTrue(message.startsWith("nvidia-smi printed a malformed row "), message);
            assertFalse(message.contains("\n") || message.contains("\r"), "one line: " + message);
        }
    }

    /** Good rows with one cell replaced, cut, or joined with junk; and arbitrary text. */
    @Provide
    Arbitrary<String> mangledOutput() {
        Arbitrary<String> junk = Arbitraries.strings().all().ofMaxLength(24);
        Arbitrary<String> oneCellReplaced = Combinators.combine(rows(), Arbitraries.integers().between(0, 7), junk).as((row, cell, value) -> {
            List<String> cells = new ArrayList<>(List.of(row.csv("").split(",", -1)));
            cells.set(cell, value);
            return String.join(", ", cells) + "\n";
        });
        Arbitrary<String> cut = rows().map(r -> r.csv(" ")).flatMap(s -> Arbitraries.integers().between(0, s.length()).map(n -> s.substring(0, n)));
        return Arbitraries.oneOf(oneCellReplaced, cut, Arbitraries.strings().all().ofMaxLength(400),
                Arbitraries.strings().withChars("0123456789,GPU-abcdef[]N/A \n\r\u000b\u0085\u2028").ofMaxLength(300));
    }
}
