/**
 * Concern: the {@code cumps} face.
 *
 * Main types: {@code CumpsMain}, {@code Cli} (builds the command tree, turns every failure into one
 * {@code error:} line), {@code FastPath} (the commands the grammar table marks fast, parsed by the
 * table's interpreter {@code core.grammar.CliGrammar} without picocli), {@code TableOptions} (picocli's options
 * and parameter for every command that takes one, {@code fleet}'s included, built from the same table, and its
 * parses run through the same forms), {@code LastResort},
 * {@code AotTraining}.
 */
package dev.cumps.core.cli;
