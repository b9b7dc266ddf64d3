package dev.cumps.bench;

import dev.cumps.core.record.DaemonRecord;
import dev.cumps.core.record.RecordCodec;
import dev.cumps.core.record.RecordLookup;
import java.io.IOException;
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

/** Reading and writing one daemon.json: the codec alone, and through the store (file, lock-free). */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class RecordBenchmark {
    private BenchHost host;
    private DaemonRecord record;
    private DaemonRecord scratch;
    private String text;

    @Setup(Level.Trial)
    public void setUp() throws IOException {
        host = new BenchHost(1);
        record = host.record("reader", true);
        scratch = host.record("writer", true);
        host.store.write(record);
        text = RecordCodec.encode(record);
    }

    @TearDown(Level.Trial)
    public void tearDown() throws IOException {
        host.close();
    }

    @Benchmark
    public String encode() {
        return RecordCodec.encode(record);
    }

    @Benchmark
    public DaemonRecord decode() {
        return RecordCodec.decode(text);
    }

    /** Read: open, size-capped read and decode of the file, ownership checks. */
    @Benchmark
    public RecordLookup read() {
        return host.store.lookup("reader");
    }

    /** Write: a new record written durably (temp file, fsync, link, directory fsync), then removed. */
    @Benchmark
    public void writeAndRemove() {
        host.store.write(scratch);
        host.store.remove("writer");
    }
}
