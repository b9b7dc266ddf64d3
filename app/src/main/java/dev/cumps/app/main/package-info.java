/**
 * The main page and its actions. {@code MainView} puts together the components ({@code PageRail}, {@code WindowMenus},
 * {@code HeaderBar}, {@code ActionToolbar}, {@code GpuTable}, {@code PipeTable}, {@code DaemonTable} in
 * {@code TableSections}, {@code NoticeArea}/{@code NoticeBanner}) and opens the dialogs ({@code StartDialog}, which
 * reports {@code StartDialog.Outcome}s, {@code StartFailedDialog}, {@code StopConfirmationDialog},
 * {@code StopOutcomeDialog}, {@code StopAllDialog}, {@code StopAllReportDialog}, {@code RemoveRecordDialog}).
 * {@code MainViewModel} delegates to {@code HostSummary}, {@code MainTables}, {@code MainRows}, {@code DaemonActions}
 * and {@code RefreshCoordinator} (the one refresh guard; the periodic {@code AutoRefresh} ticks on the UI executor's
 * timer); {@code StartViewModel} (with {@code PlanCheck}, debounced, and {@code StartRun}), {@code StartWatch}
 * (the refreshes after a start turn its "Started" into an error should the daemon exit) and
 * {@code StopViewModel} back the start and stop dialogs.
 */
package dev.cumps.app.main;
