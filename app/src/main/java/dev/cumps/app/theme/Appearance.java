package dev.cumps.app.theme;

import atlantafx.base.theme.PrimerDark;
import atlantafx.base.theme.PrimerLight;
import atlantafx.base.theme.Theme;

/** A look the window can have: AtlantaFX's Primer light or Primer dark theme. */
public enum Appearance {
    LIGHT(new PrimerLight()), DARK(new PrimerDark());

    private final Theme theme;

    Appearance(Theme theme) {
        this.theme = theme;
    }

    /** The AtlantaFX stylesheet to install with {@code Application.setUserAgentStylesheet}. */
    public String userAgentStylesheet() {
        return theme.getUserAgentStylesheet();
    }
}
