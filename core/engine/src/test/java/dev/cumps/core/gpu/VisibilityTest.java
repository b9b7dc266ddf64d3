package dev.cumps.core.gpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.core.message.CumpsException;
import dev.cumps.core.topology.Selectors;
import dev.cumps.core.topology.TopologyMode;
import dev.cumps.core.topology.TopologyPlan;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class VisibilityTest {
    static Gpu gpu(int index, String mode, String mig) {
        return new Gpu(index, GpuUuid.parse(String.format("5f0c1a2e-0000-4000-8000-%012d", index)), "NVIDIA H100", mode,
                Optional.of(81559L), Optional.ofNullable(mig), Optional.of("550.54.15"), Optional.empty());
    }

    static final List<Gpu> THREE = List.of(gpu(0, "Exclusive_Process", "Disabled"), gpu(1, "Default", "Disabled"),
            gpu(2, "Exclusive_Process", "Enabled"));

    @ParameterizedTest
    @ValueSource(strings = {"", "all", "ALL", "  "})
    void emptyOrAllMeansEveryGpu(String mask) {
        assertEquals(THREE, Visibility.apply(Optional.of(mask), THREE));
        assertEquals(THREE, Visibility.apply(Optional.empty(), THREE));
    }

    @Test
    void indicesAndUuidsInAnyCaseSelectInMaskOrder() {
        List<Gpu> visible = Visibility.apply(Optional.of("2, gpu-5F0C1A2E-0000-4000-8000-000000000000"), THREE);
        assertEquals(List.of(THREE.get(2), THREE.get(0)), visible);
    }

    @Test
    void anEntryMatchingNoGpuIsAnErrorNamingIt() {
        CumpsException e = assertThrows(CumpsException.class, () -> Visibility.apply(Optional.of("0,7"), THREE));
        assertTrue(e.getMessage().contains("'7'"), e.getMessage());
    }

    @Test
    void migEntryInTheMaskIsRefused() {
        CumpsException e = assertThrows(CumpsException.class,
                () -> Visibility.apply(Optional.of("MIG-5f0c1a2e-0000-4000-8000-000000000000"), THREE));
        assertTrue(e.getMessage().contains("MIG"));
    }

    @Test
    void noSelectorPicksTheSoleVisibleGpu() {
        TopologyPlan plan = Selectors.resolve(Optional.empty(), List.of(THREE.get(1)));
        assertEquals(TopologyMode.SINGLE_GPU, plan.mode());
        assertEquals(THREE.get(1), plan.requireSingleGpu());
    }

    @Test
    void noSelectorWithSeveralVisibleAsksForGpus() {
        CumpsException e = assertThrows(CumpsException.class, () -> Selectors.resolve(Optional.empty(), THREE));
        assertTrue(e.getMessage().contains("--gpus"), e.getMessage());
        assertTrue(e.getMessage().contains("1=GPU-5f0c1a2e-0000-4000-8000-000000000001"), "lists the GPUs to choose from: " + e.getMessage());
    }

    @Test
    void indexAndUuidSelectorsAreSingleGpu() {
        assertEquals(THREE.get(1), Selectors.resolve(Optional.of("1"), THREE).requireSingleGpu());
        assertEquals(THREE.get(0), Selectors.resolve(Optional.of("5F0C1A2E000040008000000000000000"), THREE).requireSingleGpu());
    }

    @Test
    void commaListParsesAsSingleTaskMultiGpuAndFailsClosed() {
        TopologyPlan plan = Selectors.resolve(Optional.of("0,1"), THREE);
        assertEquals(TopologyMode.SINGLE_TASK_MULTI_GPU, plan.mode());
        CumpsException e = assertThrows(CumpsException.class, plan::requireSingleGpu);
        assertTrue(e.getMessage().contains("single_task_multi_gpu"), e.getMessage());
        assertTrue(e.getMessage().contains("not supported"), e.getMessage());
    }

    @Test
    void allParsesAsTaskPerGpuAndFailsClosed() {
        TopologyPlan plan = Selectors.resolve(Optional.of("all"), THREE);
        assertEquals(TopologyMode.TASK_PER_GPU, plan.mode());
        assertEquals(3, plan.gpus().size());
        CumpsException e = assertThrows(CumpsException.class, plan::requireSingleGpu);
        assertTrue(e.getMessage().contains("task_per_gpu"), e.getMessage());
    }

    @Test
    void migEnabledGpuIsRefusedNamingMig() {
        CumpsException e = assertThrows(CumpsException.class, () -> Selectors.resolve(Optional.of("2"), THREE).requireSingleGpu());
        assertTrue(e.getMessage().contains("MIG"), e.getMessage());
    }

    @Test
    void selectorCannotNameAGpuTheMaskHides() {
        List<Gpu> visible = Visibility.apply(Optional.of("1"), THREE);
        assertThrows(CumpsException.class, () -> Selectors.resolve(Optional.of("0"), visible));
    }

    @Test
    void modesAreAlwaysListedInCanonicalOrder() {
        assertEquals(List.of("single_gpu", "single_task_multi_gpu", "task_per_gpu"), TopologyMode.ids());
    }
    /** Integer.parseInt accepts all of these as an index; CUDA accepts none, so neither does cumps. */
    @ParameterizedTest
    @ValueSource(strings = {"\u0661", "\uff11", "+1", "-0", " 1", "1 ", "0x1", "1.0", "\u00a01", "\u0661,0", "0,+1"})
    void aSelectorEntryThatIsNotAsciiDigitsOrAUuidIsAnErrorNamingIt(String selector) {
        CumpsException e = assertThrows(CumpsException.class, () -> Selectors.resolve(Optional.of(selector), THREE));
        String bad = Arrays.stream(selector.split(",")).filter(x -> !x.equals("0")).findFirst().orElseThrow();
        assertTrue(e.getMessage().contains("'" + bad + "'"), e.getMessage());
        assertTrue(e.getMessage().contains("ASCII digits"), e.getMessage());
    }

    @Test
    void leadingZerosAreStillAnAsciiIndex() {
        assertEquals(THREE.get(1), Selectors.resolve(Optional.of("01"), THREE).requireSingleGpu());
    }

    @ParameterizedTest
    @ValueSource(strings = {"\u0661", "\uff11", "+1", "-0", "0x1", "\u00a01", "0,\u0661"})
    void aMaskEntryThatIsNotAsciiDigitsOrAUuidIsAnErrorNamingIt(String mask) {
        CumpsException e = assertThrows(CumpsException.class, () -> Visibility.apply(Optional.of(mask), THREE));
        String bad = mask.startsWith("0,") ? mask.substring(2) : mask;
        assertTrue(e.getMessage().contains("'" + bad + "'"), e.getMessage());
    }

    @ParameterizedTest
    @ValueSource(strings = {" 1", "1 ", "\t1"})
    void asciiBlanksAroundAMaskEntryAreIgnored(String mask) {
        assertEquals(List.of(THREE.get(1)), Visibility.apply(Optional.of(mask), THREE));
    }

    @Test
    void aTooLargeIndexIsAnErrorNotAnOverflow() {
        CumpsException e = assertThrows(CumpsException.class, () -> Selectors.resolve(Optional.of("99999999999"), THREE));
        assertTrue(e.getMessage().contains("'99999999999'"), e.getMessage());
    }
}
