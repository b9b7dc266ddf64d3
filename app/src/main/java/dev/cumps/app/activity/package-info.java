/**
 * The activity log: what the user did and how it went ({@code ActivityLog}, {@code ActivityEntry}), its page
 * ({@code ActivityViewModel}, {@code ActivityView}) and Save as… ({@code ActivityExport},
 * {@code ActivityExportChooser} over {@code ui.dialog.SaveDialog}).
 */
package dev.cumps.app.activity;
