package dev.cumps.app.main;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.app.SimulatedConsole;
import dev.cumps.app.context.ConsoleContext;
import dev.cumps.app.ui.CurrentThreadUiExecutor;
import dev.cumps.core.gpu.GpuUuid;
import dev.cumps.core.lifecycle.StartStage;
import dev.cumps.core.mps.RuntimeDirs;
import dev.cumps.core.record.DaemonRecord;
import dev.cumps.core.record.RecordLookup;
import dev.cumps.core.record.RecordNames;
import dev.cumps.sim.SmiFault;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class StartViewModelTest {

    private SimulatedConsole host;
    private ConsoleContext ctx;
    private StartViewModel vm;
    private MainViewModel main;
    /** Work runs at once; the plan check's pause for typing passes when the test says so ({@link #typingPauses}). */
    private final CurrentThreadUiExecutor executor = new CurrentThreadUiExecutor();

    @BeforeEach
    void open() {
        host = SimulatedConsole.open();
        ctx = host.context(executor, Locale.ENGLISH);
        main = host.viewModels(ctx).main();
        main.refresh();
        vm = main.startViewModel();
        typingPauses();
    }

    /** The user stops typing: the plan check's debounce time passes and the core is asked. */
    private void typingPauses() {
        executor.advance(PlanCheck.DEBOUNCE);
    }

    @AfterEach
    void close() {
        host.close();
    }

    @Test
    void theFirstVisibleGpuAndTheCoreDefaultsArePrefilled() {
        StartViewModel.GpuChoice first = vm.choices().get(0);
        assertEquals(first, vm.gpuProperty().get());
        String name = RecordNames.defaultFor(GpuUuid.parse(first.gpu().orElseThrow().uuid()));
        assertEquals(name, vm.nameProperty().get());
        assertEquals(RuntimeDirs.defaultPipeDirectory(host.services().host(), name).toString(), vm.pipeDirectoryProperty().get());
        assertEquals(RuntimeDirs.defaultLogDirectory(host.services().host(), name).toString(), vm.logDirectoryProperty().get());
        assertEquals(Optional.empty(), vm.request().pipeDirectory(), "an untouched default is left to the core");
    }

    /** A hung nvidia-smi is not "no GPU": the dialog says why none is listed. */
    @Test
    void withNvidiaSmiHungTheDialogSaysWhyNoGpuIsListed() throws Exception {
        host.smiFault(SmiFault.HANG);
        main.refresh();

        StartViewModel hung = main.startViewModel();

        assertTrue(hung.choices().stream().noneMatch(StartViewModel.GpuChoice::enabled), hung.choices().toString());
        assertEquals("No GPU is visible (nvidia-smi did not answer within 5 s and was stopped; the driver may be hung):"
                + " nothing can be started.", hung.planProblemProperty().get());
        assertTrue(hung.startDisabledBinding().get());
    }

    @Test
    void severalGpusAndAllAreShownButCannotBeChosen() {
        assertEquals(4, vm.choices().size(), "two GPUs, several, all");
        for (StartViewModel.GpuChoice choice : vm.choices().subList(2, 4)) {
            assertFalse(choice.enabled());
            assertEquals("only single-GPU runs today", choice.reason());
            assertFalse(vm.choose(choice));
        }
        assertEquals(vm.choices().get(0), vm.gpuProperty().get());
    }

    @Test
    void aBadNameDisablesStartAsItIsTyped() {
        vm.nameProperty().set("ui-a");
        typingPauses();
        assertEquals("", vm.nameProblemProperty().get());
        assertEquals("", vm.planProblemProperty().get());
        assertFalse(vm.startDisabledBinding().get());

        vm.nameProperty().set("Bad Name");
        typingPauses();

        assertTrue(vm.nameProblemProperty().get().contains("invalid daemon name"), vm.nameProblemProperty().get());
        assertTrue(vm.startDisabledBinding().get());
    }

    @Test
    void theDirectoriesFollowTheNameUntilEdited() {
        vm.nameProperty().set("ui-b");
        assertEquals(RuntimeDirs.defaultPipeDirectory(host.services().host(), "ui-b").toString(), vm.pipeDirectoryProperty().get());

        vm.pipeDirectoryProperty().set("/tmp/elsewhere/pipe");
        vm.nameProperty().set("ui-c");

        assertEquals("/tmp/elsewhere/pipe", vm.pipeDirectoryProperty().get());
        assertEquals(RuntimeDirs.defaultLogDirectory(host.services().host(), "ui-c").toString(), vm.logDirectoryProperty().get());
        assertEquals(Optional.of(Path.of("/tmp/elsewhere/pipe")), vm.request().pipeDirectory());
        assertEquals(Optional.empty(), vm.request().logDirectory());
    }

    @Test
    void aRequestTheCoreWouldRefuseDisablesStartWithTheCoreReason() {
        vm.nameProperty().set("ui-d");
        vm.logDirectoryProperty().set(vm.pipeDirectoryProperty().get());
        typingPauses();

        assertTrue(vm.planProblemProperty().get().contains("must differ"), vm.planProblemProperty().get());
        assertTrue(vm.startDisabledBinding().get());
    }

    @Test
    void startReportsEveryStageAndRecordsTheActivity() {
        vm.choose(vm.choices().get(1));
        vm.nameProperty().set("ui-e");
        typingPauses();
        List<StartStage> stages = new ArrayList<>();
        vm.stageProperty().addListener((obs, old, stage) -> stages.add(stage));
        List<StartOutcome> outcomes = new ArrayList<>();

        vm.confirm().orElseThrow().onSuccess(outcomes::add);

        StartOutcome.Started started = (StartOutcome.Started) outcomes.get(0);
        DaemonRecord record = ((RecordLookup.Found) host.services().records().lookup(started.name())).record();
        host.track(record);
        assertEquals(List.of(StartStage.RESOLVING, StartStage.PREPARING, StartStage.LAUNCHING, StartStage.CONTROL_SOCKET,
                StartStage.ANSWERING, StartStage.RECORDED), stages);
        assertEquals("ui-e", record.name());
        assertEquals(List.of(vm.choices().get(1).gpu().orElseThrow().uuid()), record.gpuUuids());
        assertEquals(List.of(started.entry()), ctx.activity().entries(), "the outcome carries its line in the activity log");
        assertTrue(started.entry().success());
        assertEquals("Started daemon ui-e (pid " + record.pid() + ").", started.notice().text());
        assertFalse(vm.runningProperty().get());
    }

    @Test
    void aNameALiveDaemonHasIsFlaggedBeforeStartAndStartDoesNothing() {
        DaemonRecord live = host.start("ui-f", 0);
        vm.nameProperty().set("ui-f");
        typingPauses();

        assertEquals("daemon 'ui-f' is already running (pid " + live.pid() + "); stop it first with Stop daemon… or choose another name",
                vm.planProblemProperty().get());
        assertTrue(vm.startDisabledBinding().get());
        assertTrue(vm.confirm().isEmpty(), "no task: Start is disabled");
        assertEquals(List.of(), ctx.activity().entries(), "a refused form starts nothing");
    }

    @Test
    void aGpuWithALiveDaemonIsFlaggedNamingIt() {
        host.start("ui-g", 0);
        vm.choose(vm.choices().get(1));
        vm.nameProperty().set("ui-h");
        typingPauses();
        assertEquals("", vm.planProblemProperty().get(), "GPU 1 is free");

        vm.choose(vm.choices().get(0));
        typingPauses();

        String problem = vm.planProblemProperty().get();
        // In the window's words: its Stop button and GPU choice, not the command line's `cumps stop` and --gpus.
        assertTrue(problem.contains("already has live daemon 'ui-g'") && problem.contains("click Stop daemon…"), problem);
        assertFalse(problem.contains("cumps stop") || problem.contains("--gpus"), problem);
        // The UUID names itself: not "GPU GPU-5f0c…" (review L-12).
        assertTrue(problem.startsWith("GPU-") && !problem.contains("GPU GPU-"), problem);
        assertTrue(vm.startDisabledBinding().get());
    }

    @Test
    void aStaleRecordOfTheNameIsNotedWithoutRefusingTheStart() {
        DaemonRecord stale = host.start("ui-i", 0);
        SimulatedConsole.kill(stale);

        vm.nameProperty().set("ui-i");
        typingPauses();

        assertEquals("", vm.planProblemProperty().get());
        assertTrue(vm.planNoteProperty().get().startsWith("a stale record named 'ui-i' exists"), vm.planNoteProperty().get());
        assertFalse(vm.startDisabledBinding().get());
    }

    @Test
    void cancelWithoutARunningStartClosesTheDialog() {
        assertFalse(vm.cancel(), "nothing to abort: the dialog closes");
    }

    /** Typing does not ask the core at each key: the check waits for a pause, Start stays disabled meanwhile. */
    @Test
    void theCoreIsAskedOnlyOnceTypingPauses() {
        DaemonRecord live = host.start("ui-j", 1);
        host.track(live);
        vm.nameProperty().set("ui-");
        vm.nameProperty().set("ui-j");
        assertEquals("", vm.planProblemProperty().get(), "not asked yet");
        assertTrue(vm.startDisabledBinding().get(), "Start waits for the check");
        executor.advance(PlanCheck.DEBOUNCE.minusMillis(1));
        assertEquals("", vm.planProblemProperty().get(), "still typing");
        assertEquals(1, executor.waitingTimers(), "one check waits, the earlier one was dropped");
        executor.advance(Duration.ofMillis(1));
        assertTrue(vm.planProblemProperty().get().startsWith("daemon 'ui-j' is already running"), vm.planProblemProperty().get());
    }
}
