package dev.cumps.core.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.cumps.core.cli.CliRuns.Run;
import dev.cumps.core.exec.CommandSpec;
import dev.cumps.core.testing.Sandbox;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The commands picocli runs whose options are built from the grammar table ({@code start}, {@code attach-client},
 * {@code reference}, {@code hosts add|remove}): their usage errors in picocli's words, exit 2, and what they run with,
 * read from their form.
 */
class TableCommandsTest {
    private Sandbox sb;

    @BeforeEach
    void setUp() {
        sb = new Sandbox();
    }

    @AfterEach
    void cleanUp() {
        sb.close();
    }

    private void assertUsageError(String expected, String... args) {
        Run run = CliRuns.cli(sb, args);
        assertEquals(new Run(2, "", "error: " + expected + " (see `cumps --help`)\n"), run, String.join(" ", args));
    }

    @Test
    void usageErrorsInPicocliWords() {
        assertUsageError("Invalid value for option '--format': expected one of [man, markdown] (case-sensitive) but was 'html'",
                "reference", "--format", "html");
        assertUsageError("Missing required option: '--format=FORMAT'", "reference");
        assertUsageError("Invalid value for option '--memory': 'x' is not a long", "--simulate", "attach-client", "--name", "a",
                "--memory", "x");
        assertUsageError("Missing required option: '--name=N'", "--simulate", "attach-client");
        assertUsageError("Error: --daemon, --foreground are mutually exclusive (specify only one)", "start", "--daemon", "--foreground");
        assertUsageError("Missing required parameter: 'HOST'", "hosts", "add");
        assertUsageError("Unmatched argument at index 3: 'b'", "hosts", "remove", "a", "b");
        assertUsageError("Invalid value for option '--active-thread-percentage': invalid active thread percentage '0': give a whole number"
                + " from 1 to 100, e.g. 25", "start", "--active-thread-percentage", "0");
    }

    @Test
    void startPassesEveryEnvInOrderTheLastOfANameWinning() {
        Run run = CliRuns.cli(sb, "start", "--gpus", "0", "--name", "one", "--env", "A=1", "--env=B=2",
                "--env", "A=3");
        assertEquals(0, run.code(), run.err());
        List<CommandSpec> launches = sb.mps.launches();
        CommandSpec launch = launches.get(launches.size() - 1);
        assertEquals("3", launch.environment().get("A"));
        assertEquals("2", launch.environment().get("B"));
    }

    @Test
    void hostsAddAndRemoveTakeTheirHostFromTheForm() {
        assertEquals(new Run(0, "added me@gpu3\n", ""), CliRuns.cli(sb, "hosts", "add", "me@gpu3"));
        assertEquals(new Run(0, "me@gpu3\n", ""), CliRuns.cli(sb, "hosts", "list"));
        assertEquals(new Run(0, "removed me@gpu3\n", ""), CliRuns.cli(sb, "hosts", "remove", "me@gpu3"));
        assertEquals(new Run(0, "", ""), CliRuns.cli(sb, "hosts", "list"));
    }
}
