/** The env page: the selected daemon's launch environment in the chosen format ({@code EnvViewModel}, {@code EnvView}). */
package dev.cumps.app.env;
