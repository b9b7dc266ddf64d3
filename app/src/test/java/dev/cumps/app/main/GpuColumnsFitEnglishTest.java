package dev.cumps.app.main;

import dev.cumps.app.ConsoleExtension;
import java.util.Locale;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.testfx.api.FxRobot;

/** English at 1280 px: the GPUs table's short values and titles ("Visible" was cut to "Visi…") are shown whole. */
class GpuColumnsFitEnglishTest {

    @RegisterExtension
    final ConsoleExtension console = ConsoleExtension.showing(Locale.ENGLISH);

    @Test
    void computeModeMigVisibleAndDaemonsAreShownWholeAt1280Pixels(FxRobot robot) throws Exception {
        GpuColumnsFit.shortValuesAreShownWhole(console, robot, Set.of("Name", "Compute mode", "MIG", "Visible", "Daemon"), "MPS limits");
    }
}
