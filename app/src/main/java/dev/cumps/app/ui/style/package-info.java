/**
 * Styles: {@code ConsoleStylesheet} (console.css), {@code ConsoleStyles} (the window's own style-class names, one
 * constant each, beside AtlantaFX's {@code Styles}),
 * {@code StyleState} with {@code Severity} and {@code RecordLook} (pseudo-classes), {@code Icons} (Feather through
 * Ikonli) and {@code MonospaceFont} (this desktop's monospace family).
 */
package dev.cumps.app.ui.style;
