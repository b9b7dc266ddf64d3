package dev.cumps.app.arch;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.core.importer.Location;

/**
 * The product's classes: neither this module's test classes nor core's test-jar (which is on this
 * class path for the shared rule objects), so test fixtures that use the simulator or break a rule
 * on purpose do not count.
 */
public final class ProductionClassesOnly implements ImportOption {
    private static final ImportOption NO_TEST_CLASSES = new ImportOption.DoNotIncludeTests();

    @Override
    public boolean includes(Location location) {
        return NO_TEST_CLASSES.includes(location) && !location.contains("-tests.jar");
    }
}
