package dev.cumps.core.doctor.checks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.core.doctor.CheckStatus;
import dev.cumps.core.doctor.Finding;
import dev.cumps.core.proc.ProcessOwner;
import dev.cumps.core.testing.Sandbox;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** {@link ServerUidCheck}: a server of another uid under one of your daemons is named with its user; your own servers pass. */
class ServerUidCheckTest {
    private static final long SERVER = 4_160_001L;
    private final Sandbox sb = new Sandbox();

    @AfterEach
    void cleanUp() {
        sb.close();
    }

    private void server(long uid, String user) {
        sb.mps.serverList(SERVER + "\n").reply("get_server_status " + SERVER, "ACTIVE\n");
        sb.processes.put(SERVER, "nvidia-cuda-mps", 700);
        sb.processes.describe(SERVER, new ProcessOwner(uid, user), List.of("nvidia-cuda-mps-server"));
    }

    @Test
    void aServerOfAnotherUserWarnsNamingDaemonServerAndUser() {
        sb.start("shared");
        server(65534, "nobody");

        Finding f = CheckFixture.evaluate(new ServerUidCheck(), sb);

        assertEquals(CheckStatus.WARN, f.status());
        assertEquals("daemon 'shared': MPS server pid " + SERVER + " runs as nobody (uid 65534)", f.observed().english());
        assertEquals("every MPS server of your daemons runs as you", f.expected().english());
        String remedy = f.remedy().orElseThrow().english();
        assertTrue(remedy.startsWith("MPS serves one user at a time: your clients of daemon 'shared' queue until the server of nobody exits"),
                remedy);
        assertTrue(remedy.contains("`cumps clients --name shared`"), remedy);
    }

    @Test
    void yourOwnServerPasses() {
        sb.start("mine");
        server(sb.uid, "me");

        Finding f = CheckFixture.evaluate(new ServerUidCheck(), sb);

        assertEquals(CheckStatus.PASS, f.status());
        assertEquals("1 MPS server(s) of your live daemons, all running as you", f.observed().english());
    }

    @Test
    void aDaemonWithoutServersPasses() {
        sb.start("idle");

        Finding f = CheckFixture.evaluate(new ServerUidCheck(), sb);

        assertEquals(CheckStatus.PASS, f.status());
        assertEquals("no MPS server runs under your live daemons", f.observed().english());
    }

    @Test
    void aStaleRecordIsNotAsked() {
        var r = sb.start("gone");
        server(65534, "nobody");
        sb.processes.kill(r.pid());
        sb.mps.runner().clear();

        Finding f = CheckFixture.evaluate(new ServerUidCheck(), sb);

        assertEquals(CheckStatus.PASS, f.status());
        assertTrue(sb.mps.clientCommands().isEmpty(), "a stale record's pipe is never asked: " + sb.mps.clientCommands());
    }
}
