package dev.cumps.core.proc;

import dev.cumps.core.message.CumpsException;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.UserPrincipal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/** Reads {@code /proc/<pid>/stat} (or the same layout under another root, for tests). */
public final class ProcFsProcessTable implements ProcessTable {
    private final Path procRoot;

    public ProcFsProcessTable() {
        this(Path.of("/proc"));
    }

    public ProcFsProcessTable(Path procRoot) {
        this.procRoot = procRoot;
    }

    @Override
    public boolean terminate(ProcessIdentity identity) {
        if (!isAlive(identity)) {
            return false;
        }
        return ProcessHandle.of(identity.pid()).map(ProcessHandle::destroy).orElse(false);
    }

    @Override
    public boolean forceKill(ProcessIdentity identity) {
        if (!isAlive(identity)) {
            return false;
        }
        return ProcessHandle.of(identity.pid()).map(ProcessHandle::destroyForcibly).orElse(false);
    }

    /** More than any real environment; a bigger file is not read. */
    private static final int ENVIRON_LIMIT_BYTES = 1 << 20;

    @Override
    public Optional<Map<String, String>> environment(long pid) {
        if (pid <= 0) {
            return Optional.empty();
        }
        try (InputStream in = open(procRoot.resolve(Long.toString(pid)).resolve("environ"))) {
            byte[] raw = in.readNBytes(ENVIRON_LIMIT_BYTES + 1);
            if (raw.length > ENVIRON_LIMIT_BYTES) {
                return Optional.empty();
            }
            Map<String, String> env = new HashMap<>();
            for (String entry : new String(raw, StandardCharsets.UTF_8).split("\0")) {
                int eq = entry.indexOf('=');
                if (eq > 0) {
                    env.putIfAbsent(entry.substring(0, eq), entry.substring(eq + 1));
                }
            }
            return Optional.of(env);
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    @Override
    public List<Long> pids() {
        List<Long> pids = new ArrayList<>();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(procRoot)) {
            for (Path entry : entries) {
                String name = entry.getFileName().toString();
                if (digits(name)) {
                    pids.add(Long.parseLong(name));
                }
            }
        } catch (IOException e) {
            return List.of();
        }
        return pids;
    }

    /** More than the children of any control daemon (one server per user): a longer list is cut here. */
    private static final int CHILDREN_LIMIT_BYTES = 16 * 1024;
    /** Threads whose children are read: a control daemon has a few (the JVM stand-in a few dozen). */
    private static final int CHILDREN_THREADS = 256;

    @Override
    public List<Long> children(long pid) {
        if (pid <= 0) {
            return List.of();
        }
        List<Long> children = new ArrayList<>();
        int threads = 0;
        try (DirectoryStream<Path> tasks = Files.newDirectoryStream(procRoot.resolve(Long.toString(pid)).resolve("task"))) {
            for (Path task : tasks) {
                if (++threads > CHILDREN_THREADS) {
                    break;
                }
                try (InputStream in = open(task.resolve("children"))) {
                    String text = new String(in.readNBytes(CHILDREN_LIMIT_BYTES), StandardCharsets.US_ASCII);
                    for (String field : text.strip().split(" ")) {
                        if (digits(field)) {
                            children.add(Long.parseLong(field));
                        }
                    }
                } catch (IOException e) {
                    // this thread has exited, or the kernel has no children files (CONFIG_PROC_CHILDREN)
                }
            }
        } catch (IOException e) {
            return List.of();
        }
        return children;
    }

    /** More than any {@code stat} line: 52 numbers and a command name of at most 15 bytes. */
    private static final int STAT_LIMIT_BYTES = 4096;
    /** More than {@code /proc/uptime}'s two numbers. */
    private static final int UPTIME_LIMIT_BYTES = 256;

    /**
     * A file of {@code /proc}, the kernel's and read by size-capped reads only, opened with {@code java.io}: a NIO file
     * channel's first use loads 37 classes and probes for IPv6, which a {@code status} without records otherwise never
     * needs (docs/performance.md, round nine), and each channel read goes through a temporary direct buffer.
     */
    private static InputStream open(Path file) throws IOException {
        return new FileInputStream(file.toFile());
    }

    /** A pid as {@code /proc} prints it: 1 to 10 ASCII digits. */
    private static boolean digits(String field) {
        if (field.isEmpty() || field.length() > 10) {
            return false;
        }
        for (int i = 0; i < field.length(); i++) {
            if (field.charAt(i) < '0' || field.charAt(i) > '9') {
                return false;
            }
        }
        return true;
    }

    @Override
    public long selfStartTicks() {
        return find(ProcessHandle.current().pid()).map(ProcessInfo::startTicks).orElse(0L);
    }

    @Override
    public Optional<ProcessInfo> find(long pid) {
        if (pid <= 0) {
            return Optional.empty();
        }
        try (InputStream in = open(procRoot.resolve(Long.toString(pid)).resolve("stat"))) {
            // Decoded leniently: a command name is any 15 bytes, and one that is not UTF-8 does not make its process absent.
            return Optional.of(ProcStat.parse(new String(in.readNBytes(STAT_LIMIT_BYTES), StandardCharsets.UTF_8)));
        } catch (IOException | CumpsException e) {
            return Optional.empty();
        }
    }

    /** Linux reports {@code /proc} times in USER_HZ, which is 100 on every architecture it supports. */
    public static final long TICKS_PER_SECOND = 100;
    /** More than any real command line shown in a table; a longer one is cut here. */
    private static final int CMDLINE_LIMIT_BYTES = 64 * 1024;

    @Override
    public Optional<ProcessOwner> owner(long pid) {
        if (pid <= 0) {
            return Optional.empty();
        }
        Path dir = procRoot.resolve(Long.toString(pid));
        try {
            long uid = ((Number) Files.getAttribute(dir, "unix:uid", LinkOption.NOFOLLOW_LINKS)).longValue();
            UserPrincipal principal = Files.getOwner(dir, LinkOption.NOFOLLOW_LINKS);
            return Optional.of(new ProcessOwner(uid, principal.getName()));
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    @Override
    public Optional<List<String>> commandLine(long pid) {
        if (pid <= 0) {
            return Optional.empty();
        }
        try (InputStream in = open(procRoot.resolve(Long.toString(pid)).resolve("cmdline"))) {
            byte[] raw = in.readNBytes(CMDLINE_LIMIT_BYTES);
            if (raw.length == 0) {
                return Optional.empty(); // a kernel thread or a zombie
            }
            String text = new String(raw, StandardCharsets.UTF_8);
            if (text.endsWith("\0")) {
                text = text.substring(0, text.length() - 1);
            }
            return Optional.of(Arrays.asList(text.split("\0", -1)));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    @Override
    public OptionalLong ticksSinceBoot() {
        try (InputStream in = open(procRoot.resolve("uptime"))) {
            String uptime = new String(in.readNBytes(UPTIME_LIMIT_BYTES), StandardCharsets.US_ASCII).strip();
            String seconds = uptime.split("\\s+")[0];
            return OptionalLong.of(Math.round(Double.parseDouble(seconds) * TICKS_PER_SECOND));
        } catch (IOException | RuntimeException e) {
            return OptionalLong.empty();
        }
    }
}
