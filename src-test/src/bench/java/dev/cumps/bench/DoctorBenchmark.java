package dev.cumps.bench;

import dev.cumps.core.doctor.DoctorReport;
import java.io.IOException;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * {@code cumps doctor --gpus 0} on a healthy host: one GPU in Exclusive_Process, the tools on PATH,
 * and one live managed daemon (a record of this JVM's pid and start time, a private pipe directory
 * with a listening {@code control} socket and a matching pid file, an empty {@code control.log});
 * the control client is answered in memory.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class DoctorBenchmark {
    private BenchHost host;

    @Setup(Level.Trial)
    public void setUp() throws IOException {
        host = new BenchHost(1);
        host.liveDaemon("healthy");
        DoctorReport report = host.services.doctor().run(Optional.of("0"));
        if (!report.valid()) {
            throw new IllegalStateException("the benchmark host is not healthy: " + report.toJsonMap());
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() throws IOException {
        host.close();
    }

    @Benchmark
    public DoctorReport healthyHost() {
        return host.services.doctor().run(Optional.of("0"));
    }
}
