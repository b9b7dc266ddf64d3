package dev.cumps.sim;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The {@code java} command line every Java stand-in process is started with: the launcher scripts,
 * the Python stand-ins' daemon command, {@code nvidia-cuda-mps-control -d} starting its daemon, and
 * the daemon starting its servers all run the running JVM's {@code java} with the same flags.
 */
final class StandInJvm {

    /**
     * JVM flags that make a short-lived stand-in start fast and stay small; native access for the control daemon and
     * its client, which speak NVIDIA's {@code SOCK_SEQPACKET} protocol through {@code dev.cumps.core.posix} (without
     * it the JVM warns on stderr, which NVIDIA's programs do not).
     */
    static final List<String> JVM_FLAGS = List.of(
            "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xshare:auto", "-XX:-UsePerfData", "-Xss512k",
            "-Xmx64m", "--enable-native-access=ALL-UNNAMED");

    private StandInJvm() {
    }

    /** Absolute path of the running JVM's {@code java} launcher. */
    static String javaExecutable() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    /** {@code java <flags> -cp <classpath> <main> <args...>}. */
    static List<String> command(String classpath, Class<?> main, String... args) {
        List<String> command = new ArrayList<>();
        command.add(javaExecutable());
        command.addAll(JVM_FLAGS);
        command.add("-cp");
        command.add(classpath);
        command.add(main.getName());
        command.addAll(List.of(args));
        return command;
    }
}
