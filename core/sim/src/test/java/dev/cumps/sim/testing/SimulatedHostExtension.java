package dev.cumps.sim.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * Gives a test method (or its {@code @BeforeEach}) a fresh {@link SimHost}: a private simulated NVIDIA
 * host in {@code /tmp/shXXXX} whose stand-ins run from the test class path, one GPU until the test
 * {@link SimHost#configure reconfigures} it. After the test it ends, by pid, exactly the processes
 * started on that host and removes it; a process left running fails the test.
 *
 * <pre>{@code
 * @ExtendWith(SimulatedHostExtension.class)
 * class SomeTest {
 *     @Test
 *     void something(SimHost host) { ... host.tool(SimTools.MPS_CONTROL) ... host.environment() ... }
 * }
 * }</pre>
 */
public final class SimulatedHostExtension implements ParameterResolver, AfterEachCallback {
    private static final ExtensionContext.Namespace NS = ExtensionContext.Namespace.create(SimulatedHostExtension.class);
    private static final String KEY = "host";

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        return parameter.getParameter().getType() == SimHost.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        // One host per test method, shared by its @BeforeEach methods and the test itself.
        return context.getStore(NS).getOrComputeIfAbsent(KEY, key -> {
            try {
                return SimHost.create("sh", System.getProperty("java.class.path"));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }, SimHost.class);
    }

    @Override
    public void afterEach(ExtensionContext context) throws Exception {
        SimHost host = context.getStore(NS).remove(KEY, SimHost.class);
        if (host != null) {
            host.close();
        }
    }
}
