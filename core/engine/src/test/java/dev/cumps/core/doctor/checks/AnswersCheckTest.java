package dev.cumps.core.doctor.checks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.core.doctor.CheckStatus;
import dev.cumps.core.doctor.DoctorMessages;
import dev.cumps.core.doctor.Finding;
import dev.cumps.core.record.DaemonRecord;
import dev.cumps.core.testing.Sandbox;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class AnswersCheckTest {
    private final Sandbox sb = new Sandbox();

    @AfterEach
    void cleanUp() {
        sb.close();
    }

    @Test
    void anAnswerWithoutServersPassesAndOnlyGetServerListIsSent() {
        sb.start("quiet");
        sb.mps.runner().clear();

        Finding f = CheckFixture.evaluate(new AnswersCheck(), sb);

        assertEquals(CheckStatus.PASS, f.status());
        assertEquals("answered; servers: none yet", f.observed().english());
        assertEquals("exit status 0", f.expected().english());
        assertEquals(List.of("get_server_list\n"), sb.mps.clientCommands());
    }

    @Test
    void theServerPidsAreShownOnOneLine() {
        sb.start("busy");
        sb.mps.serverList("5600001\n5600002\n");

        Finding f = CheckFixture.evaluate(new AnswersCheck(), sb);

        assertEquals("answered; servers: 5600001 5600002", f.observed().english());
    }

    @Test
    void aHangingDaemonFailsPointingAtItsLog() {
        DaemonRecord r = sb.start("mute");
        sb.mps.daemon(r.pipeDirectory()).orElseThrow().hangs = true;
        sb.mps.runner().clear();

        Finding f = CheckFixture.evaluate(new AnswersCheck(), sb);

        // The live view's question is the one judged: a hanging daemon costs one timeout, not two.
        assertEquals(List.of("get_server_list\n"), sb.mps.clientCommands());
        assertEquals(CheckStatus.FAIL, f.status());
        assertEquals(DoctorMessages.ANSWERS_FAILED, f.observed().id());
        assertTrue(f.observed().english().contains("did not answer"), f.observed().english());
        assertEquals("see control.log in " + r.logDirectory() + "; restart the daemon if it hangs", f.remedy().orElseThrow().english());
    }
}
