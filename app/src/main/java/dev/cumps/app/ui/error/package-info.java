/** The error report: {@code ErrorReport} (summary and details), {@code ErrorReporter} (uncaught exceptions) and {@code ErrorDialog}. */
package dev.cumps.app.ui.error;
