package dev.cumps.app.archfixture.cycle.a;

import dev.cumps.app.archfixture.cycle.b.CycleB;

/** Uses {@link CycleB}, which uses it back: two window packages in a cycle, on purpose (ArchitectureRulesCanFailTest). */
public final class CycleA {
    public CycleB other() {
        return new CycleB();
    }
}
