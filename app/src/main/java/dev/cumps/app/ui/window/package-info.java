/**
 * The main window's placement and saved state: {@code WindowPlacement}, {@code WindowState}, {@code WindowStateStore}
 * and {@code SettingsFile} (the small settings files, read safely).
 */
package dev.cumps.app.ui.window;
