/**
 * The main window's placement and saved state: {@code WindowPlacement}, {@code WindowState}, {@code WindowStateStore}
 * and {@code SettingsFile} (the small settings files, read safely); {@code LaunchPositionHold} keeps the main window
 * where it was asked to open while the window manager maps and frames it.
 */
package dev.cumps.app.ui.window;
