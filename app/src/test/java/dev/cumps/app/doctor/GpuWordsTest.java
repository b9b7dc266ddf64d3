package dev.cumps.app.doctor;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.cumps.app.i18n.Messages;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/** Review 2026-12-06 M-4: the GPU a run diagnosed is named with the part of its UUID that tells it apart. */
class GpuWordsTest {
    private static final String GPU0 = "GPU-5f0c1a2e-0000-4000-8000-000000000000";
    private static final String GPU1 = "GPU-5f0c1a2e-0000-4000-8000-000000000001";
    private static final String GPU10 = "GPU-5f0c1a2e-0000-4000-8000-000000010001";

    @Test
    void keepsTheStartAndEnoughOfTheEndToTellTheGpusApart() {
        assertEquals("GPU-5f0c1a2e…0001", GpuWords.shortUuid(GPU1, List.of(GPU0, GPU1)));
        assertEquals("GPU-5f0c1a2e…0000", GpuWords.shortUuid(GPU0, List.of(GPU0, GPU1)));
        assertEquals("GPU-5f0c1a2e…00001", GpuWords.shortUuid(GPU1, List.of(GPU0, GPU1, GPU10)));
        assertEquals("GPU-a", GpuWords.shortUuid("GPU-a", List.of("GPU-a", "GPU-b")));
    }

    @Test
    void namesTheGpuInEachLanguage() {
        String en = GpuWords.diagnosed(List.of(GpuWords.named(1, "NVIDIA H100", GPU1, List.of(GPU0, GPU1), Messages.forLocale(Locale.ENGLISH))),
                Messages.forLocale(Locale.ENGLISH));
        assertEquals("Diagnosed: GPU 1 · NVIDIA H100 · GPU-5f0c1a2e…0001", en);
        Messages zh = Messages.forLocale(Locale.SIMPLIFIED_CHINESE);
        assertEquals("诊断对象：GPU 1 · NVIDIA H100 · GPU-5f0c1a2e…0001",
                GpuWords.diagnosed(List.of(GpuWords.named(1, "NVIDIA H100", GPU1, List.of(GPU0, GPU1), zh)), zh));
    }
}
