package dev.cumps.core.posix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link Terminals} in a JVM of its own ({@link TerminalsProbe}, native access for the class path as the
 * launchers give it): on pipes and files it finds no terminal; on a pseudo-terminal that util-linux's
 * {@code script} opens, sized with {@code stty cols 97 rows 31}, it finds one 97 columns wide; at 0 columns
 * (a terminal that does not know its size) it says nothing. Nothing is printed about native access.
 */
class TerminalsTest {
    @TempDir
    Path dir;

    private static String classPath() throws URISyntaxException {
        String main = Path.of(Terminals.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        String tests = Path.of(TerminalsProbe.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        return main + File.pathSeparator + tests;
    }

    private static List<String> probe() throws URISyntaxException {
        return new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--enable-native-access=ALL-UNNAMED", "-cp", classPath(), TerminalsProbe.class.getName()));
    }

    private String run(List<String> command, Path stdin) throws IOException, InterruptedException {
        Path out = dir.resolve("out.txt");
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(out.toFile())
                .redirectInput(stdin.toFile());
        builder.environment().put("TERM", "dumb");
        Process process = builder.start();
        assertTrue(process.waitFor(120, TimeUnit.SECONDS), command + " did not finish");
        String text = Files.readString(out, StandardCharsets.UTF_8).replace("\r", "");
        assertEquals(0, process.exitValue(), text);
        return text;
    }

    @Test
    void pipesAndFilesAreNoTerminals() throws Exception {
        Path input = Files.writeString(dir.resolve("in.txt"), "");

        String text = run(probe(), input);

        assertEquals("stdin terminal=false\nstdout terminal=false\ncolumns=none\n", text);
    }

    @Test
    void aPseudoTerminalIsOneAndKnowsItsWidth() throws Exception {
        Path input = Files.writeString(dir.resolve("in.txt"), "");

        String sized = run(List.of("script", "-q", "-e", "-c", "stty cols 97 rows 31 && exec " + String.join(" ", probe()), "/dev/null"),
                input);
        String unsized = run(List.of("script", "-q", "-e", "-c", "stty cols 0 rows 0 && exec " + String.join(" ", probe()), "/dev/null"),
                input);

        assertEquals("stdin terminal=true\nstdout terminal=true\ncolumns=97\n", sized);
        assertEquals("stdin terminal=true\nstdout terminal=true\ncolumns=none\n", unsized);
    }
}
