package dev.cumps.core.cli.command;

import picocli.CommandLine;

/** {@code cumps --version}: {@code cumps <version>} (filtered into the jar at build time) and the runtime ({@link BuildVersion}). */
public final class VersionProvider implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
        return BuildVersion.lines();
    }

    /** The build's version, or {@code unknown} when the resource is missing: {@link BuildVersion#version}. */
    public static String version() {
        return BuildVersion.version();
    }
}
