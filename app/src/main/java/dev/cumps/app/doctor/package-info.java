/**
 * The doctor page: {@code DoctorViewModel}/{@code DoctorView} (rows failures first, {@code DoctorDetail}
 * beside the table; {@code EachGpu} runs the doctor per visible GPU when no GPU is chosen), fixes
 * ({@code DoctorFixes}, {@code FixDialog}), the guide links ({@code RemedyCell}, which opens
 * {@code guide.GuideWindow} at the check's entry), the remedies worded for the window
 * ({@code Messages.windowText}), sharing the report ({@code DoctorSharing}, {@code ExportChooser} over
 * {@code ui.dialog.SaveDialog}) and its freshness.
 */
package dev.cumps.app.doctor;
