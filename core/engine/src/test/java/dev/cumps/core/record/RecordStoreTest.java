package dev.cumps.core.record;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.core.gpu.GpuUuid;
import dev.cumps.core.message.CumpsException;
import dev.cumps.core.message.Message;
import dev.cumps.core.testing.Sandbox;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class RecordStoreTest {
    static final Clock CLOCK = Clock.fixed(Instant.ofEpochMilli(1_790_000_000_123L), ZoneOffset.UTC);

    @TempDir
    Path root;

    static DaemonRecord record(String name, int uid, String host) {
        return new DaemonRecord(name, uid, host, "single_gpu", List.of("GPU-5f0c1a2e-0000-4000-8000-000000000000"),
                Path.of("/tmp/uni-cumps-1000/" + name + "/pipe"), Path.of("/tmp/uni-cumps-1000/" + name + "/log"),
                4242, 987654, 1790000000.25);
    }

    RecordStore store() {
        return new RecordStore(root, 1000, "node1", CLOCK);
    }

    @Test
    void writesUniCumpsFormatPrivatelyAndReadsItBack() throws Exception {
        DaemonRecord r = record("train", 1000, "node1");
        store().write(r);
        Path file = root.resolve("train/daemon.json");
        String expected = """
                {
                  "created_at": 1790000000.25,
                  "gpu_uuids": [
                    "GPU-5f0c1a2e-0000-4000-8000-000000000000"
                  ],
                  "host": "node1",
                  "log_directory": "/tmp/uni-cumps-1000/train/log",
                  "name": "train",
                  "pid": 4242,
                  "pipe_directory": "/tmp/uni-cumps-1000/train/pipe",
                  "process_start_ticks": 987654,
                  "topology_mode": "single_gpu",
                  "uid": 1000
                }
                """;
        assertEquals(expected, Files.readString(file));
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file.getParent())));
        assertEquals(new RecordLookup.Found(r), store().lookup("train"));
        assertEquals(List.of(r), store().list().records());
        try (var s = Files.list(file.getParent())) {
            assertEquals(List.of(file), s.toList(), "no temporary file is left behind");
        }
    }

    @Test
    void neverOverwritesAnExistingRecord() throws Exception {
        store().write(record("train", 1000, "node1"));
        String before = Files.readString(root.resolve("train/daemon.json"));
        DaemonRecord other = new DaemonRecord("train", 1000, "node1", "single_gpu", List.of(), Path.of("/p"), Path.of("/l"), 1, 2, 3.0);
        CumpsException e = assertThrows(CumpsException.class, () -> store().write(other));
        assertTrue(e.getMessage().contains("already exists"));
        assertEquals(before, Files.readString(root.resolve("train/daemon.json")));
    }

    @Test
    void recordsOfAnotherUserOrHostAreNeitherListedNorFound() {
        store().write(record("mine", 1000, "node1"));
        new RecordStore(root, 1001, "node1", CLOCK).write(record("theirs", 1001, "node1"));
        new RecordStore(root, 1000, "node2", CLOCK).write(record("elsewhere", 1000, "node2"));
        assertEquals(List.of("mine"), store().list().records().stream().map(DaemonRecord::name).toList());
        assertInstanceOf(RecordLookup.Foreign.class, store().lookup("theirs"));
        assertInstanceOf(RecordLookup.Foreign.class, store().lookup("elsewhere"));
    }

    @Test
    void readsAHandWrittenUniCumpsRecordWithIntegerCreatedAt() throws Exception {
        Files.createDirectories(root.resolve("py"));
        Files.writeString(root.resolve("py/daemon.json"), "{\"created_at\": 1790000000, \"gpu_uuids\": [\"GPU-5f0c1a2e-0000-4000-8000-000000000000\"],"
                + " \"host\": \"node1\", \"log_directory\": \"/l\", \"name\": \"py\", \"pid\": 7, \"pipe_directory\": \"/p\","
                + " \"process_start_ticks\": 9, \"topology_mode\": \"single_gpu\", \"uid\": 1000, \"future_field\": 1}");
        RecordLookup found = store().lookup("py");
        assertInstanceOf(RecordLookup.Found.class, found);
        assertEquals(7, ((RecordLookup.Found) found).record().pid());
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "not json at all",
            "[]",
            "{\"name\": \"bad\"}",
            "{\"created_at\": 1.0, \"gpu_uuids\": [], \"host\": \"node1\", \"log_directory\": \"/l\", \"name\": \"bad\", \"pid\": \"7\","
                    + " \"pipe_directory\": \"/p\", \"process_start_ticks\": 9, \"topology_mode\": \"single_gpu\", \"uid\": 1000}",
            "{\"created_at\": 1.0, \"gpu_uuids\": [], \"host\": \"node1\", \"log_directory\": \"relative\", \"name\": \"bad\", \"pid\": 7,"
                    + " \"pipe_directory\": \"/p\", \"process_start_ticks\": 9, \"topology_mode\": \"single_gpu\", \"uid\": 1000}"})
    void unparseableRecordsAreReportedWithAReason(String content) throws Exception {
        Files.createDirectories(root.resolve("bad"));
        Files.writeString(root.resolve("bad/daemon.json"), content);
        RecordListing listing = store().list();
        assertTrue(listing.records().isEmpty());
        assertEquals(1, listing.unreadable().size());
        UnreadableRecord u = listing.unreadable().get(0);
        assertEquals("bad", u.name());
        assertFalse(u.reason().isBlank());
    }

    @Test
    void quarantineMovesTheRecordAsideWithEpochMillis() throws Exception {
        store().write(record("old", 1000, "node1"));
        Path moved = store().quarantine("old");
        assertEquals(root.resolve(".stale/old-1790000000123"), moved);
        assertTrue(Files.isRegularFile(moved.resolve("daemon.json")));
        assertFalse(Files.exists(root.resolve("old")));
        assertTrue(store().list().records().isEmpty(), ".stale is not listed");
    }

    @Test
    void removeDeletesRecordAndItsEmptyDirectory() {
        store().write(record("gone", 1000, "node1"));
        store().remove("gone");
        assertFalse(Files.exists(root.resolve("gone")));
        assertInstanceOf(RecordLookup.Missing.class, store().lookup("gone"));
    }

    @Test
    void temporaryFilesOfAKilledWriterAreClearedByTheNextWriteAndRemove() throws Exception {
        // What a cumps SIGKILLed between writing its temporary file and linking it leaves behind.
        Path dir = Files.createDirectories(root.resolve("crashed"));
        Path leftover = Files.writeString(dir.resolve(".daemon.json.4242.tmp"), "{\"name\": \"crash");
        Path note = Files.writeString(dir.resolve(".daemon.json.notes.tmp"), "not ours");
        assertInstanceOf(RecordLookup.Missing.class, store().lookup("crashed"), "a temporary file is never read as the record");

        store().write(record("crashed", 1000, "node1"));
        assertFalse(Files.exists(leftover), "the next write under the lock clears it");
        assertTrue(Files.exists(note), "files that are not our temporaries are left alone");
        assertInstanceOf(RecordLookup.Found.class, store().lookup("crashed"));

        Files.writeString(dir.resolve(".daemon.json.4343.tmp"), "{");
        Files.delete(note);
        store().remove("crashed");
        assertFalse(Files.exists(dir), "remove clears the leftover and then the directory");
    }

    @ParameterizedTest
    @ValueSource(strings = {"Bad", "-x", "a_b", "a/b", "..", "", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"})
    void invalidNamesAreRefused(String name) {
        assertThrows(CumpsException.class, () -> store().lookup(name));
        assertTrue(RecordNames.problem(name).isPresent());
    }

    @Test
    void defaultNameCarriesTheFullUuid() {
        assertEquals("gpu-5f0c1a2e-0000-4000-8000-000000000000",
                RecordNames.defaultFor(GpuUuid.parse("GPU-5F0C1A2E-0000-4000-8000-000000000000")));
        assertTrue(RecordNames.problem("gpu-5f0c1a2e-0000-4000-8000-000000000000").isEmpty());
    }

    @Test
    void onlyOneHolderOfANameLockAtATime() throws Exception {
        int threads = 8;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        CountDownLatch go = new CountDownLatch(1);
        CountDownLatch held = new CountDownLatch(1);
        AtomicInteger winners = new AtomicInteger();
        AtomicInteger busy = new AtomicInteger();
        try {
            List<Future<?>> futures = new ArrayList<>();
            for (int i = 0; i < threads; i++) {
                futures.add(pool.submit(() -> {
                    go.await();
                    try (NameLock lock = store().locks().lock("race")) {
                        winners.incrementAndGet();
                        held.await(5, TimeUnit.SECONDS);
                    } catch (CumpsException e) {
                        assertTrue(e.getMessage().contains("another cumps"), e.getMessage());
                        busy.incrementAndGet();
                        if (busy.get() == threads - 1) {
                            held.countDown();
                        }
                    }
                    return null;
                }));
            }
            go.countDown();
            for (Future<?> f : futures) {
                f.get(10, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }
        assertEquals(1, winners.get());
        assertEquals(threads - 1, busy.get());
        try (NameLock again = store().locks().lock("race")) {
            assertEquals("race", again.name(), "the lock is free again once released");
        }
    }

    @Test
    void recordsThatAreNotRegularFilesAreUnreadableWithTheReasonAndTheOthersStillListed() throws Exception {
        store().write(record("good", 1000, "node1"));
        Files.createDirectories(root.resolve("fifo"));
        Sandbox.mkfifo(root.resolve("fifo/daemon.json"));
        Files.createDirectories(root.resolve("zero"));
        Files.createSymbolicLink(root.resolve("zero/daemon.json"), Path.of("/dev/zero"));
        Files.createDirectories(root.resolve("huge"));
        try (RandomAccessFile raf = new RandomAccessFile(root.resolve("huge/daemon.json").toFile(), "rw")) {
            raf.setLength(3L * 1024 * 1024 * 1024);
        }
        Files.createDirectories(root.resolve("linked"));
        Files.writeString(root.resolve("elsewhere.json"), RecordCodec.encode(record("linked", 1000, "node1")));
        Files.createSymbolicLink(root.resolve("linked/daemon.json"), root.resolve("elsewhere.json"));

        RecordListing listing = Assertions.assertTimeoutPreemptively(Duration.ofSeconds(60),
                () -> store().list());

        assertEquals(List.of("good"), listing.records().stream().map(DaemonRecord::name).toList());
        Map<String, String> reasons = new TreeMap<>();
        listing.unreadable().forEach(u -> reasons.put(u.name(), u.reason()));
        assertEquals(Map.of("fifo", "not a regular file (FIFO)", "zero", "is a symbolic link",
                "huge", "larger than 64 KiB (3221225472 bytes)", "linked", "is a symbolic link"), reasons);
        assertInstanceOf(RecordLookup.Unreadable.class, store().lookup("fifo"));
    }

    @Test
    void aRecordDirectoryThatIsALinkIsUnreadable() throws Exception {
        Path real = Files.createDirectories(root.resolve(".elsewhere"));
        Files.writeString(real.resolve("daemon.json"), RecordCodec.encode(record("moved", 1000, "node1")));
        Files.createSymbolicLink(root.resolve("moved"), real);

        RecordLookup lookup = store().lookup("moved");

        assertInstanceOf(RecordLookup.Unreadable.class, lookup);
        assertTrue(((RecordLookup.Unreadable) lookup).record().reason().contains("is a symbolic link"), lookup.toString());
    }

    @Test
    void aLockFileThatIsAFifoOrALinkIsRefusedPromptlyAndNothingIsWrittenThroughTheLink() throws Exception {
        Path locks = Files.createDirectories(root.resolve(RecordLocks.LOCK_DIR));
        Sandbox.mkfifo(locks.resolve("piped.lock"));
        CumpsException fifo = Assertions.assertTimeoutPreemptively(Duration.ofSeconds(60),
                () -> assertThrows(CumpsException.class, () -> store().locks().lock("piped")));
        assertTrue(fifo.getMessage().contains("not a regular file (FIFO)"), fifo.getMessage());

        Path target = root.resolve("target-of-link");
        Files.createSymbolicLink(locks.resolve("linked.lock"), target);
        CumpsException link = assertThrows(CumpsException.class, () -> store().locks().lock("linked"));
        assertTrue(link.getMessage().contains("is a symbolic link"), link.getMessage());
        assertFalse(Files.exists(target, LinkOption.NOFOLLOW_LINKS), "nothing was created through the link");

        try (NameLock lock = store().locks().lock("piped-not")) {
            assertEquals("piped-not", lock.name());
        }
    }
    @Test
    void aRecordIsNeverWrittenThroughARecordDirectoryThatIsALink(@TempDir Path elsewhere) throws Exception {
        Files.createSymbolicLink(root.resolve("evil"), elsewhere);

        CumpsException e = assertThrows(CumpsException.class, () -> store().write(record("evil", 1000, "node1")));

        assertTrue(e.getMessage().contains("is a symbolic link"), e.getMessage());
        try (var s = Files.list(elsewhere)) {
            assertEquals(List.of(), s.toList(), "nothing was written through the link");
        }
        assertInstanceOf(RecordLookup.Unreadable.class, store().lookup("evil"), "unreadable even without a daemon.json, so start moves it aside");
    }

    @Test
    void locksAndQuarantineNeverActInsideALinkedLocksOrStaleDirectory(@TempDir Path elsewhere) throws Exception {
        Files.createSymbolicLink(root.resolve(RecordLocks.LOCK_DIR), elsewhere);
        CumpsException lock = assertThrows(CumpsException.class, () -> store().locks().lock("train"));
        assertTrue(lock.getMessage().contains("is a symbolic link"), lock.getMessage());
        CumpsException pipe = assertThrows(CumpsException.class,
                () -> store().locks().lockResource("pipe", "/tmp/p", Duration.ZERO, Message.of(RecordMessages.NAME_BUSY, "p")));
        assertTrue(pipe.getMessage().contains("is a symbolic link"), pipe.getMessage());
        Files.delete(root.resolve(RecordLocks.LOCK_DIR));

        store().write(record("old", 1000, "node1"));
        Files.createSymbolicLink(root.resolve(RecordStore.STALE_DIR), elsewhere);
        CumpsException moved = assertThrows(CumpsException.class, () -> store().quarantine("old"));
        assertTrue(moved.getMessage().contains("is a symbolic link"), moved.getMessage());
        assertTrue(Files.exists(root.resolve("old/daemon.json")), "the record stays where it was");
        try (var s = Files.list(elsewhere)) {
            assertEquals(List.of(), s.toList(), "nothing was created or moved through the links");
        }
    }

    @Test
    void aRecordDirectoryOwnedByAnotherUserIsUnreadableAndNeverWrittenTo() throws Exception {
        assertTrue(Objects.equals(Files.getAttribute(root, "unix:uid"), 0), "needs root to chown: run the tests as root (CI does; a root-only check fails, never skips)");
        store().write(record("theirs", 1000, "node1"));
        Files.setAttribute(root.resolve("theirs"), "unix:uid", 65534);
        Path planted = Files.createDirectories(root.resolve("planted"));
        Files.setAttribute(planted, "unix:uid", 65534);

        RecordLookup lookup = store().lookup("theirs");

        assertInstanceOf(RecordLookup.Unreadable.class, lookup);
        assertTrue(((RecordLookup.Unreadable) lookup).record().reason().contains("owned by uid 65534"), lookup.toString());
        CumpsException e = assertThrows(CumpsException.class, () -> store().write(record("planted", 1000, "node1")));
        assertTrue(e.getMessage().contains("owned by uid 65534"), e.getMessage());
        assertFalse(Files.exists(planted.resolve("daemon.json"), LinkOption.NOFOLLOW_LINKS));
    }
}
