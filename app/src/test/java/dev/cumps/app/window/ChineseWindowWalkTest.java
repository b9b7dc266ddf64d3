package dev.cumps.app.window;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.app.ConsoleExtension;
import dev.cumps.app.SimulatedConsole;
import dev.cumps.app.Waits;
import dev.cumps.app.WindowFixture;
import dev.cumps.app.activity.ActivityEntry;
import dev.cumps.app.doctor.DoctorRow;
import dev.cumps.app.main.DaemonRow;
import dev.cumps.app.main.GpuRow;
import dev.cumps.app.main.MainViewModel;
import dev.cumps.app.main.NoticeBanner;
import dev.cumps.app.main.PipeRow;
import dev.cumps.app.ui.style.RecordLook;
import dev.cumps.core.host.HostEnvironment;
import dev.cumps.core.mps.RuntimeDirs;
import dev.cumps.core.record.DaemonRecord;
import dev.cumps.sim.MpsFault;
import dev.cumps.sim.SimConfig;
import dev.cumps.sim.SimGpu;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import javafx.scene.control.Button;
import javafx.scene.control.DialogPane;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.testfx.api.FxRobot;

/**
 * The Chinese window's acceptance, walked as a Chinese operator meets it: the window in zh-CN shows Chinese
 * for every doctor row, error, outcome and enum value. Each test drives one part of the window
 * against the simulated host (the doctor, a failing start, a stop, the tables, a refused start),
 * collects every text it can see or hover in every window (dialogs included), the rows of the
 * tables, the notice, the activity log and the copied report, and fails on any text that still
 * holds English outside evidence ({@link EnglishLeaks} says what that means), listing each such
 * text with where it was seen.
 */
class ChineseWindowWalkTest {

    @RegisterExtension
    final ConsoleExtension console = ConsoleExtension.showing(Locale.SIMPLIFIED_CHINESE);

    /** Every text seen so far, with the first place it was seen. */
    private final Map<String, String> seen = new LinkedHashMap<>();
    /** Raw values the walk names as evidence: names it chose, the host name, GPU names, tool output it provoked. */
    private final Set<String> evidence = new LinkedHashSet<>();
    private WindowDriver ui;

    private void begin(FxRobot robot) throws IOException {
        ui = new WindowDriver(robot, console.window());
        evidence.add(HostEnvironment.current().hostname());
        evidence.add(console.host().sandbox().toString());
        console.host().config().gpus().forEach(g -> evidence.add(g.name()));
    }

    // ------------------------------------------------------------------ (a) the doctor

    @Test
    void theDoctorsRowsVerdictAndCopiedReportAreChinese(FxRobot robot) throws Exception {
        begin(robot);
        // GPU 1 is not ready for MPS (Default compute mode, MIG on), so checks fail with remedies;
        // GPU 0 has a live managed daemon, so the daemon checks run too.
        console.host().configure(c -> c.withGpus(List.of(c.gpus().get(0), notReady(c.gpus().get(1)))));
        console.host().start("zh-doc", 0);
        evidence.add("zh-doc");
        ui.refreshUntil("both GPUs", () -> vm().gpus().size() == 2);

        robot.clickOn("#doctorNav");
        runDoctor(robot, "1");
        List<DoctorRow> notReady = doctorRows(robot);
        assertTrue(notReady.stream().anyMatch(r -> !r.remedy().isEmpty()), "GPU 1 gives remedies to translate: " + notReady);
        look("doctor on GPU 1");
        copyReport(robot, "the report of GPU 1");

        runDoctor(robot, "0");
        assertTrue(doctorRows(robot).size() >= 10, "a full run on GPU 0");
        look("doctor on GPU 0");
        copyReport(robot, "the report of GPU 0");

        assertNoEnglish();
    }

    private static SimGpu notReady(SimGpu gpu) {
        return new SimGpu(gpu.uuid(), gpu.name(), gpu.memoryTotalMiB(), "Default", "Enabled");
    }

    private void runDoctor(FxRobot robot, String selector) {
        TextField field = robot.lookup("#doctorSelector").queryAs(TextField.class);
        robot.interact(field::clear);
        robot.clickOn(field).write(selector);
        int before = activity().size();
        robot.clickOn("#doctorRun");
        Button copy = robot.lookup("#doctorCopy").queryButton();
        // A finished run writes its verdict to the activity log and enables Copy.
        Waits.onFx("the doctor run on " + selector + " to finish", () -> activity().size() > before && !copy.isDisabled());
    }

    private List<DoctorRow> doctorRows(FxRobot robot) {
        return Waits.fx(() -> robot.lookup("#doctorTable").<TableView<?>>query().getItems().stream()
                .map(DoctorRow.class::cast).toList());
    }

    private void copyReport(FxRobot robot, String where) {
        int before = console.host().clipboard().size();
        robot.clickOn("#doctorCopy");
        Waits.until("the copied report", () -> console.host().clipboard().size() > before);
        String markdown = console.host().clipboard().get(before);
        for (String line : markdown.split("\n")) {
            // Each cell of a table line is a text of its own; the separator line holds none.
            for (String cell : line.split("(?<!\\\\)\\|")) {
                if (!cell.isBlank() && !cell.strip().matches("-+")) {
                    see(where + " (Markdown)", cell.strip().replace("\\|", "|"));
                }
            }
        }
    }

    // ------------------------------------------------------------------ (b) a failing start

    @Test
    void aFailingStartIsToldInChinese(FxRobot robot) throws Exception {
        begin(robot);
        console.host().mpsFault(MpsFault.LAUNCH_FAILS);
        evidence.add("zh-fail");
        openStartDialog("zh-fail");
        robot.clickOn("#startConfirm");

        DialogPane failed = ui.dialog("#startFailed");
        String tail = Waits.fx(() -> robot.lookup("#startControlLog").queryAs(TextArea.class).getText());
        assertFalse(tail.isBlank(), "the control.log tail is shown");
        tail.lines().forEach(evidence::add);
        evidence.add(String.join(" | ", tail.lines().toList()));
        see("start failure: header", Waits.fx(failed::getHeaderText));
        see("start failure: reason", Waits.fx(failed::getContentText));
        look("the start failure");
        closeAlert(failed, "#startFailed");

        assertNoEnglish();
    }

    @Test
    void aCancelledStartIsToldInChinese(FxRobot robot) throws Exception {
        begin(robot);
        console.host().configure(c -> new SimConfig(c.driverVersion(), c.gpus(), c.smiFault(), MpsFault.SLOW, 120_000));
        evidence.add("zh-cancel");
        openStartDialog("zh-cancel");
        Path pipe = Path.of(Waits.fx(() -> robot.lookup("#startPipeDir").queryAs(TextField.class).getText()));
        robot.clickOn("#startConfirm");
        Waits.until("the launched daemon's pid file", () -> RuntimeDirs.readPidFile(pipe).isPresent());
        evidence.add(Long.toString(RuntimeDirs.readPidFile(pipe).orElseThrow()));
        robot.clickOn("#startCancel");
        Waits.onFx("the cancel's outcome", () -> ui.label("#startStage").startsWith("启动已取消"));
        look("a cancelled start");
        robot.type(KeyCode.ESCAPE);
        ui.dialogGone("#startDialog");

        assertNoEnglish();
    }

    // ------------------------------------------------------------------ (c) a stop

    @Test
    void aStopAndAStopOfADaemonThatDiedMeanwhileAreToldInChinese(FxRobot robot) throws Exception {
        begin(robot);
        DaemonRecord stopped = console.host().start("zh-stop", 0);
        DaemonRecord dying = console.host().start("zh-gone", 1);
        evidence.addAll(List.of("zh-stop", "zh-gone"));
        ui.refreshUntil("both daemons", () -> vm().daemons().size() == 2);

        ui.select("zh-stop");
        robot.clickOn("#stopButton");
        ui.dialog("#stopConfirmation");
        assertEquals(Long.toString(stopped.pid()), Waits.fx(() -> robot.lookup("#evidencePid").queryAs(Label.class).getText()));
        look("the stop confirmation");
        robot.clickOn("#confirmStop");
        ui.dialogGone("#stopConfirmation");
        Waits.onFx("zh-stop to go", () -> ui.row("zh-stop").isEmpty() && !vm().busyProperty().get());
        look("after the stop");
        // The notification slides in over the tables and hides itself: wait until it has.
        NoticeBanner notification = robot.lookup("#notifications").queryAs(NoticeBanner.class);
        Waits.onFx("the notification to hide", () -> !notification.isShowing());

        ui.select("zh-gone");
        robot.type(KeyCode.DELETE);
        ui.dialog("#stopConfirmation");
        SimulatedConsole.kill(dying);
        robot.clickOn("#confirmStop");
        DialogPane outcome = ui.dialog("#stopOutcome");
        see("stop outcome dialog", Waits.fx(outcome::getContentText));
        // The pid is gone: the text must not say it now runs something else (review L-14).
        String said = Waits.fx(outcome::getContentText);
        assertTrue(said.contains("pid " + dying.pid() + " 已不再运行记录中的守护进程") && !said.contains("运行的已不是"), said);
        look("the stop of a daemon that died meanwhile");
        closeAlert(outcome, "#stopOutcome");
        assertEquals(2, activity().size(), "both stops are in the activity log: " + activity());

        assertNoEnglish();
    }

    // ------------------------------------------------------------------ (d) the tables

    @Test
    void theTablesShowModesAndRecordStatesInChinese(FxRobot robot) throws Exception {
        begin(robot);
        console.host().start("zh-live", 0);
        DaemonRecord stale = console.host().start("zh-stale", 1);
        SimulatedConsole.kill(stale);
        // Then GPU 1 shows the other modes (a daemon could not have started on it with MIG on).
        console.host().configure(c -> c.withGpus(List.of(c.gpus().get(0), notReady(c.gpus().get(1)))));
        console.host().writeUnreadableRecord("zh-bad");
        evidence.addAll(List.of("zh-live", "zh-stale", "zh-bad"));
        ui.refreshUntil("three daemon rows", () -> vm().daemons().size() == 3);

        assertEquals(Set.of(RecordLook.LIVE, RecordLook.STALE, RecordLook.UNREADABLE),
                Waits.fx(() -> vm().daemons().stream().map(DaemonRow::state).collect(Collectors.toSet())));
        Set<String> modes = Waits.fx(() -> vm().gpus().stream().map(GpuRow::computeMode).collect(Collectors.toSet()));
        assertEquals(2, modes.size(), "two compute modes to show: " + modes);
        // The parser's own complaint inside the core's reason is raw evidence (a text argument).
        console.host().services().status().collect().unreadable()
                .forEach(u -> evidence.addAll(EnglishLeaks.rawArguments(u.reasonMessage())));
        see("unreadable row tooltip", ui.hoverTooltip(ui.nameCell("zh-bad")));
        look("the tables");

        assertNoEnglish();
    }

    // ------------------------------------------------------------------ (e) refusals of the core

    @Test
    void refusalsOfTheCoreAreToldInChinese(FxRobot robot) throws Exception {
        begin(robot);
        console.host().start("zh-taken", 0);
        evidence.addAll(List.of("zh-taken", "zh-other", "Bad Name"));
        ui.refreshUntil("the daemon row", () -> vm().daemons().size() == 1);

        // A name the core refuses as typed.
        openStartDialog("Bad Name");
        Waits.onFx("the name problem", () -> !ui.label("#startNameProblem").isEmpty());
        look("a refused name");

        // A name that is taken by a live daemon (on the other GPU): flagged before Start.
        robot.clickOn("#startGpu1");
        typeRefusedName("zh-taken");
        Waits.onFx("the taken name flagged", () -> ui.label("#startPlanProblem").contains("zh-taken"));
        assertTrue(robot.lookup("#startConfirm").queryButton().isDisabled(), "Start stays disabled");
        look("a start with a taken name");

        // A GPU that already has a daemon: flagged before Start, naming that daemon.
        robot.clickOn("#startGpu0");
        typeRefusedName("zh-other");
        Waits.onFx("the busy GPU flagged", () -> ui.label("#startPlanProblem").contains("zh-taken"));
        look("a start on a GPU with a daemon");
        robot.type(KeyCode.ESCAPE);
        ui.dialogGone("#startDialog");

        assertNoEnglish();
    }

    // ------------------------------------------------------------------ walking and looking

    private MainViewModel vm() {
        return console.window().viewModel();
    }

    private List<ActivityEntry> activity() {
        return Waits.fx(() -> List.copyOf(vm().context().activity().entries()));
    }

    private void openStartDialog(String name) {
        ui.refreshUntil("both GPUs", () -> vm().gpus().size() == 2);
        FxRobot robot = ui.robot();
        robot.press(KeyCode.CONTROL).press(KeyCode.N).release(KeyCode.N).release(KeyCode.CONTROL);
        ui.dialog("#startDialog");
        typeName(name);
    }

    /** Types a name the core refuses (Start stays disabled). */
    private void typeRefusedName(String name) {
        FxRobot robot = ui.robot();
        TextField field = robot.lookup("#startName").queryAs(TextField.class);
        robot.interact(field::clear);
        robot.clickOn(field).write(name);
    }

    private void typeName(String name) {
        FxRobot robot = ui.robot();
        TextField field = robot.lookup("#startName").queryAs(TextField.class);
        robot.interact(field::clear);
        robot.clickOn(field).write(name);
        if (!name.contains(" ")) {
            Button start = robot.lookup("#startConfirm").queryButton();
            Waits.onFx("Start to be enabled", () -> !start.isDisabled());
        }
    }

    private void closeAlert(DialogPane alert, String id) {
        ui.robot().clickOn(ui.robot().from(alert).lookup(".button").queryButton());
        ui.dialogGone(id);
    }

    private void see(String where, String text) {
        if (text != null && !text.isBlank()) {
            seen.putIfAbsent(text, where);
        }
    }

    /** Collects what is on screen now: every window's texts, the title, the tables' rows, the notice and the activity log. */
    private void look(String where) {
        Waits.fx(() -> {
            WindowFixture.shownTexts().forEach(t -> see(where, t));
            see(where + ": title", console.stage().getTitle());
            for (GpuRow g : vm().gpus()) {
                List.of(g.computeMode(), g.mig(), g.memory(), g.visibleText()).forEach(t -> see(where + ": GPU row", t));
            }
            for (PipeRow p : vm().pipes()) {
                List.of(p.kind(), p.owner()).forEach(t -> see(where + ": pipe row", t));
            }
            for (DaemonRow d : vm().daemons()) {
                see(where + ": daemon row", d.stateText());
                see(where + ": daemon row", d.age());
                d.reason().ifPresent(r -> see(where + ": daemon row reason", r));
            }
            if (vm().noticeProperty().get() != null) {
                see(where + ": notice", vm().noticeProperty().get().text());
            }
            for (ActivityEntry e : vm().context().activity().entries()) {
                see(where + ": activity", e.action());
                see(where + ": activity", e.outcome());
            }
            return null;
        });
    }

    private void assertNoEnglish() {
        EnglishLeaks rule = EnglishLeaks.evidence(evidence);
        List<String> offenders = rule.offenders(seen.keySet());
        List<String> report = new ArrayList<>();
        for (String text : offenders) {
            report.add("[" + seen.get(text) + "] " + text + "  <- " + rule.englishWords(text));
        }
        assertTrue(seen.size() > 20, "the walk saw the window: " + seen.keySet());
        assertEquals(List.of(), report, "English outside evidence in the zh-CN window (" + report.size() + " of "
                + seen.size() + " texts):\n" + String.join("\n", report) + "\n");
    }
}
