package dev.cumps.app.hosts;

import dev.cumps.app.activity.ActivityLog;
import dev.cumps.app.context.ConsoleContext;
import dev.cumps.app.i18n.Messages;
import dev.cumps.app.ui.FxUiExecutor;
import dev.cumps.app.ui.UiExecutor;
import dev.cumps.app.ui.style.ConsoleStylesheet;
import dev.cumps.core.exec.CommandResult;
import dev.cumps.core.exec.CommandSpec;
import dev.cumps.core.fleet.Destination;
import dev.cumps.core.fleet.Fleet;
import dev.cumps.core.fleet.HostList;
import dev.cumps.core.host.HostEnvironment;
import dev.cumps.core.host.HostPaths;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import javafx.scene.Scene;
import javafx.stage.Stage;

/**
 * The Hosts page over a scripted ssh, for {@link HostsPageTest} and {@link HostsPageChineseTest} (the
 * transport is the runner; real OpenSSH is FleetE2eTest's): three hosts, one healthy, one whose host
 * key changed and one that hangs until {@link #release()}.
 */
final class ScriptedHosts {
    /** The page's read deadline here: far beyond what the steps before the hung host's release take on a busy machine. */
    static final Duration READ_DEADLINE = Duration.ofSeconds(120);
    /** The words each run sent to the healthy host, in order. */
    final List<List<String>> remote = new CopyOnWriteArrayList<>();
    /** What the page copied to the clipboard, in order. */
    final List<String> copied = new CopyOnWriteArrayList<>();
    /** The env block the healthy host's {@code cumps env --name gpu-a} prints (with a trailing newline, as cumps prints it). */
    static final String ENV_BLOCK = "export CUDA_VISIBLE_DEVICES='GPU-a'\nexport CUDA_MPS_PIPE_DIRECTORY='/tmp/mps-1000/gpu-a/pipe'\n"
            + "export CUDA_MPS_LOG_DIRECTORY='/tmp/mps-1000/gpu-a/log'\n";
    private final CountDownLatch release = new CountDownLatch(1);
    private final int gpuCount;
    private volatile boolean live;
    private volatile boolean staleRecord;
    private ActivityLog activity;

    /** The healthy host with one GPU. */
    ScriptedHosts() {
        this(1);
    }

    /**
     * The healthy host with {@code gpuCount} GPUs (indexes from 0, UUIDs {@code GPU-5f0c1a2e-0000-4000-8000-00000000000N}):
     * its doctor without {@code --gpus} fails its topology check and skips the daemon's checks when it has several, as a
     * real host's does; with {@code --gpus N} it diagnoses GPU N.
     */
    ScriptedHosts(int gpuCount) {
        this.gpuCount = gpuCount;
    }

    /** The healthy host also keeps a stale record, {@code old} (its daemon died there), beside any it starts. */
    ScriptedHosts withStaleRecord() {
        staleRecord = true;
        return this;
    }

    /** The window's activity log the page records into. */
    ActivityLog activity() {
        return activity;
    }

    /** Shows the page in {@code stage}, in {@code locale}, with the three hosts listed in a settings folder under {@code dir}. */
    HostsViewModel open(Stage stage, Path dir, Locale locale) throws IOException {
        return open(stage, dir, locale, 1100, 700);
    }

    /** {@link #open(Stage, Path, Locale)} with the page {@code width}×{@code height}. */
    HostsViewModel open(Stage stage, Path dir, Locale locale, double width, double height) throws IOException {
        Messages messages = Messages.forLocale(locale);
        HostsViewModel viewModel = viewModel(dir, messages, new FxUiExecutor());
        Scene scene = new Scene(new HostsView(viewModel, messages), width, height);
        ConsoleStylesheet.applyTo(scene);
        // The test toolkit's one stage is shared with earlier tests: one may have left it maximised or at
        // another size, which would hide part of the page from the clicks.
        stage.setMaximized(false);
        stage.setScene(scene);
        stage.sizeToScene();
        stage.centerOnScreen();
        stage.show();
        viewModel.showingProperty().set(true);
        return viewModel;
    }

    /**
     * The page's view model alone, over the three hosts listed in a settings folder under {@code dir}, its work run by
     * {@code executor} (a held one makes "a result arrives after the user moved on" a state the test sets up).
     */
    HostsViewModel viewModel(Path dir, Messages messages, UiExecutor executor) throws IOException {
        Path folder = Files.createTempDirectory(dir, "cfg");
        HostList list = new HostList(folder.resolve("mps-console/hosts"), (Integer) Files.getAttribute(folder, "unix:uid"));
        list.add(Destination.of("healthy"));
        list.add(Destination.of("changed"));
        list.add(Destination.of("stuck"));
        HostEnvironment host = new HostEnvironment(Map.of("HOME", folder.toString(), "PATH", "/usr/bin"), 1000, "here", "Linux",
                HostPaths.under(folder));
        Clock clock = Clock.system(ZoneOffset.UTC);
        activity = new ActivityLog(clock);
        ConsoleContext ctx = new ConsoleContext(executor, messages, activity, copied::add, clock);
        return new HostsViewModel(ctx, new Fleet(this::ssh, host, clock), list, ZoneOffset.UTC, READ_DEADLINE);
    }

    /** Lets the hung host's read end (as a timeout). */
    void release() {
        release.countDown();
    }

    /** The cumps words a host would run, without the {@code timeout --kill-after=2 N} that bounds each run there (checked). */
    static List<String> unbounded(List<String> words) {
        List<String> plain = new ArrayList<>();
        for (int i = 0; i < words.size(); i++) {
            if (words.get(i).equals("timeout")) {
                if (!words.get(i + 1).equals("--kill-after=2") || !words.get(i + 2).matches("[0-9]+") || !words.get(i + 3).equals("cumps")) {
                    throw new AssertionError("not a bounded cumps run: " + words);
                }
                plain.add("cumps");
                i += 3;
            } else if (words.get(i).equals("cumps")) {
                throw new AssertionError("a cumps run without a bound on the host: " + words);
            } else {
                plain.add(words.get(i));
            }
        }
        return plain;
    }

    /** The scripted transport: what each host's sshd and cumps would answer. */
    private CommandResult ssh(CommandSpec spec) {
        List<String> argv = spec.argv();
        String host = argv.get(argv.indexOf("--") + 1);
        List<String> words = unbounded(argv.subList(argv.indexOf("--") + 2, argv.size()));
        switch (host) {
            case "changed":
                return CommandResult.exited("ssh", 255, "", "@@@@\n@ WARNING: REMOTE HOST IDENTIFICATION HAS CHANGED! @\n"
                        + "Host key verification failed.\n");
            case "stuck":
                try {
                    release.await(120, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                return CommandResult.timedOut("ssh", "", "");
            default:
                break;
        }
        remote.add(List.copyOf(words));
        if (words.equals(List.of("cumps", "start", "--gpus", "0"))) {
            live = true;
            return CommandResult.exited("ssh", 0, "{\"name\": \"gpu-a\", \"pid\": 4242}\n", "");
        }
        if (words.equals(List.of("cumps", "stop", "--name", "gpu-a"))) {
            live = false;
            return CommandResult.exited("ssh", 0, "{\"stopped\": \"gpu-a\"}\n", "");
        }
        if (words.size() >= 4 && words.subList(0, 4).equals(List.of("cumps", "limits", "--name", "gpu-a"))) {
            return CommandResult.exited("ssh", 0, "gpu-a  active thread percentage 40 %  pinned device memory limit 512M\n", "");
        }
        if (words.equals(List.of("cumps", "env", "--name", "gpu-a"))) {
            return CommandResult.exited("ssh", 0, ENV_BLOCK, "");
        }
        if (words.size() >= 3 && words.subList(0, 3).equals(List.of("cumps", "doctor", "--json"))) {
            return CommandResult.exited("ssh", 0, doctor(words.size() == 5 ? words.get(4) : null), "");
        }
        List<String> records = new ArrayList<>();
        if (live) {
            records.add("{\"name\": \"gpu-a\", \"record_state\": \"live\", \"pid\": 4242, \"gpu_uuids\": [\"GPU-a\"]}");
        }
        if (staleRecord) {
            records.add("{\"name\": \"old\", \"record_state\": \"stale\", \"pid\": 3131, \"gpu_uuids\": [\"" + uuid(0) + "\"]}");
        }
        String daemons = "[" + String.join(", ", records) + "]";
        List<String> gpus = new ArrayList<>();
        for (int i = 0; i < gpuCount; i++) {
            gpus.add("{\"index\": " + i + ", \"uuid\": \"" + uuid(i) + "\", \"name\": \"NVIDIA H100\", \"compute_mode\": \"Default\"}");
        }
        return CommandResult.exited("ssh", 0, "cumps 1.4.0\n{\"schema_version\": 1, \"driver_version\": \"550.54.15\","
                + " \"all_gpus\": [" + String.join(", ", gpus) + "],"
                + " \"managed_daemons\": " + daemons + "}\n", "");
    }

    /** The UUID of the healthy host's GPU {@code index} (one GPU: {@code GPU-a}, as the one-GPU tests know it). */
    String uuid(int index) {
        return gpuCount == 1 ? "GPU-a" : "GPU-5f0c1a2e-0000-4000-8000-00000000000" + index;
    }

    /** What the host's {@code cumps doctor --json [--gpus SEL]} prints. */
    private String doctor(String selector) {
        if (selector == null && gpuCount > 1) {
            return "{\"schema_version\": 1, \"valid\": false, \"checks\": ["
                    + check("platform", "pass", "Linux", "Linux", "") + ", "
                    + check("topology", "fail", gpuCount + " GPUs are visible", "one GPU", "select one visible GPU with --gpus INDEX|UUID")
                    + ", " + check("daemon_count", "skip", "skipped: no GPU selected", "", "")
                    + "], \"plan\": {\"selector\": \"\", \"gpus\": [], \"resolved\": false}}\n";
        }
        int index = selector == null ? 0 : Integer.parseInt(selector);
        return "{\"schema_version\": 1, \"valid\": true, \"checks\": ["
                + check("platform", "pass", "Linux", "Linux", "") + ", "
                + check("topology", "pass", "--gpus " + index + " -> GPU " + index, "single_gpu", "") + ", "
                + check("compute_mode", "warn", "GPU " + index + " compute mode Default", "Exclusive_Process",
                        "NVIDIA recommends EXCLUSIVE_PROCESS with MPS so only the MPS server uses the GPU: sudo nvidia-smi -i " + index
                        + " -c EXCLUSIVE_PROCESS")
                + "], \"plan\": {\"selector\": \"" + index + "\", \"gpus\": [{\"index\": " + index + ", \"uuid\": \"" + uuid(index)
                + "\"}], \"resolved\": true}}\n";
    }

    private static String check(String id, String status, String observed, String expected, String remedy) {
        return "{\"id\": \"" + id + "\", \"title\": \"" + id + "\", \"status\": \"" + status + "\", \"observed\": \"" + observed
                + "\", \"expected\": \"" + expected + "\", \"remedy\": \"" + remedy + "\", \"fixes\": []}";
    }
}
