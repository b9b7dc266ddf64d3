/**
 * The doctor page: {@code DoctorViewModel}/{@code DoctorView} (rows failures first, {@code DoctorDetail} beside the
 * table), fixes ({@code DoctorFixes}, {@code FixDialog}), the guide links ({@code RemedyCell}, {@code DoctorGuide},
 * {@code GuideDialog}), the remedies worded for the window ({@code WindowRemedy}), sharing the report
 * ({@code DoctorSharing}, {@code ExportChooser} over {@code ui.dialog.SaveDialog}) and its freshness.
 */
package dev.cumps.app.doctor;
