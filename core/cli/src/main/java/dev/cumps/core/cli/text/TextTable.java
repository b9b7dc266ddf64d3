package dev.cumps.core.cli.text;

import java.util.ArrayList;
import java.util.List;

/** A plain aligned text table for people: a header row, columns padded to their widest cell. */
public final class TextTable {
    private final List<String[]> rows = new ArrayList<>();
    private final int columns;

    public TextTable(String... header) {
        this.columns = header.length;
        rows.add(header);
    }

    public TextTable row(Object... cells) {
        String[] r = new String[columns];
        for (int i = 0; i < columns; i++) {
            r[i] = i < cells.length && cells[i] != null ? Printable.escape(cells[i].toString()) : "";
        }
        rows.add(r);
        return this;
    }

    public boolean isEmpty() {
        return rows.size() == 1;
    }

    public String render(String indent) {
        int[] widths = new int[columns];
        for (String[] r : rows) {
            for (int i = 0; i < columns; i++) {
                widths[i] = Math.max(widths[i], r[i].length());
            }
        }
        StringBuilder out = new StringBuilder();
        for (String[] r : rows) {
            StringBuilder line = new StringBuilder(indent);
            for (int i = 0; i < columns; i++) {
                line.append(r[i]);
                if (i < columns - 1) {
                    line.append(" ".repeat(widths[i] - r[i].length() + 2));
                }
            }
            out.append(line.toString().stripTrailing()).append('\n');
        }
        return out.toString();
    }
}
