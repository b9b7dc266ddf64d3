/**
 * Concern: the C library, through the FFM API; the only package of cumps that calls native code.
 *
 * Main types: {@code Terminals} ({@code isatty} and {@code ioctl(TIOCGWINSZ)}: whether a file
 * descriptor is a terminal, and its width).
 */
package dev.cumps.core.posix;
