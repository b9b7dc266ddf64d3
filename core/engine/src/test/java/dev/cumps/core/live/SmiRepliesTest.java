package dev.cumps.core.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.cumps.core.message.CumpsException;
import java.util.List;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The two nvidia-smi queries of the live view, as nvidia-smi prints them with csv,noheader,nounits. */
class SmiRepliesTest {
    private static final String GPU0 = "GPU-a1b2c3d4-0000-4000-8000-000000000000";
    private static final String GPU1 = "GPU-a1b2c3d4-0000-4000-8000-000000000001";

    @Test
    void computeAppsAreOneRowPerProcessAndGpu() {
        assertEquals(List.of(new ComputeApp(4242, GPU0, OptionalLong.of(1024)), new ComputeApp(4243, GPU1, OptionalLong.empty())),
                SmiReplies.computeApps("4242, " + GPU0 + ", 1024\n4243, " + GPU1 + ", [N/A]\n"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "\n", "No running processes found\n"})
    void noProcessesIsAnEmptyList(String csv) {
        assertEquals(List.of(), SmiReplies.computeApps(csv));
    }

    @ParameterizedTest
    @ValueSource(strings = {"4242, " + GPU0 + "\n", "4242, " + GPU0 + ", 10, extra\n", "abc, " + GPU0 + ", 10\n",
        "0, " + GPU0 + ", 10\n", "4242, GPU-nope, 10\n", "4242, " + GPU0 + ", lots\n", "4242, " + GPU0 + ", -5\n",
        "\u0000\u0007%%%% NVML: [unexpected token 0x7f] <<<garbled>>>\n"})
    void garbageRowsAreRefusedWithTheRowNamed(String csv) {
        CumpsException e = assertThrows(CumpsException.class, () -> SmiReplies.computeApps(csv));

        assertEquals("live.SMI_MALFORMED_ROW", e.errorMessage().key());
        assertEquals(true, e.getMessage().startsWith("nvidia-smi printed a malformed row 1 ("), e.getMessage());
        assertEquals(false, e.getMessage().contains("\u0000"), e.getMessage());
    }

    @Test
    void malformedRowNamesTheFieldAndTheValue() {
        CumpsException e = assertThrows(CumpsException.class, () -> SmiReplies.computeApps("4242, " + GPU0 + ", lots\n"));

        assertEquals("nvidia-smi printed a malformed row 1 ('4242, " + GPU0 + ", lots'): used_memory 'lots' is not a number",
                e.getMessage());
    }
}
