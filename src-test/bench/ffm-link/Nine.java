import java.lang.foreign.*;
import java.lang.invoke.*;
public class Nine {
    static final Linker L = Linker.nativeLinker();
    static final Linker.Option E = Linker.Option.captureCallState("errno");
    static MethodHandle h(String n, FunctionDescriptor d, boolean e) {
        return e ? L.downcallHandle(L.defaultLookup().findOrThrow(n), d, E) : L.downcallHandle(L.defaultLookup().findOrThrow(n), d);
    }
    public static void main(String[] a) throws Throwable {
        var I = ValueLayout.JAVA_INT; var J = ValueLayout.JAVA_LONG; var A = ValueLayout.ADDRESS;
        MethodHandle socket = h("socket", FunctionDescriptor.of(I, I, I, I), true);
        MethodHandle setsockopt = h("setsockopt", FunctionDescriptor.of(I, I, I, I, A, I), true);
        MethodHandle connect = h("connect", FunctionDescriptor.of(I, I, A, I), true);
        MethodHandle sendmsg = h("sendmsg", FunctionDescriptor.of(J, I, A, I), true);
        MethodHandle recvmsg = h("recvmsg", FunctionDescriptor.of(J, I, A, I), true);
        MethodHandle poll = h("poll", FunctionDescriptor.of(I, A, J, I), true);
        MethodHandle close = h("close", FunctionDescriptor.of(I, I), false);
        MethodHandle getuid = h("getuid", FunctionDescriptor.of(I), false);
        MethodHandle getgid = h("getgid", FunctionDescriptor.of(I), false);
        if (a.length > 0 && a[0].equals("link")) return;
        try (Arena ar = Arena.ofConfined()) {
            MemorySegment st = ar.allocate(Linker.Option.captureStateLayout());
            int fd = (int) socket.invokeExact(st, 1, 5 | 0x800 | 0x80000, 0);
            MemorySegment one = ar.allocate(I); one.set(I, 0, 1);
            int r = (int) setsockopt.invokeExact(st, fd, 1, 16, one, 4);
            MemorySegment addr = ar.allocate(110, 2); addr.set(ValueLayout.JAVA_SHORT, 0, (short) 1);
            byte[] p = "/nonexistent/x".getBytes(); MemorySegment.copy(p, 0, addr, ValueLayout.JAVA_BYTE, 2, p.length);
            r = (int) connect.invokeExact(st, fd, addr, 2 + p.length + 1);
            MemorySegment pl = ar.allocate(8, 4); pl.set(I, 0, fd); pl.set(ValueLayout.JAVA_SHORT, 4, (short) 1);
            r = (int) poll.invokeExact(st, pl, 1L, 0);
            MemorySegment msg = ar.allocate(56, 8);
            long n = (long) sendmsg.invokeExact(st, fd, msg, 0x4040);
            n = (long) recvmsg.invokeExact(st, fd, msg, 0x40);
            int u = (int) getuid.invokeExact(); int g = (int) getgid.invokeExact();
            r = (int) close.invokeExact(fd);
            System.out.println("fd " + fd + " uid " + u + " gid " + g + " n " + n);
        }
    }
}
