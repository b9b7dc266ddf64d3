/**
 * {@code ConsoleContext}: what every view model shares besides its core services: the {@code ui.UiExecutor}, the
 * window's texts, the activity log, the clipboard and the clock.
 */
package dev.cumps.app.context;
