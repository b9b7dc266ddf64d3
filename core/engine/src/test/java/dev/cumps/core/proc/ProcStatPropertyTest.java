package dev.cumps.core.proc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.core.message.CumpsException;
import dev.cumps.core.testing.Props;
import org.junit.jupiter.api.Test;
import org.quicktheories.api.Pair;
import org.quicktheories.core.Gen;
import org.quicktheories.generators.Generate;

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

    static Gen<String> comms() {
        // Any characters but NUL, with the ones that trip naive parsers made likely.
        Gen<Character> tricky = Props.chars(")( \n\t\r) ");
        Gen<Character> any = Props.chars('\u0001', '\uffff');
        Gen<Character> ascii = Props.chars('\u0000', '\u007f').map(c -> c == '\0' ? '?' : c);
        return Props.strings(Generate.frequency(Pair.of(3, tricky), Pair.of(2, any), Pair.of(1, ascii)), 0, 64);
    }

    static Gen<Character> states() {
        return Props.chars("RSDZTtWXxKPI");
    }

    @Test
    void everyCommandNameKeepsPidStateAndStartTimeInPlace() {
        Props.qt(3000).forAll(Generate.longRange(1, 4_194_304), comms(), states(), Generate.longRange(0, Long.MAX_VALUE))
                .checkAssert((pid, comm, state, startTicks) -> {
                    ProcessInfo info = ProcStat.parse(stat(pid, comm, state, startTicks));
                    assertEquals(pid, info.pid());
                    assertEquals(comm, info.comm());
                    assertEquals(state, info.state());
                    assertEquals(startTicks, info.startTicks());
                });
    }

    @Test
    void anyTextParsesOrFailsWithTheParsersOwnError() {
        Props.qt(3000).forAll(mangled()).checkAssert(text -> {
            try {
                ProcessInfo info = ProcStat.parse(text);
                assertFalse(info.comm().isEmpty() && info.pid() == 0 && text.isBlank(), "blank text cannot name a process");
            } catch (CumpsException e) {
                // the parser's own error: ProcFsProcessTable turns it into "no such process"
            }
        });
    }

    @Test
    void aLineBrokenInAKnownWayIsRefusedWithTheReason() {
        Props.qt(2000).forAll(Generate.longRange(1, 4_194_304), comms(), Generate.range(0, 4), Generate.longRange(0, Long.MAX_VALUE))
                .checkAssert((pid, comm, breakage, startTicks) -> {
                    String line = switch (breakage) {
                        case 0 -> stat(pid, comm, 'S', startTicks).substring(String.valueOf(pid).length() + 1); // no pid
                        case 1 -> "x" + stat(pid, comm, 'S', startTicks);
                        case 2 -> stat(pid, comm, 'S', startTicks).replaceFirst("( [0-9]+){31}\n$", "\n"); // fields 22 to 52 cut
                        case 3 -> stat(pid, comm, 'S', startTicks).replace(") S ", ") SS ");
                        default -> stat(pid, comm, 'S', startTicks).replace(" " + 21 * 7L + " " + startTicks + " ", " " + 21 * 7L + " x" + startTicks + " ");
                    };
                    String reason = switch (breakage) {
                        case 0 -> "malformed /proc stat line: ";
                        case 1 -> "malformed /proc stat line (pid): ";
                        case 2, 3 -> "malformed /proc stat line (too few fields): ";
                        default -> "malformed /proc stat line (start time): ";
                    };
                    CumpsException e = assertThrows(CumpsException.class, () -> ProcStat.parse(line), "must be refused: " + line);
                    assertTrue(e.getMessage().startsWith(reason), e.getMessage());
                });
    }

    /** Real lines cut, spliced and sprinkled with brackets, plus arbitrary text. */
    static Gen<String> mangled() {
        Gen<String> cut = Props.cut(comms().map(c -> stat(4242, c, 'S', 99)));
        Gen<String> spliced = Props.strings("() 0123456789-SZabc\n", 0, 200);
        return Generate.oneOf(cut, spliced, Props.anyStrings(0, 300));
    }
}
