package dev.cumps.sim;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Installs the stand-ins for NVIDIA's {@code nvidia-smi} and {@code nvidia-cuda-mps-control} as
 * real executables, so that whatever runs them (the product, an end-to-end test, a person) cannot
 * tell them from the real tools by how they are started.
 *
 * <p>Where a {@code python3} is on {@code PATH}, each stand-in is a Python 3 script
 * ({@code standin.py}, started in milliseconds) that mirrors {@link NvidiaSmiMain} and the client and
 * {@code -d} modes of {@link MpsControlMain} byte for byte, and runs the control daemon itself as
 * {@code java ... MpsControlMain}. Otherwise each launcher is a POSIX {@code sh} script that
 * {@code exec}s the running JVM's {@code java} on {@link NvidiaSmiMain} or {@link MpsControlMain}. What the stand-ins mirror, and the NVIDIA MPS
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
        install(binDir, options, python3().orElse(null));
    }

    /**
     * Like {@link #install(Path, SimToolOptions)}, but always writes the JVM launchers (the
     * reference implementation the Python stand-ins are compared with).
     */
    public static void installJava(Path binDir, SimToolOptions options) throws IOException {
        install(binDir, options, null);
    }

    private static void install(Path binDir, SimToolOptions options, Path python) throws IOException {
        Files.createDirectories(binDir);
        Path config = options.configFile() == null ? null : options.configFile().toAbsolutePath();
        boolean smiMissing = config != null && Files.exists(config)
                && SimConfig.load(config).smiFault() == SmiFault.MISSING;
        String classpath = absoluteClasspath(options.classpath());
        if (smiMissing) {
            Files.deleteIfExists(binDir.resolve(NVIDIA_SMI));
        } else {
            writeExecutable(binDir.resolve(NVIDIA_SMI), python == null ? launcher(NvidiaSmiMain.class, classpath, config)
                    : pythonStandIn(python, NVIDIA_SMI, classpath, config));
        }
        writeExecutable(binDir.resolve(MPS_CONTROL), python == null ? launcher(MpsControlMain.class, classpath, config)
                : pythonStandIn(python, MPS_CONTROL, classpath, config));
    }

    /**
     * The {@code python3} the fast stand-ins run with: the first of {@code /usr/bin}, {@code /usr/local/bin},
     * {@code /bin} and then the absolute {@code PATH} entries of this JVM's environment that holds an
     * executable {@code python3} binary whose path can sit in a {@code #!} line (no blanks, short).
     * Wrapper scripts (a pyenv shim, for one) are skipped: each would add a shell start to every
     * call. Empty when there is none, and the JVM launchers are written instead.
     */
    static Optional<Path> python3() {
        List<String> dirs = new ArrayList<>(List.of("/usr/bin", "/usr/local/bin", "/bin"));
        String path = System.getenv("PATH");
        if (path != null) {
            dirs.addAll(List.of(path.split(File.pathSeparator)));
        }
        for (String dir : dirs) {
            if (dir.isEmpty() || !dir.startsWith("/")) {
                continue;
            }
            Path candidate = Path.of(dir, "python3");
            String text = candidate.toString();
            if (Files.isRegularFile(candidate) && Files.isExecutable(candidate) && text.length() < 100
                    && text.chars().noneMatch(c -> c <= ' ' || c == 0x7f) && !isScript(candidate)) {
                return Optional.of(candidate);
            }
        }
        return Optional.empty();
    }

    private static boolean isScript(Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            return in.read() == '#' && in.read() == '!';
        } catch (IOException e) {
            return true;
        }
    }

    /**
     * A Python 3 stand-in: a header naming the role, the default config and the command that runs
     * the Java control daemon, followed by {@code standin.py}. It answers in milliseconds where a
     * JVM takes hundreds; docs/simulator.md.
     */
    static String pythonStandIn(Path python, String role, String classpath, Path config) throws IOException {
        StringBuilder script = new StringBuilder();
        script.append("#!").append(python).append(" -IS\n");
        script.append("# Stand-in for NVIDIA's ").append(role).append(", written by ").append(SimTools.class.getName())
                .append("; see docs/simulator.md.\n");
        script.append("ROLE = ").append(pythonString(role)).append('\n');
        script.append("DEFAULT_CONFIG = ").append(config == null ? "None" : pythonString(config.toString())).append('\n');
        List<String> daemon = new ArrayList<>();
        daemon.add(javaExecutable());
        daemon.addAll(JVM_FLAGS);
        daemon.add("-cp");
        daemon.add(classpath);
        daemon.add(MpsControlMain.class.getName());
        script.append("DAEMON_COMMAND = [");
        for (int i = 0; i < daemon.size(); i++) {
            script.append(i == 0 ? "" : ", ").append(pythonString(daemon.get(i)));
        }
        script.append("]\n");
        try (InputStream body = SimTools.class.getResourceAsStream("standin.py")) {
            if (body == null) {
                throw new IOException("resource dev/cumps/sim/standin.py is missing from the class path");
            }
            script.append(new String(body.readAllBytes(), StandardCharsets.UTF_8));
        }
        return script.toString();
    }

    /** A Python string literal for {@code text}: every character outside printable ASCII escaped. */
    static String pythonString(String text) {
        StringBuilder out = new StringBuilder("'");
        text.codePoints().forEach(c -> {
            if (c == '\\' || c == '\'') {
                out.append('\\').append((char) c);
            } else if (c >= ' ' && c < 0x7f) {
                out.append((char) c);
            } else {
                out.append(String.format("\\U%08x", c));
            }
        });
        return out.append('\'').toString();
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
