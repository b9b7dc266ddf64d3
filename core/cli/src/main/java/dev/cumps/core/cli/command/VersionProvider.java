package dev.cumps.core.cli.command;

import picocli.CommandLine;

/** {@code cumps --version}: {@code cumps <version>}, the version filtered into the jar at build time. */
public final class VersionProvider implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
        return new String[] {"cumps " + version()};
    }

    /** The build's version, or {@code unknown} when the resource is missing: {@link BuildVersion#version}. */
    public static String version() {
        return BuildVersion.version();
    }
}
