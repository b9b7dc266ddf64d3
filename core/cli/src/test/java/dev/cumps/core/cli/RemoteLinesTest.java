package dev.cumps.core.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import dev.cumps.core.fleet.RemoteCommand;
import dev.cumps.core.grammar.CliCommand;
import dev.cumps.core.mps.MpsLimits;
import dev.cumps.core.testing.Sandbox;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Every line the fleet sends to a host is one the host's {@code cumps} takes: picocli parses each {@code cumps}
 * run of it, and the fast parser takes those of fast commands (so a host answers {@code fleet status} without
 * building picocli's model).
 */
class RemoteLinesTest {
    @Test
    void everyRemoteLineIsParsedByPicocliAndTheFastOnesByTheFastParser() {
        List<RemoteCommand> lines = List.of(RemoteCommand.status(), RemoteCommand.doctor(), RemoteCommand.clients(),
                RemoteCommand.start("0,1", "pair"), RemoteCommand.start(null, null), RemoteCommand.stop("gpu-0"),
                RemoteCommand.env("gpu-0"), RemoteCommand.limits("gpu-0"),
                RemoteCommand.limits("a", MpsLimits.parse(Optional.of("25"), Optional.of("1024M")), false));
        int runs = 0;
        try (Sandbox sb = new Sandbox()) {
            for (RemoteCommand line : lines) {
                for (List<String> run : runs(line.words())) {
                    String[] args = run.subList(1, run.size()).toArray(String[]::new);
                    StringWriter sink = new StringWriter();
                    new Cli(sb.host(), new PrintWriter(sink), new PrintWriter(sink)).commandLine().parseArgs(args);
                    CliCommand command = CliCommand.named(args[0]);
                    if (command == null || command.fast()) { // null: --version alone
                        assertNotNull(FastPath.parse(args), run + " is the fast parser's");
                    }
                    runs++;
                }
            }
        }
        assertEquals(10, runs);
    }

    private static List<List<String>> runs(List<String> words) {
        List<List<String>> runs = new ArrayList<>();
        int start = 0;
        for (int i = 0; i <= words.size(); i++) {
            if (i == words.size() || words.get(i).equals("&&")) {
                runs.add(words.subList(start, i));
                start = i + 1;
            }
        }
        return runs;
    }
}
