package dev.cumps.app.doctor;

import dev.cumps.app.ui.LineBreaks;
import java.util.ArrayList;
import java.util.List;
import javafx.scene.shape.MoveTo;
import javafx.scene.shape.PathElement;
import javafx.scene.text.Text;

/** The lines a wrapped {@link Text} draws, read from its caret positions, and the words split across two of them (L-8). */
final class WrappedLines {

    private WrappedLines() {
    }

    /** The lines {@code text} draws now, without what the window adds to wrap it (LineBreaks). Call on the FX thread. */
    static List<String> of(Text text) {
        String s = text.getText();
        List<String> lines = new ArrayList<>();
        StringBuilder line = new StringBuilder();
        double y = Double.NaN;
        for (int i = 0; i < s.length(); i++) {
            double at = caretY(text.caretShape(i, true));
            if (!Double.isNaN(y) && Math.abs(at - y) > 1) {
                lines.add(clean(line.toString()));
                line.setLength(0);
            }
            y = at;
            line.append(s.charAt(i));
        }
        lines.add(clean(line.toString()));
        return lines;
    }

    /** Each place where a line ends and the next begins inside a word (a letter or digit on both sides), labelled. */
    static List<String> wordsSplit(String label, List<String> lines) {
        List<String> found = new ArrayList<>();
        for (int i = 0; i + 1 < lines.size(); i++) {
            String end = lines.get(i);
            String next = lines.get(i + 1);
            boolean midWord = !end.isEmpty() && !next.isEmpty() && Character.isLetterOrDigit(end.charAt(end.length() - 1))
                    && Character.isLetterOrDigit(next.charAt(0));
            if (midWord) {
                found.add(label + ": " + end + " | " + next);
            }
        }
        return found;
    }

    private static double caretY(PathElement[] caret) {
        return caret.length > 0 && caret[0] instanceof MoveTo move ? move.getY() : Double.NaN;
    }

    private static String clean(String line) {
        return LineBreaks.original(line);
    }
}
