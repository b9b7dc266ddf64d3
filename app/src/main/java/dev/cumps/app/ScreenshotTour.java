package dev.cumps.app;

import dev.cumps.app.main.DaemonRow;
import dev.cumps.app.main.MainViewModel;
import dev.cumps.app.theme.ThemeChoice;
import dev.cumps.app.theme.ThemeSwitch;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.function.BooleanSupplier;
import javafx.scene.Scene;
import javafx.scene.control.ButtonBase;
import javafx.scene.control.Labeled;
import javafx.scene.control.TableView;
import javafx.scene.control.TextInputControl;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.TreeTableView;
import javafx.stage.Stage;
import javafx.stage.Window;

/**
 * Walks through the window as a user would and takes the documentation's pictures
 * ({@link #VIEWS}, named {@code <view>-<lang>[-dark].png}): the main window (light and dark), the
 * Start dialog, the stop confirmation of the demo daemon, the doctor pane after a run with its
 * fixable finding selected, the Fix… dialog (then applied, so the activity log has an entry), and
 * the env, log, clients, limits and activity panes, each selected in the main window. The Overview,
 * the doctor's failing run and the Hosts page are also taken at each of {@link #SIZES}
 * ({@link #SIZED_VIEWS}, named {@code <view>-<width>x<height>-<lang>.png}), the window resized to it and
 * back. Every step waits for what it shows (the first complete status, the dialog shown and placed, the
 * doctor's report, the pane's text or rows, the window at its size). Runs on a thread other than the FX thread.
 */
final class ScreenshotTour {

    /** The pictures of one language, in the order they are taken; {@code console} is also taken dark. */
    static final List<String> VIEWS = List.of("console", "start-dialog", "stop-dialog", "fix-dialog", "doctor", "env",
            "log", "clients", "limits", "activity");

    /** The window sizes (width, height) the sized views are also taken at: the sizes the console is reviewed at. */
    static final List<Size> SIZES = List.of(new Size(1280, 820), new Size(1100, 700), new Size(900, 600));

    /** The views also taken at each of {@link #SIZES}: the Overview, the doctor's failing run, the Hosts page. */
    static final List<String> SIZED_VIEWS = List.of("console", "doctor", "hosts");

    /** A window size in pixels; {@link #name} is how it appears in a file name. */
    record Size(int width, int height) {
        /** {@code <view>-<width>x<height>}: the view name of {@code view} at this size. */
        String name(String view) {
            return view + "-" + width + "x" + height;
        }
    }

    /** The name typed into the Start dialog. */
    static final String NEW_NAME = "train";

    private final ViewModels viewModels;
    private final Path dir;
    private final Locale language;
    private final String demo;
    private final int daemons;
    private final int clients;
    private final ScreenshotRobot robot;
    private final List<Path> written = new ArrayList<>();

    /**
     * @param demo    the daemon to select (live, with clients)
     * @param daemons how many daemon rows the first complete status shows
     * @param clients how many MPS clients the demo daemon has
     */
    ScreenshotTour(ViewModels viewModels, Path dir, Locale language, String demo, int daemons, int clients, ScreenshotRobot robot) {
        this.viewModels = Objects.requireNonNull(viewModels, "viewModels");
        this.dir = Objects.requireNonNull(dir, "dir");
        this.language = Objects.requireNonNull(language, "language");
        this.demo = Objects.requireNonNull(demo, "demo");
        this.daemons = daemons;
        this.clients = clients;
        this.robot = Objects.requireNonNull(robot, "robot");
    }

    /** The file name of {@code view} in {@code language}, light or dark. */
    static String fileName(String view, Locale language, boolean dark) {
        return view + "-" + language.toLanguageTag() + (dark ? "-dark" : "") + ".png";
    }

    /** Takes every picture; returns the files written. */
    List<Path> takeAll() throws Exception {
        ThemeSwitch theme = ThemeSwitch.unsaved(ThemeChoice.LIGHT);
        ConsoleWindow.Built window = robot.fx(() -> {
            ConsoleWindow.Built built = ConsoleWindow.build(viewModels, ConsoleWindow::standardPanes, theme);
            Stage stage = new Stage();
            stage.setTitle(ConsoleWindow.title(true, viewModels.messages()));
            stage.setScene(built.scene());
            stage.show();
            built.viewModel().tables().selectName(demo);
            built.viewModel().refresh();
            return built;
        });
        MainViewModel main = window.viewModel();
        Scene scene = window.scene();
        robot.await("the first complete status with " + daemons + " daemons and " + demo + " selected", () -> complete(main));

        shoot(scene, "console", false);
        robot.fx(() -> {
            theme.choiceProperty().set(ThemeChoice.DARK);
            return null;
        });
        shoot(scene, "console", true);
        robot.fx(() -> {
            theme.choiceProperty().set(ThemeChoice.LIGHT);
            return null;
        });
        shootSizes(scene, "console");

        robot.later(() -> window.view().startDaemon());
        Window start = robot.awaitDialog("startDialog");
        // A name typed for a new daemon, then GPU 0 chosen, which the demo holds (the dialog opened on a
        // free GPU): the dialog's live check refuses it before Start.
        robot.fx(() -> {
            ((TextInputControl) ScreenshotRobot.node(start.getScene(), "#startName")).setText(NEW_NAME);
            ((ButtonBase) ScreenshotRobot.node(start.getScene(), "#startGpu0")).fire();
            return null;
        });
        robot.await("the Start dialog's refusal naming " + demo,
                () -> text(start.getScene(), "#startPlanProblem").contains(demo));
        shootDialog(scene, start, "start-dialog");
        robot.closeWith(start, "#startCancel");

        robot.later(() -> window.view().stopDaemon());
        Window stop = robot.awaitDialog("stopConfirmation");
        shootDialog(scene, stop, "stop-dialog");
        robot.closeWith(stop, "#cancelStop");

        select(scene, "doctor");
        robot.later(() -> button(scene, "#doctorRun").fire());
        robot.await("the doctor's report", () -> doctorDone(scene));
        robot.await("a finding the doctor can fix", () -> selectFixable(scene));
        shoot(scene, "doctor", false);
        shootSizes(scene, "doctor");
        robot.later(() -> button(scene, "#doctorFix").fire());
        Window fix = robot.awaitDialog("fixConfirmation");
        shootDialog(scene, fix, "fix-dialog");
        robot.closeWith(fix, "#fixApply");
        robot.await("the fix and the doctor's next report", () -> doctorDone(scene)
                && !text(scene, "#doctorFixOutcome").isEmpty());

        pane(scene, main, "env", "env", "the env block", () -> text(scene, "#envBlock").contains("CUDA_MPS_PIPE_DIRECTORY"));
        pane(scene, main, "log", "log", "the control log", () -> !text(scene, "#logText").isEmpty());
        // The tree: the daemon, its MPS server, and each client.
        pane(scene, main, "clients", "clients", "the demo's MPS server and its " + clients + " clients",
                () -> ((TreeTableView<?>) ScreenshotRobot.node(scene, "#clientsTree")).getExpandedItemCount() >= 2 + clients);
        pane(scene, main, "limits", "limits", "the demo's current limits",
                () -> !text(scene, "#limitsServers").isEmpty());
        pane(scene, main, "activity", "activity", "the activity log",
                () -> !((TableView<?>) ScreenshotRobot.node(scene, "#activityTable")).getItems().isEmpty());
        // The Hosts page reads the hosts file of the run's private HOME when first shown: none, which it says.
        select(scene, "hosts");
        robot.await("the Hosts page's account of its hosts file",
                () -> !ScreenshotRobot.node(scene, "#hostsBusy").isVisible() && !text(scene, "#hostsMessage").isEmpty());
        shootSizes(scene, "hosts");
        return List.copyOf(written);
    }

    private boolean complete(MainViewModel main) {
        DaemonRow selected = main.selectedRowProperty().get();
        return !main.refreshingProperty().get() && !main.summary().lastRefreshProperty().get().isEmpty()
                && main.daemons().size() == daemons && selected != null && selected.name().equals(demo);
    }

    /** Selects the pane {@code pageId}, refreshes (the clients and limits panes fill on a refresh while shown), waits, shoots. */
    private void pane(Scene scene, MainViewModel main, String pageId, String view, String what,
            BooleanSupplier shown) throws Exception {
        select(scene, pageId);
        robot.fx(() -> {
            main.refresh();
            return null;
        });
        robot.await(what, () -> !main.refreshingProperty().get() && shown.getAsBoolean());
        shoot(scene, view, false);
    }

    private void select(Scene scene, String pageId) throws Exception {
        robot.fx(() -> {
            ToggleButton page = (ToggleButton) ScreenshotRobot.node(scene, "#" + pageId + "Nav");
            page.fire();
            // A page shown for the first time gets its skins on the next pulse; the doctor's buttons sit in
            // a scroll pane, whose content is found by a lookup only once its skin exists.
            scene.getRoot().applyCss();
            scene.getRoot().layout();
            return null;
        });
    }

    /** The doctor is not running and has a report (Copy is enabled only with one). */
    private static boolean doctorDone(Scene scene) {
        return button(scene, "#doctorCancel").isDisabled() && !button(scene, "#doctorCopy").isDisabled();
    }

    /** Selects the first result row for which Fix… is enabled, as a user looking for one would; false when none is. */
    private static boolean selectFixable(Scene scene) {
        TableView<?> table = (TableView<?>) ScreenshotRobot.node(scene, "#doctorTable");
        for (int i = 0; i < table.getItems().size(); i++) {
            table.getSelectionModel().clearAndSelect(i);
            if (!button(scene, "#doctorFix").isDisabled()) {
                table.scrollTo(i);
                return true;
            }
        }
        table.getSelectionModel().clearSelection();
        return false;
    }

    private static ButtonBase button(Scene scene, String selector) {
        return (ButtonBase) ScreenshotRobot.node(scene, selector);
    }

    private static String text(Scene scene, String selector) {
        Object node = ScreenshotRobot.node(scene, selector);
        String text = node instanceof TextInputControl input ? input.getText()
                : node instanceof Labeled label ? label.getText() : null;
        return text == null ? "" : text;
    }

    private void shoot(Scene scene, String view, boolean dark) throws Exception {
        Path file = dir.resolve(fileName(view, language, dark));
        robot.shoot(scene, file);
        written.add(file);
    }

    /**
     * Takes {@code view}, as the window shows it now, at each of {@link #SIZES}: the window's content resized to
     * the size (the picture is the content, whatever frame a window manager adds), the picture taken once it has
     * that size, then the size it had before given back.
     */
    private void shootSizes(Scene scene, String view) throws Exception {
        Size before = robot.fx(() -> new Size((int) scene.getWidth(), (int) scene.getHeight()));
        for (Size size : SIZES) {
            resize(scene, size);
            shoot(scene, size.name(view), false);
        }
        resize(scene, before);
    }

    private void resize(Scene scene, Size size) throws Exception {
        robot.fx(() -> {
            Window window = scene.getWindow();
            window.setWidth(size.width() + window.getWidth() - scene.getWidth());
            window.setHeight(size.height() + window.getHeight() - scene.getHeight());
            return null;
        });
        robot.await("the window at " + size.width() + "x" + size.height(),
                () -> (int) scene.getWidth() == size.width() && (int) scene.getHeight() == size.height());
    }

    private void shootDialog(Scene scene, Window dialog, String view) throws Exception {
        Path file = dir.resolve(fileName(view, language, false));
        robot.shootDialog(scene, dialog, file);
        written.add(file);
    }
}
