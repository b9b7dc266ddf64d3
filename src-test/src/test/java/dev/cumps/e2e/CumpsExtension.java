package dev.cumps.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.cumps.sim.SimConfig;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * Gives each test method a fresh {@link CumpsHarness} (one simulated GPU until the test
 * {@link CumpsHarness#configure reconfigures} it) and closes it after the test, which ends exactly
 * the processes the test started. After each class it checks that no process started by any test
 * of this run is still running.
 */
final class CumpsExtension implements ParameterResolver, AfterEachCallback, AfterAllCallback {
    private static final ExtensionContext.Namespace NS = ExtensionContext.Namespace.create(CumpsExtension.class);

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        return parameter.getParameter().getType() == CumpsHarness.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        return context.getStore(NS).getOrComputeIfAbsent("harness", key -> {
            try {
                return new CumpsHarness(SimConfig.defaults(1));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }, CumpsHarness.class);
    }

    @Override
    public void afterEach(ExtensionContext context) throws Exception {
        CumpsHarness harness = context.getStore(NS).remove("harness", CumpsHarness.class);
        if (harness != null) {
            harness.close();
        }
    }

    @Override
    public void afterAll(ExtensionContext context) {
        List<Long> left = Procs.runningWithEnv(CumpsHarness.MARKER_VARIABLE + "=" + CumpsHarness.SUITE_MARKER + "-");
        assertEquals(List.of(), left, "processes started by the end-to-end tests still running: "
                + left.stream().map(pid -> pid + " " + Procs.cmdline(pid)).toList());
    }
}
