package dev.cumps.app.ui.dialog;

/** A dialog that asks the user to confirm one action; shown with {@link Dialogs#confirm}. */
public interface Confirmation {

    /** Whether the dialog was closed by confirming (its action button), not by Cancel, Escape or the close box. */
    boolean confirmed();
}
