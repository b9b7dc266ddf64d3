package dev.cumps.app.window;

import dev.cumps.core.message.Message;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds English left in a window that should speak Chinese. A text <em>leaks</em> when, after its
 * evidence is taken out, it still holds an English word of three or more letters that is not a
 * product or technical token. Evidence is what the operator must see as it is, in any language:
 *
 * <ul>
 *   <li>the values the test names ({@link #evidence}): daemon names it chose, the host name, GPU
 *       names and UUIDs, the sandbox path, raw tool output it provoked, the text arguments of a
 *       core message ({@link #rawArguments});</li>
 *   <li>commands in backticks ({@code `cumps stop --name x`}), options ({@code --pipe-dir});</li>
 *   <li>paths ({@code /tmp/x/y}, {@code ~/.cache/...}), file and host names ({@code control.log},
 *       {@code daemon.json}: a word with a dot inside);</li>
 *   <li>identifiers: any word with a digit or an underscore ({@code GPU-5f0c…}, {@code H100},
 *       {@code CUDA_MPS_PIPE_DIRECTORY}, {@code Exclusive_Process}, {@code get_server_list});</li>
 *   <li>one raw NVIDIA value in parentheses after its translation: {@code 已禁用 (Disabled)}, a raw
 *       field with its value ({@code mig.mode.current=Enabled}), a value the user types, quoted
 *       ({@code "all"});</li>
 *   <li>numbers, durations, pids and start ticks (no letters, or fewer than three).</li>
 * </ul>
 *
 * A missing-key marker ({@code !doctor.status.pass!}) always leaks. The rule is deliberately strict:
 * a whole English clause in parentheses leaks (only one bare token is a raw value), and a
 * hyphenated word leaks unless it is a known command ({@code nvidia-smi}).
 */
public final class EnglishLeaks {

    /** Product and technical tokens (and key names: {@code Ctrl+N}) a Chinese text may contain as they are (compared case-insensitively). */
    static final Set<String> ALLOWED = Set.of(
            "mps", "gpu", "gpus", "uuid", "cuda", "mig", "pid", "uid", "nvidia", "nvidia-smi", "nvidia-cuda-mps-control",
            "linux", "json", "markdown", "cumps", "uni-cumps", "unilab", "posix", "unix", "root", "nul", "utf",
            "kib", "mib", "gib", "env", "quit", "smi", "pci", "csv", "dpi", "png", "ctrl", "shift", "alt", "shell", "fifo",
            "ssh", "sshd", "openssh");

    private static final Pattern MISSING_KEY = Pattern.compile("![A-Za-z]+(\\.[A-Za-z0-9_]+)+!");
    /** A command named in the text: {@code cumps doctor}. */
    private static final Pattern COMMAND = Pattern.compile("(?<![A-Za-z-])cumps [a-z]+");
    private static final Pattern BACKTICKS = Pattern.compile("`[^`]*`");
    private static final Pattern OPTION = Pattern.compile("(?<![A-Za-z0-9])--?[A-Za-z][A-Za-z0-9-]*");
    private static final Pattern PATH = Pattern.compile("(?<![A-Za-z0-9])[~.]?/[A-Za-z0-9._+@%/-]*");
    /** What a user types, quoted: {@code "all"}. */
    private static final Pattern QUOTED_INPUT = Pattern.compile("\"[A-Za-z0-9_,.-]+\"");
    /** A raw field or variable with its value: {@code mig.mode.current=Enabled}, {@code CUDA_VISIBLE_DEVICES=0}. */
    private static final Pattern ASSIGNMENT = Pattern.compile("[A-Za-z0-9_.]+=[A-Za-z0-9_./:,-]+");
    private static final Pattern RAW_VALUE = Pattern.compile("[(（]\\s*[A-Za-z][A-Za-z0-9_.-]*\\s*[)）]");
    private static final Pattern TOKEN = Pattern.compile("[A-Za-z0-9_]+(?:[-.][A-Za-z0-9_]+)*");

    private final List<String> evidence;

    private EnglishLeaks(Collection<String> evidence) {
        // Longest first, so that a value containing another is removed whole.
        this.evidence = evidence.stream().filter(e -> e != null && !e.isBlank()).distinct()
                .sorted(Comparator.comparingInt(String::length).reversed()).toList();
    }

    /** A checker that also treats {@code values} (names, paths, raw output the test provoked) as evidence. */
    public static EnglishLeaks evidence(Collection<String> values) {
        return new EnglishLeaks(values);
    }

    /**
     * The raw evidence a core {@link Message} carries: its text arguments, never translated (a
     * parser's complaint, a path, tool output), also those of nested messages.
     */
    public static List<String> rawArguments(Message message) {
        List<String> raw = new ArrayList<>();
        for (Object arg : message.args()) {
            if (arg instanceof Message nested) {
                raw.addAll(rawArguments(nested));
            } else if (arg instanceof CharSequence text) {
                raw.add(text.toString());
            }
        }
        return raw;
    }

    /** The texts of {@code texts} that leak English, each once, in their order. */
    public List<String> offenders(Collection<String> texts) {
        Set<String> found = new LinkedHashSet<>();
        for (String text : texts) {
            if (text != null && leaks(text)) {
                found.add(text);
            }
        }
        return new ArrayList<>(found);
    }

    /** True when {@code text} holds an English word outside evidence (or is a missing-key marker). */
    public boolean leaks(String text) {
        return !englishWords(text).isEmpty();
    }

    /** The English words of {@code text} that are not evidence and not an allowed token. */
    public List<String> englishWords(String text) {
        List<String> words = new ArrayList<>();
        Matcher marker = MISSING_KEY.matcher(text);
        while (marker.find()) {
            words.add(marker.group());
        }
        String rest = text;
        for (String value : evidence) {
            rest = rest.replace(value, " ");
        }
        rest = BACKTICKS.matcher(rest).replaceAll(" ");
        rest = COMMAND.matcher(rest).replaceAll(" ");
        rest = PATH.matcher(rest).replaceAll(" ");
        rest = OPTION.matcher(rest).replaceAll(" ");
        rest = QUOTED_INPUT.matcher(rest).replaceAll(" ");
        rest = ASSIGNMENT.matcher(rest).replaceAll(" ");
        rest = RAW_VALUE.matcher(rest).replaceAll(" ");
        Matcher token = TOKEN.matcher(rest);
        while (token.find()) {
            String t = token.group();
            if (t.matches(".*[0-9_.].*") || ALLOWED.contains(t.toLowerCase(Locale.ROOT))) {
                continue; // an identifier, a file or host name, a version, or a known token
            }
            for (String part : t.split("-")) {
                if (part.length() >= 3 && !ALLOWED.contains(part.toLowerCase(Locale.ROOT))) {
                    words.add(t);
                    break;
                }
            }
        }
        return words;
    }
}
