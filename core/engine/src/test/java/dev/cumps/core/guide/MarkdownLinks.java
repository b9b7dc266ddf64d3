package dev.cumps.core.guide;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The links of a Markdown file as a reader follows them: {@code [text](target)} and
 * {@code ![alt](target)} outside fenced code blocks and inline code, and the anchors a link may
 * point at (explicit {@code <a id="…">} and GitHub's heading slugs).
 */
final class MarkdownLinks {
    private static final Pattern LINK = Pattern.compile("!?\\[[^\\]]*\\]\\(([^)\\s]+)(?:\\s+\"[^\"]*\")?\\)");
    private static final Pattern CODE_SPAN = Pattern.compile("`+[^`]*`+");
    private static final Pattern HEADING = Pattern.compile("^#{1,6}\\s+(.*?)\\s*#*\\s*$");
    private static final Pattern EXPLICIT_ANCHOR = Pattern.compile("<a id=\"([^\"]+)\"></a>");

    /** One link: the file it is in, its line, and its target as written. */
    record Link(Path file, int line, String target) {
        boolean external() {
            return target.matches("^[a-zA-Z][a-zA-Z0-9+.-]*:.*");
        }

        /** The path part, without the fragment; empty for a link into the same file. */
        String path() {
            int hash = target.indexOf('#');
            return hash < 0 ? target : target.substring(0, hash);
        }

        /** The fragment, or null. */
        String fragment() {
            int hash = target.indexOf('#');
            return hash < 0 ? null : target.substring(hash + 1);
        }

        /** The file or directory the link names. */
        Path resolved() {
            return path().isEmpty() ? file : file.getParent().resolve(path()).normalize();
        }

        @Override
        public String toString() {
            return file.getFileName() + ":" + line + ": " + target;
        }
    }

    private MarkdownLinks() {
    }

    static List<String> lines(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8).lines().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static List<Link> links(Path file) {
        List<Link> links = new ArrayList<>();
        boolean fenced = false;
        List<String> lines = lines(file);
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.strip().startsWith("```")) {
                fenced = !fenced;
                continue;
            }
            if (fenced) {
                continue;
            }
            Matcher m = LINK.matcher(CODE_SPAN.matcher(line).replaceAll(""));
            while (m.find()) {
                links.add(new Link(file, i + 1, m.group(1)));
            }
        }
        return links;
    }

    /** The anchors a link into {@code file} may name: explicit ids and heading slugs. */
    static Set<String> anchors(Path file) {
        Set<String> anchors = new LinkedHashSet<>();
        boolean fenced = false;
        for (String line : lines(file)) {
            if (line.strip().startsWith("```")) {
                fenced = !fenced;
                continue;
            }
            if (fenced) {
                continue;
            }
            Matcher explicit = EXPLICIT_ANCHOR.matcher(line);
            while (explicit.find()) {
                anchors.add(explicit.group(1));
            }
            Matcher heading = HEADING.matcher(line);
            if (heading.matches()) {
                anchors.add(slug(heading.group(1)));
            }
        }
        return anchors;
    }

    /** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
    static String slug(String heading) {
        String text = heading.replaceAll("\\[([^\\]]*)\\]\\([^)]*\\)", "$1").toLowerCase(Locale.ROOT);
        StringBuilder out = new StringBuilder();
        text.codePoints().forEach(c -> {
            if (Character.isLetterOrDigit(c) || c == '-' || c == '_') {
                out.appendCodePoint(c);
            } else if (c == ' ') {
                out.append('-');
            }
        });
        return out.toString();
    }
}
