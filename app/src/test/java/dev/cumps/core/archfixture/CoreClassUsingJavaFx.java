package dev.cumps.core.archfixture;

import javafx.scene.Node;

/** Breaks "core is free of JavaFX" on purpose, so ProjectArchitectureTest can show that rule fails. */
public final class CoreClassUsingJavaFx {
    private CoreClassUsingJavaFx() {
    }

    public static boolean visible(Node node) {
        return node.isVisible();
    }
}
