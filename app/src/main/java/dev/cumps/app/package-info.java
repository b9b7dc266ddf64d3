/**
 * The window's entry and wiring (the composition root): {@code ConsoleLauncher} (reads {@code LaunchOptions} by hand,
 * picks the toolkit platform), {@code ConsoleApplication} (opens the {@code session.HostSession}, builds the window,
 * closes it), {@code ViewModels} (the view-model factory: it holds {@code CoreServices} and hands each view model only
 * the services it uses), {@code ConsoleWindow} (the scene: main view, panes, menus, theme, and the one
 * {@code ui.dialog.SaveDialog} both exports use), {@code ScreenshotMode}/{@code ScreenshotSet} with
 * {@code ScreenshotTour} and {@code ScreenshotRobot} (the documentation's pictures), {@code FirstStatusLog} and
 * {@code JavaFxLogging}; View → Control client: {@code ControlClientMenu} (the menu), {@code ControlClientSetting} (the
 * choice saved at start, where a new one goes, the console's own {@code CUMPS_CONTROL_CLIENT}) and
 * {@code ControlClientStore} (the choice remembered in {@code control-client.properties}); File → Preferences…:
 * {@code PreferencesDialog} (theme, language, refresh interval, control client), {@code Preferences} (the properties the
 * dialog and the rest of the window share, each change saved) and {@code PreferencesStore} (the language and the
 * interval remembered in {@code preferences.properties}). Only this package opens a
 * session ({@code ProjectRules.ONLY_THE_ROOT_OPENS_A_SESSION}).
 */
package dev.cumps.app;
