/**
 * The table kit: {@code Columns} (every table's columns set up one way: text, path, sentence, fitted, severity,
 * whole-row, drawn by the caller's cell (the GPU load columns), and the Clients tree's text columns),
 * {@code FullTextCell} (cut in the middle or at a word, whole text as tooltip, optionally widening its column)
 * {@code SeverityCell} (icon, word and colour) and {@code RecordStateCell} (a daemon record's state: icon and word).
 */
package dev.cumps.app.ui.table;
