package dev.cumps.wm;

import java.awt.image.BufferedImage;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import javax.imageio.ImageIO;

/**
 * A private X display with a real window manager: {@code Xvfb} on a free display number (it picks one
 * and reports it on {@code -displayfd}) and {@code openbox} on it. The X tools the tests inspect
 * with ({@code xdotool}, {@code wmctrl}, {@code xprop}, {@code xwininfo}) run through {@link #tool}.
 * {@link #close()} ends exactly the two processes it started, by their pids. {@link #attach} reaches a
 * display another JVM of the suite started, for the tools only.
 */
final class XDesktop implements AutoCloseable {

    static final int SCREEN_WIDTH = 1920;
    static final int SCREEN_HEIGHT = 1080;
    private static final long TOOL_SECONDS = 60;

    private final Path dir;
    private final String display;
    private final Process xvfb;
    private final Process openbox;

    private XDesktop(Path dir, String display, Process xvfb, Process openbox) {
        this.dir = dir;
        this.display = display;
        this.xvfb = xvfb;
        this.openbox = openbox;
    }

    /**
     * The display {@code display} that the suite's test JVM started, from a JVM the test runs on it
     * (the layout check on the GTK glass): the X tools run with {@code home} as HOME; {@link #close()}
     * ends nothing.
     */
    static XDesktop attach(String display, Path home) {
        if (display == null || !display.matches(":\\d+")) {
            throw new IllegalArgumentException("no X display to attach to: " + display);
        }
        return new XDesktop(home, display, null, null);
    }

    /** Starts Xvfb and openbox, logging into {@code dir}; returns once openbox manages the display. */
    static XDesktop start(Path dir) throws IOException, InterruptedException {
        ProcessBuilder x = new ProcessBuilder("Xvfb", "-displayfd", "1", "-screen", "0",
                SCREEN_WIDTH + "x" + SCREEN_HEIGHT + "x24", "-nolisten", "tcp")
                .redirectError(dir.resolve("xvfb.log").toFile());
        x.environment().clear();
        x.environment().put("PATH", "/usr/bin:/bin");
        Process xvfb = x.start();
        String display;
        try {
            display = ":" + CompletableFuture.supplyAsync(() -> firstLine(xvfb))
                    .get(Waits.DEADLINE.toSeconds(), TimeUnit.SECONDS);
        } catch (ExecutionException | TimeoutException e) {
            end(xvfb);
            throw new IllegalStateException("Xvfb did not report its display; see " + dir.resolve("xvfb.log"), e);
        }
        // Openbox may exit at once on a display that has just come up (seen once in CI: the wait ran
        // out with no window manager). Only an openbox that exited is started again, at most three
        // times; one that runs and never manages the display fails after the deadline. On failure
        // the message carries openbox's output, and Xvfb and openbox are ended.
        Process openbox = null;
        try {
            for (int attempt = 1; ; attempt++) {
                Process started = startOpenbox(dir, display);
                openbox = started;
                XDesktop candidate = new XDesktop(dir, display, xvfb, started);
                boolean last = attempt == 3;
                String seen = Waits.until("openbox to manage " + display,
                        () -> started.isAlive() || last ? candidate.tryTool("wmctrl", "-m") : "openbox exited",
                        out -> out.contains("Name: Openbox") || out.equals("openbox exited"));
                if (seen.contains("Name: Openbox")) {
                    return candidate;
                }
                end(started);
            }
        } catch (RuntimeException | Error e) {
            if (openbox != null) {
                end(openbox);
            }
            end(xvfb);
            throw new AssertionError(e.getMessage() + "; Xvfb " + (xvfb.isAlive() ? "running" : "gone") + ", openbox.log: "
                    + logTail(dir.resolve("openbox.log")), e);
        }
    }

    private static String logTail(Path log) {
        try {
            String text = Files.readString(log, StandardCharsets.UTF_8);
            return text.length() > 2000 ? text.substring(text.length() - 2000) : text;
        } catch (IOException e) {
            return "(unreadable: " + e.getMessage() + ")";
        }
    }

    private static Process startOpenbox(Path dir, String display) throws IOException {
        ProcessBuilder wm = new ProcessBuilder("openbox", "--sm-disable")
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.appendTo(dir.resolve("openbox.log").toFile()));
        wm.environment().clear();
        wm.environment().putAll(Map.of("DISPLAY", display, "HOME", dir.toString(), "PATH", "/usr/bin:/bin"));
        return wm.start();
    }

    private static String firstLine(Process process) {
        try {
            BufferedReader in = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
            String line = in.readLine();
            if (line == null || !line.strip().matches("\\d+")) {
                throw new IllegalStateException("Xvfb printed no display number: " + line);
            }
            return line.strip();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    String display() {
        return display;
    }

    /** Runs an X tool against this display (explicit environment, bounded); its stdout, or a failure. */
    String tool(String... command) {
        String out = tryTool(command);
        if (out == null) {
            throw new AssertionError("X tool failed: " + String.join(" ", command));
        }
        return out;
    }

    /** Like {@link #tool}, but null when the tool exits non-zero (xdotool search finding nothing, a window gone). */
    String tryTool(String... command) {
        ProcessBuilder pb = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD);
        pb.environment().clear();
        pb.environment().putAll(Map.of("DISPLAY", display, "PATH", "/usr/bin:/bin", "HOME", dir.toString()));
        try {
            Process p = pb.start();
            CompletableFuture<byte[]> out = CompletableFuture.supplyAsync(() -> {
                try {
                    return p.getInputStream().readAllBytes();
                } catch (IOException e) {
                    return new byte[0];
                }
            });
            if (!p.waitFor(TOOL_SECONDS, TimeUnit.SECONDS)) {
                end(p);
                throw new AssertionError(String.join(" ", command) + " did not finish within " + TOOL_SECONDS + " s");
            }
            String text = new String(out.get(TOOL_SECONDS, TimeUnit.SECONDS), StandardCharsets.UTF_8);
            return p.exitValue() == 0 ? text : null;
        } catch (IOException | ExecutionException | TimeoutException e) {
            throw new AssertionError(String.join(" ", command) + ": " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", e);
        }
    }

    /** The visible top-level windows whose title matches {@code regex} (xdotool's search). */
    List<String> windows(String regex) {
        String out = tryTool("xdotool", "search", "--onlyvisible", "--name", regex);
        List<String> ids = new ArrayList<>();
        if (out != null) {
            out.lines().map(String::strip).filter(l -> !l.isEmpty()).forEach(ids::add);
        }
        return ids;
    }

    /** Waits until exactly one visible window matches {@code regex}; its id. */
    String window(String regex) {
        return Waits.until("one window titled /" + regex + "/", () -> windows(regex), ids -> ids.size() == 1).get(0);
    }

    /** Where the window manager put {@code id}: its frame (decorations included) and its title bar height. */
    XFrame frame(String id) {
        return XFrame.of(tool("xwininfo", "-id", id), tool("xprop", "-id", id, "_NET_FRAME_EXTENTS"));
    }

    /** One property of {@code id} as xprop prints it ({@code NAME(TYPE) = value}). */
    String property(String id, String name) {
        String out = tryTool("xprop", "-id", id, name);
        return out == null ? "" : out.strip();
    }

    /** Whether the window manager shows {@code id} maximized both ways. */
    boolean maximized(String id) {
        String state = property(id, "_NET_WM_STATE");
        return state.contains("_NET_WM_STATE_MAXIMIZED_VERT") && state.contains("_NET_WM_STATE_MAXIMIZED_HORZ");
    }

    /** Activates {@code id} (waits until it is) and types {@code keys} (xdotool key names) into it. */
    void type(String id, String... keys) {
        tool("xdotool", "windowactivate", "--sync", id);
        List<String> command = new ArrayList<>(List.of("xdotool", "key", "--clearmodifiers"));
        command.addAll(List.of(keys));
        tool(command.toArray(String[]::new));
    }

    /** Clicks inside {@code id} at {@code fromRight}, {@code fromBottom} pixels from its client area's bottom-right corner. */
    void clickNearBottomRight(String id, int fromRight, int fromBottom) {
        String info = tool("xwininfo", "-id", id);
        int width = XFrame.field(info, "Width");
        int height = XFrame.field(info, "Height");
        tool("xdotool", "mousemove", "--window", id, Integer.toString(width - fromRight),
                Integer.toString(height - fromBottom), "click", "1");
    }

    /** What {@code id}'s client area shows now (ImageMagick's {@code import -window}, via {@code file}). */
    BufferedImage image(String id, Path file) {
        tool("import", "-window", id, file.toString());
        try {
            BufferedImage image = ImageIO.read(file.toFile());
            if (image == null) {
                throw new AssertionError("import wrote no image to " + file);
            }
            return image;
        } catch (IOException e) {
            throw new AssertionError("cannot read " + file + ": " + e, e);
        }
    }

    /**
     * Stops this desktop's openbox (SIGSTOP to the pid this suite started), as a window manager too busy to
     * answer: windows asking to be mapped wait for it. {@link #resumeWindowManager} or {@link #close} continues it.
     */
    void pauseWindowManager() {
        signalWindowManager("-STOP");
    }

    /** Continues this desktop's openbox after {@link #pauseWindowManager}; nothing if it runs. */
    void resumeWindowManager() {
        signalWindowManager("-CONT");
    }

    private void signalWindowManager(String signal) {
        if (openbox == null) {
            throw new IllegalStateException("an attached display's window manager is not this suite's");
        }
        if (openbox.isAlive()) {
            tool("kill", signal, Long.toString(openbox.pid()));
        }
    }

    @Override
    public void close() {
        if (openbox != null) {
            if (openbox.isAlive()) {
                tryTool("kill", "-CONT", Long.toString(openbox.pid()));
            }
            end(openbox);
        }
        if (xvfb != null) {
            end(xvfb);
        }
    }

    /** Ends {@code process} (one this suite started) by its pid and waits for it. */
    static void end(Process process) {
        if (!process.isAlive()) {
            return;
        }
        process.destroy();
        try {
            if (!process.waitFor(Waits.DEADLINE.toSeconds(), TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(Waits.DEADLINE.toSeconds(), TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
