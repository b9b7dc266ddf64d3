package dev.cumps.app.env;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.app.SimulatedConsole;
import dev.cumps.app.activity.ActivityEntry;
import dev.cumps.app.context.ConsoleContext;
import dev.cumps.app.i18n.Messages;
import dev.cumps.app.ui.CurrentThreadUiExecutor;
import dev.cumps.app.ui.HeldUiExecutor;
import dev.cumps.core.env.LaunchEnvironment;
import dev.cumps.core.record.ManagedDaemon;
import dev.cumps.core.record.RecordState;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import javafx.beans.property.SimpleObjectProperty;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class EnvViewModelTest {

    private SimulatedConsole host;
    private ConsoleContext ctx;
    private final SimpleObjectProperty<ManagedDaemon> selection = new SimpleObjectProperty<>();
    private EnvViewModel vm;
    private final CurrentThreadUiExecutor executor = new CurrentThreadUiExecutor();

    @BeforeEach
    void setUp() {
        host = SimulatedConsole.open();
        ctx = host.context(executor, Messages.forLocale(Locale.ENGLISH));
        vm = host.viewModels(ctx).env(selection);
    }

    @AfterEach
    void tearDown() {
        host.close();
    }

    @Test
    void aLiveDaemonShowsTheCoresPosixTextAndJsonOnToggle() {
        ManagedDaemon daemon = host.live("t1", 0);
        selection.set(daemon);
        LaunchEnvironment env = host.services().env().launchEnvironment(Optional.of("t1"));

        assertTrue(vm.availableProperty().get());
        assertEquals(env.posix(), vm.textProperty().get());
        assertTrue(vm.textProperty().get().startsWith("export CUDA_VISIBLE_DEVICES='GPU-"), vm.textProperty().get());
        assertEquals("", vm.hintProperty().get());

        vm.jsonProperty().set(true);
        assertEquals(env.jsonText(), vm.textProperty().get());
        vm.jsonProperty().set(false);
        assertEquals(env.posix(), vm.textProperty().get());
    }

    @Test
    void theReadANewerSelectionReplacedNeverOverwritesIt() {
        HeldUiExecutor held = new HeldUiExecutor();
        EnvViewModel env = host.viewModels(host.context(held, Messages.forLocale(Locale.ENGLISH))).env(selection);
        selection.set(host.live("first", 0));
        selection.set(host.live("second", 1));

        held.runLast();
        held.runNext();

        assertEquals(0, held.waiting());
        assertEquals(host.services().env().launchEnvironment(Optional.of("second")).posix(), env.textProperty().get(),
                "the first daemon's read, ending last, was replaced and is not shown");
    }

    @Test
    void copyPutsExactlyTheShownTextOnTheClipboardAndSaysCopied() {
        selection.set(host.live("t1", 0));
        vm.copy();
        assertEquals(List.of(host.services().env().launchEnvironment(Optional.of("t1")).posix()), host.clipboard());
        assertTrue(vm.copiedProperty().get());
        ActivityEntry entry = ctx.activity().entries().get(0);
        assertEquals("Copy env block of t1", entry.action());
        assertTrue(entry.success());

        executor.advance(EnvViewModel.COPIED_FEEDBACK.minusMillis(1));
        assertTrue(vm.copiedProperty().get(), "\"Copied\" shows for a while");
        executor.advance(Duration.ofMillis(1));
        assertFalse(vm.copiedProperty().get(), "and then no more");
        vm.jsonProperty().set(true);
        vm.copy();
        assertEquals(host.services().env().launchEnvironment(Optional.of("t1")).jsonText(), host.clipboard().get(1));
    }

    @Test
    void noSelectionGivesAHintAndNothingToCopy() {
        assertFalse(vm.availableProperty().get());
        assertEquals("", vm.textProperty().get());
        assertEquals("Select a live daemon to see the environment its CUDA clients need.", vm.hintProperty().get());
        vm.copy();
        assertEquals(List.of(), host.clipboard());
        assertEquals(List.of(), ctx.activity().entries());
    }

    @Test
    void aStaleSelectionDisablesCopyAndSaysWhy() {
        ManagedDaemon live = host.live("t1", 0);
        selection.set(live);
        assertTrue(vm.availableProperty().get());

        selection.set(new ManagedDaemon(live.record(), RecordState.STALE));
        assertFalse(vm.availableProperty().get());
        assertEquals("", vm.textProperty().get());
        assertTrue(vm.hintProperty().get().contains("'t1' is stale"), vm.hintProperty().get());
        vm.copy();
        assertEquals(List.of(), host.clipboard());
    }

    @Test
    void aDaemonThatDiedSinceTheLastRefreshShowsTheCoresRefusal() {
        ManagedDaemon live = host.live("t1", 0);
        host.services().stopper().stop(Optional.of("t1"));
        selection.set(live);
        assertFalse(vm.availableProperty().get());
        assertTrue(vm.hintProperty().get().startsWith("Cannot export daemon 't1': "), vm.hintProperty().get());
    }
}
