/** The window's words: {@code Messages} (its bundles, English and Simplified Chinese) and {@code CoreText} (the core's messages in them). */
package dev.cumps.app.i18n;
