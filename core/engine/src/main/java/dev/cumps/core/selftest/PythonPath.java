package dev.cumps.core.selftest;

import dev.cumps.core.fs.TrustRule;
import dev.cumps.core.host.HostEnvironment;
import dev.cumps.core.message.Message;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Where the self-test's Python looks for modules. Python is started isolated ({@code python3 -I}): no
 * working directory on {@code sys.path} (an empty {@code PYTHONPATH} entry, which
 * {@code PYTHONPATH=$PYTHONPATH:/opt/x} makes, is the working directory as an absolute path), no
 * {@code PYTHON*} variable read, no user site directory, so no {@code sitecustomize} or
 * {@code usercustomize} can be imported from anywhere the caller did not choose. Then the program puts back,
 * in Python's order, what the caller chose and the {@link TrustRule} accepts: each absolute
 * {@code PYTHONPATH} entry (module systems on GPU clusters put PyTorch there) and the user site directory
 * ({@code pip install --user}). Entries that do not pass are left out and named, with the reason.
 *
 * @param entries   the {@code PYTHONPATH} entries kept, in order
 * @param userSite  the user site directory, when it exists and passes
 * @param leftOut   each entry left out, with why
 */
record PythonPath(List<String> entries, Optional<String> userSite, Map<String, Message> leftOut) {
    /** Prints the user site directory, computed by {@code site} (no import from a path: {@code site} is in the standard library). */
    static final String USER_SITE_PROBE = "import site; print(site.getusersitepackages())";

    /**
     * The first lines of every Python program the self-test runs: the arguments {@code path P} and
     * {@code site S} that {@link #arguments()} gives put {@code P} first on {@code sys.path} (where
     * {@code PYTHONPATH} would have put it) and add {@code S} as a site directory (its {@code .pth} files
     * read) before the other site directories, as Python does for the user site.
     */
    static final String PRELUDE = String.join("\n",
            "import sys, site",
            "_a = sys.argv[1:]; del sys.argv[1:]",
            "_p = [_a[i + 1] for i in range(0, len(_a) - 1, 2) if _a[i] == 'path']",
            "_s = [_a[i + 1] for i in range(0, len(_a) - 1, 2) if _a[i] == 'site']",
            "sys.path[0:0] = _p",
            "for _d in _s:",
            "    _n = len(sys.path); site.addsitedir(_d); _x = sys.path[_n:]; del sys.path[_n:]",
            "    _i = next((k for k, q in enumerate(sys.path) if q.endswith(('site-packages', 'dist-packages'))), len(sys.path))",
            "    sys.path[_i:_i] = _x");

    PythonPath {
        entries = List.copyOf(entries);
        leftOut = Map.copyOf(leftOut);
    }

    /**
     * The entries of the caller's {@code PYTHONPATH} that pass, and the user site directory {@code userSite}
     * (as Python printed it; empty when unknown) when it passes.
     */
    static PythonPath of(HostEnvironment host, Optional<String> userSite) {
        List<String> kept = new ArrayList<>();
        Map<String, Message> leftOut = new LinkedHashMap<>();
        String value = host.get("PYTHONPATH").orElse("");
        if (!value.isEmpty()) {
            for (String entry : value.split(":", -1)) {
                Optional<Message> problem = problem(entry, host.uid());
                if (problem.isPresent()) {
                    leftOut.putIfAbsent(entry, problem.get());
                } else if (!kept.contains(entry)) {
                    kept.add(entry);
                }
            }
        }
        Optional<String> site = userSite.map(String::strip).filter(s -> !s.isEmpty());
        Optional<String> keptSite = Optional.empty();
        if (site.isPresent()) {
            // A user who never installed with --user has no such folder: nothing to add, nothing to report.
            Path p = Path.of(site.get());
            if (p.isAbsolute() && TrustRule.exists(p)) {
                Optional<Message> problem = TrustRule.problem(p, host.uid(), TrustRule.Kind.DIRECTORY);
                if (problem.isPresent()) {
                    leftOut.put(site.get(), problem.get());
                } else {
                    keptSite = site;
                }
            }
        }
        return new PythonPath(kept, keptSite, leftOut);
    }

    /** Why one {@code PYTHONPATH} entry is left out: empty or relative (the working directory), or not passing the rule. */
    private static Optional<Message> problem(String entry, int uid) {
        if (entry.isEmpty() || !entry.startsWith("/") || entry.indexOf('\0') >= 0) {
            return Optional.of(Message.of(SelftestMessages.PYTHONPATH_RELATIVE));
        }
        // Python also takes a zip file as an entry: a regular file passes as well as a folder.
        return TrustRule.problem(Path.of(entry), uid, TrustRule.Kind.ANY);
    }

    /** The arguments after {@code python3 -I -c PROGRAM} that {@link #PRELUDE} reads. */
    List<String> arguments() {
        List<String> args = new ArrayList<>();
        entries.forEach(e -> args.addAll(List.of("path", e)));
        userSite.ifPresent(s -> args.addAll(List.of("site", s)));
        return args;
    }

    /** The argument vector of {@code program} (which starts with {@link #PRELUDE}) run by an isolated {@code python3}. */
    List<String> argv(String program) {
        List<String> argv = new ArrayList<>(List.of("python3", "-I", "-c", program));
        argv.addAll(arguments());
        return argv;
    }

    /** For the report: what Python searches besides its own folders, and what was left out and why. */
    String describe() {
        StringBuilder sb = new StringBuilder("python3 -I (isolated: no working directory, no PYTHON* variables); PYTHONPATH entries kept: ")
                .append(entries.isEmpty() ? "none" : String.join(":", entries))
                .append("; user site: ").append(userSite.orElse("none"));
        leftOut.forEach((entry, why) -> sb.append("; left out '").append(entry).append("': ").append(why.english()));
        return sb.toString();
    }
}
