package dev.cumps.core.proc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.cumps.core.CumpsException;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.LongRange;

/**
 * {@code /proc/<pid>/stat} lines with any command name: Linux lets a process name itself with any
 * bytes but NUL (up to 15), including {@code )}, spaces and newlines, and the name sits before the
 * fields that identify the process. The parser must never shift a field, and never fail with
 * anything but its own error.
 */
class ProcStatPropertyTest {

    static String stat(long pid, String comm, char state, long startTicks) {
        StringBuilder s = new StringBuilder(pid + " (" + comm + ") " + state);
        for (int field = 4; field <= 52; field++) {
            s.append(' ').append(field == 22 ? startTicks : field * 7L);
        }
        return s.append('\n').toString();
    }

    @Provide
    Arbitrary<String> comms() {
        // Any characters but NUL, with the ones that trip naive parsers made likely.
        Arbitrary<Character> tricky = Arbitraries.of(')', '(', ' ', '\n', '\t', '\r', ')', ' ');
        Arbitrary<Character> any = Arbitraries.chars().range('\u0001', '\uffff');
        return Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(3, tricky), net.jqwik.api.Tuple.of(2, any), net.jqwik.api.Tuple.of(1, Arbitraries.chars().ascii()))
                .list().ofMaxSize(64)
                .map(cs -> {
                    StringBuilder b = new StringBuilder();
                    cs.forEach(c -> b.append(c == '\0' ? '?' : c));
                    return b.toString();
                });
    }

    @Provide
    Arbitrary<Character> states() {
        return Arbitraries.of('R', 'S', 'D', 'Z', 'T', 't', 'W', 'X', 'x', 'K', 'P', 'I');
    }

    @Property(tries = 3000)
    void everyCommandNameKeepsPidStateAndStartTimeInPlace(@ForAll @LongRange(min = 1, max = 4_194_304) long pid,
            @ForAll("comms") String comm, @ForAll("states") char state,
            @ForAll @LongRange(min = 0, max = Long.MAX_VALUE) long startTicks) {
        ProcessInfo info = ProcStat.parse(stat(pid, comm, state, startTicks));
        assertEquals(pid, info.pid());
        assertEquals(comm, info.comm());
        assertEquals(state, info.state());
        assertEquals(startTicks, info.startTicks());
    }

    @Property(tries = 3000)
    void anyTextParsesOrFailsWithTheParsersOwnError(@ForAll("mangled") String text) {
        try {
            ProcessInfo info = ProcStat.parse(text);
            assertFalse(info.comm().isEmpty() && info.pid() == 0 && text.isBlank(), "blank text cannot name a process");
        } catch (CumpsException e) {
            // the parser's own error: ProcFsProcessTable turns it into "no such process"
        }
    }

    /** Real lines cut, spliced and sprinkled with brackets, plus arbitrary text. */
    @Provide
    Arbitrary<String> mangled() {
        Arbitrary<String> real = comms().map(c -> stat(4242, c, 'S', 99));
        Arbitrary<String> cut = real.flatMap(s -> Arbitraries.integers().between(0, s.length()).map(n -> s.substring(0, n)));
        Arbitrary<String> spliced = Arbitraries.strings().withChars("() 0123456789-SZabc\n").ofMaxLength(200);
        return Arbitraries.oneOf(cut, spliced, Arbitraries.strings().all().ofMaxLength(300));
    }
}
