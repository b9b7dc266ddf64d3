package dev.cumps.core.guide;

import dev.cumps.core.fs.SafeFiles;
import dev.cumps.core.message.CumpsException;
import dev.cumps.core.message.Message;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The entries of the user guide, by anchor. An entry starts at a line holding only
 * {@code <a id="ANCHOR"></a>} and runs to the next such line, or to the next heading of the same or
 * a higher level than the entry's own heading (the first heading after the anchor), whichever comes
 * first (lines inside a fenced code block are neither); blank lines around it are dropped. The guide is read as files others could shape are: not
 * through a link, a regular file only, at most {@value #LIMIT_BYTES} bytes, on a deadline.
 */
public final class GuideEntries {
    /** The guide is tens of kilobytes; a file larger than this is not read. */
    public static final int LIMIT_BYTES = 1024 * 1024;
    /** An anchor line: {@code <a id="pipe-access"></a>}. */
    public static final Pattern ANCHOR = Pattern.compile("^<a id=\"([A-Za-z0-9_-]+)\"></a>\\s*$");
    private static final Pattern HEADING = Pattern.compile("^(#{1,6})\\s");

    private final Map<String, String> entries;

    private GuideEntries(Map<String, String> entries) {
        this.entries = entries;
    }

    /** The entries of a guide's text. */
    public static GuideEntries parse(String markdown) {
        List<String> lines = markdown.lines().toList();
        Map<String, String> entries = new LinkedHashMap<>();
        for (int i = 0; i < lines.size(); i++) {
            Matcher anchor = ANCHOR.matcher(lines.get(i));
            if (anchor.matches()) {
                entries.putIfAbsent(anchor.group(1), entryAfter(lines, i + 1));
            }
        }
        return new GuideEntries(entries);
    }

    /** Reads and parses the guide at {@code file}; a file that cannot be read is a one-line error. */
    public static GuideEntries read(Path file) {
        try {
            return parse(new String(SafeFiles.readAll(file, LIMIT_BYTES), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new CumpsException(Message.of(GuideMessages.UNREADABLE, file.toString(), SafeFiles.reasonOf(e)));
        }
    }

    /** The entry of {@code anchor} in the guide at {@code file}: its text, or a one-line error saying why not. */
    public static String entry(Path file, String anchor) {
        return read(file).get(anchor)
                .orElseThrow(() -> new CumpsException(Message.of(GuideMessages.NO_ENTRY, file.toString(), anchor)));
    }

    /** The text of the entry {@code anchor} (its heading first), if the guide has it. */
    public Optional<String> get(String anchor) {
        return Optional.ofNullable(entries.get(anchor));
    }

    private static String entryAfter(List<String> lines, int start) {
        List<String> out = new ArrayList<>();
        int level = 0;
        boolean fenced = false;
        for (int i = start; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.startsWith("```")) {
                fenced = !fenced;
            }
            if (!fenced && ANCHOR.matcher(line).matches()) {
                break;
            }
            Matcher heading = HEADING.matcher(line);
            if (!fenced && heading.find()) {
                int depth = heading.group(1).length();
                if (level == 0) {
                    level = depth;
                } else if (depth <= level) {
                    break;
                }
            }
            out.add(line);
        }
        while (!out.isEmpty() && out.get(out.size() - 1).isBlank()) {
            out.remove(out.size() - 1);
        }
        while (!out.isEmpty() && out.get(0).isBlank()) {
            out.remove(0);
        }
        return String.join("\n", out);
    }
}
