/**
 * The look: {@code ThemeChoice} (system, light, dark), {@code Appearance} (AtlantaFX Primer), {@code DesktopScheme}
 * (the desktop's colour scheme), {@code ThemeStore}, {@code ThemeSwitch} and {@code ThemeMenu} (View → Theme).
 */
package dev.cumps.app.theme;
