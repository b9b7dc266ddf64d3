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
 * with a {@code control} socket that answers in NVIDIA's protocol and a matching pid file, an empty
 * {@code control.log}); the daemon is asked in-process, as the window asks it (the set-up fails if the doctor
 * asked through NVIDIA's program instead, or not at all).
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
        if (host.conversations.get() == 0 || host.programRuns.get() != 0) {
            throw new IllegalStateException("the doctor did not ask the daemon in-process: " + host.conversations + " conversations, "
                    + host.programRuns + " runs of NVIDIA's program");
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
