/**
 * Dialogs: {@code Dialogs} (owned, centred, modeless to the window manager; {@code confirm} for every
 * {@code Confirmation}, {@code inform} for a dialog that only reports an outcome, {@code showNative}),
 * {@code SaveDialog} (the one file-chooser path, which keeps a maximised window maximised), {@code DialogKeys}
 * (default and cancel buttons, focus), {@code DetailsArea} and {@code ReservedArea}.
 */
package dev.cumps.app.ui.dialog;
