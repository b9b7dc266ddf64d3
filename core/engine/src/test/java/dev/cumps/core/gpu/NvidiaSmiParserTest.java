package dev.cumps.core.gpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.core.message.CumpsException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class NvidiaSmiParserTest {
    static String fixture(String name) throws IOException {
        try (InputStream in = NvidiaSmiParserTest.class.getResourceAsStream(name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void parsesEveryFieldAndCanonicalisesUuids() throws IOException {
        List<Gpu> gpus = NvidiaSmiParser.parse(fixture("two-gpus.csv"));
        assertEquals(2, gpus.size());
        Gpu first = gpus.get(0);
        assertEquals(0, first.index());
        assertEquals("GPU-5f0c1a2e-0000-4000-8000-000000000000", first.uuid().value());
        assertEquals("NVIDIA H100 80GB HBM3", first.name());
        assertEquals(Gpu.ComputeMode.EXCLUSIVE_PROCESS, first.mode());
        assertEquals(Optional.of(81559L), first.memoryTotalMiB());
        assertEquals(Optional.of("550.54.15"), first.driverVersion());
        assertFalse(first.migEnabled());
        assertEquals(Optional.of(37), first.utilizationPercent());
        assertEquals(Optional.of(2048L), first.memoryUsedMiB());
        Gpu second = gpus.get(1);
        assertEquals("GPU-5f0c1a2e-0000-4000-8000-000000000001", second.uuid().value());
        assertEquals(Optional.empty(), second.migMode(), "[N/A] means the field is unavailable, not a value");
        assertEquals(Gpu.ComputeMode.DEFAULT, second.mode());
        assertEquals(Optional.empty(), second.utilizationPercent(), "[Not Supported] is unknown, not 0 %");
        assertEquals(Optional.empty(), second.memoryUsedMiB());
    }

    @ParameterizedTest
    @CsvSource({
            "short-row.csv, 'expected 10 comma-separated values, found 4'",
            "bad-index.csv, index 'zero' is not a number",
            "bad-uuid.csv, not a GPU UUID",
            "garbage.csv, expected 10",
            "bad-mode.csv, unknown compute mode 'Shared'"})
    void malformedRowsAreErrorsNamingTheRow(String file, String why) throws IOException {
        CumpsException e = assertThrows(CumpsException.class, () -> NvidiaSmiParser.parse(fixture(file)));
        assertTrue(e.getMessage().contains("malformed row 1"), e.getMessage());
        assertTrue(e.getMessage().contains(why), e.getMessage());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "101, 0 | utilization.gpu '101' is not a percentage from 0 to 100",
            "-1, 0 | utilization.gpu '-1' is not a percentage from 0 to 100",
            "busy, 0 | utilization.gpu 'busy' is not a percentage from 0 to 100",
            "5, lots | memory.used 'lots' is not a number of MiB"})
    void impossibleLoadFiguresAreErrorsNamingTheField(String load, String why) {
        CumpsException e = assertThrows(CumpsException.class, () -> NvidiaSmiParser.parse(
                "0, GPU-5f0c1a2e-0000-4000-8000-000000000000, A100, Default, 40536, Disabled, 535.1, 0:1:0.0, " + load + "\n"));
        assertTrue(e.getMessage().endsWith(why), e.getMessage());
    }

    @Test
    void migEnabledIsRecognised() {
        List<Gpu> gpus = NvidiaSmiParser.parse("0, GPU-5f0c1a2e-0000-4000-8000-000000000000, A100, Default, 40536, Enabled, 535.1, 0:1:0.0, 0, 0\n");
        assertTrue(gpus.get(0).migEnabled());
    }

    @Test
    void emptyOutputIsNoGpus() {
        assertTrue(NvidiaSmiParser.parse("\n").isEmpty());
    }
}
