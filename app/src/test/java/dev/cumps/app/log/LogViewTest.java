package dev.cumps.app.log;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.app.PaneExtension;
import dev.cumps.app.Waits;
import dev.cumps.app.layout.ReadableLayout;
import dev.cumps.app.ui.UiExecutor;
import dev.cumps.core.mps.RuntimeDirs;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import javafx.beans.property.SimpleObjectProperty;
import javafx.geometry.Orientation;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollBar;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.TextArea;
import javafx.scene.control.ToggleButton;
import javafx.scene.input.KeyCode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;

class LogViewTest {

    private LogView view;
    /** The window's timers not yet run or cancelled: the log's periodic re-read is one while it runs. */
    private final AtomicInteger waitingTimers = new AtomicInteger();

    @RegisterExtension
    final PaneExtension pane = PaneExtension.in(Locale.ENGLISH).withHost(host -> host.live("t1", 0)).size(800, 300)
            .wrapExecutor(this::countingTimers)
            .showing(p -> view = new LogView(p.viewModels().log(
                    new SimpleObjectProperty<>(p.daemon("t1")))));

    /** The window's executor, counting the timers that wait. */
    private UiExecutor countingTimers(UiExecutor executor) {
        return new UiExecutor() {
            @Override
            public <T> Future<?> submit(Callable<T> work, Consumer<? super T> onSuccess, Consumer<? super Throwable> onFailure) {
                return executor.submit(work, onSuccess, onFailure);
            }

            @Override
            public void runOnUi(Runnable action) {
                executor.runOnUi(action);
            }

            @Override
            public Timer schedule(Duration delay, Runnable onUi) {
                AtomicBoolean over = new AtomicBoolean();
                waitingTimers.incrementAndGet();
                Timer timer = executor.schedule(delay, () -> {
                    if (over.compareAndSet(false, true)) {
                        waitingTimers.decrementAndGet();
                    }
                    onUi.run();
                });
                return () -> {
                    if (over.compareAndSet(false, true)) {
                        waitingTimers.decrementAndGet();
                    }
                    timer.cancel();
                };
            }
        };
    }

    /**
     * Review 2026-12-06 M-6: a caption longer than the toolbar's room (here the sandbox's long path, at 800 px) gives
     * way to the buttons, which keep their names ("Wra…", "Open …", "Refre…" before).
     */
    @Test
    void aLongCaptionLeavesTheButtonsTheirNames(FxRobot robot) {
        Label caption = robot.lookup("#logCaption").queryAs(Label.class);
        Waits.onFx("the caption naming the log", () -> caption.getText().contains(RuntimeDirs.CONTROL_LOG));
        robot.interact(() -> caption.getScene().getWindow().setWidth(640));
        Waits.onFx("the caption longer than its room", () -> caption.prefWidth(-1) > caption.getWidth() + 1);
        ReadableLayout.assertNamesShown(robot, "the control log toolbar with a long caption", "#logFollow", "#logWrap",
                "#logOpenFolder", "#logRefresh");
    }

    @Test
    void showsTheLogAndPicksUpNewLinesByItself(FxRobot robot) throws Exception {
        TextArea area = robot.lookup("#logText").queryAs(TextArea.class);
        Waits.onFx("the log shown", () -> !area.getText().isEmpty()); // read on the FX thread, which sets it
        assertEquals(1, Waits.fx(waitingTimers::get), "the periodic re-read waits for its next turn while the window shows the pane");
        assertTrue(area.getStyleClass().contains("log-block"));

        Path log = pane.daemon("t1").record().logDirectory().resolve(RuntimeDirs.CONTROL_LOG);
        Files.writeString(log, "[test] a line written after the pane opened\n", StandardCharsets.UTF_8,
                StandardOpenOption.APPEND);
        Waits.onFx("the new line shown", () -> area.getText().endsWith("[test] a line written after the pane opened\n"));
        WaitForAsyncUtils.waitForFxEvents(); // the text and the caret move in one FX pulse; read after it
        assertTrue(area.getCaretPosition() == area.getLength(), "scrolled to the end");

        robot.interact(() -> area.getScene().getWindow().hide());
        assertEquals(0, waitingTimers.get(), "no re-read waits while the window is hidden");
    }

    @Test
    void scrollingUpStopsFollowingNewLinesAndFollowResumes(FxRobot robot) throws Exception {
        TextArea area = robot.lookup("#logText").queryAs(TextArea.class);
        ToggleButton follow = robot.lookup("#logFollow").queryAs(ToggleButton.class);
        Path log = pane.daemon("t1").record().logDirectory().resolve(RuntimeDirs.CONTROL_LOG);
        append(log, "first batch", 80);
        Waits.onFx("the log pane's state", () -> area.getText().endsWith("first batch 80\n"));
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(follow.isSelected(), "follows by default");
        assertTrue(view.atEnd(), () -> "the newest line is in sight: " + scrollState(area));

        // The user goes back a few pages to read (keys: Monocle's wheel direction differs from the desktop's).
        robot.clickOn(area);
        for (int i = 0; i < 3; i++) {
            robot.type(KeyCode.PAGE_UP);
        }
        Waits.onFx("the log pane's state", () -> !follow.isSelected());
        double reading = area.getScrollTop();
        assertFalse(view.atEnd());

        String shown = area.getText();
        Label pending = robot.lookup("#logPending").queryAs(Label.class);
        assertFalse(pending.isVisible());
        append(log, "second batch", 5);
        Waits.onFx("the log pane's state", pending::isVisible);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("New lines below: press Follow to see them", pending.getText());
        assertEquals(shown, area.getText(), "the text being read does not change under the reader");
        assertEquals(reading, area.getScrollTop(), 1.0, "the view stays where the user scrolled");
        assertFalse(view.atEnd());
        assertFalse(follow.isSelected());

        robot.clickOn(follow);
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(follow.isSelected());
        assertTrue(area.getText().endsWith("second batch 5\n"), "Follow shows the lines that waited");
        assertFalse(pending.isVisible());
        Waits.onFx("the log pane's state", view::atEnd);
        append(log, "third batch", 3);
        Waits.onFx("the log pane's state", () -> area.getText().endsWith("third batch 3\n"));
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(view.atEnd(), () -> "following again: the newest line is in sight: " + scrollState(area));

        robot.clickOn(area).type(KeyCode.PAGE_UP).type(KeyCode.PAGE_UP);
        Waits.onFx("the log pane's state", () -> !follow.isSelected());
        robot.press(KeyCode.CONTROL).type(KeyCode.END).release(KeyCode.CONTROL);
        Waits.onFx("the log pane's state", follow::isSelected);
        assertTrue(view.atEnd(), "going back to the end by hand follows again too");
    }

    private static String scrollState(TextArea area) {
        ScrollPane scroll = (ScrollPane) area.lookup(".scroll-pane");
        return "vvalue " + scroll.getVvalue() + " of " + scroll.getVmax() + ", content " + scroll.getContent().getLayoutBounds().getHeight()
                + ", viewport " + scroll.getViewportBounds().getHeight() + ", scrollTop " + area.getScrollTop();
    }

    @Test
    void wrapToggleWrapsLongLines(FxRobot robot) throws Exception {
        TextArea area = robot.lookup("#logText").queryAs(TextArea.class);
        CheckBox wrap = robot.lookup("#logWrap").queryAs(CheckBox.class);
        Path log = pane.daemon("t1").record().logDirectory().resolve(RuntimeDirs.CONTROL_LOG);
        append(log, "x".repeat(400) + " long line", 1);
        Waits.onFx("the log pane's state", () -> area.getText().contains(" long line 1"));
        assertFalse(Waits.fx(area::isWrapText));
        // The scroll bar follows at the next layout pulse, which a busy machine runs later: wait for it.
        Waits.onFx("an unwrapped long line to scroll sideways", () -> horizontalBar(area).isVisible());

        robot.clickOn(wrap);
        Waits.onFx("the text wrapped", area::isWrapText);
        Waits.onFx("wrapped, nothing to scroll sideways", () -> !horizontalBar(area).isVisible());

        robot.clickOn(wrap);
        Waits.onFx("the text unwrapped", () -> !area.isWrapText());
        Waits.onFx("unwrapped again, the long line scrolls sideways", () -> horizontalBar(area).isVisible());
    }

    private static ScrollBar horizontalBar(TextArea area) {
        return area.lookupAll(".scroll-bar").stream().map(ScrollBar.class::cast)
                .filter(b -> b.getOrientation() == Orientation.HORIZONTAL).findFirst().orElseThrow();
    }

    private static void append(Path log, String prefix, int lines) throws Exception {
        StringBuilder text = new StringBuilder();
        for (int i = 1; i <= lines; i++) {
            text.append(prefix).append(' ').append(i).append('\n');
        }
        Files.writeString(log, text, StandardCharsets.UTF_8, StandardOpenOption.APPEND);
    }
}
