package dev.cumps.bench;

import dev.cumps.core.gpu.Gpu;
import dev.cumps.core.gpu.NvidiaSmiParser;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/** Parsing {@code nvidia-smi --query-gpu} CSV for 1, 8 and 64 GPUs. */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class NvidiaSmiParseBenchmark {
    @Param({"1", "8", "64"})
    public int gpus;

    private String csv;

    @Setup
    public void setUp() {
        csv = BenchHost.smiCsv(gpus);
    }

    @Benchmark
    public List<Gpu> parse() {
        return NvidiaSmiParser.parse(csv);
    }
}
