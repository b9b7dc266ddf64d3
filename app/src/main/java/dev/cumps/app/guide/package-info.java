/**
 * The user guide inside the window (decision 0014): {@code GuideDocument} (docs/guide.md or
 * docs/guide.zh-CN.md from the jar, in the window's language, parsed by commonmark-java),
 * {@code GuideRenderer} with {@code Runs} (the parsed tree drawn as JavaFX nodes: wrapped text, bold
 * and code runs, lists, code blocks, and the node of each anchor) and {@code GuideWindow} (one per
 * console, beside it: Help → User guide, F1, and the doctor's Guide links at a check's entry) with
 * {@code GuideBrowser} (its Open in browser, and Help → Open guide in browser: {@code xdg-open} on the
 * guide file of the window's language, only when asked, never waited for or ended).
 */
package dev.cumps.app.guide;
