/**
 * The env page: the selected daemon's launch environment in the chosen format ({@code EnvViewModel}, {@code EnvView};
 * {@code EnvChoice} is one format of the chooser, its id and label).
 */
package dev.cumps.app.env;
