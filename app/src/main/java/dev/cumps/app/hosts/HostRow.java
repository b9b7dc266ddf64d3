package dev.cumps.app.hosts;

import dev.cumps.app.i18n.Messages;
import dev.cumps.app.ui.style.Severity;
import dev.cumps.core.fleet.HostReport;
import dev.cumps.core.fleet.HostReport.HostSummary;
import dev.cumps.core.fleet.StatusDocument.DoctorVerdict;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.Optional;

/**
 * One row of the Hosts page, every cell already in words in the window's language: the host, its state
 * (and ssh's or cumps's evidence), cumps version, driver, GPUs, daemons live/stale, the doctor's verdict
 * (when it was run on that host) and when it was last read.
 */
public record HostRow(String host, String state, Severity severity, String version, String driver, String gpus, String daemons,
                      String doctor, String lastRead, Optional<HostReport> report) {
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm:ss");

    /** A listed host that has not been read yet. */
    static HostRow notRead(String host, Messages messages) {
        return new HostRow(host, messages.get("hosts.state.reading"), Severity.SKIP, "", "", "", "", "", "", Optional.empty());
    }

    static HostRow of(HostReport r, Optional<DoctorVerdict> verdict, Messages messages, ZoneId zone) {
        String state = messages.windowText(r.stateMessage());
        if (!r.evidence().isEmpty()) {
            state = state + " — " + r.evidence();
        }
        String read = TIME.format(r.readAt().atZone(zone));
        String doctor = verdict.map(v -> v.healthy()
                ? messages.get("hosts.doctor.ok", v.warned())
                : messages.get("hosts.doctor.failed", v.failed(), v.warned())).orElse(messages.get("hosts.doctor.notRun"));
        if (r.summary().isEmpty()) {
            return new HostRow(r.host().value(), state, Severity.FAIL, "", "", "", "", doctor, read, Optional.of(r));
        }
        HostSummary s = r.summary().get();
        return new HostRow(r.host().value(), state, Severity.PASS, r.cumpsVersion().orElse(""), s.driverVersion().orElse(""),
                messages.get("hosts.gpus.count", s.gpus().size()), messages.get("hosts.daemons.count", s.live(), s.stale()), doctor, read,
                Optional.of(r));
    }
}
