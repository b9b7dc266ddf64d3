package dev.cumps.app.ui.error;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.app.Waits;
import dev.cumps.app.i18n.Messages;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class ErrorReporterTest {

    private final Messages messages = Messages.forLocale(Locale.ENGLISH);

    @Test
    void theSummaryIsTheDeepestMessageNotAStackTrace() {
        Throwable wrapped = new ExecutionException(new UncheckedIOException(
                new IOException("Permission denied: /tmp/nvidia-mps/control")));
        ErrorReport report = ErrorReport.of(wrapped, messages);
        assertEquals("Permission denied: /tmp/nvidia-mps/control", report.summary());
        assertTrue(report.details().contains("at " + ErrorReporterTest.class.getName()), report.details());
    }

    @Test
    void anErrorWithoutMessageIsNamedInASentence() {
        ErrorReport report = ErrorReport.of(new NullPointerException(), messages);
        assertEquals("An unexpected NullPointerException occurred.", report.summary());
    }

    @Test
    void aCauseCycleDoesNotHang() {
        Exception a = new Exception();
        Exception b = new Exception("b", a);
        a.initCause(b);
        assertEquals("b", ErrorReport.of(a, messages).summary());
    }

    @Test
    void uncaughtErrorsArePresentedOnTheUiThread() {
        List<ErrorReport> shown = new ArrayList<>();
        List<Runnable> uiThread = new ArrayList<>();
        ErrorReporter reporter = new ErrorReporter(messages, shown::add, uiThread::add);

        reporter.uncaughtException(new Thread("cumps-worker-1"), new IllegalStateException("pipe vanished"));

        assertTrue(shown.isEmpty(), "shown before reaching the UI thread");
        uiThread.forEach(Runnable::run);
        assertEquals(List.of("pipe vanished"), shown.stream().map(ErrorReport::summary).toList());
    }

    @Test
    void withoutAToolkitTheErrorIsOnlyLogged() {
        List<ErrorReport> shown = new ArrayList<>();
        ErrorReporter reporter = new ErrorReporter(messages, shown::add, task -> {
            throw new IllegalStateException("Toolkit not initialized");
        });
        reporter.uncaughtException(Thread.currentThread(), new RuntimeException("early"));
        assertTrue(shown.isEmpty());
    }

    @Test
    void aFailingPresenterDoesNotThrowBackIntoTheHandler() {
        ErrorReporter reporter = new ErrorReporter(messages, report -> {
            throw new IllegalStateException("cannot show");
        }, Runnable::run);
        assertDoesNotThrow(() -> reporter.uncaughtException(Thread.currentThread(), new RuntimeException("first")));
    }

    @Test
    void theFailingThreadNeverWaitsForTheUiThread() throws InterruptedException {
        CountDownLatch never = new CountDownLatch(1);
        List<ErrorReport> shown = new ArrayList<>();
        ErrorReporter reporter = new ErrorReporter(messages, shown::add, ErrorReporter.handOff(task -> {
            try {
                never.await(); // like Platform.runLater when the toolkit failed to start
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }));
        // The failing thread reports and returns while the UI thread is still unreachable (the latch is
        // never opened before the report returned): it did not wait for the UI thread.
        Thread failing = new Thread(() -> reporter.uncaughtException(Thread.currentThread(),
                new UnsupportedOperationException("Unable to open DISPLAY")), "failing");
        failing.start();
        failing.join(Waits.DEADLINE.toMillis());
        assertFalse(failing.isAlive(), "the reporting thread was blocked by the unreachable UI thread");
        assertEquals(1, never.getCount(), "the report returned before the UI thread was reachable");
        never.countDown();
    }

    @Test
    void aHandOffThatCannotReachTheUiThreadIsSwallowed() throws InterruptedException {
        CountDownLatch attempted = new CountDownLatch(1);
        ErrorReporter.handOff(task -> {
            attempted.countDown();
            throw new IllegalStateException("Toolkit not initialized");
        }).execute(() -> { });
        assertTrue(attempted.await(Waits.DEADLINE.toSeconds(), TimeUnit.SECONDS));
    }
}
