package dev.cumps.core.lifecycle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.cumps.core.CoreServices;
import dev.cumps.core.message.CumpsException;
import dev.cumps.core.record.DaemonRecord;
import dev.cumps.core.record.NameLock;
import dev.cumps.core.record.RecordLocks;
import dev.cumps.core.record.RecordStore;
import dev.cumps.core.testing.Sandbox;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class StartRaceTest {
    private static final int RACERS = 8;
    private Sandbox sb;

    @BeforeEach
    void setUp() {
        sb = new Sandbox();
    }

    @AfterEach
    void cleanUp() {
        sb.close();
    }

    @Test
    void ofEightConcurrentStartsOfOneNameExactlyOneWins() throws Exception {
        CoreServices services = sb.services();
        ExecutorService pool = Executors.newFixedThreadPool(RACERS);
        CountDownLatch go = new CountDownLatch(1);
        List<Future<DaemonRecord>> futures = new ArrayList<>();
        try {
            for (int i = 0; i < RACERS; i++) {
                // Each racer has its own services over the same record root, as separate cumps runs would.
                CoreServices mine = i % 2 == 0 ? services : sb.services();
                futures.add(pool.submit(() -> {
                    go.await();
                    return mine.starter().start(Sandbox.named("race"), s -> { });
                }));
            }
            go.countDown();
            int won = 0;
            List<String> refusals = new ArrayList<>();
            for (Future<DaemonRecord> f : futures) {
                try {
                    f.get(30, TimeUnit.SECONDS);
                    won++;
                } catch (ExecutionException e) {
                    assertTrue(e.getCause() instanceof CumpsException, String.valueOf(e.getCause()));
                    refusals.add(e.getCause().getMessage());
                }
            }
            assertEquals(1, won, refusals.toString());
            assertEquals(RACERS - 1, refusals.size());
            for (String message : refusals) {
                assertTrue(message.contains("right now") || message.contains("already running"), message);
            }
            assertEquals(1, sb.mps.launches().size());
            assertEquals(1, services.records().list().records().size());
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void aHeldNameLockIsSeenByOtherProcesses() throws Exception {
        RecordStore store = sb.services().records();
        try (NameLock held = store.locks().lock("guarded")) {
            assertEquals("busy", otherProcessTriesLock(store.root().resolve(RecordLocks.LOCK_DIR).resolve("guarded.lock")).strip());
        }
        assertEquals("acquired", otherProcessTriesLock(store.root().resolve(RecordLocks.LOCK_DIR).resolve("guarded.lock")).strip());
    }

    @Test
    void aBusyRefusalInsideOneProcessKeepsTheLockHeldAgainstOtherProcesses() throws Exception {
        RecordStore store = sb.services().records();
        try (NameLock held = store.locks().lock("guarded")) {
            CumpsException busy = assertThrows(CumpsException.class, () -> store.locks().lock("guarded"));
            assertTrue(busy.getMessage().contains("right now"), busy.getMessage());

            String other = otherProcessTriesLock(store.root().resolve(RecordLocks.LOCK_DIR).resolve("guarded.lock"));

            assertEquals("busy", other.strip(), "another process must still find the name locked");
        }
    }

    /** python3 (for fcntl) from /usr/bin or /bin, never the caller's PATH; missing, the test fails. */
    private static String whichPython() {
        for (String dir : List.of("/usr/bin", "/bin")) {
            if (Files.isExecutable(Path.of(dir, "python3"))) {
                return Path.of(dir, "python3").toString();
            }
        }
        return fail("python3 is missing: apt-get install python3 (.ci/run installs it; a missing tool fails, never skips)");
    }

    /** A separate process (as a second cumps would be) tries the same POSIX record lock that Java's FileLock takes. */
    private static String otherProcessTriesLock(Path lockFile) {
        String python = whichPython();
        String script = "import fcntl,sys\n"
                + "f=open(sys.argv[1],'r+')\n"
                + "try:\n"
                + "    fcntl.lockf(f, fcntl.LOCK_EX|fcntl.LOCK_NB)\n"
                + "    print('acquired')\n"
                + "except OSError:\n"
                + "    print('busy')\n";
        return Sandbox.run(python, "-c", script, lockFile.toString());
    }
}
