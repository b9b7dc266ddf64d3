package dev.cumps.core.cli.command;

import java.nio.file.Path;
import java.util.Optional;

/** The global options as parsed: {@code --records DIR} and {@code --simulate}. */
public record Globals(Optional<Path> records, boolean simulate) {
}
