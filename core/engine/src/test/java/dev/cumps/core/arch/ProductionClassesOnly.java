package dev.cumps.core.arch;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.core.importer.Location;

/**
 * The product's classes: neither a module's own test classes nor the test-jars of the modules below
 * (the engine's and the simulator's test kits are on the class path of the cli's and the app's
 * tests), so test fixtures that use the simulator or break a rule on purpose do not count.
 */
public final class ProductionClassesOnly implements ImportOption {
    private static final ImportOption NO_TEST_CLASSES = new ImportOption.DoNotIncludeTests();

    @Override
    public boolean includes(Location location) {
        return NO_TEST_CLASSES.includes(location) && !location.contains("-tests.jar");
    }
}
