package dev.cumps.app.window;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.app.ConsoleExtension;
import dev.cumps.app.Waits;
import dev.cumps.core.proc.ProcFsProcessTable;
import dev.cumps.core.proc.ProcessIdentity;
import dev.cumps.core.proc.ProcessInfo;
import dev.cumps.core.record.DaemonRecord;
import dev.cumps.sim.Simulation;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;
import javafx.scene.control.Label;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.testfx.api.FxRobot;

/**
 * Review 2026-12-06 M-8: with Clients or Limits open, the window's own polling filled the daemon's
 * {@code control.log} (every 2 s tick asked the daemon: 240–345 lines per 30 s). The window's periodic refresh
 * now asks the shown daemon once per 10 s (Clients) or 30 s (Limits) of its ticks, each time in one connection;
 * F5 asks at once. Measured in refresh events, not wall time: the lines the daemon logs across 20 periodic
 * refreshes at the 1 s interval (20 s of ticks) against what one ask logs. Before the change the 20 refreshes
 * logged 20 asks (300 lines with Clients open); now at most 3 (Clients) or 2 (Limits).
 */
class ControlLogPollingTest {

    /** Periodic refresh events measured, at a 1 s interval: 20 s of the timer's ticks. */
    private static final int REFRESHES = 20;

    @RegisterExtension
    final ConsoleExtension console = ConsoleExtension.showing(Locale.ENGLISH).guarded();
    private final List<ProcessIdentity> clients = new ArrayList<>();
    private final AtomicLong refreshes = new AtomicLong();
    private WindowDriver ui;

    @BeforeEach
    void begin(FxRobot robot) {
        ui = new WindowDriver(robot, console.window());
        robot.interact(() -> ui.vm().refreshingProperty().addListener((o, was, now) -> {
            if (!now) {
                refreshes.incrementAndGet();
            }
        }));
    }

    /** Ends the client this test attached, if it still runs (by pid and start time); its daemon is stopped by the host. */
    @AfterEach
    void endClients() {
        ProcFsProcessTable processes = new ProcFsProcessTable();
        clients.forEach(processes::terminate);
    }

    @Test
    void withClientsOpenTheDaemonIsAskedOncePerTenSecondsOfRefreshes(FxRobot robot) throws Exception {
        Growth growth = measure(robot, "clients", "#clientsHint", "1 client");
        assertEquals(1, growth.connectionsPerAsk, "one ask, one connection:\n" + growth.log);
        assertTrue(growth.connections <= REFRESHES / 10 + 1, growth.connections + " connections in " + REFRESHES + " refreshes:\n" + growth.log);
        assertTrue(growth.lines <= (REFRESHES / 10 + 1) * growth.linesPerAsk,
                growth.lines + " lines in " + REFRESHES + " refreshes, " + growth.linesPerAsk + " per ask:\n" + growth.log);
    }

    @Test
    void withLimitsOpenTheDaemonIsAskedOncePerThirtySecondsOfRefreshes(FxRobot robot) throws Exception {
        Growth growth = measure(robot, "limits", "#limitsHint", "MPS limits of demo");
        assertEquals(1, growth.connectionsPerAsk, "one ask, one connection:\n" + growth.log);
        assertTrue(growth.connections <= 1, growth.connections + " connections in " + REFRESHES + " refreshes:\n" + growth.log);
        assertTrue(growth.lines <= growth.linesPerAsk, growth.lines + " lines in " + REFRESHES + " refreshes, " + growth.linesPerAsk
                + " per ask:\n" + growth.log);
    }

    @Test
    void theOverviewAsksNoDaemon(FxRobot robot) throws Exception {
        DaemonRecord demo = startWithClient();
        startRefreshing(robot);
        long before = log(demo).size();
        awaitRefreshes(5);
        assertEquals(List.of(), log(demo).subList((int) before, log(demo).size()));
    }

    /** What the daemon logged: for one ask (F5), and across {@link #REFRESHES} periodic refreshes. */
    private record Growth(long linesPerAsk, long connectionsPerAsk, long lines, long connections, String log) {
    }

    private Growth measure(FxRobot robot, String page, String hint, String shown) throws Exception {
        DaemonRecord demo = startWithClient();
        ui.select("demo");
        robot.clickOn("#" + page + "Nav");
        Waits.onFx("the page to show the daemon", () -> robot.lookup(hint).queryAs(Label.class).getText().contains(shown));

        int before = log(demo).size();
        long r = refreshes.get();
        ui.refreshUntil("an asked refresh", () -> refreshes.get() > r);
        List<String> asked = log(demo).subList(before, log(demo).size());

        startRefreshing(robot);
        awaitRefreshes(1); // the tick at once after start asks, as F5 does (the timer's first)
        int from = log(demo).size();
        awaitRefreshes(REFRESHES);
        List<String> periodic = log(demo).subList(from, log(demo).size());
        return new Growth(asked.size(), connections(asked), periodic.size(), connections(periodic),
                "F5:\n" + String.join("\n", asked) + "\nperiodic:\n" + String.join("\n", periodic));
    }

    private DaemonRecord startWithClient() {
        DaemonRecord demo = console.host().start("demo", 0);
        Simulation.AttachedClient client = console.host().simulation().attachClient(demo.pipeDirectory(), 512, Duration.ofSeconds(300));
        new ProcFsProcessTable().find(client.pid()).map(ProcessInfo::identity).ifPresent(clients::add);
        ui.refreshUntil("the daemon's row", () -> ui.row("demo").isPresent());
        return demo;
    }

    /** The periodic refresh every second, as the toolbar's interval sets it. */
    private void startRefreshing(FxRobot robot) {
        robot.interact(() -> {
            ui.vm().intervalSecondsProperty().set(1);
            console.window().refresh().start();
        });
    }

    /** Waits for {@code count} more refresh events, each under its own deadline (a loaded machine refreshes slowly). */
    private void awaitRefreshes(int count) {
        for (int i = 0; i < count; i++) {
            long next = refreshes.get() + 1;
            Waits.onFx("refresh " + (i + 1) + " of " + count, () -> refreshes.get() >= next);
        }
    }

    private static long connections(List<String> lines) {
        return lines.stream().filter(l -> l.endsWith("Accepting connection...")).count();
    }

    private static List<String> log(DaemonRecord d) throws IOException {
        return Files.readAllLines(d.logDirectory().resolve("control.log"), StandardCharsets.UTF_8);
    }
}
