package dev.cumps.app.guide;

import dev.cumps.app.ui.style.ConsoleStyles;
import java.text.Normalizer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.scene.control.Separator;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.scene.text.TextFlow;
import org.commonmark.node.BlockQuote;
import org.commonmark.node.BulletList;
import org.commonmark.node.Code;
import org.commonmark.node.Emphasis;
import org.commonmark.node.FencedCodeBlock;
import org.commonmark.node.HardLineBreak;
import org.commonmark.node.Heading;
import org.commonmark.node.HtmlBlock;
import org.commonmark.node.HtmlInline;
import org.commonmark.node.Image;
import org.commonmark.node.IndentedCodeBlock;
import org.commonmark.node.Link;
import org.commonmark.node.ListItem;
import org.commonmark.node.Node;
import org.commonmark.node.OrderedList;
import org.commonmark.node.Paragraph;
import org.commonmark.node.SoftLineBreak;
import org.commonmark.node.StrongEmphasis;
import org.commonmark.node.Text;
import org.commonmark.node.ThematicBreak;
import org.commonmark.parser.Parser;

/**
 * Draws a parsed guide as JavaFX nodes: headings, paragraphs that wrap to the window's width, bold,
 * italic and code runs, bullet and numbered lists, code blocks in the monospace font, and links. A
 * link to an anchor of the guide ({@code #daemon-count}) moves the view there; a link elsewhere (the
 * reference pages, a picture) shows its text with the target on hover: the window shows the guide
 * alone and opens nothing outside itself. Anchors are the guide's {@code <a id="…"></a>} lines and
 * each heading's GitHub-style id, so the links that work on GitHub work here.
 */
final class GuideRenderer {
    private static final Parser PARSER = Parser.builder().build();
    private static final Pattern ANCHOR = Pattern.compile("^<a id=\"([A-Za-z0-9_-]+)\"></a>\\s*$");

    /** What was drawn: the content, and the node each anchor names. */
    record Rendered(VBox content, Map<String, Region> anchors) {
    }

    private final Consumer<String> follow;
    private final Map<String, Region> anchors = new LinkedHashMap<>();
    private final List<String> pending = new ArrayList<>();

    /** @param follow called with the anchor when a link into the guide is clicked */
    private GuideRenderer(Consumer<String> follow) {
        this.follow = follow;
    }

    static Rendered render(GuideDocument document, Consumer<String> follow) {
        GuideRenderer renderer = new GuideRenderer(follow);
        VBox content = renderer.blocks(document.root(), ConsoleStyles.GUIDE_CONTENT);
        return new Rendered(content, Map.copyOf(renderer.anchors));
    }

    private VBox blocks(Node parent, String styleClass) {
        VBox box = new VBox(8);
        box.getStyleClass().add(styleClass);
        for (Node child = parent.getFirstChild(); child != null; child = child.getNext()) {
            Region drawn = block(child);
            if (drawn != null) {
                for (String anchor : pending) {
                    anchors.putIfAbsent(anchor, drawn);
                }
                pending.clear();
                box.getChildren().add(drawn);
            }
        }
        return box;
    }

    private Region block(Node node) {
        if (node instanceof Heading heading) {
            TextFlow flow = inlines(heading, ConsoleStyles.GUIDE_HEADING, headingLevel(heading.getLevel()));
            anchors.putIfAbsent(slug(plainText(heading)), flow);
            return flow;
        }
        if (node instanceof Paragraph paragraph) {
            String anchor = anchorOnly(paragraph);
            if (anchor != null) {
                pending.add(anchor);
                return null;
            }
            return inlines(paragraph, ConsoleStyles.GUIDE_PARAGRAPH);
        }
        if (node instanceof BulletList || node instanceof OrderedList) {
            return list(node);
        }
        if (node instanceof FencedCodeBlock code) {
            return codeBlock(code.getLiteral());
        }
        if (node instanceof IndentedCodeBlock code) {
            return codeBlock(code.getLiteral());
        }
        if (node instanceof BlockQuote quote) {
            return blocks(quote, ConsoleStyles.GUIDE_QUOTE);
        }
        if (node instanceof ThematicBreak) {
            return new Separator();
        }
        if (node instanceof HtmlBlock html) {
            // An anchor line and the lines after it up to a blank line are one HTML block to CommonMark
            // (the entry's heading among them): the anchor is noted, the lines after it drawn as Markdown.
            String[] lines = html.getLiteral().split("\n", 2);
            Matcher anchor = ANCHOR.matcher(lines[0].strip());
            if (!anchor.matches()) {
                return null;
            }
            pending.add(anchor.group(1));
            return lines.length < 2 || lines[1].isBlank() ? null : blocks(PARSER.parse(lines[1]), ConsoleStyles.GUIDE_PART);
        }
        return null;
    }

    /** The style class of a heading of {@code level}: levels past 4 look as level 4. */
    private static String headingLevel(int level) {
        return switch (level) {
            case 1 -> ConsoleStyles.GUIDE_H1;
            case 2 -> ConsoleStyles.GUIDE_H2;
            case 3 -> ConsoleStyles.GUIDE_H3;
            default -> ConsoleStyles.GUIDE_H4;
        };
    }

    /** The id of a paragraph that is only {@code <a id="…"></a>} (CommonMark reads that line as a paragraph of inline HTML), else null. */
    private static String anchorOnly(Paragraph paragraph) {
        StringBuilder html = new StringBuilder();
        for (Node child = paragraph.getFirstChild(); child != null; child = child.getNext()) {
            if (!(child instanceof HtmlInline inline)) {
                return null;
            }
            html.append(inline.getLiteral());
        }
        Matcher anchor = ANCHOR.matcher(html.toString());
        return anchor.matches() ? anchor.group(1) : null;
    }

    private VBox list(Node list) {
        VBox box = new VBox(4);
        box.getStyleClass().add(ConsoleStyles.GUIDE_LIST);
        int number = list instanceof OrderedList ordered && ordered.getMarkerStartNumber() != null ? ordered.getMarkerStartNumber() : 1;
        for (Node item = list.getFirstChild(); item != null; item = item.getNext()) {
            if (!(item instanceof ListItem)) {
                continue;
            }
            Label marker = new Label(list instanceof OrderedList ? (number++) + "." : "•");
            marker.getStyleClass().add(ConsoleStyles.GUIDE_MARKER);
            marker.setMinWidth(Region.USE_PREF_SIZE);
            VBox body = blocks(item, ConsoleStyles.GUIDE_ITEM);
            body.setMinWidth(0);
            HBox.setHgrow(body, Priority.ALWAYS);
            HBox row = new HBox(6, marker, body);
            box.getChildren().add(row);
        }
        return box;
    }

    private static Region codeBlock(String literal) {
        String text = literal.endsWith("\n") ? literal.substring(0, literal.length() - 1) : literal;
        TextFlow flow = new TextFlow(Runs.of(text, ConsoleStyles.GUIDE_CODE, ConsoleStyles.MONOSPACE));
        flow.getStyleClass().add(ConsoleStyles.GUIDE_CODE_BLOCK);
        return flow;
    }

    private TextFlow inlines(Node parent, String... styleClasses) {
        TextFlow flow = new TextFlow();
        flow.getStyleClass().addAll(styleClasses);
        appendInlines(parent, flow, List.of());
        return flow;
    }

    private void appendInlines(Node parent, TextFlow flow, List<String> styles) {
        for (Node child = parent.getFirstChild(); child != null; child = child.getNext()) {
            appendInline(child, flow, styles);
        }
    }

    private void appendInline(Node node, TextFlow flow, List<String> styles) {
        String[] classes = styles.toArray(String[]::new);
        if (node instanceof Text text) {
            flow.getChildren().add(Runs.of(text.getLiteral(), classes));
        } else if (node instanceof Code code) {
            flow.getChildren().add(Runs.of(code.getLiteral(), with(styles, ConsoleStyles.GUIDE_CODE, ConsoleStyles.MONOSPACE)));
        } else if (node instanceof StrongEmphasis) {
            appendInlines(node, flow, List.of(with(styles, ConsoleStyles.GUIDE_STRONG)));
        } else if (node instanceof Emphasis) {
            appendInlines(node, flow, List.of(with(styles, ConsoleStyles.GUIDE_EMPHASIS)));
        } else if (node instanceof SoftLineBreak) {
            flow.getChildren().add(Runs.of(softBreak(node), classes));
        } else if (node instanceof HardLineBreak) {
            flow.getChildren().add(Runs.of("\n", classes));
        } else if (node instanceof Link link) {
            appendLink(link, flow, styles);
        } else if (node instanceof Image image) {
            String alt = plainText(image);
            var picture = Runs.of("[" + alt + "]", with(styles, ConsoleStyles.GUIDE_PICTURE));
            Tooltip.install(picture, new Tooltip(image.getDestination()));
            flow.getChildren().add(picture);
        } else if (!(node instanceof HtmlInline)) {
            appendInlines(node, flow, styles);
        }
    }

    private void appendLink(Link link, TextFlow flow, List<String> styles) {
        String destination = link.getDestination();
        if (destination.startsWith("#")) {
            Hyperlink hyperlink = new Hyperlink(plainText(link));
            hyperlink.getStyleClass().add(ConsoleStyles.GUIDE_LINK);
            hyperlink.setMnemonicParsing(false);
            String anchor = destination.substring(1);
            hyperlink.setUserData(anchor);
            hyperlink.setOnAction(e -> follow.accept(anchor));
            flow.getChildren().add(hyperlink);
            return;
        }
        int before = flow.getChildren().size();
        appendInlines(link, flow, List.of(with(styles, ConsoleStyles.GUIDE_OUTSIDE_LINK)));
        for (var run : flow.getChildren().subList(before, flow.getChildren().size())) {
            Tooltip.install(run, new Tooltip(destination));
        }
    }

    /** A space between two lines of a paragraph, none between two Chinese characters (as a browser joins them). */
    private static String softBreak(Node node) {
        String before = node.getPrevious() instanceof Text t ? t.getLiteral() : "";
        String after = node.getNext() instanceof Text t ? t.getLiteral() : "";
        boolean wide = !before.isEmpty() && !after.isEmpty() && wide(before.codePointBefore(before.length()))
                && wide(after.codePointAt(0));
        return wide ? "" : " ";
    }

    private static boolean wide(int codePoint) {
        Character.UnicodeScript script = Character.UnicodeScript.of(codePoint);
        return script == Character.UnicodeScript.HAN || (codePoint >= 0x3000 && codePoint <= 0x303F)
                || (codePoint >= 0xFF00 && codePoint <= 0xFFEF);
    }

    private static String[] with(List<String> styles, String... added) {
        List<String> all = new ArrayList<>(styles);
        all.addAll(List.of(added));
        return all.toArray(String[]::new);
    }

    /** The text of a node and its descendants, as a heading's id is made from. */
    static String plainText(Node node) {
        StringBuilder out = new StringBuilder();
        for (Node child = node.getFirstChild(); child != null; child = child.getNext()) {
            if (child instanceof Text text) {
                out.append(text.getLiteral());
            } else if (child instanceof Code code) {
                out.append(code.getLiteral());
            } else if (child instanceof SoftLineBreak || child instanceof HardLineBreak) {
                out.append(' ');
            } else {
                out.append(plainText(child));
            }
        }
        return out.toString();
    }

    /** GitHub's heading id: lower case, punctuation dropped (letters, digits, spaces, '-' and '_' stay), spaces as '-'. */
    static String slug(String heading) {
        String lower = Normalizer.normalize(heading, Normalizer.Form.NFC).toLowerCase(Locale.ROOT);
        StringBuilder out = new StringBuilder();
        lower.codePoints().forEach(c -> {
            if (Character.isLetterOrDigit(c) || c == '-' || c == '_') {
                out.appendCodePoint(c);
            } else if (c == ' ') {
                out.append('-');
            }
        });
        return out.toString();
    }
}
