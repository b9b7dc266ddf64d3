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
import dev.cumps.core.record.RecordNames;
import java.nio.file.Path;
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

    @BeforeEach
    void open() {
        host = SimulatedConsole.open();
        ctx = host.context(new CurrentThreadUiExecutor(), Locale.ENGLISH);
        MainViewModel main = host.viewModels(ctx).main();
        main.refresh();
        vm = main.startViewModel();
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
        assertEquals("", vm.nameProblemProperty().get());
        assertEquals("", vm.planProblemProperty().get());
        assertFalse(vm.startDisabledBinding().get());

        vm.nameProperty().set("Bad Name");

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

        assertTrue(vm.planProblemProperty().get().contains("must differ"), vm.planProblemProperty().get());
        assertTrue(vm.startDisabledBinding().get());
    }

    @Test
    void startReportsEveryStageAndRecordsTheActivity() {
        vm.choose(vm.choices().get(1));
        vm.nameProperty().set("ui-e");
        List<StartStage> stages = new ArrayList<>();
        vm.stageProperty().addListener((obs, old, stage) -> stages.add(stage));
        List<DaemonRecord> started = new ArrayList<>();

        vm.start(started::add, error -> { throw new AssertionError(error); });

        host.track(started.get(0));
        assertEquals(List.of(StartStage.RESOLVING, StartStage.PREPARING, StartStage.LAUNCHING, StartStage.CONTROL_SOCKET,
                StartStage.ANSWERING, StartStage.RECORDED), stages);
        assertEquals("ui-e", started.get(0).name());
        assertEquals(List.of(vm.choices().get(1).gpu().orElseThrow().uuid()), started.get(0).gpuUuids());
        assertTrue(ctx.activity().entries().get(0).success());
        assertFalse(vm.runningProperty().get());
    }

    @Test
    void aNameALiveDaemonHasIsFlaggedBeforeStartAndStartDoesNothing() {
        DaemonRecord live = host.start("ui-f", 0);
        vm.nameProperty().set("ui-f");

        assertEquals("daemon 'ui-f' is already running (pid " + live.pid() + "); stop it first with Stop daemon… or choose another name",
                vm.planProblemProperty().get());
        assertTrue(vm.startDisabledBinding().get());
        vm.start(record -> { throw new AssertionError("started twice"); }, error -> { throw new AssertionError(error); });
        assertEquals(List.of(), ctx.activity().entries(), "a refused form starts nothing");
    }

    @Test
    void aGpuWithALiveDaemonIsFlaggedNamingIt() {
        host.start("ui-g", 0);
        vm.choose(vm.choices().get(1));
        vm.nameProperty().set("ui-h");
        assertEquals("", vm.planProblemProperty().get(), "GPU 1 is free");

        vm.choose(vm.choices().get(0));

        String problem = vm.planProblemProperty().get();
        // In the window's words: its Stop button and GPU choice, not the command line's `cumps stop` and --gpus.
        assertTrue(problem.contains("already has live daemon 'ui-g'") && problem.contains("click Stop daemon…"), problem);
        assertFalse(problem.contains("cumps stop") || problem.contains("--gpus"), problem);
        assertTrue(vm.startDisabledBinding().get());
    }

    @Test
    void aStaleRecordOfTheNameIsNotedWithoutRefusingTheStart() {
        DaemonRecord stale = host.start("ui-i", 0);
        SimulatedConsole.kill(stale);

        vm.nameProperty().set("ui-i");

        assertEquals("", vm.planProblemProperty().get());
        assertTrue(vm.planNoteProperty().get().startsWith("a stale record named 'ui-i' exists"), vm.planNoteProperty().get());
        assertFalse(vm.startDisabledBinding().get());
    }

    @Test
    void cancelWithoutARunningStartClosesTheDialog() {
        assertFalse(vm.cancel(), "nothing to abort: the dialog closes");
    }
}
