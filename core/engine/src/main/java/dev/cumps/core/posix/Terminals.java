package dev.cumps.core.posix;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.util.Optional;

/**
 * A file descriptor's terminal, asked of the C library through the FFM API (Java 22+): {@code isatty(3)}
 * and {@code ioctl(2)} with {@code TIOCGWINSZ}, the two questions a terminal program asks. Before, cumps
 * guessed a terminal from the name {@code /proc/self/fd/N} links to and ran {@code stty size} (a program,
 * with its timeout) for the width.
 *
 * <p>Native access: the launchers pass {@code --enable-native-access=ALL-UNNAMED} (cumps runs from the class
 * path, the unnamed module) and {@code cumps.jar}'s manifest says {@code Enable-Native-Access: ALL-UNNAMED} for
 * {@code java -jar}. The handles are made on first use, never on a path that asks no terminal question (linking
 * them costs a few hundred classes). Only this package calls native code (ArchitectureTest).
 */
public final class Terminals {
    /** {@code TIOCGWINSZ} of Linux's generic ioctl numbers (x86-64, arm64). */
    private static final long TIOCGWINSZ = 0x5413;
    /** {@code struct winsize}: four unsigned shorts, rows first, then columns. */
    private static final long WINSIZE_BYTES = 8;

    private Terminals() {
    }

    /** Whether {@code fd} of this process is a terminal ({@code isatty(3)}). */
    public static boolean isTerminal(int fd) {
        try {
            return (int) Handles.ISATTY.invokeExact(fd) == 1;
        } catch (Throwable e) {
            throw new IllegalStateException("isatty(" + fd + ") failed", e);
        }
    }

    /** The width in columns of the terminal {@code fd} is, when it is one and knows its size (not 0). */
    public static Optional<Integer> columns(int fd) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment size = arena.allocate(WINSIZE_BYTES, 2);
            int result = (int) Handles.IOCTL.invokeExact(fd, TIOCGWINSZ, size);
            int columns = Short.toUnsignedInt(size.get(ValueLayout.JAVA_SHORT, 2));
            return result == 0 && columns > 0 ? Optional.of(columns) : Optional.empty();
        } catch (Throwable e) {
            throw new IllegalStateException("ioctl(" + fd + ", TIOCGWINSZ) failed", e);
        }
    }

    /** The downcall handles, linked when first used: the one place cumps calls a restricted method (javac's lint). */
    @SuppressWarnings("restricted")
    private static final class Handles {
        private static final Linker LINKER = Linker.nativeLinker();
        static final MethodHandle ISATTY = LINKER.downcallHandle(LINKER.defaultLookup().findOrThrow("isatty"),
                FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT));
        /** {@code int ioctl(int fd, unsigned long request, ...)}: one variadic pointer argument. */
        static final MethodHandle IOCTL = LINKER.downcallHandle(LINKER.defaultLookup().findOrThrow("ioctl"),
                FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.JAVA_LONG, ValueLayout.ADDRESS),
                Linker.Option.firstVariadicArg(2));

        private Handles() {
        }
    }
}
