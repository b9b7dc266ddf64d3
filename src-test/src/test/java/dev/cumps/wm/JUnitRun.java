package dev.cumps.wm;

import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import org.junit.platform.engine.discovery.DiscoverySelectors;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;
import org.junit.platform.launcher.listeners.TestExecutionSummary;

/**
 * Runs the tests of one class in this JVM (the JUnit Platform launcher) and exits 0 when at least
 * one ran and none failed, 1 otherwise; the summary and the failures with their stack traces go to
 * stdout. The window-manager suite starts it as a process on its X display ({@link LayoutWmTest}).
 */
final class JUnitRun {

    private JUnitRun() {
    }

    public static void main(String[] args) {
        if (args.length != 1) {
            System.err.println("error: usage: JUnitRun CLASS");
            System.exit(2);
        }
        LauncherDiscoveryRequest request = LauncherDiscoveryRequestBuilder.request()
                .selectors(DiscoverySelectors.selectClass(args[0])).build();
        SummaryGeneratingListener listener = new SummaryGeneratingListener();
        LauncherFactory.create().execute(request, listener);
        TestExecutionSummary summary = listener.getSummary();
        PrintWriter out = new PrintWriter(System.out, true, StandardCharsets.UTF_8);
        summary.printTo(out);
        summary.printFailuresTo(out, 60);
        out.flush();
        System.exit(summary.getTotalFailureCount() == 0 && summary.getTestsSucceededCount() > 0 ? 0 : 1);
    }
}
