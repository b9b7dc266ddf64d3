package dev.cumps.core.lifecycle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.core.message.CumpsException;
import dev.cumps.core.message.Message;
import dev.cumps.core.message.MessageKey;
import dev.cumps.core.proc.ProcessIdentity;
import dev.cumps.core.proc.ProcessOwner;
import dev.cumps.core.record.DaemonRecord;
import dev.cumps.core.record.RecordMessages;
import dev.cumps.core.testing.Sandbox;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@code terminate_client} over the fake host: sent only after the daemon (own, live by pid and
 * start time, serving its pipe), the server and the client are verified right before; the wait
 * ends when the client has left the list; every refusal sends nothing.
 */
class ClientTerminatorTest {
    private static final long SERVER = 4_150_000L;
    private static final long CLIENT = 4_150_001L;
    private static final long OTHER_CLIENT = 4_150_002L;

    private Sandbox sb;

    @BeforeEach
    void setUp() {
        sb = new Sandbox();
        sb.mps.serverList(SERVER + "\n").reply("get_client_list " + SERVER, CLIENT + "\n" + OTHER_CLIENT + "\n");
        sb.processes.put(SERVER, "nvidia-cuda-mps", 500);
        sb.processes.put(CLIENT, "python3", 600);
        sb.processes.describe(CLIENT, new ProcessOwner(sb.uid, "alice"), List.of("python3", "train.py"));
        sb.processes.put(OTHER_CLIENT, "python3", 700);
        sb.processes.describe(OTHER_CLIENT, new ProcessOwner(sb.uid, "alice"), List.of("python3", "eval.py"));
    }

    @AfterEach
    void tearDown() {
        sb.close();
    }

    /** The daemon ends the client when asked, as the stand-in and NVIDIA's daemon do. */
    private void daemonEndsClientOnTerminate() {
        sb.mps.observe(spec -> {
            if (("terminate_client " + SERVER + " " + CLIENT).equals(spec.stdin() == null ? null : spec.stdin().strip())) {
                sb.processes.kill(CLIENT);
                sb.mps.reply("get_client_list " + SERVER, OTHER_CLIENT + "\n");
            }
        });
    }

    private boolean terminateSent() {
        return sb.mps.clientCommands().stream().anyMatch(c -> c != null && c.startsWith("terminate_client"));
    }

    private MessageKey refusal(String name, long pid) {
        CumpsException e = assertThrows(CumpsException.class, () -> sb.services().terminator().terminate(name, pid));
        assertFalse(terminateSent(), "a refusal sends nothing: " + sb.mps.clientCommands());
        return e.errorMessage().id();
    }

    @Test
    void terminatesExactlyTheListedClientAndReturnsOnceItLeftTheList() {
        DaemonRecord record = sb.start("mine");
        daemonEndsClientOnTerminate();
        Message done = sb.services().terminator().terminate("mine", CLIENT);
        assertEquals("terminated MPS client pid " + CLIENT + " (python3 train.py) of server pid " + SERVER + " of daemon 'mine'",
                done.english());
        assertEquals(1, sb.mps.clientCommands().stream().filter(c -> c.startsWith("terminate_client")).count());
        assertTrue(sb.mps.clientCommands().stream().map(String::strip).toList().contains("terminate_client " + SERVER + " " + CLIENT));
        assertTrue(sb.processes.isAlive(new ProcessIdentity(OTHER_CLIENT, 700)), "the other client runs on");
        assertTrue(sb.processes.isAlive(record.identity()), "the daemon runs on");
    }

    @Test
    void clientTargetShowsPidUserCommandServerAndDaemonWithoutSendingAnything() {
        sb.start("mine");
        ClientTarget target = sb.services().terminator().find("mine", CLIENT);
        assertEquals("MPS client pid " + CLIENT + " (user alice, command: python3 train.py) of server pid " + SERVER
                + " of daemon 'mine'", target.planMessage().english());
        assertFalse(terminateSent());
    }

    @Test
    void staleRecordIsRefused() {
        DaemonRecord record = sb.start("gone");
        sb.processes.kill(record.pid());
        assertEquals(RecordMessages.VERIFY_STALE, refusal("gone", CLIENT));
    }

    @Test
    void recordOfAnotherUserIsRefusedAndItsDaemonNeverAsked() {
        sb.processes.put(4_110_000L, "nvidia-cuda-mps", 9);
        sb.foreignRecord("theirs", 65534, Sandbox.HOSTNAME, 4_110_000L, 9);
        assertEquals(RecordMessages.VERIFY_FOREIGN, refusal("theirs", CLIENT));
        assertTrue(sb.mps.clientCommands().isEmpty(), "nothing asked: " + sb.mps.clientCommands());
    }

    @Test
    void recordOfAnotherHostIsRefused() {
        sb.processes.put(4_110_001L, "nvidia-cuda-mps", 9);
        sb.foreignRecord("remote", sb.uid, "otherhost", 4_110_001L, 9);
        assertEquals(RecordMessages.VERIFY_FOREIGN, refusal("remote", CLIENT));
    }

    @Test
    void unmanagedPipeHasNoRecordAndIsRefused() {
        assertEquals(RecordMessages.VERIFY_NO_RECORD, refusal("unmanaged", CLIENT));
        assertTrue(sb.mps.clientCommands().isEmpty());
    }

    @Test
    void pidNotInAnyClientListIsRefused() {
        sb.start("mine");
        assertEquals(LifecycleMessages.TERMINATE_NOT_A_CLIENT, refusal("mine", 4_150_099L));
    }

    @Test
    void serverThatIsNoLongerListedListsNoClientAndIsRefused() {
        sb.start("mine");
        sb.mps.serverList("");
        assertEquals(LifecycleMessages.TERMINATE_NOT_A_CLIENT, refusal("mine", CLIENT));
    }

    @Test
    void clientOfAnotherUserIsRefused() {
        sb.start("mine");
        sb.processes.describe(CLIENT, new ProcessOwner(65534, "nobody"), List.of("python3", "theirs.py"));
        assertEquals(LifecycleMessages.TERMINATE_OTHER_USER, refusal("mine", CLIENT));
    }

    /** Another user's client is refused by the preview too, and nothing is sent, whatever the client's command line says. */
    @Test
    void clientOfAnotherUserIsRefusedByThePreviewAndNothingIsSent() {
        sb.start("mine");
        sb.processes.describe(CLIENT, new ProcessOwner(65534, "nobody"), List.of("python3", "mine.py"));
        assertEquals(LifecycleMessages.TERMINATE_OTHER_USER, assertThrows(CumpsException.class,
                () -> sb.services().terminator().find("mine", CLIENT)).errorMessage().id());
        assertEquals(LifecycleMessages.TERMINATE_OTHER_USER, refusal("mine", CLIENT));
        assertFalse(terminateSent(), "nothing sent: " + sb.mps.clientCommands());
        assertTrue(sb.processes.contains(CLIENT));
    }

    @Test
    void aClientWhoseOwnerProcDoesNotShowIsRefusedWithTheReason() {
        // As under /proc mounted hidepid=2: the pid is listed by the server and present, but /proc says nothing of its owner.
        long hidden = 4_150_003L;
        sb.mps.reply("get_client_list " + SERVER, CLIENT + "\n" + hidden + "\n");
        sb.processes.put(hidden, "python3", 800);
        sb.processes.hideOwner(hidden);
        sb.start("mine");

        CumpsException e = assertThrows(CumpsException.class, () -> sb.services().terminator().terminate("mine", hidden));

        assertEquals(LifecycleMessages.TERMINATE_OWNER_UNKNOWN, e.errorMessage().id());
        assertEquals("cannot tell who runs client pid " + hidden + " of daemon 'mine' (/proc does not show its owner: gone, or hidden"
                + " by hidepid); cumps terminates only clients it can see are yours, so nothing was sent", e.getMessage());
        assertEquals(1, e.getMessage().lines().count());
        assertFalse(terminateSent(), "nothing sent: " + sb.mps.clientCommands());
        assertTrue(sb.processes.isAlive(new ProcessIdentity(hidden, 800)));
        assertEquals(LifecycleMessages.TERMINATE_OWNER_UNKNOWN, assertThrows(CumpsException.class,
                () -> sb.services().terminator().find("mine", hidden)).errorMessage().id(), "the preview refuses it too");
    }

    @Test
    void aClientThatProcNoLongerShowsIsRefused() {
        sb.start("mine");
        sb.processes.kill(CLIENT); // listed by the server, but gone from (or hidden in) /proc
        assertEquals(LifecycleMessages.TERMINATE_OWNER_UNKNOWN, refusal("mine", CLIENT));
    }

    @Test
    void aDaemonThatRefusesTheCommandIsReported() {
        sb.start("mine");
        sb.mps.reply("terminate_client " + SERVER + " " + CLIENT, "Invalid command\n");
        CumpsException e = assertThrows(CumpsException.class, () -> sb.services().terminator().terminate("mine", CLIENT));
        assertEquals(LifecycleMessages.TERMINATE_REFUSED, e.errorMessage().id());
    }

    @Test
    void aClientStillListedAfterTheDeadlineIsAnError() {
        sb.start("mine");
        CumpsException e = assertThrows(CumpsException.class, () -> sb.services().terminator().terminate("mine", CLIENT));
        assertEquals(LifecycleMessages.TERMINATE_STILL_LISTED, e.errorMessage().id());
    }
}
