/**
 * The main page and its actions. {@code MainView} puts together the components ({@code PageRail}, {@code WindowMenus},
 * {@code HeaderBar}, {@code ActionToolbar}, {@code GpuTable}, {@code PipeTable}, {@code DaemonTable} in
 * {@code TableSections}, {@code NoticeArea}/{@code NoticeBanner} showing a {@code Notice}, the one-line outcome of an
 * action) and opens the dialogs ({@code StartDialog}, which reports each {@code StartOutcome},
 * {@code StartFailedDialog}, {@code StopConfirmationDialog}, {@code StopOutcomeDialog}, {@code StopAllDialog} showing a
 * {@code StopAllPreview}, {@code StopAllReportDialog} of {@code StopAllLine}s, {@code RemoveRecordDialog}); the tables'
 * rows are {@code GpuRow}, {@code PipeRow} and {@code DaemonRow}, as display text; {@code Panes} are the pages besides
 * the overview, built when first chosen, and {@code AppVersion} is the build's version for Help → About.
 * {@code MainViewModel} delegates to {@code HostSummary}, {@code MainTables}, {@code MainRows}, {@code DaemonActions}
 * and {@code RefreshCoordinator} (the one refresh guard; the periodic {@code AutoRefresh} ticks on the UI executor's
 * timer; a collection is a {@code SnapshotCollector}, the first one read ahead as a {@code ReadAhead} while the window
 * is built, and a {@code RefreshPart} is work that rides along with each refresh); {@code StartViewModel} (with
 * {@code PlanCheck}, debounced, and {@code StartRun}, whose task ends in a {@code StartOutcome} carrying the start's
 * activity entry), {@code StartWatch} (the refreshes after a start turn that entry's "Started" into an error should
 * the daemon exit) and {@code StopViewModel} back the start and stop dialogs
 * ({@code StartTexts} words the core for the start dialog, {@code StartProblem} is why a start failed: the reason and
 * the control log's last lines).
 */
package dev.cumps.app.main;
