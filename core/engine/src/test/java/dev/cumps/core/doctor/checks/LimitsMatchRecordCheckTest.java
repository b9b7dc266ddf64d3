package dev.cumps.core.doctor.checks;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.cumps.core.doctor.CheckStatus;
import dev.cumps.core.doctor.DoctorContext;
import dev.cumps.core.doctor.Finding;
import dev.cumps.core.lifecycle.StartRequest;
import dev.cumps.core.mps.MpsLimits;
import dev.cumps.core.record.DaemonRecord;
import dev.cumps.core.testing.Sandbox;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class LimitsMatchRecordCheckTest {
    private final Sandbox sb = new Sandbox();

    @AfterEach
    void cleanUp() {
        sb.close();
    }

    private DaemonRecord start(String name, MpsLimits limits) {
        return sb.services().starter().start(new StartRequest(Optional.empty(), Optional.of(name), Optional.empty(), Optional.empty(),
                Map.of(), limits), stage -> { });
    }

    private void daemonDefaults(String percentage, String pinned) {
        sb.mps.reply("get_default_active_thread_percentage", percentage + "\n");
        sb.mps.reply("get_default_device_pinned_mem_limit 0", pinned + "\n");
    }

    @Test
    void noDaemonWithRecordedLimitsPassesWithoutAskingAnyDaemon() {
        start("plain", MpsLimits.NONE);
        // The run's host read asks the live daemon its servers; the check then asks nothing more.
        DoctorContext context = CheckFixture.context(sb, null);
        int before = sb.mps.clientCommands().size();

        Finding f = new LimitsMatchRecordCheck().evaluate(context);

        assertEquals(CheckStatus.PASS, f.status());
        assertEquals("no live daemon has recorded limits", f.observed().english());
        assertEquals(before, sb.mps.clientCommands().size());
    }

    @Test
    void defaultsEqualToTheRecordPass() {
        start("a", new MpsLimits(OptionalInt.of(25), OptionalLong.of(8192)));
        daemonDefaults("25.0", "8G");

        Finding f = CheckFixture.evaluate(new LimitsMatchRecordCheck(), sb);

        assertEquals(CheckStatus.PASS, f.status());
        assertEquals("a: active thread percentage 25, pinned memory limit 8G, as recorded", f.observed().english());
    }

    @Test
    void defaultsThatDifferWarnWithBothValuesAndTheCommandThatAppliesTheRecord() {
        start("a", new MpsLimits(OptionalInt.of(25), OptionalLong.of(8192)));
        daemonDefaults("100.0", "");

        Finding f = CheckFixture.evaluate(new LimitsMatchRecordCheck(), sb);

        assertEquals(CheckStatus.WARN, f.status());
        assertEquals("a: recorded active thread percentage 25, pinned memory limit 8G; the daemon's defaults are 100, none",
                f.observed().english());
        assertEquals("apply the recorded limits again: cumps limits --name a --set-active-thread-percentage 25 --set-pinned-mem-limit 8G",
                f.remedy().orElseThrow().english());
    }

    @Test
    void aLimitTheRecordDoesNotSetIsNotCompared() {
        start("a", new MpsLimits(OptionalInt.empty(), OptionalLong.of(512)));
        daemonDefaults("60.0", "512M");

        Finding f = CheckFixture.evaluate(new LimitsMatchRecordCheck(), sb);

        assertEquals(CheckStatus.PASS, f.status());
        assertEquals("a: active thread percentage not set, pinned memory limit 512M, as recorded", f.observed().english());
    }

    @Test
    void aDaemonThatDoesNotAnswerWarns() {
        DaemonRecord a = start("a", new MpsLimits(OptionalInt.of(25), OptionalLong.empty()));
        sb.mps.daemon(a.pipeDirectory()).orElseThrow().hangs = true;

        Finding f = CheckFixture.evaluate(new LimitsMatchRecordCheck(), sb);

        assertEquals(CheckStatus.WARN, f.status());
        assertEquals("a: its limits could not be read: the control daemon did not answer `get_default_active_thread_percentage` in time;"
                + " check it with `cumps doctor`", f.observed().english());
        assertEquals("check the daemon with `cumps limits --name a` and `cumps doctor`", f.remedy().orElseThrow().english());
    }

    @Test
    void aStaleRecordWithLimitsIsNotAsked() {
        DaemonRecord a = start("a", new MpsLimits(OptionalInt.of(25), OptionalLong.empty()));
        sb.processes.kill(a.pid());
        int before = sb.mps.clientCommands().size();

        Finding f = CheckFixture.evaluate(new LimitsMatchRecordCheck(), sb);

        assertEquals(CheckStatus.PASS, f.status());
        assertEquals("no live daemon has recorded limits", f.observed().english());
        assertEquals(before, sb.mps.clientCommands().size());
    }

    /** R470 has no pinned-memory commands: its daemon answers them {@code Unknown command "…"}, which is no failure to read. */
    @Test
    void aDriverWithoutPinnedMemoryLimitsPassesWhenTheRecordSetsNone() {
        sb.mps.r470();
        start("a", new MpsLimits(OptionalInt.of(25), OptionalLong.empty()));

        Finding f = CheckFixture.evaluate(new LimitsMatchRecordCheck(), sb);

        assertEquals(CheckStatus.PASS, f.status(), f.observed().english());
        assertEquals("a: active thread percentage 25, pinned memory limit not set, as recorded", f.observed().english());
    }

    @Test
    void aRecordedPinnedLimitOnADriverWithoutItWarnsThatItIsNotSupportedAndSaysToStartAgainWithoutIt() {
        start("a", new MpsLimits(OptionalInt.of(25), OptionalLong.of(2048)));
        sb.mps.r470(); // the record claims a limit this daemon cannot have (a record another tool wrote)

        Finding f = CheckFixture.evaluate(new LimitsMatchRecordCheck(), sb);

        assertEquals(CheckStatus.WARN, f.status());
        assertEquals("a: recorded active thread percentage 25, pinned memory limit 2G; the daemon's defaults are 25, not supported by"
                + " this driver", f.observed().english());
        assertEquals("this driver has no pinned device memory limit: stop a (`cumps stop --name a`) and start it again without"
                + " --pinned-mem-limit", f.remedy().orElseThrow().english());
    }
}
