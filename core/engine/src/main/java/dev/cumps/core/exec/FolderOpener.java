package dev.cumps.core.exec;

import dev.cumps.core.message.Message;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Opens a folder in the desktop's file manager, or a document in its application ({@link #openFile}, or
 * {@link #browse} without waiting):
 * {@code xdg-open DIR} through the command runner
 * (a timeout, the explicit child environment, the runner's PATH rules). Blocks for at most
 * {@link #TIMEOUT}; call it off the UI thread.
 */
public final class FolderOpener {
    /** xdg-open hands the folder to the file manager and returns; a desktop that does not answer costs this. */
    public static final Duration TIMEOUT = Duration.ofSeconds(10);
    private final CommandRunner runner;
    private final ProcessSpawner spawner;
    private final Map<String, String> environment;

    /** {@code environment}: the complete environment xdg-open gets (it needs DISPLAY or WAYLAND_DISPLAY and XDG_*). */
    public FolderOpener(CommandRunner runner, Map<String, String> environment) {
        this(runner, ProcessSpawner.discardingOutput(), environment);
    }

    /** @param spawner how {@link #browse} starts xdg-open */
    public FolderOpener(CommandRunner runner, ProcessSpawner spawner, Map<String, String> environment) {
        this.runner = runner;
        this.spawner = spawner;
        this.environment = Map.copyOf(environment);
    }

    /**
     * Hands {@code file}'s {@code file://} URL to {@code xdg-open} and returns as soon as it has
     * started: the browser or viewer it opens lives as long as the user wants, so nothing waits for
     * it and nothing ends it; it reads nothing and its output is discarded. Empty when xdg-open
     * started, else why not (one line, says what to do).
     */
    public Optional<Message> browse(Path file) {
        try {
            spawner.spawn(new CommandSpec(List.of("xdg-open", file.toUri().toString()), environment, null, TIMEOUT));
            return Optional.empty();
        } catch (ProcessSpawner.NotOnPath e) {
            return Optional.of(Message.of(ExecMessages.OPEN_FILE_NO_XDG_OPEN, file));
        } catch (IOException e) {
            return Optional.of(Message.of(ExecMessages.OPEN_FILE_FAILED, file, String.valueOf(e.getMessage())));
        }
    }

    /** Opens {@code folder}; empty when xdg-open accepted it, else why not (one line, says what to do). */
    public Optional<Message> open(Path folder) {
        return xdgOpen(folder, ExecMessages.OPEN_FOLDER_FAILED, ExecMessages.OPEN_FOLDER_NO_XDG_OPEN);
    }

    /**
     * Opens the document {@code file} (the user guide) in the desktop's application for its type;
     * empty when xdg-open accepted it, else why not. A fragment ({@code #anchor}) is not passed: many
     * viewers xdg-open picks treat {@code file://…#x} as a missing file.
     */
    public Optional<Message> openFile(Path file) {
        return xdgOpen(file, ExecMessages.OPEN_FILE_FAILED, ExecMessages.OPEN_FILE_NO_XDG_OPEN);
    }

    private Optional<Message> xdgOpen(Path target, ExecMessages failed, ExecMessages missing) {
        CommandResult result = runner.run(new CommandSpec(List.of("xdg-open", target.toString()), environment, null, TIMEOUT));
        return switch (result.outcome()) {
            case EXITED -> result.exitCode() == 0 ? Optional.empty() : Optional.of(Message.of(failed, target, result.failureMessage()));
            case NOT_FOUND -> Optional.of(Message.of(missing, target));
            case TIMED_OUT, FAILED_TO_START -> Optional.of(Message.of(failed, target, result.failureMessage()));
        };
    }
}
