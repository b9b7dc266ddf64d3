package dev.cumps.core.lifecycle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.core.message.Message;
import dev.cumps.core.mps.MpsControl;
import dev.cumps.core.record.DaemonRecord;
import dev.cumps.core.testing.FakeMpsHost;
import dev.cumps.core.testing.Sandbox;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class DaemonStarterTest {
    private final Sandbox sb = new Sandbox();

    @AfterEach
    void cleanUp() {
        sb.close();
    }

    @Test
    void stagesAreReportedInOrderAndTheRecordIsWrittenLast() {
        List<StartStage> stages = new ArrayList<>();
        List<Boolean> recordExistedAtAnswer = new ArrayList<>();

        DaemonRecord record = Contexts.starter(sb).start(Sandbox.named("job"), stage -> {
            stages.add(stage);
            if (stage == StartStage.ANSWERING) {
                recordExistedAtAnswer.add(Files.exists(sb.recordFile("job"), LinkOption.NOFOLLOW_LINKS));
            }
        }, StartCancellation.none());

        assertEquals(List.of(StartStage.values()), stages);
        assertEquals(List.of(false), recordExistedAtAnswer);
        assertTrue(Files.isRegularFile(sb.recordFile("job")));
        assertEquals(sb.mps.daemon(record.pipeDirectory()).orElseThrow().pid, record.pid());
    }

    @Test
    void aLauncherThatCannotLaunchFailsWithItsReasonAndLeavesNoRecord() {
        Message why = Message.of(LifecycleMessages.LAUNCH_FAILED, MpsControl.PROGRAM + " -f", "No such file or directory");

        StartFailure failure = assertThrows(StartFailure.class,
                () -> Contexts.starter(sb).start(Sandbox.named("job"), stage -> { }, environment -> DaemonStarter.Launched.failed(why)));

        assertEquals("daemon 'job' did not start: could not launch nvidia-cuda-mps-control -f: No such file or directory",
                failure.reason());
        assertEquals(why, failure.reasonMessage().args().get(1));
        assertFalse(Files.exists(sb.recordFile("job"), LinkOption.NOFOLLOW_LINKS));
    }

    @Test
    void theLauncherGetsTheAllowlistedEnvironmentWithTheLaunchNonce() {
        sb.env("SECRET_TOKEN", "x");
        List<Map<String, String>> seen = new ArrayList<>();

        assertThrows(StartFailure.class, () -> Contexts.starter(sb).start(Sandbox.named("job"), stage -> { }, environment -> {
            seen.add(environment);
            return DaemonStarter.Launched.failed(Message.of(LifecycleMessages.DAEMON_REPORTED_ERROR));
        }));

        assertEquals(1, seen.size());
        assertFalse(seen.get(0).containsKey("SECRET_TOKEN"));
        assertEquals(32, seen.get(0).get(MpsControl.LAUNCH_NONCE_VARIABLE).length());
    }

    @Test
    void aDaemonThatNeverAnswersIsUndoneAndTheFailureSaysWhy() {
        sb.mps.launch(FakeMpsHost.Launch.NEVER_ANSWERS);

        StartFailure failure = assertThrows(StartFailure.class, () -> Contexts.starter(sb).start(Sandbox.named("job"), stage -> { }, StartCancellation.none()));

        assertTrue(failure.reason().startsWith("daemon 'job' did not start: the daemon did not answer get_server_list ("),
                failure.reason());
        assertEquals("lifecycle.NO_ANSWER", ((Message) failure.reasonMessage().args().get(1)).key());
        assertFalse(Files.exists(sb.recordFile("job"), LinkOption.NOFOLLOW_LINKS));
    }
}
