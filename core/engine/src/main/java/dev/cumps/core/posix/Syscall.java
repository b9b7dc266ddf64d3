package dev.cumps.core.posix;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.VarHandle;

/**
 * Linux system calls through ONE downcall handle, the C library's {@code long syscall(long number, ...)} with five
 * {@code long} arguments and {@code errno} captured: in a fresh JVM the FFM linker's cost grows with each
 * distinct handle (classes spun at run time that no AOT cache holds; docs/performance.md, round sixteen), so the
 * socket code asks the kernel by number instead of linking {@code socket}, {@code connect}, {@code sendmsg}... one
 * by one. Addresses go as {@link MemorySegment#address()}: the caller keeps the segment alive across the call.
 *
 * <p>The numbers are Linux's for x86-64 and arm64 ({@code os.arch} {@code amd64} or {@code aarch64}); arm64 has
 * no {@code poll}, so {@link #poll} is {@code ppoll} with a {@code struct timespec} there. On any other
 * architecture every call throws an {@link IOException} before linking anything (the control client then asks
 * NVIDIA's program, as on any surprise).
 */
final class Syscall {
    /** The system call numbers of one architecture, in the order of {@link #X86_64}. */
    private record Numbers(long socket, long connect, long sendmsg, long recvmsg, long setsockopt, long poll, long close,
            long getuid, long getgid, long bind, long listen, long accept4, long shutdown, boolean ppoll) {
    }

    private static final Numbers X86_64 = new Numbers(41, 42, 46, 47, 54, 7, 3, 102, 104, 49, 50, 288, 48, false);
    private static final Numbers ARM64 = new Numbers(198, 203, 211, 212, 208, 73, 57, 174, 176, 200, 201, 242, 210, true);
    private static final String ARCH = System.getProperty("os.arch", "");
    private static final Numbers NUMBERS = switch (ARCH) {
        case "amd64", "x86_64" -> X86_64;
        case "aarch64", "arm64" -> ARM64;
        default -> null;
    };

    private Syscall() {
    }

    /** The layout of the state {@code errno} is captured in: allocate one per thread that calls. */
    static StructLayout captureLayout() {
        return Linker.Option.captureStateLayout();
    }

    /** The {@code errno} the last call through {@code state} left. */
    static int errno(MemorySegment state) {
        return (int) Handle.ERRNO.get(state, 0L);
    }

    static int socket(MemorySegment state, int domain, int type, int protocol) throws IOException {
        return (int) call(state, numbers().socket(), domain, type, protocol, 0, 0);
    }

    static int setsockopt(MemorySegment state, int fd, int level, int name, MemorySegment value, int length) throws IOException {
        return (int) call(state, numbers().setsockopt(), fd, level, name, value.address(), length);
    }

    static int connect(MemorySegment state, int fd, MemorySegment address, int length) throws IOException {
        return (int) call(state, numbers().connect(), fd, address.address(), length, 0, 0);
    }

    static int bind(MemorySegment state, int fd, MemorySegment address, int length) throws IOException {
        return (int) call(state, numbers().bind(), fd, address.address(), length, 0, 0);
    }

    static int listen(MemorySegment state, int fd, int backlog) throws IOException {
        return (int) call(state, numbers().listen(), fd, backlog, 0, 0, 0);
    }

    /** {@code accept4} without the peer's address. */
    static int accept4(MemorySegment state, int fd, int flags) throws IOException {
        return (int) call(state, numbers().accept4(), fd, 0, 0, flags, 0);
    }

    static long sendmsg(MemorySegment state, int fd, MemorySegment msg, int flags) throws IOException {
        return call(state, numbers().sendmsg(), fd, msg.address(), flags, 0, 0);
    }

    static long recvmsg(MemorySegment state, int fd, MemorySegment msg, int flags) throws IOException {
        return call(state, numbers().recvmsg(), fd, msg.address(), flags, 0, 0);
    }

    /** {@code poll(fds, count, timeoutMillis)} (a timeout of 0 or more); {@code ppoll} with the same timeout on arm64. */
    static int poll(MemorySegment state, MemorySegment fds, long count, int timeoutMillis) throws IOException {
        Numbers numbers = numbers();
        if (!numbers.ppoll()) {
            return (int) call(state, numbers.poll(), fds.address(), count, timeoutMillis, 0, 0);
        }
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment timeout = arena.allocate(16, 8);
            timeout.set(ValueLayout.JAVA_LONG, 0, timeoutMillis / 1000);
            timeout.set(ValueLayout.JAVA_LONG, 8, (timeoutMillis % 1000) * 1_000_000L);
            return (int) call(state, numbers.poll(), fds.address(), count, timeout.address(), 0, 0);
        }
    }

    static int shutdown(MemorySegment state, int fd, int how) throws IOException {
        return (int) call(state, numbers().shutdown(), fd, how, 0, 0, 0);
    }

    static int close(MemorySegment state, int fd) throws IOException {
        return (int) call(state, numbers().close(), fd, 0, 0, 0, 0);
    }

    /** This process's real user id ({@code getuid}, which cannot fail). */
    static int getuid(MemorySegment state) throws IOException {
        return (int) call(state, numbers().getuid(), 0, 0, 0, 0, 0);
    }

    /** This process's real group id ({@code getgid}, which cannot fail). */
    static int getgid(MemorySegment state) throws IOException {
        return (int) call(state, numbers().getgid(), 0, 0, 0, 0, 0);
    }

    private static Numbers numbers() throws IOException {
        if (NUMBERS == null) {
            throw new IOException("no system call numbers for os.arch " + ARCH);
        }
        return NUMBERS;
    }

    private static long call(MemorySegment state, long number, long a1, long a2, long a3, long a4, long a5) throws IOException {
        try {
            return (long) Handle.SYSCALL.invokeExact(state, number, a1, a2, a3, a4, a5);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IOException("native call failed", e);
        }
    }

    /** The handle, linked when first used (javac's lint: restricted methods). */
    @SuppressWarnings("restricted")
    private static final class Handle {
        static final VarHandle ERRNO = captureLayout().varHandle(MemoryLayout.PathElement.groupElement("errno"));
        static final MethodHandle SYSCALL;

        static {
            Linker linker = Linker.nativeLinker();
            ValueLayout.OfLong word = ValueLayout.JAVA_LONG;
            SYSCALL = linker.downcallHandle(linker.defaultLookup().findOrThrow("syscall"),
                    FunctionDescriptor.of(word, word, word, word, word, word, word),
                    Linker.Option.firstVariadicArg(1), Linker.Option.captureCallState("errno"));
        }

        private Handle() {
        }
    }
}
