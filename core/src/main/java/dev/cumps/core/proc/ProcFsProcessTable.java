package dev.cumps.core.proc;

import dev.cumps.core.message.CumpsException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

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

    /** More than any real environment; a bigger file is not read. */
    private static final int ENVIRON_LIMIT_BYTES = 1 << 20;

    @Override
    public Optional<Map<String, String>> environment(long pid) {
        if (pid <= 0) {
            return Optional.empty();
        }
        try (InputStream in = Files.newInputStream(procRoot.resolve(Long.toString(pid)).resolve("environ"))) {
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
    public long selfStartTicks() {
        return find(ProcessHandle.current().pid()).map(ProcessInfo::startTicks).orElse(0L);
    }

    @Override
    public Optional<ProcessInfo> find(long pid) {
        if (pid <= 0) {
            return Optional.empty();
        }
        try {
            String text = Files.readString(procRoot.resolve(Long.toString(pid)).resolve("stat"), StandardCharsets.UTF_8);
            return Optional.of(ProcStat.parse(text));
        } catch (IOException | CumpsException e) {
            return Optional.empty();
        }
    }
}
