package dev.cumps.core.live;

/** How a line another program printed is quoted in a diagnostic: control characters as {@code ?}, at most 160 characters. */
final class Printables {
    private static final int LIMIT = 160;

    private Printables() {
    }

    static String shown(String raw) {
        String printable = raw.codePoints().map(c -> Character.isISOControl(c) ? '?' : c)
                .collect(StringBuilder::new, StringBuilder::appendCodePoint, StringBuilder::append).toString();
        return printable.length() > LIMIT ? printable.substring(0, LIMIT) + "…" : printable;
    }
}
