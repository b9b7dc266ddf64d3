package dev.cumps.app.archfixture.cycle.b;

import dev.cumps.app.archfixture.cycle.a.CycleA;

/** Uses {@link CycleA}, which uses it: the other half of the deliberate cycle. */
public final class CycleB {
    public CycleA other() {
        return new CycleA();
    }
}
