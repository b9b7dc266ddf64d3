package dev.cumps.app.ui.style.archfixture;

import dev.cumps.app.ui.dialog.Dialogs;
import java.util.Optional;
import javafx.stage.Window;

/** A style class that uses the dialogs above it, on purpose: breaks the kit's layers (ArchitectureRulesCanFailTest). */
public final class StyleUsingADialog {
    public Optional<Window> window() {
        return Dialogs.activeWindow();
    }
}
