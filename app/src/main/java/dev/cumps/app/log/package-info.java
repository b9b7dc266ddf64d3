/**
 * The log page: the selected daemon's {@code control.log} tail, re-read on the UI executor's timer while shown
 * ({@code LogViewModel}, which keeps a stopped daemon's last log; {@code LogView}, monospace, following new lines until
 * the user scrolls up).
 */
package dev.cumps.app.log;
