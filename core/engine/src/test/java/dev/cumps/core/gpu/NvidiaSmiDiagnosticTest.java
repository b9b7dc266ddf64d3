package dev.cumps.core.gpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.cumps.core.exec.CommandResult;
import dev.cumps.core.exec.ExecText;
import dev.cumps.core.host.HostEnvironment;
import dev.cumps.core.host.HostPaths;
import dev.cumps.core.message.Message;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Every way nvidia-smi can fail is a diagnostic message with a key; its English is unchanged. */
class NvidiaSmiDiagnosticTest {
    private static final HostEnvironment HOST = new HostEnvironment(Map.of("PATH", "/usr/bin"), 1000, "node1", "Linux",
            HostPaths.under(Path.of("/nonexistent/cumps-test")));

    private static GpuInventory query(CommandResult result) {
        return new NvidiaSmi(spec -> result, HOST).query();
    }

    @Test
    void missingNvidiaSmi() {
        GpuInventory inventory = query(CommandResult.notFound("nvidia-smi"));
        assertFalse(inventory.nvidiaSmiAvailable());
        assertEquals(Message.of(GpuText.SMI_NOT_FOUND), inventory.diagnosticText().orElseThrow());
        assertEquals("nvidia-smi was not found on PATH; install the NVIDIA driver utilities or add them to PATH",
                inventory.diagnostic().orElseThrow());
    }

    @Test
    void hungNvidiaSmi() {
        GpuInventory inventory = query(CommandResult.timedOut("nvidia-smi", "", ""));
        assertEquals(GpuText.SMI_TIMED_OUT, inventory.diagnosticText().orElseThrow().id());
        assertEquals("nvidia-smi did not answer within 5 s and was stopped; the driver may be hung", inventory.diagnostic().orElseThrow());
    }

    @Test
    void failingNvidiaSmiKeepsItsOutputRaw() {
        GpuInventory inventory = query(CommandResult.exited("nvidia-smi", 9, "", "NVIDIA-SMI has failed\nsecond line"));
        Message text = inventory.diagnosticText().orElseThrow();
        assertEquals(ExecText.EXITED_WITH_DETAIL, text.id());
        assertEquals("NVIDIA-SMI has failed", text.args().get(2));
        assertEquals("nvidia-smi exited with status 9: NVIDIA-SMI has failed", inventory.diagnostic().orElseThrow());
    }

    @Test
    void malformedOutputNamesTheRowAndTheReason() {
        GpuInventory inventory = query(CommandResult.exited("nvidia-smi", 0, "x, y\n", ""));
        Message text = inventory.diagnosticText().orElseThrow();
        assertEquals(GpuText.SMI_MALFORMED_ROW, text.id());
        assertEquals(GpuText.ROW_FIELD_COUNT, ((Message) text.args().get(2)).id());
        assertEquals("nvidia-smi printed a malformed row 1 ('x, y'): expected 10 comma-separated values, found 2",
                inventory.diagnostic().orElseThrow());
    }

    @Test
    void noGpusIsAvailableButSaysSo() {
        GpuInventory inventory = query(CommandResult.exited("nvidia-smi", 0, "", ""));
        assertEquals(true, inventory.nvidiaSmiAvailable());
        assertEquals(Message.of(GpuText.SMI_NO_GPUS), inventory.diagnosticText().orElseThrow());
    }
}
