package dev.cumps.core.cli.reference;

import java.util.List;

/**
 * What the command definitions cannot say and both the Markdown reference and the man page do: the
 * environment variables cumps reads or writes, the files it keeps, and where to read on. Text in
 * backquotes is a command, a path or a name to type, shown as code (Markdown) or bold (roff).
 */
final class ReferenceProse {
    /** A term (a variable, a path) and what it means. */
    record Entry(String term, String meaning) {
    }

    static final List<Entry> ENVIRONMENT = List.of(
            new Entry("CUDA_VISIBLE_DEVICES", "Read by `status`, `start` and `doctor`: `start` and `doctor` take only a GPU it leaves"
                    + " visible, `status` shows which GPUs it hides, and an entry CUDA could not read is named and refused."
                    + " `cumps env` prints the value a launcher sets: the daemon's GPU UUID. Your value is never passed on to"
                    + " nvidia-smi or nvidia-cuda-mps-control."),
            new Entry("CUDA_MPS_PIPE_DIRECTORY", "Read by `status`, `clients` and `doctor` to find a control pipe without a record"
                    + " (also when it points at /tmp/nvidia-mps). `cumps env` prints the daemon's pipe directory for a launcher to"
                    + " export; `start` sets it for the daemon it launches."),
            new Entry("CUDA_MPS_LOG_DIRECTORY", "`cumps env` prints the daemon's log directory for a launcher to export; `start` sets"
                    + " it for the daemon it launches."),
            new Entry("TMPDIR", "The default pipe and log directories are `${TMPDIR:-/tmp}/uni-cumps-<uid>/<name>/pipe` and `.../log`;"
                    + " the `--simulate` sandbox is `${TMPDIR:-/tmp}/cumps-sim-<uid>`."),
            new Entry("HOME", "The default record directory is `$HOME/.cache/unilab/cuda-mps` (as uni-cumps has it; `XDG_CACHE_HOME`"
                    + " does not move it)."),
            new Entry("PATH", "Where nvidia-smi and nvidia-cuda-mps-control are looked up; empty and relative entries are skipped."),
            new Entry("COLUMNS", "The width `top` cuts its lines to when standard output is no terminal that knows its size (default 120)."),
            new Entry("XDG_CACHE_HOME", "The launcher keeps its AOT cache in `${XDG_CACHE_HOME:-$HOME/.cache}/cumps/` when the"
                    + " directory of `cumps.jar` is not yours; a cache in a folder others can write, or of another user, is never used."),
            new Entry("JAVA_HOME", "The launcher runs this Java 25 or later, else `java` on PATH (an installed package uses its own"
                    + " runtime)."),
            new Entry("CUMPS_AOT", "The launcher's AOT cache: `auto` (default), `off`, or `rebuild`."));

    static final List<Entry> FILES = List.of(
            new Entry("~/.cache/unilab/cuda-mps/<name>/daemon.json", "The record of daemon <name>: pid, process start time, GPU,"
                    + " pipe and log directories, in the format of UniLab's uni-cumps (both tools read each other's records)."),
            new Entry("~/.cache/unilab/cuda-mps/.stale/", "Records moved aside: unreadable ones, and stale ones a `start` replaced."),
            new Entry("~/.cache/unilab/cuda-mps/.locks/", "Lock files that keep two starts or stops of one name, pipe directory or GPU"
                    + " apart."),
            new Entry("${TMPDIR:-/tmp}/uni-cumps-<uid>/<name>/pipe", "The daemon's private pipe directory (mode 0700): the `control`"
                    + " socket and the pid file."),
            new Entry("${TMPDIR:-/tmp}/uni-cumps-<uid>/<name>/log", "The daemon's private log directory (mode 0700): `control.log`."));

    /** The man page's SEE ALSO names: page and section. */
    static final List<Entry> SEE_ALSO = List.of(new Entry("mps-console", "1"), new Entry("nvidia-cuda-mps-control", "1"),
            new Entry("nvidia-smi", "1"));

    /** Where the guide and this reference live. */
    static final String GUIDE = "The user guide: /usr/share/doc/mps-console/guide.md when installed from the package,"
            + " docs/guide.md in the source tree. The full command reference with JSON output and examples: docs/cli.md.";

    private ReferenceProse() {
    }
}
