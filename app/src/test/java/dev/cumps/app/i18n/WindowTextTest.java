package dev.cumps.app.i18n;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.core.doctor.DoctorMessages;
import dev.cumps.core.fleet.FleetMessages;
import dev.cumps.core.lifecycle.LifecycleMessages;
import dev.cumps.core.message.CumpsException;
import dev.cumps.core.message.Message;
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

    @Test
    void aMessageWithoutAWindowVariantIsTheCoresText() {
        Messages english = Messages.forLocale(Locale.ENGLISH);
        Message plain = Message.of(LifecycleMessages.LAUNCH_FAILED, "nvidia-cuda-mps-control", "no such file");
        assertEquals(english.render(plain), english.windowText(plain));
    }
}
