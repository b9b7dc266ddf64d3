package dev.cumps.core.exec;

import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * Runs one program through {@link ProcessCommandRunner} with the given {@code PATH} and prints the
 * outcome and what {@link ProcessCommandRunner#resolve} found, one per line. Started by
 * {@code ProcessCommandRunnerTest} as its own JVM in a temporary working directory, so that the
 * empty and {@code .} PATH entries point at a planted program without writing into the checkout.
 */
public final class PathLookupProbe {
    private PathLookupProbe() {
    }

    public static void main(String[] args) {
        String program = args[0];
        String path = args[1];
        CommandResult result = new ProcessCommandRunner().run(new CommandSpec(List.of(program), Map.of("PATH", path), null,
                Duration.ofSeconds(60)));
        System.out.println(result.outcome());
        System.out.println(ProcessCommandRunner.resolve(program, path).map(Object::toString).orElse("none"));
    }
}
