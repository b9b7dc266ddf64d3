package dev.cumps.app.hosts;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.cumps.app.Waits;
import dev.cumps.app.activity.ActivityLog;
import dev.cumps.app.context.ConsoleContext;
import dev.cumps.app.i18n.Messages;
import dev.cumps.app.ui.FxUiExecutor;
import dev.cumps.app.ui.style.ConsoleStylesheet;
import dev.cumps.core.exec.CommandResult;
import dev.cumps.core.exec.CommandSpec;
import dev.cumps.core.fleet.Destination;
import dev.cumps.core.fleet.Fleet;
import dev.cumps.core.fleet.HostList;
import dev.cumps.core.host.HostEnvironment;
import dev.cumps.core.host.HostPaths;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * {@link HostsPageTest} in Simplified Chinese, over the same scripted transport: the page's words, the
 * host states, an action's outcome and a refusal are all Chinese; it also writes the page's picture.
 */
@ExtendWith(ApplicationExtension.class)
class HostsPageChineseTest {
    @TempDir
    static Path dir;

    private final CountDownLatch release = new CountDownLatch(1);
    private final List<List<String>> remote = new CopyOnWriteArrayList<>();
    private volatile boolean live;
    private HostsViewModel viewModel;

    @Start
    void start(Stage stage) throws Exception {
        Path folder = Files.createTempDirectory(dir, "cfg");
        HostList list = new HostList(folder.resolve("mps-console/hosts"), (Integer) Files.getAttribute(folder, "unix:uid"));
        list.add(Destination.of("healthy"));
        list.add(Destination.of("changed"));
        list.add(Destination.of("stuck"));
        HostEnvironment host = new HostEnvironment(Map.of("HOME", folder.toString(), "PATH", "/usr/bin"), 1000, "here", "Linux",
                HostPaths.under(folder));
        Messages messages = Messages.forLocale(Locale.SIMPLIFIED_CHINESE);
        Clock clock = Clock.system(ZoneOffset.UTC);
        ConsoleContext ctx = new ConsoleContext(new FxUiExecutor(), messages, new ActivityLog(clock), text -> { }, clock);
        viewModel = new HostsViewModel(ctx, new Fleet(this::ssh, host, clock), list, ZoneOffset.UTC);
        Scene scene = new Scene(new HostsView(viewModel, messages), 1100, 700);
        ConsoleStylesheet.applyTo(scene);
        stage.setScene(scene);
        stage.show();
        viewModel.showingProperty().set(true);
    }

    @AfterEach
    void releaseTheHungHost() {
        release.countDown();
    }

    /** The scripted transport: what each host's sshd and cumps would answer. */
    private CommandResult ssh(CommandSpec spec) {
        List<String> argv = spec.argv();
        String host = argv.get(argv.indexOf("--") + 1);
        List<String> words = argv.subList(argv.indexOf("--") + 2, argv.size());
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
        String daemons = live ? "[{\"name\": \"gpu-a\", \"record_state\": \"live\", \"pid\": 4242, \"gpu_uuids\": [\"GPU-a\"]}]" : "[]";
        return CommandResult.exited("ssh", 0, "cumps 1.4.0\n{\"schema_version\": 1, \"driver_version\": \"550.54.15\","
                + " \"all_gpus\": [{\"index\": 0, \"uuid\": \"GPU-a\", \"name\": \"NVIDIA H100\", \"compute_mode\": \"Default\"}],"
                + " \"managed_daemons\": " + daemons + "}\n", "");
    }

    @Test
    void everyWordOnThePageIsChinese(FxRobot robot) {
        TableView<HostRow> table = robot.lookup("#hostsTable").queryTableView();
        Waits.onFx("the healthy host's row", () -> table.getItems().size() == 3 && table.getItems().get(0).state().equals("可访问"));
        Waits.onFx("the changed host's row", () -> table.getItems().get(1).state().startsWith("主机密钥已变更"));
        assertEquals("读取中…", Waits.fx(() -> table.getItems().get(2).state()));
        assertEquals("0 个运行中，0 个已失效", Waits.fx(() -> table.getItems().get(0).daemons()));
        assertEquals("未运行", Waits.fx(() -> table.getItems().get(0).doctor()));
        assertEquals(List.of("主机", "状态", "cumps", "驱动", "GPU", "守护进程", "诊断", "上次读取"),
                Waits.fx(() -> table.getColumns().stream().map(c -> c.getText()).toList()));
        robot.clickOn("healthy");
        robot.clickOn("NVIDIA H100");
        robot.clickOn("#startOnHost");
        Waits.onFx("the started daemon", () -> robot.lookup("#hostDaemons").queryTableView().getItems().size() == 1);
        Waits.onFx("the message in Chinese", () -> ((Label) robot.lookup("#hostsMessage").query()).getText().equals("已在 healthy 上完成启动。"));
        HostsShots.write(robot, "hosts-zh-CN.png");
        robot.clickOn("#hostField").write("$(id)");
        robot.clickOn("#addHost");
        Waits.onFx("the refusal in Chinese", () -> ((Label) robot.lookup("#hostsMessage").query()).getText().startsWith("'$(id)' 不是主机"));
    }
}
