package dev.cumps.app.main;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URL;
import org.junit.jupiter.api.Test;

/**
 * Review 2026-12-06 L-1: Help → About read "MPS Console unknown": it read the CLI's version resource,
 * which is on the test class path but not on the console's. It reads the console's own, from the same
 * place as the console's classes, as {@code mps-console --version} does.
 */
class AppVersionTest {
    @Test
    void aboutNamesTheBuildsVersionFromTheConsolesOwnResource() {
        URL resource = AppVersion.class.getResource(AppVersion.RESOURCE);
        assertNotNull(resource, AppVersion.RESOURCE);
        URL classes = AppVersion.class.getResource("AppVersion.class");
        String root = classes.toString().substring(0, classes.toString().indexOf("dev/cumps/app/main/AppVersion.class"));
        assertEquals(root, resource.toString().substring(0, resource.toString().indexOf("dev/cumps/")),
                "the version comes with the console's own classes");
        assertTrue(AppVersion.version().matches("[0-9]+\\.[0-9]+.*"), AppVersion.version());
    }
}
