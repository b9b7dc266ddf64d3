package dev.cumps.app.doctor;

import dev.cumps.app.context.ConsoleContext;
import dev.cumps.app.i18n.Messages;
import dev.cumps.app.ui.error.ErrorReport;
import dev.cumps.core.exec.FolderOpener;
import dev.cumps.core.guide.GuideEntries;
import dev.cumps.core.guide.GuideLink;
import java.nio.file.Path;
import java.util.Objects;
import java.util.function.Consumer;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;

/**
 * The doctor pane's way into the user guide (behind each row's Guide button): the entry of one
 * check, read off the UI thread from the guide the launcher named ({@code -Dcumps.guide}), and
 * Open guide, {@code xdg-open} on the guide file. Why a dialog with the entry rather than
 * {@code xdg-open file:///…/guide.md#anchor}: the viewers xdg-open picks for a Markdown file (text
 * editors, several browsers) drop the fragment or take it for part of the file name, so the entry
 * would be lost; the dialog shows it, and Open guide opens the whole file.
 */
public final class DoctorGuide {

    /**
     * One entry as the Guide dialog shows it.
     *
     * @param text     the entry (Markdown as written), or why it cannot be shown
     * @param location where the entry is: {@code file:///…#anchor}, or {@code docs/guide.md#anchor} when no guide is known
     * @param openable whether Open guide has a file to open
     */
    public record Entry(String anchor, String text, String location, boolean openable) {
    }

    private final ConsoleContext ctx;
    private final Messages messages;
    private final GuideLink guide;
    private final FolderOpener opener;
    private final ReadOnlyStringWrapper openOutcome = new ReadOnlyStringWrapper(this, "openOutcome", "");

    /** @param opener runs {@code xdg-open} (through the core's runner, with the window's environment) */
    public DoctorGuide(ConsoleContext ctx, GuideLink guide, FolderOpener opener) {
        this.ctx = Objects.requireNonNull(ctx, "ctx");
        this.messages = ctx.messages();
        this.guide = Objects.requireNonNull(guide, "guide");
        this.opener = Objects.requireNonNull(opener, "opener");
    }

    /** Whether a guide file is known. */
    public boolean known() {
        return guide.file().isPresent();
    }

    /** Reads the entry of {@code anchor} off the UI thread and hands it to {@code shown} on the UI thread. */
    public void load(String anchor, Consumer<Entry> shown) {
        openOutcome.set("");
        String location = guide.shown(anchor);
        if (guide.file().isEmpty()) {
            shown.accept(new Entry(anchor, messages.get("doctor.guide.unknown", location), location, false));
            return;
        }
        Path file = guide.file().get();
        ctx.executor().submit(() -> GuideEntries.entry(file, anchor),
                text -> shown.accept(new Entry(anchor, reflowed(text), location, true)),
                error -> shown.accept(new Entry(anchor, ErrorReport.of(error, messages).summary(), location, true)));
    }

    /**
     * The entry as the dialog's wrapping text area shows it best: the lines of one paragraph (or
     * list item) joined with a space, so the area wraps them to its width; blank lines, list items
     * and fenced code blocks keep their lines.
     */
    static String reflowed(String markdown) {
        StringBuilder out = new StringBuilder();
        boolean fenced = false;
        boolean joinable = false;
        for (String line : markdown.split("\n", -1)) {
            boolean fence = line.startsWith("```");
            boolean starts = line.isBlank() || fence || fenced || line.startsWith("#") || line.matches("^\\s*([-*]|\\d+\\.)\\s.*");
            if (joinable && !starts) {
                out.append(' ').append(line.strip());
            } else {
                if (out.length() > 0) {
                    out.append('\n');
                }
                out.append(line);
            }
            if (fence) {
                fenced = !fenced;
            }
            joinable = !fenced && !fence && !line.isBlank() && !line.startsWith("#");
        }
        return out.toString();
    }

    /** Opens the whole guide in the desktop's viewer, off the UI thread; the outcome goes to {@link #openOutcomeProperty()}. */
    public void open() {
        if (guide.file().isEmpty()) {
            return;
        }
        Path file = guide.file().get();
        openOutcome.set("");
        ctx.executor().submit(() -> opener.openFile(file),
                failure -> openOutcome.set(failure.map(messages::render).orElseGet(() -> messages.get("doctor.guide.opened", file))),
                error -> openOutcome.set(ErrorReport.of(error, messages).summary()));
    }

    /** "Opened …", or why the guide could not be opened (one line, what to do); empty before. */
    public ReadOnlyStringProperty openOutcomeProperty() {
        return openOutcome.getReadOnlyProperty();
    }
}
