package dev.cumps.app.window;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.app.ConsoleExtension;
import dev.cumps.app.Waits;
import dev.cumps.app.WindowFixture;
import dev.cumps.app.live.ClientLine;
import dev.cumps.core.host.HostEnvironment;
import dev.cumps.core.proc.ProcFsProcessTable;
import dev.cumps.core.proc.ProcessIdentity;
import dev.cumps.core.proc.ProcessInfo;
import dev.cumps.core.record.DaemonRecord;
import dev.cumps.sim.Simulation;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import javafx.scene.Node;
import javafx.scene.control.TextField;
import javafx.scene.control.TreeItem;
import javafx.scene.control.TreeTableCell;
import javafx.scene.control.TreeTableView;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.testfx.api.FxRobot;

/**
 * The live view walked in zh-CN: the GPU load cells, the Clients pane with a client, the terminate
 * confirmation, and the Limits pane with a refused value show no English outside evidence (the
 * client's command line, the server's status word, names, paths), as {@link EnglishLeaks} decides.
 */
class LivePanesChineseTest {

    @RegisterExtension
    final ConsoleExtension console = ConsoleExtension.showing(Locale.SIMPLIFIED_CHINESE);
    private final Map<String, String> seen = new LinkedHashMap<>();
    private final Set<String> evidence = new LinkedHashSet<>();
    private final List<ProcessIdentity> clients = new ArrayList<>();

    @AfterEach
    void endClients() {
        clients.forEach(new ProcFsProcessTable()::terminate);
    }

    @Test
    void theLivePanesAreChinese(FxRobot robot) throws Exception {
        WindowDriver ui = new WindowDriver(robot, console.window());
        DaemonRecord daemon = console.host().start("zh-live", 0);
        Simulation.AttachedClient client = console.host().simulation()
                .attachClient(daemon.pipeDirectory(), 512, Duration.ofSeconds(60));
        new ProcFsProcessTable().find(client.pid()).map(ProcessInfo::identity).ifPresent(clients::add);
        evidence.addAll(List.of("zh-live", HostEnvironment.current().hostname(), console.host().sandbox().toString(),
                System.getProperty("user.name")));
        console.host().config().gpus().forEach(g -> evidence.add(g.name()));
        ui.refreshUntil("the live row", () -> ui.row("zh-live").isPresent());
        ui.select("zh-live");
        robot.clickOn("#clientsNav");
        Waits.onFx("the client in the tree", () -> {
            TreeItem<ClientLine> root = robot.lookup("#clientsTree").<TreeTableView<ClientLine>>query().getRoot();
            return root != null && root.getValue().clients().size() == 1;
        });
        TreeItem<ClientLine> root = Waits.fx(() -> robot.lookup("#clientsTree").<TreeTableView<ClientLine>>query().getRoot());
        ClientLine line = root.getValue().clients().get(0);
        evidence.add(line.detail()); // the client's command line, raw
        root.getChildren().forEach(server -> evidence.add(server.getValue().detail())); // the status word (ACTIVE), raw
        look("the Clients pane", root);

        String text = "客户端 " + client.pid();
        robot.clickOn(robot.lookup((Node n) -> n instanceof TreeTableCell<?, ?> c && text.equals(c.getText())).<Node>query());
        robot.clickOn("#terminateClient");
        ui.dialog("#terminateConfirmation");
        look("the terminate confirmation", root);
        robot.clickOn("#cancelTerminate");
        ui.dialogGone("#terminateConfirmation");

        robot.clickOn("#limitsNav");
        Waits.onFx("the limits", () -> !robot.lookup("#limitsCurrentPercentage").queryLabeled().getText().isEmpty());
        TextField percentage = robot.lookup("#limitsPercentage").queryAs(TextField.class);
        robot.clickOn(percentage).write("101");
        Waits.onFx("the reason", () -> !robot.lookup("#limitsPercentageProblem").queryLabeled().getText().isEmpty());
        evidence.add("101");
        look("the Limits pane with 101", root);

        EnglishLeaks rule = EnglishLeaks.evidence(evidence);
        List<String> report = rule.offenders(seen.keySet()).stream()
                .map(t -> "[" + seen.get(t) + "] " + t + "  <- " + rule.englishWords(t)).toList();
        assertTrue(seen.size() > 20, "the walk saw the window: " + seen.keySet());
        assertEquals(List.of(), report, "English outside evidence:\n" + String.join("\n", report));
    }

    private void look(String where, TreeItem<ClientLine> root) {
        Waits.fx(() -> {
            WindowFixture.shownTexts().forEach(t -> see(where, t));
            see(where, root.getValue().detail());
            for (ClientLine c : root.getValue().clients()) {
                List.of(c.process(), c.memory(), c.running()).forEach(t -> see(where + ": client", t));
            }
            return null;
        });
    }

    private void see(String where, String text) {
        if (text != null && !text.isBlank()) {
            seen.putIfAbsent(text, where);
        }
    }
}
