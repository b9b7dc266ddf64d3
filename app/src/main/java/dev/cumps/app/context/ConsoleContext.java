package dev.cumps.app.context;

import dev.cumps.app.activity.ActivityLog;
import dev.cumps.app.i18n.Messages;
import dev.cumps.app.ui.ClipboardSink;
import dev.cumps.app.ui.UiExecutor;
import dev.cumps.core.CoreServices;
import java.time.Clock;

/**
 * What every view model of the window needs, wired once by hand in {@code ConsoleApplication}
 * (no singletons): the core services (the same ones the CLI uses), the executor seam, the texts,
 * the activity log, the clipboard and the clock.
 */
public record ConsoleContext(CoreServices services, UiExecutor executor, Messages messages, ActivityLog activity,
                             ClipboardSink clipboard, Clock clock) {
}
