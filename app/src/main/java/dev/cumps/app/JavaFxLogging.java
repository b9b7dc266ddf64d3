package dev.cumps.app;

import java.util.logging.Filter;
import java.util.logging.Logger;

/**
 * JavaFX warns on every start that its classes come from the class path ("Unsupported JavaFX
 * configuration: classes were loaded from 'unnamed module ...'"). The console runs JavaFX on the class
 * path on purpose (a plain {@code java -cp} launch, one class-data archive for all jars), so that one
 * warning says nothing to a user; every other JavaFX message still goes through.
 */
final class JavaFxLogging {

    /** JavaFX's logger (System.getLogger("javafx"), backed by java.util.logging); held so the filter stays. */
    private static final Logger JAVAFX = Logger.getLogger("javafx");

    static final String CLASS_PATH_WARNING = "Unsupported JavaFX configuration: classes were loaded from";

    private JavaFxLogging() {
    }

    /** Drops the class-path warning from JavaFX's logger; call before the toolkit starts. */
    static void quietClassPathWarning() {
        Filter previous = JAVAFX.getFilter();
        JAVAFX.setFilter(entry -> !isClassPathWarning(entry.getMessage())
                && (previous == null || previous.isLoggable(entry)));
    }

    static boolean isClassPathWarning(String message) {
        return message != null && message.startsWith(CLASS_PATH_WARNING);
    }
}
