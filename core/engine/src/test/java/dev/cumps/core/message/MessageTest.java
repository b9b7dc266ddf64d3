package dev.cumps.core.message;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class MessageTest {

    private enum Key implements MessageKey {
        STALE("daemon ''{0}'' is stale (pid {1}); see {2}"),
        STATE("{0} at {1}"),
        WORD("live");

        private final String english;

        Key(String english) {
            this.english = english;
        }

        @Override
        public String area() {
            return "test";
        }

        @Override
        public String english() {
            return english;
        }
    }

    @Test
    void englishKeepsQuotesBracesAndDigitsAsWritten() {
        Message m = Message.of(Key.STALE, "gpu-0", 123456, Path.of("/tmp/p"));
        assertEquals("daemon ''gpu-0'' is stale (pid 123456); see /tmp/p", m.english());
        assertEquals("test.STALE", m.key());
        assertEquals(m.english(), m.toString());
    }

    @Test
    void nestedMessagesRenderWithTheSamePatterns() {
        Message m = Message.of(Key.STATE, Message.of(Key.WORD), "{1}");
        assertEquals("live at {1}", m.english());
        assertEquals("«活» @ {1}", m.render(k -> k == Key.STATE ? "«{0}» @ {1}" : "活"));
    }

    @Test
    void theArgumentCountAndTypesAreChecked() {
        assertThrows(IllegalArgumentException.class, () -> Message.of(Key.STATE, "only one"));
        assertThrows(IllegalArgumentException.class, () -> Message.of(Key.WORD, new Object()));
        assertThrows(IllegalArgumentException.class, () -> Message.of(Key.STATE, "a", Optional.empty()));
    }

    @Test
    void templatesLeaveUnknownAndMalformedPlaceholdersAlone() {
        assertEquals("{x} {} {2} a", Templates.format("{x} {} {2} {0}", "a"));
        assertEquals(3, Templates.arity("{2}{0}"));
        assertEquals(0, Templates.arity("no {placeholders} here {}"));
    }

    @Test
    void anExceptionCarriesItsMessageAndItsEnglish() {
        CumpsException e = new CumpsException(Message.of(Key.WORD));
        assertEquals("live", e.getMessage());
        assertEquals(Key.WORD, e.errorMessage().id());
    }
}
