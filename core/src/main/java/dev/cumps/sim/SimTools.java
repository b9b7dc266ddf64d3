package dev.cumps.sim;

import java.io.File;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Installs the stand-ins for NVIDIA's {@code nvidia-smi} and {@code nvidia-cuda-mps-control} as
 * real executables, so that whatever runs them (the product, an end-to-end test, a person) cannot
 * tell them from the real tools by how they are started.
 *
 * <p>Each launcher is a POSIX {@code sh} script that {@code exec}s the running JVM's {@code java}
 * on {@link NvidiaSmiMain} or {@link MpsControlMain}. What the stand-ins mirror, and the NVIDIA MPS
 * documentation each behaviour follows, is listed in docs/simulator.md.
 */
public final class SimTools {

    /** File name of the {@code nvidia-smi} launcher. */
    public static final String NVIDIA_SMI = "nvidia-smi";
    /** File name of the {@code nvidia-cuda-mps-control} launcher. */
    public static final String MPS_CONTROL = "nvidia-cuda-mps-control";

    /** JVM flags that make a short-lived stand-in start fast and stay small. */
    static final List<String> JVM_FLAGS = List.of(
            "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xshare:auto", "-XX:-UsePerfData", "-Xss512k",
            "-Xmx64m");

    private SimTools() {
    }

    /**
     * Writes the launchers {@value #NVIDIA_SMI} and {@value #MPS_CONTROL} (mode 0755) into
     * {@code binDir}, creating it. If the options name a config file that exists and says
     * {@code "smiFault": "missing"}, no {@value #NVIDIA_SMI} is written and an old one is removed,
     * so that the product finds no {@code nvidia-smi} on that {@code PATH}.
     */
    public static void install(Path binDir, SimToolOptions options) throws IOException {
        Files.createDirectories(binDir);
        Path config = options.configFile() == null ? null : options.configFile().toAbsolutePath();
        boolean smiMissing = config != null && Files.exists(config)
                && SimConfig.load(config).smiFault() == SmiFault.MISSING;
        String classpath = absoluteClasspath(options.classpath());
        if (smiMissing) {
            Files.deleteIfExists(binDir.resolve(NVIDIA_SMI));
        } else {
            writeExecutable(binDir.resolve(NVIDIA_SMI), launcher(NvidiaSmiMain.class, classpath, config));
        }
        writeExecutable(binDir.resolve(MPS_CONTROL), launcher(MpsControlMain.class, classpath, config));
    }

    /**
     * The class path the stand-ins can run from in this JVM: the JVM's class path when it holds
     * this code (a directory of classes, or a jar with its dependencies beside it); else, when this
     * code comes from a jar that is not on it (a shaded jar started another way, or the module
     * path), that jar followed by the module path entries.
     */
    public static String currentClasspath() {
        String javaClassPath = System.getProperty("java.class.path", "");
        Path own = ownCodeSource();
        if (own == null || !Files.isRegularFile(own)) {
            return javaClassPath;
        }
        Set<String> entries = new LinkedHashSet<>();
        for (String entry : javaClassPath.split(File.pathSeparator)) {
            if (!entry.isEmpty()) {
                entries.add(Path.of(entry).toAbsolutePath().normalize().toString());
            }
        }
        if (entries.contains(own.toString())) {
            return javaClassPath;
        }
        entries.clear();
        entries.add(own.toString());
        for (String entry : System.getProperty("jdk.module.path", "").split(File.pathSeparator)) {
            if (!entry.isEmpty()) {
                entries.add(Path.of(entry).toAbsolutePath().normalize().toString());
            }
        }
        return String.join(File.pathSeparator, entries);
    }

    /** Absolute path of the running JVM's {@code java} launcher. */
    static String javaExecutable() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    /** The text of a launcher script for {@code main}. */
    static String launcher(Class<?> main, String classpath, Path config) {
        StringBuilder script = new StringBuilder();
        script.append("#!/bin/sh\n");
        script.append("# Stand-in for NVIDIA's ").append(main == NvidiaSmiMain.class ? NVIDIA_SMI : MPS_CONTROL)
                .append(", written by ").append(SimTools.class.getName()).append("; see docs/simulator.md.\n");
        if (config != null) {
            script.append("if [ -z \"${").append(SimConfig.ENV_CONFIG).append(":-}\" ]; then ")
                    .append(SimConfig.ENV_CONFIG).append('=').append(shellQuote(config.toString()))
                    .append("; fi\n");
            script.append("export ").append(SimConfig.ENV_CONFIG).append('\n');
        }
        List<String> command = new ArrayList<>();
        command.add(javaExecutable());
        command.addAll(JVM_FLAGS);
        command.add("-cp");
        command.add(classpath);
        command.add(main.getName());
        script.append("exec");
        for (String word : command) {
            script.append(' ').append(shellQuote(word));
        }
        script.append(" \"$@\"\n");
        return script.toString();
    }

    /** Quotes {@code word} for a POSIX shell: single quotes, with {@code '} written as {@code '\''}. */
    static String shellQuote(String word) {
        if (!word.isEmpty() && word.matches("[A-Za-z0-9_./:=+,@%-]+")) {
            return word;
        }
        return "'" + word.replace("'", "'\\''") + "'";
    }

    private static String absoluteClasspath(String classpath) {
        List<String> entries = new ArrayList<>();
        for (String entry : classpath.split(File.pathSeparator)) {
            if (!entry.isEmpty()) {
                entries.add(entry.endsWith("*") ? entry : Path.of(entry).toAbsolutePath().toString());
            }
        }
        return String.join(File.pathSeparator, entries);
    }

    private static void writeExecutable(Path target, String text) throws IOException {
        Path temp = Files.createTempFile(target.getParent(), "." + target.getFileName(), ".tmp");
        try {
            Files.writeString(temp, text);
            Files.setPosixFilePermissions(temp, PosixFilePermissions.fromString("rwxr-xr-x"));
            Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(temp);
        }
    }

    private static Path ownCodeSource() {
        CodeSource source = SimTools.class.getProtectionDomain().getCodeSource();
        if (source == null || source.getLocation() == null) {
            return null;
        }
        try {
            return Path.of(source.getLocation().toURI()).toAbsolutePath().normalize();
        } catch (URISyntaxException | IllegalArgumentException e) {
            return null;
        }
    }
}
