package dev.cumps.core.testing;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Formats a man page with GNU roff ({@code groff -man -Tutf8 -ww}: every warning on), as
 * {@code man cumps} would, and returns what it printed as plain text (no bold or underline:
 * {@code -P-cbou}). groff is Debian's {@code groff-base} ({@code .ci/run} installs it): missing, the
 * calling test fails under {@code CI} and is skipped elsewhere.
 */
public final class Groff {
    /** How long one page may take; it takes well under a second. */
    private static final long TIMEOUT_SECONDS = 120;

    private Groff() {
    }

    /** groff's exit status, the rendered page, and its warnings. */
    public record Result(int code, String page, String warnings) {
    }

    public static Path executable() {
        for (String dir : List.of("/usr/bin", "/bin", "/usr/local/bin")) {
            Path p = Path.of(dir, "groff");
            if (Files.isExecutable(p)) {
                return p;
            }
        }
        return fail("groff is missing: apt-get install groff-base (.ci/run installs it; a missing tool fails, never skips)");
    }

    /** Runs groff on {@code source} in {@code scratch}, with an explicit environment and a deadline. */
    public static Result format(String source, Path scratch) {
        Path groff = executable();
        try {
            Path in = scratch.resolve("page.1");
            Path out = scratch.resolve("page.txt");
            Path err = scratch.resolve("groff.err");
            Files.writeString(in, source, StandardCharsets.UTF_8);
            ProcessBuilder pb = new ProcessBuilder(groff.toString(), "-man", "-Tutf8", "-ww", "-P-cbou", in.toString())
                    .redirectOutput(out.toFile()).redirectError(err.toFile()).redirectInput(ProcessBuilder.Redirect.from(
                            Path.of("/dev/null").toFile()));
            pb.environment().clear();
            pb.environment().putAll(Map.of("PATH", "/usr/bin:/bin", "LC_ALL", "C.UTF-8"));
            Process p = pb.start();
            if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                p.waitFor();
                fail("groff did not finish within " + TIMEOUT_SECONDS + " s");
            }
            return new Result(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** The rendered page as ASCII-comparable text: the minus sign and hyphen glyphs as {@code -}. */
    public static String plain(String page) {
        return page.replace('\u2212', '-').replace('\u2010', '-');
    }
}
