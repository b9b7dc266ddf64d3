/**
 * The UI kit the pages share, below them ({@code ProjectRules.UI_KIT_SERVES_THE_PAGES}) and layered in itself
 * ({@code ProjectRules.UI_KIT_LAYERS}): this package, at the bottom, holds the one way to do things later or elsewhere
 * ({@code UiExecutor}: work on a worker with the result on the UI thread, as a {@code UiTask} (progress, success or
 * failure, cancel) or by {@code submit}; {@code LatestOnly}, where a new run cancels the one it replaces; timers by
 * {@code schedule} and {@code every}, {@code Debounce}; {@code FxUiExecutor} in the window; {@code Futures}, waiting for work started ahead on another
 * thread; {@code LayoutPulses}, an action run right after the first layout pulse at which a condition holds), the
 * clipboard ({@code ClipboardSink}), {@code LineBreaks} (where a wrapping label may break a path, and no Chinese line
 * starts with "…"), {@code PngEncoder} and {@code DisabledReason} (the wrapper through which every button that can be
 * disabled says why while it is). Above it: {@code style} (the stylesheet and style states),
 * {@code table} (columns and cells), {@code dialog} (dialog placement, confirmations, the save dialog), {@code error}
 * (the error report) and {@code window} (the main window's placement and saved state).
 */
package dev.cumps.app.ui;
