package dev.cumps.core.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.core.gpu.Gpu;
import dev.cumps.core.gpu.GpuUuid;
import dev.cumps.core.gpu.Visibility;
import dev.cumps.core.message.CumpsException;
import dev.cumps.core.record.RecordNames;
import dev.cumps.core.testing.Props;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.quicktheories.core.Gen;
import org.quicktheories.generators.Generate;

/**
 * What users type to choose GPUs and name daemons: {@code --gpus}, {@code CUDA_VISIBLE_DEVICES}
 * entries, GPU UUIDs in any spelling nvidia-smi or a colleague might use, and {@code --name}. Valid
 * input always resolves to the GPU it names; anything else is refused with the core's own error. A
 * GPU index is ASCII digits only, as CUDA reads it: signs, hex and digits of other scripts (which
 * {@link Integer#parseInt} would take) name no GPU.
 */
class SelectorPropertyTest {

    private static List<Gpu> gpus(int count) {
        List<Gpu> gpus = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            gpus.add(new Gpu(i, GpuUuid.parse(String.format("GPU-5f0c1a2e-0000-4000-8000-%012x", i)), "H100", "Exclusive_Process",
                    Optional.of(81559L), Optional.of("Disabled"), Optional.of("550.54.15"), Optional.empty()));
        }
        return gpus;
    }

    /** Every spelling of a UUID that {@link GpuUuid#parse} accepts: any case, with or without GPU- and dashes, padded. */
    static Gen<String> spellings() {
        return Props.strings("0123456789abcdef", 32, 32).zip(Generate.range(0, 6), (hex, kind) -> {
            String dashed = hex.substring(0, 8) + "-" + hex.substring(8, 12) + "-" + hex.substring(12, 16) + "-" + hex.substring(16, 20)
                    + "-" + hex.substring(20);
            return List.of("GPU-" + dashed, "gpu-" + dashed, dashed, hex, "GPU-" + hex, ("GPU-" + dashed).toUpperCase(Locale.ROOT),
                    " GPU-" + dashed + " ").get(kind);
        });
    }

    @Test
    void everyUuidSpellingParsesToTheOneCanonicalForm() {
        Props.qt(3000).forAll(spellings()).checkAssert(spelling -> {
            GpuUuid uuid = GpuUuid.parse(spelling);
            String hex = spelling.strip().toLowerCase(Locale.ROOT).replaceFirst("^gpu-", "").replace("-", "");
            assertEquals("GPU-" + hex.substring(0, 8) + "-" + hex.substring(8, 12) + "-" + hex.substring(12, 16) + "-" + hex.substring(16, 20)
                    + "-" + hex.substring(20), uuid.value());
            assertEquals(uuid, GpuUuid.parse(uuid.value()));
            assertThrows(CumpsException.class, () -> GpuUuid.parse("MIG-" + spelling.strip()), "MIG devices are refused");
        });
    }

    @Test
    void anIndexOrAnyUuidSpellingSelectsThatGpu() {
        Props.qt(3000).forAll(Generate.range(1, 16), Generate.range(0, 15), Generate.booleans(), Generate.booleans()).checkAssert((count, pick, byUuid, lower) -> {
            List<Gpu> visible = gpus(count);
            int index = pick % count;
            Gpu gpu = visible.get(index);
            String selector = byUuid ? (lower ? gpu.uuid().bare() : gpu.uuid().value().toUpperCase(Locale.ROOT)) : Integer.toString(index);
            TopologyPlan plan = Selectors.resolve(Optional.of(selector), visible);
            assertEquals(TopologyMode.SINGLE_GPU, plan.mode());
            assertEquals(List.of(gpu), plan.gpus());
            assertEquals(List.of(gpu), Visibility.apply(Optional.of(selector), visible));
        });
    }

    @Test
    void anIndexOutOfRangeIsRefused() {
        Props.qt(2000).forAll(Generate.range(1, 16), Generate.range(0, 1_000_000)).checkAssert((count, beyond) -> {
            String selector = Integer.toString(count + beyond);
            CumpsException e = assertThrows(CumpsException.class, () -> Selectors.resolve(Optional.of(selector), gpus(count)));
            assertTrue(e.getMessage().contains("'" + selector + "'"), e.getMessage());
            assertThrows(CumpsException.class, () -> Visibility.apply(Optional.of(selector), gpus(count)));
        });
    }

    /** Junk made of the characters selectors are made of, plus unicode digits and blanks. */
    static Gen<String> junk() {
        return Generate.oneOf(Props.strings("0123456789,allGPUMIabcdef- +\u0663\uff11\u00a0\t", 0, 60), Props.anyStrings(0, 60));
    }

    @Test
    void anySelectorResolvesWithinTheVisibleGpusOrIsRefusedWithTheCoresError() {
        Props.qt(5000).forAll(junk(), Generate.range(1, 4)).checkAssert((selector, count) -> {
            List<Gpu> visible = gpus(count);
            try {
                TopologyPlan plan = Selectors.resolve(Optional.of(selector), visible);
                assertFalse(plan.gpus().isEmpty());
                assertTrue(visible.containsAll(plan.gpus()), "only visible GPUs are chosen");
            } catch (CumpsException e) {
                assertFalse(e.getMessage().isBlank());
            }
            try {
                List<Gpu> masked = Visibility.apply(Optional.of(selector), visible);
                assertTrue(visible.containsAll(masked), "a mask only narrows the GPUs");
            } catch (CumpsException e) {
                assertFalse(e.getMessage().isBlank());
            }
        });
    }

    /** Names of any characters, of the rule's characters, and of valid characters only around the 64-character limit. */
    static Gen<String> nameLike() {
        return Generate.oneOf(Props.strings("abz09-_A.", 0, 70), Props.anyStrings(0, 70), Props.strings("abz09-", 62, 66));
    }

    @Test
    void aNameIsAcceptedExactlyWhenItFollowsTheUniCumpsRule() {
        Props.qt(5000).forAll(nameLike()).checkAssert(name -> {
            boolean rule = name.length() >= 1 && name.length() <= 64 && name.chars().allMatch(c -> c >= 'a' && c <= 'z' || c >= '0' && c <= '9'
                    || c == '-') && name.charAt(0) != '-';
            if (rule) {
                assertEquals(name, RecordNames.validate(name));
            } else {
                CumpsException e = assertThrows(CumpsException.class, () -> RecordNames.validate(name));
                assertTrue(e.getMessage().startsWith("invalid daemon name"), e.getMessage());
            }
        });
    }

    /** Entries that look like an index but are not ASCII digits: signs, hex, and digits of other scripts. */
    static Gen<String> almostIndices() {
        Gen<String> digits = Props.strings("0123456789", 1, 3);
        Gen<String> foreignDigit = Generate.pick(List.of("\u0660", "\u0663", "\u06f1", "\u0967", "\u09e7", "\u1041", "\uff10", "\uff11",
                "\ud835\udfe3"));
        return digits.zip(foreignDigit, Generate.range(0, 5), (d, f, kind) -> switch (kind) {
            case 0 -> f + d;
            case 1 -> d + f;
            case 2 -> f;
            case 3 -> "+" + d;
            case 4 -> "0x" + d;
            default -> "-" + d;
        });
    }

    @Test
    void aGpuIndexIsAsciiDigitsOnlyForGpusAndForCudaVisibleDevices() {
        Props.qt(3000).forAll(almostIndices()).checkAssert(entry -> {
            List<Gpu> visible = gpus(4);
            CumpsException selector = assertThrows(CumpsException.class, () -> Selectors.resolve(Optional.of(entry), visible));
            assertTrue(selector.getMessage().contains("'" + entry + "'"), "the error names the entry: " + selector.getMessage());
            CumpsException mask = assertThrows(CumpsException.class, () -> Visibility.apply(Optional.of(entry), visible));
            assertTrue(mask.getMessage().contains(entry), "the error names the entry: " + mask.getMessage());
        });
    }

    @Test
    void asciiDigitsWithLeadingZerosStillNameTheirGpu() {
        Props.qt(2000).forAll(Generate.range(0, 3), Generate.range(0, 3)).checkAssert((index, zeros) -> {
            String entry = "0".repeat(zeros) + index;
            assertEquals(List.of(gpus(4).get(index)), Selectors.resolve(Optional.of(entry), gpus(4)).gpus());
            assertEquals(List.of(gpus(4).get(index)), Visibility.apply(Optional.of(entry), gpus(4)));
        });
    }
}
