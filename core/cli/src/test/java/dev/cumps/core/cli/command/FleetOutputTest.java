package dev.cumps.core.cli.command;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.core.cli.text.TerminalEscapes;
import dev.cumps.core.json.Json;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * What a host printed reaches this terminal without its control characters: a hostile host set the
 * terminal's title, cleared the screen and forged another host's line. JSON is written again by our
 * writer (valid, every control and non-ASCII character escaped); text keeps its line feeds only.
 */
class FleetOutputTest {
    private static final String ESC = "\u001b";

    private static void noControlButLineFeeds(String shown) {
        assertFalse(shown.chars().anyMatch(c -> c != '\n' && (Character.isISOControl(c) || Character.getType(c) == Character.FORMAT)), shown);
    }

    @Test
    void textFromAHostKeepsItsLinesAndLosesItsEscapes() {
        String hostile = ESC + "]0;owned" + "\u0007" + ESC + "[2J" + "stopped train\r" + "gpu9  ok  cumps=1\u202e\n";
        String shown = FleetCommand.shown(hostile);
        noControlButLineFeeds(shown);
        assertEquals("\\x1b]0;owned\\x07\\x1b[2Jstopped train\\rgpu9  ok  cumps=1\\u202e\n", shown);
        assertEquals("one\ntwo\n", FleetCommand.shown("one\ntwo\n"), "plain text is left as it was");
    }

    @Test
    void jsonFromAHostIsWrittenAgainWithEveryControlCharacterEscaped() {
        // Valid JSON may carry C1 controls (U+009B is a CSI on many terminals) and format characters raw.
        String hostile = "{\"name\": \"train\", \"pipe_directory\": \"/tmp/x\\u001b[2J\u009b1m\u202e\", \"pid\": 7}\n";
        String shown = FleetCommand.shown(hostile);
        noControlButLineFeeds(shown);
        assertEquals(Map.of("name", "train", "pipe_directory", "/tmp/x" + ESC + "[2J\u009b1m\u202e", "pid", 7L), Json.read(shown),
                "the document means what the host sent");
        assertTrue(shown.contains("\\u001b[2J\\u009b1m\\u202e"), shown);

        String broken = "{\"name\": \"" + ESC + "[2J\"}\n"; // a raw escape: not JSON, shown as escaped text
        assertEquals("{\"name\": \"\\x1b[2J\"}\n", FleetCommand.shown(broken));
    }

    @Test
    void aLineOfFleetStatusCannotBreakIntoTwo() {
        assertEquals("gpu1  ok\\ngpu2  ok  cumps=9", TerminalEscapes.escape("gpu1  ok\ngpu2  ok  cumps=9"));
    }
}
