package dev.cumps.core.doctor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import dev.cumps.core.cli.text.DoctorRenderer;
import dev.cumps.core.json.Json;
import dev.cumps.core.record.DaemonRecord;
import dev.cumps.core.testing.FakeGpu;
import dev.cumps.core.testing.FakeMpsHost;
import dev.cumps.core.testing.Sandbox;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The doctor's three text renderings (CLI table, JSON, Markdown) are byte-identical to the goldens
 * captured from the single-method doctor before it became a list of checks
 * ({@code src/test/resources/doctor-golden/<scenario>.{txt,json,md}}). The sandbox directory and
 * the uid are the only variable parts; they are written as {@code $SANDBOX} and {@code $UID}. The
 * user guide is not known to the sandbox's doctor, so its links read {@code docs/guide.md#anchor}.
 * {@code -Dcumps.golden.update=true} rewrites the goldens from this run (then review the diff).
 */
class DoctorGoldenTest {
    private static final Path GOLDEN = Path.of("src/test/resources/doctor-golden");

    /** {@code diagnose}: run as {@code cumps doctor} runs it ({@code Doctor.diagnose}: each visible GPU when none is chosen). */
    record Scenario(String name, String selector, Consumer<Sandbox> setUp, boolean diagnose) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<Arguments> scenarios() {
        return Stream.of(
                s("no-daemon", null, sb -> { }),
                s("live", null, sb -> sb.start("good")),
                s("live-selector", "0", sb -> {
                    sb.start("good");
                    sb.mps.serverList("5600001\n5600002\n");
                }),
                s("default-mode", null, sb -> {
                    sb.mps.gpus(FakeGpu.exclusive(0).withComputeMode("Default"));
                    sb.start("dflt");
                }),
                s("prohibited-mode", null, sb -> sb.mps.gpus(FakeGpu.exclusive(0).withComputeMode("Prohibited"))),
                s("smi-unknown-compute-mode", null, sb -> sb.mps.gpus(FakeGpu.exclusive(0).withComputeMode("Shared_Mystery"))),
                s("mig-enabled", null, sb -> sb.mps.gpus(FakeGpu.exclusive(0).withMig("Enabled"))),
                s("two-gpus-no-selector", null, sb -> sb.mps.gpus(FakeGpu.exclusive(0), FakeGpu.exclusive(1))),
                Arguments.of(new Scenario("each-visible-gpu", null, sb -> {
                    sb.mps.gpus(FakeGpu.exclusive(0), FakeGpu.exclusive(1));
                    sb.start("second", 1);
                }, true)),
                s("two-gpus-list", "0,1", sb -> sb.mps.gpus(FakeGpu.exclusive(0), FakeGpu.exclusive(1))),
                s("two-gpus-all", "all", sb -> sb.mps.gpus(FakeGpu.exclusive(0), FakeGpu.exclusive(1))),
                s("bad-selector", "7", sb -> { }),
                s("smi-timeout", null, sb -> sb.mps.smi(FakeMpsHost.Smi.TIMED_OUT)),
                s("smi-garbage", "0", sb -> sb.mps.smi(FakeMpsHost.Smi.GARBAGE)),
                s("visible-bad", null, sb -> {
                    sb.mps.gpus(FakeGpu.exclusive(0), FakeGpu.exclusive(1));
                    sb.env("CUDA_VISIBLE_DEVICES", "0,9");
                }),
                s("visible-index", null, sb -> {
                    sb.mps.gpus(FakeGpu.exclusive(0), FakeGpu.exclusive(1));
                    sb.env("CUDA_VISIBLE_DEVICES", "1");
                    sb.start("second");
                }),
                s("visible-uuid", null, sb -> {
                    sb.mps.gpus(FakeGpu.exclusive(0), FakeGpu.exclusive(1));
                    sb.env("CUDA_VISIBLE_DEVICES", FakeGpu.uuidFor(1));
                }),
                s("visible-zero", null, sb -> sb.env("CUDA_VISIBLE_DEVICES", "0")),
                s("pipe-env-elsewhere", null, sb -> {
                    sb.start("here");
                    sb.env("CUDA_MPS_PIPE_DIRECTORY", sb.dir.resolve("elsewhere") + "\u001b[31m");
                }),
                s("pipe-env-here", null, sb -> {
                    DaemonRecord r = sb.start("here");
                    sb.env("CUDA_MPS_PIPE_DIRECTORY", r.pipeDirectory().toString());
                }),
                s("control-log-error", null, sb -> {
                    DaemonRecord r = sb.start("logged");
                    append(r.logDirectory().resolve("control.log"), "[2026-11-29 10:00:01.000 Control 1] ERROR: server | exited\n");
                }),
                s("pid-file-swapped", null, sb -> {
                    DaemonRecord r = sb.start("swapped");
                    write(r.pipeDirectory().resolve("nvidia-cuda-mps-control.pid"), "5500000\n");
                }),
                s("pid-file-missing", null, sb -> {
                    DaemonRecord r = sb.start("nopid");
                    delete(r.pipeDirectory().resolve("nvidia-cuda-mps-control.pid"));
                }),
                s("mute", null, sb -> {
                    DaemonRecord r = sb.start("mute");
                    sb.mps.daemon(r.pipeDirectory()).orElseThrow().hangs = true;
                }),
                s("stale", null, sb -> {
                    DaemonRecord r = sb.start("stale");
                    sb.processes.kill(r.pid());
                }),
                s("two-live", null, sb -> {
                    sb.start("one");
                    sb.processes.put(4_140_000L, "nvidia-cuda-mps", 4242);
                    sb.handRecord("two", 4_140_000L, 4242, sb.dir.resolve("p2"), sb.dir.resolve("l2"));
                }),
                s("pipe-missing", null, sb -> {
                    DaemonRecord r = sb.start("nopipe");
                    delete(r.pipeDirectory().resolve("control"));
                }),
                s("pipe-dir-open", null, sb -> {
                    DaemonRecord r = sb.start("open");
                    chmod(r.pipeDirectory(), "rwxr-xr-x");
                }));
    }

    private static Arguments s(String name, String selector, Consumer<Sandbox> setUp) {
        return Arguments.of(new Scenario(name, selector, setUp, false));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("scenarios")
    void renderingsMatchTheGoldens(Scenario scenario) throws IOException {
        try (Sandbox sb = sandboxOfFixedPathLength()) {
            scenario.setUp().accept(sb);
            Optional<String> selector = Optional.ofNullable(scenario.selector());
            DoctorReport report = scenario.diagnose() ? sb.services().doctor().diagnose(selector) : sb.services().doctor().run(selector);

            String text = DoctorRenderer.render(report, scenario.name().startsWith("live"));
            String json = Json.write(report.toJsonMap());
            String markdown = report.toMarkdown();

            compare(scenario.name() + ".txt", normalise(text, sb));
            compare(scenario.name() + ".json", normalise(json, sb));
            compare(scenario.name() + ".md", normalise(markdown, sb));
        }
    }

    /**
     * A sandbox whose directory name has the usual length ({@code /tmp/cu} and five characters), so
     * the table's column widths, which depend on path lengths, are the same on every run.
     */
    private static Sandbox sandboxOfFixedPathLength() {
        while (true) {
            Sandbox sb = new Sandbox();
            if (sb.dir.toString().length() == "/tmp/cu".length() + 5) {
                return sb;
            }
            sb.close();
        }
    }

    private static String normalise(String text, Sandbox sb) {
        return text.replace(sb.dir.toString(), "$SANDBOX").replace("uid " + sb.uid + " ", "uid $UID ");
    }

    private static void compare(String file, String actual) throws IOException {
        Path golden = GOLDEN.resolve(file);
        if (Boolean.getBoolean("cumps.golden.update")) {
            Files.writeString(golden, actual, StandardCharsets.UTF_8);
            return;
        }
        if (!Files.exists(golden)) {
            fail("no golden " + golden + ": write it with `mvn -o -q -pl core/cli -am test -Dtest=DoctorGoldenTest -Dcumps.golden.update=true`,"
                    + " review it, then rerun");
        }
        assertEquals(Files.readString(golden, StandardCharsets.UTF_8), actual, file);
    }

    private static void append(Path file, String text) {
        try {
            Files.writeString(file, text, StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    private static void write(Path file, String text) {
        try {
            Files.writeString(file, text);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    private static void delete(Path file) {
        try {
            Files.delete(file);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    private static void chmod(Path dir, String mode) {
        try {
            Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString(mode));
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }
}
