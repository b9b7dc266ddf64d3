package dev.cumps.core.doctor;

import java.util.List;

/** A check's identity and premises, declared once in its constructor; subclasses only judge. */
public abstract class BaseCheck implements Check {
    private final DoctorCheckId id;
    private final List<Need> needs;

    protected BaseCheck(DoctorCheckId id, Need... needs) {
        this.id = id;
        this.needs = List.of(needs);
    }

    @Override
    public final DoctorCheckId id() {
        return id;
    }

    @Override
    public final List<Need> needs() {
        return needs;
    }
}
