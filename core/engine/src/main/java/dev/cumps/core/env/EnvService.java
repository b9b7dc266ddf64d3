package dev.cumps.core.env;

import dev.cumps.core.message.CumpsException;
import dev.cumps.core.message.Message;
import dev.cumps.core.record.DaemonRecord;
import dev.cumps.core.record.Liveness;
import dev.cumps.core.record.RecordLookup;
import dev.cumps.core.record.RecordNames;
import dev.cumps.core.record.RecordStore;
import java.util.List;
import java.util.Optional;

/**
 * Decides which recorded daemon {@code cumps env} (and the window's environment pane) speaks for,
 * and returns its {@link LaunchEnvironment}. Only a live record of this user and host qualifies;
 * nothing about the caller changes.
 */
public final class EnvService {
    private final RecordStore store;
    private final Liveness liveness;

    public EnvService(RecordStore store, Liveness liveness) {
        this.store = store;
        this.liveness = liveness;
    }

    /**
     * The launch environment of a live record: the named one, or the sole live one. A stale,
     * foreign, unreadable or missing target is an error.
     */
    public LaunchEnvironment launchEnvironment(Optional<String> name) {
        String target = name.map(RecordNames::validate).orElseGet(this::soleLiveName);
        RecordLookup lookup = store.lookup(target);
        if (lookup instanceof RecordLookup.Found found) {
            DaemonRecord record = found.record();
            if (!liveness.assess(record).live()) {
                throw new CumpsException(Message.of(EnvText.STALE, target, record.pid()));
            }
            return LaunchEnvironment.of(record);
        }
        if (lookup instanceof RecordLookup.Foreign foreign) {
            throw new CumpsException(Message.of(EnvText.RECORD_FOREIGN, target, foreign.ownerText()));
        }
        if (lookup instanceof RecordLookup.Unreadable u) {
            throw new CumpsException(Message.of(EnvText.RECORD_UNREADABLE, target, u.record().reasonText()));
        }
        throw new CumpsException(Message.of(EnvText.NO_RECORD, target));
    }

    /** The name of the sole live record; none or several is an error asking for a name. */
    private String soleLiveName() {
        List<String> live = liveness.live(store.list().records()).stream().map(DaemonRecord::name).toList();
        if (live.isEmpty()) {
            throw new CumpsException(Message.of(EnvText.NO_LIVE_DAEMON));
        }
        if (live.size() > 1) {
            throw new CumpsException(Message.of(EnvText.SEVERAL_LIVE_DAEMONS, live.size(), String.join(", ", live)));
        }
        return live.get(0);
    }
}
