package dev.cumps.app.window;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.app.ConsoleExtension;
import dev.cumps.app.SimulatedConsole;
import dev.cumps.app.Waits;
import dev.cumps.app.i18n.Messages;
import dev.cumps.app.ui.dialog.Dialogs;
import dev.cumps.app.ui.error.ErrorDialog;
import dev.cumps.app.ui.error.ErrorReport;
import dev.cumps.app.ui.style.RecordLook;
import dev.cumps.core.record.DaemonRecord;
import dev.cumps.sim.MpsFault;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicInteger;
import javafx.event.Event;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.DialogPane;
import javafx.scene.input.MouseButton;
import javafx.scene.input.MouseEvent;
import javafx.stage.Modality;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.testfx.api.FxRobot;

/**
 * Every dialog the window opens goes through {@link Dialogs#own}: owned by the window it was opened
 * from (the window manager keeps it above that window and centres it there, see the
 * window-manager suite), modeless to the window system (a modal stage un-maximises its owner under
 * openbox), at least the minimum size, and the owner ignores input while it is open.
 */
class DialogOwnershipTest {

    @RegisterExtension
    final ConsoleExtension console = ConsoleExtension.showing(Locale.ENGLISH);
    private WindowDriver ui;

    @BeforeEach
    void begin(FxRobot robot) {
        ui = new WindowDriver(robot, console.window());
    }

    @Test
    void theStartDialogAndTheStartFailureAreOwnedAndTheMainWindowIgnoresInputMeanwhile(FxRobot robot) throws Exception {
        console.host().mpsFault(MpsFault.LAUNCH_FAILS);
        ui.refreshUntil("both GPUs", () -> console.window().viewModel().gpus().size() == 2);
        robot.interact(() -> console.window().view().startDaemon());
        DialogPane start = ui.dialog("#startDialog");
        assertOwned(start, console.stage());

        Button stopAll = robot.lookup("#stopAllButton").queryButton();
        AtomicInteger pressesSeen = new AtomicInteger();
        robot.interact(() -> stopAll.addEventHandler(MouseEvent.MOUSE_PRESSED, e -> pressesSeen.incrementAndGet()));
        robot.interact(() -> Event.fireEvent(stopAll, press()));
        assertEquals(0, pressesSeen.get(), "a click on the main window while a dialog is open is swallowed");

        Button confirm = robot.lookup("#startConfirm").queryButton();
        Waits.onFx("Start to be enabled", () -> !confirm.isDisabled());
        robot.interact(confirm::fire);
        DialogPane failed = ui.dialog("#startFailed");
        assertOwned(failed, window(start));

        robot.interact(() -> ((Button) failed.lookupButton(failed.getButtonTypes().get(0))).fire()); // its one button, Close
        ui.dialogGone("#startFailed");
        robot.interact(() -> cancel(start).fire());
        ui.dialogGone("#startDialog");
        robot.interact(() -> Event.fireEvent(stopAll, press()));
        assertEquals(1, pressesSeen.get(), "with the dialogs closed the main window takes clicks again");
    }

    @Test
    void theStopStopAllAndRemoveConfirmationsAreOwnedByTheMainWindow(FxRobot robot) throws Exception {
        DaemonRecord stale = console.host().start("own-stale", 1);
        SimulatedConsole.kill(stale);
        console.host().start("own-live", 0);
        ui.refreshUntil("a live and a stale row", () -> ui.vm().daemons().size() == 2
                && ui.vm().daemons().stream().anyMatch(r -> r.state() == RecordLook.STALE));

        ui.select("own-stale");
        robot.clickOn("#removeButton");
        DialogPane remove = ui.dialog("#removeConfirmation");
        assertOwned(remove, console.stage());
        robot.interact(() -> cancel(remove).fire());
        ui.dialogGone("#removeConfirmation");

        robot.clickOn("#stopAllButton");
        DialogPane stopAll = ui.dialog("#stopAllConfirmation");
        assertOwned(stopAll, console.stage());
        robot.interact(() -> cancel(stopAll).fire());
        ui.dialogGone("#stopAllConfirmation");

        ui.select("own-live");
        robot.interact(() -> console.window().view().stopDaemon());
        DialogPane stop = ui.dialog("#stopConfirmation");
        assertOwned(stop, console.stage());
        robot.interact(() -> cancel(stop).fire());
        ui.dialogGone("#stopConfirmation");
    }

    @Test
    void theErrorDialogIsOwnedByTheWindowInFront(FxRobot robot) {
        Messages messages = Messages.forLocale(Locale.ENGLISH);
        ErrorDialog errors = new ErrorDialog(messages);
        robot.interact(() -> {
            console.stage().requestFocus();
            errors.show(ErrorReport.of(new IllegalStateException("Control pipe is gone"), messages));
        });
        Waits.onFx("the error dialog", () -> Window.getWindows().stream()
                .anyMatch(w -> w.isShowing() && w.getScene().getRoot() instanceof DialogPane p
                        && "Control pipe is gone".equals(p.getContentText())));
        DialogPane error = Waits.fx(() -> Window.getWindows().stream()
                .filter(w -> w.isShowing() && w.getScene().getRoot() instanceof DialogPane)
                .map(w -> (DialogPane) w.getScene().getRoot())
                .filter(p -> "Control pipe is gone".equals(p.getContentText())).findFirst().orElseThrow());
        assertOwned(error, console.stage());
        robot.interact(() -> ((Button) error.lookupButton(error.getButtonTypes().get(0))).fire()); // its one button, Close
    }

    private static void assertOwned(DialogPane pane, Window owner) {
        Stage stage = (Stage) window(pane);
        assertSame(owner, stage.getOwner(), "owned by the window it was opened from");
        assertEquals(Modality.NONE, stage.getModality(), "modeless to the window system");
        assertTrue(stage.getMinWidth() >= Dialogs.MIN_WIDTH && stage.getMinHeight() >= Dialogs.MIN_HEIGHT,
                "a minimum size: " + stage.getMinWidth() + "x" + stage.getMinHeight());
        assertTrue(stage.isResizable(), "resizable");
    }

    private static Window window(DialogPane pane) {
        return pane.getScene().getWindow();
    }

    private static Button cancel(DialogPane pane) {
        ButtonType type = pane.getButtonTypes().stream()
                .filter(t -> t.getButtonData() == ButtonBar.ButtonData.CANCEL_CLOSE).findFirst().orElseThrow();
        return (Button) pane.lookupButton(type);
    }

    private static MouseEvent press() {
        return new MouseEvent(MouseEvent.MOUSE_PRESSED, 5, 5, 5, 5, MouseButton.PRIMARY, 1,
                false, false, false, false, true, false, false, true, false, false, null);
    }
}
