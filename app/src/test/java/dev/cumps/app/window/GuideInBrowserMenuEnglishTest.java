package dev.cumps.app.window;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.cumps.app.ConsoleExtension;
import dev.cumps.app.Waits;
import dev.cumps.app.guide.StandInXdgOpen;
import dev.cumps.app.main.Notice;
import dev.cumps.app.ui.style.Severity;
import java.nio.file.Path;
import java.util.Locale;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;

/** {@link GuideInBrowserMenu} in the English window, and the item without a known guide file. */
class GuideInBrowserMenuEnglishTest {

    @RegisterExtension
    final ConsoleExtension console = ConsoleExtension.showing(Locale.ENGLISH).guarded();

    @TempDir
    Path dir;
    private StandInXdgOpen xdg;

    @AfterEach
    void endTheStandIn() {
        if (xdg != null) {
            xdg.end();
        }
    }

    @Test
    void shiftF1HandsTheEnglishGuideToXdgOpenWhichIsNeitherAwaitedNorEnded(FxRobot robot) throws Exception {
        xdg = StandInXdgOpen.in(dir);
        GuideInBrowserMenu.handsTheGuideOver(robot, console, dir, xdg, Locale.ENGLISH, "guide.md", "Handed %s to xdg-open");
        console.guard().assertNoUncaughtErrors();
    }

    @Test
    void theHelpMenuListsTheItemWithItsKeyAndWithoutAGuideFileSaysSoInOneLine(FxRobot robot) {
        MenuItem item = Waits.fx(() -> robot.lookup("#menuBar").queryAs(MenuBar.class).getMenus().stream()
                .filter(m -> "helpMenu".equals(m.getId())).map(Menu::getItems).findFirst().orElseThrow().stream()
                .filter(i -> "menuGuideBrowser".equals(i.getId())).findFirst().orElseThrow());
        assertEquals("Open guide in browser", Waits.fx(item::getText));
        assertEquals("Shift+F1", Waits.fx(() -> item.getAccelerator().getDisplayText()));

        // The simulated console was started without its launcher: no guide file is known, so nothing can be handed over.
        robot.interact(item::fire);

        String noFile = "The guide's file is not known (the console was not started by its launcher); open docs/guide.md yourself";
        Waits.onFx("the notice", () -> noFile.equals(GuideInBrowserMenu.notice(robot)));
        assertEquals(new Notice(Severity.WARN, noFile), Waits.fx(() -> console.window().viewModel().noticeProperty().get()));
    }
}
