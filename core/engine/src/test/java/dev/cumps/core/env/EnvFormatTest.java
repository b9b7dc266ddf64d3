package dev.cumps.core.env;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.cumps.core.testing.Props;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.quicktheories.api.Pair;
import org.quicktheories.core.Gen;
import org.quicktheories.generators.Generate;

/**
 * Every {@code cumps env --shell} format, read back by its real consumer: sh (dash) and bash
 * {@code eval}, fish {@code source}, systemd's own unit-file parser, a POSIX shell splitting the
 * pasted {@code docker run} words, and python-dotenv; docker compose's {@code .env} rules through
 * {@link ComposeDotenvRules}. Values are user-chosen paths: spaces, both quotes, {@code $},
 * backslashes, {@code %}, {@code #} and non-ASCII all come back byte for byte.
 */
class EnvFormatTest {
    private static final String GPU = "GPU-5f0c1a2e-0000-4000-8000-000000000000";

    /** What shells, systemd, compose and python-dotenv treat specially, and some non-ASCII. */
    private static final List<String> AWKWARD = List.of("with space", "it's", "dollar$HOME", "${HOME}", "$(date)", "tick`date`",
            "back\\slash", "trailing\\", "\\\\double", "\\'mixed\\\"", "quote\"d", "per%cent %n %% %i", "hash # not a comment",
            "#lead", "a=b=c", "semi;colon&amp|pipe", "  lead and trail  ", "", "-dash", "/ü/Ω/中文/🚀", "tab-free but\u00a0nbsp",
            "\\n is not a newline", "!bang ~tilde *glob? [set] {a,b}", "$$", "\\$HOME", "'", "\"", "\\");

    private static LaunchEnvironment environment(List<String> values) {
        Map<String, String> variables = new LinkedHashMap<>();
        for (int i = 0; i < values.size(); i++) {
            variables.put("V" + i, values.get(i));
        }
        return new LaunchEnvironment("t", variables);
    }

    private static List<String> names(LaunchEnvironment env) {
        return List.copyOf(env.variables().keySet());
    }

    @Test
    void theCliNamesEachFormatByItsLowerCaseIdAndNothingElse() {
        assertEquals(List.of("posix", "fish", "systemd", "docker", "dotenv"), EnvFormat.ids());
        assertEquals(Optional.of(EnvFormat.SYSTEMD), EnvFormat.byId("systemd"));
        assertEquals(Optional.empty(), EnvFormat.byId("POSIX"));
        assertEquals(Optional.empty(), EnvFormat.byId("csh"));
    }

    /** The exact text a user pastes, for one environment with a quote, {@code $}, {@code %} and a backslash. */
    @ParameterizedTest
    @ValueSource(strings = {"posix", "fish", "systemd", "docker", "dotenv"})
    void eachFormatWritesTheVariablesInItsConsumersSyntax(String id) {
        Map<String, String> variables = new LinkedHashMap<>();
        variables.put("CUDA_VISIBLE_DEVICES", GPU);
        variables.put("CUDA_MPS_PIPE_DIRECTORY", "/tmp/it's 100% $HOME");
        variables.put("CUDA_MPS_LOG_DIRECTORY", "/tmp/back\\slash \"q\"");
        String expected = switch (id) {
            case "posix" -> "export CUDA_VISIBLE_DEVICES='" + GPU + "'\n"
                    + "export CUDA_MPS_PIPE_DIRECTORY='/tmp/it'\\''s 100% $HOME'\n"
                    + "export CUDA_MPS_LOG_DIRECTORY='/tmp/back\\slash \"q\"'\n";
            case "fish" -> "set -gx CUDA_VISIBLE_DEVICES '" + GPU + "'\n"
                    + "set -gx CUDA_MPS_PIPE_DIRECTORY '/tmp/it\\'s 100% $HOME'\n"
                    + "set -gx CUDA_MPS_LOG_DIRECTORY '/tmp/back\\\\slash \"q\"'\n";
            case "systemd" -> "Environment=\"CUDA_VISIBLE_DEVICES=" + GPU + "\"\n"
                    + "Environment=\"CUDA_MPS_PIPE_DIRECTORY=/tmp/it's 100%% $HOME\"\n"
                    + "Environment=\"CUDA_MPS_LOG_DIRECTORY=/tmp/back\\\\slash \\\"q\\\"\"\n";
            case "docker" -> "--env 'CUDA_VISIBLE_DEVICES=" + GPU + "' --env 'CUDA_MPS_PIPE_DIRECTORY=/tmp/it'\\''s 100% $HOME'"
                    + " --env 'CUDA_MPS_LOG_DIRECTORY=/tmp/back\\slash \"q\"'\n";
            default -> "CUDA_VISIBLE_DEVICES='" + GPU + "'\n"
                    + "CUDA_MPS_PIPE_DIRECTORY='/tmp/it\\'s 100% $HOME'\n"
                    + "CUDA_MPS_LOG_DIRECTORY=\"/tmp/back\\\\slash \\\"q\\\"\"\n";
        };
        assertEquals(expected, new LaunchEnvironment("t", variables).text(EnvFormat.byId(id).orElseThrow()));
    }

    @Test
    void posixIsWhatItAlwaysWas() {
        LaunchEnvironment env = environment(AWKWARD);
        assertEquals(env.posix(), env.text(EnvFormat.POSIX));
    }

    @ParameterizedTest
    @ValueSource(strings = {"sh", "dash", "bash"})
    void posixExportsEvaluateBackToEveryValue(String shell) {
        LaunchEnvironment env = environment(AWKWARD);
        assertEquals(AWKWARD, EnvConsumers.evalInPosixShell(shell, env.text(EnvFormat.POSIX), names(env)));
    }

    @Test
    void fishSourcesBackEveryValue(@TempDir Path home) {
        LaunchEnvironment env = environment(AWKWARD);
        assertEquals(AWKWARD, EnvConsumers.sourceInFish(env.text(EnvFormat.FISH), names(env), home));
    }

    @Test
    void systemdParsesTheEnvironmentBlockBackToEveryValue() {
        LaunchEnvironment env = environment(AWKWARD);
        assertEquals(env.variables(), EnvConsumers.parseWithSystemd(env.text(EnvFormat.SYSTEMD)));
    }

    @ParameterizedTest
    @ValueSource(strings = {"dash", "bash"})
    void dockerWordsPastedIntoAShellReachDockerAsOneAssignmentEach(String shell) {
        LaunchEnvironment env = environment(AWKWARD);
        assertEquals(dockerArguments(env), EnvConsumers.wordsInPosixShell(shell, env.text(EnvFormat.DOCKER)));
    }

    @Test
    void dotenvReadsBackEveryValueByComposesRules() {
        LaunchEnvironment env = environment(AWKWARD);
        assertEquals(env.variables(), ComposeDotenvRules.parse(env.text(EnvFormat.DOTENV)));
    }

    /**
     * python-dotenv (Debian's 0.21, what CI installs) reads back every value but three kinds
     * (docs/cli.md): it expands {@code ${...}} even in single quotes, it cannot end a quoted value
     * with a backslash, and it keeps the backslash of compose's {@code \$}.
     */
    static boolean pythonDotenvReadsExactly(String value) {
        return !value.contains("${") && !value.endsWith("\\") && !(value.contains("\\") && value.contains("$"));
    }

    @Test
    void pythonDotenvLoadsBackEveryValueOutsideItsThreeKnownGaps() {
        List<String> values = AWKWARD.stream().filter(EnvFormatTest::pythonDotenvReadsExactly).toList();
        LaunchEnvironment env = environment(values);
        assertEquals(values, EnvConsumers.loadWithPythonDotenv(env.text(EnvFormat.DOTENV), names(env)));
    }

    /**
     * One of python-dotenv's gaps, pinned: a value holding a backslash is double-quoted, where
     * compose reads {@code \$} as {@code $} and python-dotenv keeps both characters.
     */
    @Test
    void pythonDotenvKeepsTheBackslashOfAnEscapedDollar() {
        LaunchEnvironment env = environment(List.of("C:\\x$y"));
        assertEquals("V0=\"C:\\\\x\\$y\"\n", env.text(EnvFormat.DOTENV));
        assertEquals(Map.of("V0", "C:\\x$y"), ComposeDotenvRules.parse(env.text(EnvFormat.DOTENV)));
        assertEquals(List.of("C:\\x\\$y"), EnvConsumers.loadWithPythonDotenv(env.text(EnvFormat.DOTENV), names(env)));
    }

    /** Any exportable value (no control characters: LaunchEnvironment refuses those) comes back from every consumer. */
    @Test
    void everyConsumerReadsBackArbitraryValues(@TempDir Path home) {
        Gen<Character> special = Props.chars("'\"$`\\ !*?[]{};&|<>()#~=%^,:-");
        Gen<Character> any = Props.chars(' ', '~');
        Gen<Character> wide = Props.chars("üßΩ中文é\u00a0\u2028");
        // Up to eight values in one run of each consumer, separated by a newline (which no value can hold).
        Gen<Character> separator = Props.chars("\n");
        Gen<List<String>> values = Props.strings(Generate.frequency(Pair.of(3, special), Pair.of(3, any), Pair.of(1, wide), Pair.of(1, separator)), 0, 120)
                .map(blob -> Arrays.stream(blob.split("\n", -1)).limit(8).toList());
        // Few shrink cycles: each try runs six programs.
        Props.qt(20).withShrinkCycles(10).forAll(values).checkAssert(list -> {
            LaunchEnvironment env = environment(list);
            List<String> names = names(env);
            assertEquals(list, EnvConsumers.evalInPosixShell("dash", env.text(EnvFormat.POSIX), names), "posix");
            assertEquals(list, EnvConsumers.sourceInFish(env.text(EnvFormat.FISH), names, home), "fish");
            assertEquals(env.variables(), EnvConsumers.parseWithSystemd(env.text(EnvFormat.SYSTEMD)), "systemd");
            assertEquals(dockerArguments(env), EnvConsumers.wordsInPosixShell("dash", env.text(EnvFormat.DOCKER)), "docker");
            assertEquals(env.variables(), ComposeDotenvRules.parse(env.text(EnvFormat.DOTENV)), "dotenv (compose)");
            List<String> plain = list.stream().filter(EnvFormatTest::pythonDotenvReadsExactly).toList();
            LaunchEnvironment pythonEnv = environment(plain);
            assertEquals(plain, EnvConsumers.loadWithPythonDotenv(pythonEnv.text(EnvFormat.DOTENV), names(pythonEnv)), "dotenv (python)");
        });
    }

    private static List<String> dockerArguments(LaunchEnvironment env) {
        List<String> words = new ArrayList<>();
        env.variables().forEach((k, v) -> {
            words.add("--env");
            words.add(k + "=" + v);
        });
        return words;
    }
}
