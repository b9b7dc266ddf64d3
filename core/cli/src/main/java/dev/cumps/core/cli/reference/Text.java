package dev.cumps.core.cli.reference;

import picocli.CommandLine.Help.Ansi;

/** Picocli's description text as plain text: markup such as {@code @|bold x|@} dropped, {@code %n} a line break. */
final class Text {
    private Text() {
    }

    static String plain(String text) {
        String noMarkup = Ansi.OFF.string(text);
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < noMarkup.length(); i++) {
            char c = noMarkup.charAt(i);
            if (c == '%' && i + 1 < noMarkup.length() && (noMarkup.charAt(i + 1) == 'n' || noMarkup.charAt(i + 1) == '%')) {
                out.append(noMarkup.charAt(i + 1) == 'n' ? '\n' : '%');
                i++;
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }
}
