package dev.cumps.bench;

import dev.cumps.core.json.Json;
import dev.cumps.core.status.HostStatus;
import java.io.IOException;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/** One status snapshot (what {@code cumps status} and every window refresh collect), and its JSON. */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class StatusBenchmark {
    /** Records in the record root, half of them stale. */
    @Param({"0", "10", "100", "1000"})
    public int records;

    private BenchHost host;

    @Setup(Level.Trial)
    public void setUp() throws IOException {
        host = new BenchHost(1);
        host.records(records);
        if (host.services.status().collect().daemons().size() != records) {
            throw new IllegalStateException("setup wrote the wrong number of records");
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() throws IOException {
        host.close();
    }

    @Benchmark
    public HostStatus snapshot() {
        return host.services.status().collect();
    }

    @Benchmark
    public String snapshotAsJson() {
        return Json.write(host.services.status().collect().toJsonMap());
    }
}
