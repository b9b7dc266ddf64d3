package dev.cumps.sim;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.EnumSet;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/** File modes and FIFOs of the control daemon stand-in's pipe directory, as NVIDIA's daemon leaves them. */
final class SimFiles {

    private static final PosixFilePermission[] BITS = {
        PosixFilePermission.OTHERS_EXECUTE, PosixFilePermission.OTHERS_WRITE, PosixFilePermission.OTHERS_READ,
        PosixFilePermission.GROUP_EXECUTE, PosixFilePermission.GROUP_WRITE, PosixFilePermission.GROUP_READ,
        PosixFilePermission.OWNER_EXECUTE, PosixFilePermission.OWNER_WRITE, PosixFilePermission.OWNER_READ,
    };

    private SimFiles() {
    }

    /** Sets {@code file}'s permission bits to the octal {@code mode} (whatever the umask made of them). */
    static void chmod(Path file, int mode) throws IOException {
        Set<PosixFilePermission> permissions = EnumSet.noneOf(PosixFilePermission.class);
        for (int bit = 0; bit < BITS.length; bit++) {
            if ((mode & (1 << bit)) != 0) {
                permissions.add(BITS[bit]);
            }
        }
        Files.setPosixFilePermissions(file, permissions);
    }

    /** Creates the FIFO {@code fifo} with mode {@code mode} ({@code mkfifo}; Java has no call for it). */
    static void mkfifo(Path fifo, int mode) throws IOException {
        Files.deleteIfExists(fifo);
        Process p = new ProcessBuilder(mkfifoProgram(), fifo.toString())
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        try {
            if (!p.waitFor(30, TimeUnit.SECONDS) || p.exitValue() != 0) {
                p.destroyForcibly();
                throw new IOException("mkfifo " + fifo + " failed");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while creating " + fifo, e);
        }
        chmod(fifo, mode);
    }

    private static String mkfifoProgram() {
        for (String candidate : new String[] {"/usr/bin/mkfifo", "/bin/mkfifo"}) {
            if (Files.isExecutable(Path.of(candidate))) {
                return candidate;
            }
        }
        return "mkfifo";
    }
}
