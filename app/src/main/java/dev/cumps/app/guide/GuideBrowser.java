package dev.cumps.app.guide;

import dev.cumps.app.i18n.Messages;
import dev.cumps.app.ui.UiExecutor;
import dev.cumps.core.exec.FolderOpener;
import dev.cumps.core.guide.GuideLink;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * The guide window's Open in browser and Help → Open guide in browser: the guide file of the window's language handed to
 * {@code xdg-open} by the core ({@link FolderOpener#browse}), which returns once xdg-open has started
 * and never waits for or ends it. Only when the user asks: nothing here runs on its own.
 */
public final class GuideBrowser {
    private final UiExecutor executor;
    private final Messages messages;
    private final FolderOpener opener;
    private final GuideLink guide;

    /** @param guide where the guide files are (the launcher's {@code -Dcumps.guide}); none: the action says so */
    public GuideBrowser(UiExecutor executor, Messages messages, FolderOpener opener, GuideLink guide) {
        this.executor = Objects.requireNonNull(executor, "executor");
        this.messages = Objects.requireNonNull(messages, "messages");
        this.opener = Objects.requireNonNull(opener, "opener");
        this.guide = Objects.requireNonNull(guide, "guide");
    }

    /** The guide file the browser would get, in the window's language; empty when no guide file is known. */
    public Optional<Path> file() {
        return guide.file(GuideDocument.languageOf(messages.locale()).getLanguage());
    }

    /**
     * Starts {@code xdg-open} on the guide's {@code file://} URL off the UI thread; then one line for
     * the window, on the UI thread: that it was handed over, or why not.
     */
    public void open(Consumer<String> said) {
        open(said, said);
    }

    /**
     * Like {@link #open(Consumer)}, the line going to {@code handedOver} when {@code xdg-open} was
     * started, else to {@code notOpened} (no guide file known, no xdg-open, or it could not start).
     */
    public void open(Consumer<String> handedOver, Consumer<String> notOpened) {
        Optional<Path> file = file();
        if (file.isEmpty()) {
            notOpened.accept(messages.get("guide.browser.noFile"));
            return;
        }
        Path guideFile = file.get();
        executor.task(() -> opener.browse(guideFile))
                .onSuccess(problem -> problem.ifPresentOrElse(p -> notOpened.accept(messages.render(p)),
                        () -> handedOver.accept(messages.get("guide.browser.opened", guideFile.toUri()))))
                .onFailure(error -> notOpened.accept(messages.errorText(error).orElse(String.valueOf(error.getMessage()))))
                .start();
    }
}
