/** The log page: the selected daemon's {@code control.log} tail, re-read on the UI executor's timer while shown. */
package dev.cumps.app.log;
