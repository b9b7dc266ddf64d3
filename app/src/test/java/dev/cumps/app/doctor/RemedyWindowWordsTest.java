package dev.cumps.app.doctor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.app.i18n.Messages;
import dev.cumps.core.doctor.DoctorMessages;
import dev.cumps.core.message.Message;
import dev.cumps.core.message.Templates;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The doctor pane's remedies point at the window's buttons and panes, not at CLI commands; the core's text is unchanged. */
class RemedyWindowWordsTest {

    /** A command line a user would type: {@code `cumps …`} or {@code cumps stop …}. */
    static final Pattern CLI_COMMAND = Pattern.compile("`cumps|cumps (start|stop|doctor|env|limits|clients|status)\\b");
    private static final Pattern PLACEHOLDER = Pattern.compile("\\{(\\d+)");

    private final Messages english = Messages.forLocale(Locale.ENGLISH);
    private final Messages chinese = Messages.forLocale(Locale.SIMPLIFIED_CHINESE);

    /** Every remedy of the doctor that names a command, plus the limits remedy whose argument is one. */
    private static List<DoctorMessages> remediesNamingCommands() {
        List<DoctorMessages> keys = new ArrayList<>();
        for (DoctorMessages key : DoctorMessages.values()) {
            boolean remedy = key.name().contains("REMEDY") || key == DoctorMessages.RESTART_DAEMON;
            if (remedy && (CLI_COMMAND.matcher(key.english()).find() || key == DoctorMessages.LIMITS_REMEDY)) {
                keys.add(key);
            }
        }
        return keys;
    }

    @Test
    void everyRemedyThatNamesACommandHasAWindowWordingInBothLanguagesWithoutCommands() {
        List<DoctorMessages> keys = remediesNamingCommands();
        assertTrue(keys.size() >= 10, "the doctor's command remedies: " + keys);
        for (DoctorMessages key : keys) {
            for (Messages messages : List.of(english, chinese)) {
                String windowKey = Messages.WINDOW_PREFIX + key.key();
                assertTrue(messages.has(windowKey), messages.locale() + " lacks " + windowKey);
                Object[] args = new Object[Templates.arity(key.english())];
                for (int i = 0; i < args.length; i++) {
                    args[i] = "arg" + i;
                }
                String text = messages.windowText(Message.of(key, args));
                assertFalse(CLI_COMMAND.matcher(text).find(), messages.locale() + " " + key + ": " + text);
                assertFalse(text.contains("!"), "missing or broken key: " + text);
                Matcher placeholder = PLACEHOLDER.matcher(messages.get(windowKey));
                while (placeholder.find()) {
                    assertTrue(Integer.parseInt(placeholder.group(1)) < args.length,
                            windowKey + " uses an argument the core does not give: " + messages.get(windowKey));
                }
            }
        }
    }

    @Test
    void aWindowRemedyKeepsTheCoreArgumentsAndItsQuotes() {
        Message stale = Message.of(DoctorMessages.IDENTITY_REMEDY, "train");

        assertEquals("the record is stale; select 'train' in the Daemons table and click Remove stale record…",
                english.windowText(stale));
        assertEquals("该记录已失效；在守护进程表中选中“train”，点击“移除失效记录…”即可清理", chinese.windowText(stale));
        assertEquals("the record is stale; `cumps stop --name train` cleans it", stale.english(), "the CLI's text is unchanged");
    }

    @Test
    void eachPartOfAJoinedRemedyIsWordedForTheWindowAndNumbersStayUngrouped() {
        Message joined = DoctorMessages.joined(List.of(Message.of(DoctorMessages.RESTART_DAEMON, "a"),
                Message.of(DoctorMessages.PIPE_ACCESS_REMEDY, "/tmp/p 12345")));

        assertEquals("restart the daemon: select 'a', click Stop daemon…, then Start daemon… with the same name; "
                + "`chmod 700 /tmp/p 12345` or restart with a private --pipe-dir", english.windowText(joined));
        assertEquals(chinese.render(Message.of(DoctorMessages.PIPE_ACCESS_REMEDY, "/tmp/p 12345")),
                chinese.windowText(Message.of(DoctorMessages.PIPE_ACCESS_REMEDY, "/tmp/p 12345")),
                "a remedy the window has no button for is the core's text");
        assertEquals("start one with Start daemon… on GPU 12345", english.windowText(Message.of(DoctorMessages.DAEMON_COUNT_NONE_REMEDY, 12345)));
    }

    @Test
    void theTopologyRemediesNameTheWindowsFieldNotACommandLineFlag() {
        for (DoctorMessages key : List.of(DoctorMessages.TOPOLOGY_REMEDY_SELECT, DoctorMessages.TOPOLOGY_REMEDY_SINGLE)) {
            String english = Messages.forLocale(Locale.ENGLISH).windowText(Message.of(key));
            String chinese = Messages.forLocale(Locale.SIMPLIFIED_CHINESE).windowText(Message.of(key));
            assertFalse(english.contains("--gpus") || chinese.contains("--gpus"), english + " / " + chinese);
            assertTrue(english.contains("GPUs field"), english);
            assertTrue(chinese.contains("GPU 输入框"), chinese);
        }
    }
}
