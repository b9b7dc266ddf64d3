/**
 * The doctor page: {@code DoctorViewModel}/{@code DoctorView} (rows failures first, {@code DoctorDetail}
 * beside the table; {@code EachGpu} runs the doctor per visible GPU when no GPU is chosen), the
 * evidence table ({@code EvidenceTable}: every text wrapped whole, narrow tables put the evidence under
 * the check; also the Hosts page's; its Guide links open {@code guide.GuideWindow} at the check's
 * entry), the diagnosed GPU named in words ({@code GpuWords}), fixes ({@code DoctorFixes}, {@code FixDialog}), the remedies worded for the window
 * ({@code Messages.windowText}), sharing the report ({@code DoctorSharing}, {@code ExportChooser} over
 * {@code ui.dialog.SaveDialog}) and its freshness.
 */
package dev.cumps.app.doctor;
