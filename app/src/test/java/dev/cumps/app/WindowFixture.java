package dev.cumps.app;

import dev.cumps.app.context.ConsoleContext;
import dev.cumps.app.main.MainView;
import dev.cumps.app.main.PageRail;
import dev.cumps.app.ui.FxUiExecutor;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Control;
import javafx.scene.control.Labeled;
import javafx.scene.control.TabPane;
import javafx.scene.control.TableColumnBase;
import javafx.scene.control.TableView;
import javafx.scene.control.TextInputControl;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;

/** Builds the real main window on a TestFX stage against a {@link SimulatedConsole}. */
public final class WindowFixture {

    private WindowFixture() {
    }

    /** Call from {@code @Start}. The periodic refresh is not started; tests press F5 or start it. */
    public static ConsoleWindow.Built show(Stage stage, SimulatedConsole host, Locale locale) {
        return show(stage, host, locale, ConsoleWindow::standardPanes);
    }

    /** Like {@link #show(Stage, SimulatedConsole, Locale)}, with the lower panes {@code panes} builds. */
    public static ConsoleWindow.Built show(Stage stage, SimulatedConsole host, Locale locale, ConsoleWindow.PaneFactory panes) {
        ConsoleContext ctx = host.context(new FxUiExecutor(), locale);
        ConsoleWindow.Built built = ConsoleWindow.build(host.viewModels(ctx), panes);
        stage.setScene(built.scene());
        // The primary stage is shared by all TestFX classes; another test may have resized it.
        stage.setMaximized(false);
        stage.setX(0);
        stage.setY(0);
        stage.setWidth(ConsoleWindow.DEFAULT_WIDTH);
        stage.setHeight(ConsoleWindow.DEFAULT_HEIGHT);
        stage.setTitle(ConsoleWindow.title(true, ctx.messages()));
        stage.show();
        return built;
    }

    /**
     * Chooses every page of {@code view} in turn on the rail, as a user clicking through them, then the
     * overview again: a page's content is built when it is first chosen, and stays in the scene after.
     */
    public static void visitEveryPage(FxRobot robot, MainView view) {
        List<String> ids = Waits.fx(() -> view.rail().all().stream().map(PageRail.Page::id).toList());
        for (String id : ids) {
            robot.clickOn("#" + id + "Nav");
            waitUntil(() -> id.equals(view.rail().selectedProperty().get()) && view.rail().content(id).isPresent());
        }
        robot.clickOn("#" + ids.get(0) + "Nav");
        waitUntil(() -> ids.get(0).equals(view.rail().selectedProperty().get()));
    }

    /** Waits (polling on the FX thread) until {@code condition} holds, under {@link Waits#DEADLINE}. */
    public static void waitUntil(Callable<Boolean> condition) {
        Waits.onFx("a condition on the FX thread", condition);
    }

    /** Hides every window but {@code main} (dialogs a failed test left open). */
    public static void closeOtherWindows(Stage main) {
        WaitForAsyncUtils.asyncFx(() -> new ArrayList<>(Window.getWindows()).stream()
                .filter(w -> w != main).forEach(Window::hide));
        WaitForAsyncUtils.waitForFxEvents();
    }

    /** Every text the user can see or hover in {@code root}: labels, buttons, tabs, column headers, tooltips. */
    public static List<String> visibleTexts(Parent root) {
        List<String> texts = new ArrayList<>();
        collect(root, texts);
        return texts;
    }

    /**
     * Every text the user can see or hover in every showing window (the main window, its dialogs,
     * a showing tooltip): {@link #visibleTexts} of each, plus the prompts of text fields. The content
     * of text fields and areas is left out: it is what the user typed or raw evidence (the env block,
     * control.log). Call on the FX thread.
     */
    public static List<String> shownTexts() {
        List<String> texts = new ArrayList<>();
        for (Window window : new ArrayList<>(Window.getWindows())) {
            if (window.isShowing() && window.getScene() != null && window.getScene().getRoot() != null) {
                collect(window.getScene().getRoot(), texts);
            }
        }
        return texts;
    }

    private static void collect(Node node, List<String> texts) {
        if (node instanceof TextInputControl input && input.getPromptText() != null && !input.getPromptText().isEmpty()) {
            texts.add(input.getPromptText());
        }
        if (node instanceof Labeled labeled && labeled.getText() != null) {
            texts.add(labeled.getText());
        }
        if (node instanceof Control control && control.getTooltip() != null) {
            texts.add(control.getTooltip().getText());
        }
        if (node instanceof TabPane tabs) {
            tabs.getTabs().forEach(tab -> {
                texts.add(tab.getText());
                if (tab.getContent() instanceof Parent content) {
                    collect(content, texts);
                }
            });
        }
        if (node instanceof TableView<?> table) {
            table.getColumns().forEach(column -> texts.add(((TableColumnBase<?, ?>) column).getText()));
            if (table.getPlaceholder() instanceof Labeled placeholder) {
                texts.add(placeholder.getText());
            }
        }
        if (node instanceof Parent parent) {
            parent.getChildrenUnmodifiable().forEach(child -> collect(child, texts));
        }
    }
}
