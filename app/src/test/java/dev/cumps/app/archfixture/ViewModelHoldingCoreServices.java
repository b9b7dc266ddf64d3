package dev.cumps.app.archfixture;

import dev.cumps.core.CoreServices;

/** A view model handed all of CoreServices, on purpose, so ProjectArchitectureTest can show the composition-root rule fails. */
public final class ViewModelHoldingCoreServices {
    private final CoreServices services;

    public ViewModelHoldingCoreServices(CoreServices services) {
        this.services = services;
    }

    public boolean simulated() {
        return services.simulated();
    }
}
