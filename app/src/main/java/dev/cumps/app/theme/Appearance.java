package dev.cumps.app.theme;

import atlantafx.base.theme.PrimerDark;
import atlantafx.base.theme.PrimerLight;
import atlantafx.base.theme.Theme;
import javafx.scene.paint.Color;

/** A look the window can have: AtlantaFX's Primer light or Primer dark theme. */
public enum Appearance {
    LIGHT(new PrimerLight(), Color.web("#ffffff")), DARK(new PrimerDark(), Color.web("#0d1117"));

    private final Theme theme;
    private final Color background;

    Appearance(Theme theme, Color background) {
        this.theme = theme;
        this.background = background;
    }

    /**
     * The theme's window background ({@code -color-bg-default} on the root), known before any CSS
     * is applied: the scene's fill, so that the window's first frame, which the toolkit clears with
     * the fill before the first layout is painted, is already this colour and not white.
     */
    public Color background() {
        return background;
    }

    /** The AtlantaFX stylesheet to install with {@code Application.setUserAgentStylesheet}. */
    public String userAgentStylesheet() {
        return theme.getUserAgentStylesheet();
    }
}
