/**
 * Concern: the {@code cumps} face.
 *
 * Main types: {@code CumpsMain}, {@code Cli} (builds the command tree, turns every failure into one
 * {@code error:} line), {@code FastPath} (plain {@code status}/{@code env}/{@code stop}/{@code
 * limits}/{@code metrics}/{@code terminate-client}/{@code top} without picocli), {@code
 * LastResort}, {@code AotTraining}.
 */
package dev.cumps.core.cli;
