import java.lang.foreign.*;
import java.lang.invoke.*;
public class One {
    public static void main(String[] a) throws Throwable {
        Linker L = Linker.nativeLinker();
        var J = ValueLayout.JAVA_LONG;
        MethodHandle sys = L.downcallHandle(L.defaultLookup().findOrThrow("syscall"),
            FunctionDescriptor.of(J, J, J, J, J, J, J), Linker.Option.firstVariadicArg(1), Linker.Option.captureCallState("errno"));
        if (a.length > 0 && a[0].equals("link")) return;
        var I = ValueLayout.JAVA_INT;
        try (Arena ar = Arena.ofConfined()) {
            MemorySegment st = ar.allocate(Linker.Option.captureStateLayout());
            int fd = (int) (long) sys.invokeExact(st, 41L, 1L, (long) (5 | 0x800 | 0x80000), 0L, 0L, 0L);
            MemorySegment one = ar.allocate(I); one.set(I, 0, 1);
            long r = (long) sys.invokeExact(st, 54L, (long) fd, 1L, 16L, one.address(), 4L);
            MemorySegment addr = ar.allocate(110, 2); addr.set(ValueLayout.JAVA_SHORT, 0, (short) 1);
            byte[] p = "/nonexistent/x".getBytes(); MemorySegment.copy(p, 0, addr, ValueLayout.JAVA_BYTE, 2, p.length);
            r = (long) sys.invokeExact(st, 42L, (long) fd, addr.address(), (long) (2 + p.length + 1), 0L, 0L);
            MemorySegment pl = ar.allocate(8, 4); pl.set(I, 0, fd); pl.set(ValueLayout.JAVA_SHORT, 4, (short) 1);
            r = (long) sys.invokeExact(st, 7L, pl.address(), 1L, 0L, 0L, 0L);
            MemorySegment msg = ar.allocate(56, 8);
            long n = (long) sys.invokeExact(st, 46L, (long) fd, msg.address(), (long) 0x4040, 0L, 0L);
            n = (long) sys.invokeExact(st, 47L, (long) fd, msg.address(), 0x40L, 0L, 0L);
            long u = (long) sys.invokeExact(st, 102L, 0L, 0L, 0L, 0L, 0L);
            long g = (long) sys.invokeExact(st, 104L, 0L, 0L, 0L, 0L, 0L);
            r = (long) sys.invokeExact(st, 3L, (long) fd, 0L, 0L, 0L, 0L);
            System.out.println("fd " + fd + " uid " + u + " gid " + g + " n " + n);
        }
    }
}
