package dev.cumps.core.proc;

import dev.cumps.core.CumpsException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
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
