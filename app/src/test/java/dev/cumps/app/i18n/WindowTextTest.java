package dev.cumps.app.i18n;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.core.doctor.DoctorMessages;
import dev.cumps.core.fleet.FleetMessages;
import dev.cumps.core.lifecycle.LifecycleMessages;
import dev.cumps.core.live.LiveMessages;
import dev.cumps.core.message.CumpsException;
import dev.cumps.core.message.Message;
import dev.cumps.core.mps.MpsMessages;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/**
 * The start refusals that tell the operator to run {@code cumps stop} or pass {@code --gpus},
 * {@code --pipe-dir} or {@code --name}: in the window (the Start dialog's live check and its error
 * lines) they name the window's buttons and fields instead, in English and Chinese.
 */
class WindowTextTest {

    private static final List<Message> REFUSALS = List.of(
            Message.of(LifecycleMessages.GPU_TAKEN, "GPU-1", "demo", 4242),
            Message.of(LifecycleMessages.PIPE_OF_LIVE_DAEMON, "/tmp/p", "demo", 4242),
            Message.of(LifecycleMessages.PIPE_OF_STALE_RECORD, "/tmp/p", "demo"),
            Message.of(LifecycleMessages.ALREADY_RUNNING, "demo", 4242));

    @Test
    void startRefusalsNameTheWindowsButtonsNotCommandLineOptions() {
        for (Messages messages : List.of(Messages.forLocale(Locale.ENGLISH), Messages.forLocale(Locale.SIMPLIFIED_CHINESE))) {
            for (Message refusal : REFUSALS) {
                String text = messages.windowText(refusal);
                assertFalse(text.contains("cumps ") || text.contains("--"), messages.locale() + ": " + text);
                assertTrue(text.contains("demo"), text);
                assertFalse(text.contains("{") || text.contains("!"), "a broken pattern: " + text);
                assertEquals(text, messages.errorText(new CumpsException(refusal)).orElseThrow(),
                        "the window's error lines use the same words");
            }
        }
        assertTrue(Messages.forLocale(Locale.ENGLISH).windowText(REFUSALS.get(0)).contains("click Stop daemon…"));
        assertTrue(Messages.forLocale(Locale.SIMPLIFIED_CHINESE).windowText(REFUSALS.get(0)).contains("停止守护进程…"));
    }

    /** Review 2026-12-06 L-7: "check `nvidia-smi` by hand", "请先用 `ssh HOST` 连接一次" showed their Markdown back-quotes. */
    @Test
    void commandsTheWindowQuotesCarryNoMarkdownBackQuotes() {
        for (Messages messages : List.of(Messages.forLocale(Locale.ENGLISH), Messages.forLocale(Locale.SIMPLIFIED_CHINESE))) {
            for (Message quoting : List.of(Message.of(DoctorMessages.NVIDIA_SMI_REMEDY), Message.of(FleetMessages.STATE_HOST_KEY_UNKNOWN))) {
                assertTrue(messages.render(quoting).contains("`"), "the core's own text quotes in Markdown: " + messages.render(quoting));
                String text = messages.windowText(quoting);
                assertFalse(text.contains("`"), messages.locale() + ": " + text);
                assertTrue(text.contains("nvidia-smi") || text.contains("ssh HOST"), text);
            }
        }
    }

    /**
     * Review 2026-12-06 L-12: "GPU GPU-5f0c…", window sentences that start in lower case, and doubled
     * phrases ("Start cancelled: start of daemon 'slowjob' cancelled; …", "启动已取消：守护进程“slowjob”的启动已取消").
     */
    @Test
    void windowSentencesStartWithACapitalSayThingsOnceAndNameAGpuByItsUuidAlone() {
        Messages english = Messages.forLocale(Locale.ENGLISH);
        Messages chinese = Messages.forLocale(Locale.SIMPLIFIED_CHINESE);
        Message taken = Message.of(LifecycleMessages.GPU_TAKEN, "GPU-5f0c1a2e", "demo", 4242);
        assertTrue(english.windowText(taken).startsWith("GPU-5f0c1a2e already has"), english.windowText(taken));
        assertTrue(chinese.windowText(taken).startsWith("GPU-5f0c1a2e 上已有"), chinese.windowText(taken));
        assertTrue(english.render(taken).startsWith("GPU-5f0c1a2e already has"), "the CLI's too: " + english.render(taken));

        for (Message cancelled : List.of(Message.of(LifecycleMessages.CANCELLED_BEFORE_LAUNCH, "slowjob"),
                Message.of(LifecycleMessages.CANCELLED_DAEMON_STOPPED, "slowjob", 4242),
                Message.of(LifecycleMessages.CANCELLED_NOT_RUNNING, "slowjob"),
                Message.of(LifecycleMessages.CANCELLED_DAEMON_LEFT_RUNNING, "slowjob", 4242),
                Message.of(LifecycleMessages.CANCELLED_OTHER_LEFT_ALONE, "slowjob", 4242))) {
            String en = english.get("start.cancelled", english.windowText(cancelled));
            assertEquals(1, en.split("cancelled", -1).length - 1, en);
            assertFalse(en.contains("`"), en);
            String zh = chinese.get("start.cancelled", chinese.windowText(cancelled));
            assertEquals(1, zh.split("已取消", -1).length - 1, zh);
            assertFalse(zh.contains("`"), zh);
        }

        for (Message sentence : List.of(Message.of(LifecycleMessages.START_FAILED, "lfjob", "it failed"),
                Message.of(LifecycleMessages.STOPPED, "demo", 4242),
                Message.of(LifecycleMessages.STOP_STALE_REMOVED, "old", 4242, 99),
                Message.of(LifecycleMessages.STOP_UNREADABLE_QUARANTINED, "bad", "not JSON", "/tmp/q"),
                Message.of(MpsMessages.LIMIT_PERCENTAGE_INVALID, "101"),
                Message.of(MpsMessages.LIMIT_SIZE_INVALID, "8X"),
                Message.of(LiveMessages.LIMITS_SET, "demo", 50, "2G", 1))) {
            String text = english.windowText(sentence);
            assertTrue(Character.isUpperCase(text.charAt(0)), "a window sentence starts with a capital: " + text);
            assertFalse(chinese.windowText(sentence).isBlank());
        }
        String set = english.get("status.activity", english.get("limits.activity", "demo"),
                english.windowText(Message.of(LiveMessages.LIMITS_SET, "demo", 50, "2G", 1)));
        assertEquals(1, set.split("demo", -1).length - 1, "the status line names the daemon once: " + set);
    }

    @Test
    void aMessageWithoutAWindowVariantIsTheCoresText() {
        Messages english = Messages.forLocale(Locale.ENGLISH);
        Message plain = Message.of(LifecycleMessages.LAUNCH_FAILED, "nvidia-cuda-mps-control", "no such file");
        assertEquals(english.render(plain), english.windowText(plain));
    }
}
