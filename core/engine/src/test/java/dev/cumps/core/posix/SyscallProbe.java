package dev.cumps.core.posix;

import java.io.IOException;
import java.nio.file.Path;

/** {@link SyscallTest}'s JVM of its own: connects to the file named by its argument and prints what came of it. */
public final class SyscallProbe {
    private SyscallProbe() {
    }

    public static void main(String[] args) {
        try (PacketSocket ignored = UnixSeqPacket.connect(Path.of(args[0]))) {
            System.out.println("connected");
        } catch (IOException e) {
            System.out.println(e.getClass().getSimpleName() + ": " + e.getMessage());
        }
    }
}
