/**
 * The doctor page: {@code DoctorViewModel}/{@code DoctorView} (one list of rows, shown failures first, {@code DoctorDetail}
 * beside the table; with no GPU chosen the core's {@code Doctor.diagnose} runs each visible GPU), the evidence table
 * ({@code EvidenceTable}: every text wrapped whole, narrow tables put the evidence under the check; also the Hosts
 * page's; its Guide links open {@code guide.GuideWindow} at the check's entry), the diagnosed GPU named in words
 * ({@code GpuWords}), fixes ({@code DoctorFixes}, {@code FixDialog}), the remedies worded for the window
 * ({@code Messages.windowText}), sharing the report ({@code DoctorSharing}, {@code ExportChooser} over
 * {@code ui.dialog.SaveDialog}) and its freshness ({@code DoctorFreshness}: out of date once a refresh shows other
 * records, daemons or pipes than the run saw). The table's rows: {@code DoctorRow} (one row: its {@code CheckResult}, its texts in the
 * window's language, its fix state; the selection holds it), {@code FailuresFirst} (a sorted view: failures, then
 * warnings, then the rest), {@code HostDoctorRows} (the rows of a doctor run on
 * another host, for the same {@code EvidenceTable}); {@code DoctorSelection} makes the selector follow the daemon
 * selected in the main window unless the user typed one.
 */
package dev.cumps.app.doctor;
