package dev.cumps.core.doctor.checks;

import dev.cumps.core.doctor.BaseCheck;
import dev.cumps.core.doctor.DoctorCheckId;
import dev.cumps.core.doctor.DoctorContext;
import dev.cumps.core.doctor.DoctorText;
import dev.cumps.core.doctor.Finding;
import dev.cumps.core.doctor.FixTarget;
import dev.cumps.core.doctor.Need;
import dev.cumps.core.gpu.Gpu;
import dev.cumps.core.message.Message;
import dev.cumps.core.proc.ProcessIdentity;
import dev.cumps.core.record.ManagedDaemon;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Exactly one live managed daemon serves the selected GPU. Stale records are counted but do not
 * count as live (their pid is gone or reused), and no daemon is contacted here. Extras are counted by
 * identity (pid and start time), never by record: records that all name the kept daemon offer no stop.
 */
public final class DaemonCountCheck extends BaseCheck {
    public DaemonCountCheck() {
        super(DoctorCheckId.DAEMON_COUNT, Need.SINGLE_GPU);
    }

    @Override
    public Finding evaluate(DoctorContext context) {
        Gpu gpu = Checks.gpu(context);
        List<ManagedDaemon> forGpu = context.managedForGpu();
        List<ManagedDaemon> live = forGpu.stream().filter(ManagedDaemon::live).toList();
        Message observed = observed(gpu.uuid().value(), live, forGpu.size() - live.size());
        Message expected = Message.of(DoctorText.DAEMON_COUNT_EXPECTED);
        if (live.size() == 1) {
            return Finding.pass(observed, expected);
        }
        if (live.isEmpty()) {
            return Finding.fail(observed, expected, Message.of(DoctorText.DAEMON_COUNT_NONE_REMEDY, gpu.index()));
        }
        // The oldest daemon has served the GPU longest (its clients may be running): the newer ones are the extras.
        List<ManagedDaemon> byAge = live.stream().sorted(Comparator.comparingLong((ManagedDaemon d) -> d.record().processStartTicks())
                .thenComparing(ManagedDaemon::name)).toList();
        ManagedDaemon kept = byAge.get(0);
        // One daemon per identity (pid and start time): two records can name one daemon (a daemon.json copied under
        // another name), and stopping the "extra" of such a pair would stop the daemon that is kept.
        Map<ProcessIdentity, ManagedDaemon> daemons = new LinkedHashMap<>();
        byAge.forEach(d -> daemons.putIfAbsent(d.record().identity(), d));
        List<ManagedDaemon> extras = daemons.values().stream().filter(d -> !d.record().identity().equals(kept.record().identity())).toList();
        if (extras.isEmpty()) {
            Message remedy = Message.of(DoctorText.DAEMON_COUNT_SAME_DAEMON_REMEDY, String.join(", ", byAge.stream().map(ManagedDaemon::name)
                    .toList()), kept.record().pid());
            return Finding.fail(observed, expected, remedy);
        }
        Message remedy = Message.of(DoctorText.DAEMON_COUNT_EXTRA_REMEDY, String.join(", ", extras.stream().map(ManagedDaemon::name).toList()),
                kept.name());
        return Finding.fail(observed, expected, remedy).withFixes(extras.stream().<FixTarget>map(d -> new FixTarget.ExtraDaemon(d.name(),
                d.record().pid(), d.record().processStartTicks(), gpu.uuid().value(), kept.name())).toList());
    }

    private static Message observed(String uuid, List<ManagedDaemon> live, int stale) {
        String names = String.join(", ", live.stream().map(ManagedDaemon::name).toList());
        if (stale > 0) {
            return live.isEmpty() ? Message.of(DoctorText.DAEMON_COUNT_STALE, live.size(), stale, uuid)
                    : Message.of(DoctorText.DAEMON_COUNT_STALE_NAMED, live.size(), stale, uuid, names);
        }
        return live.isEmpty() ? Message.of(DoctorText.DAEMON_COUNT_LIVE, live.size(), uuid)
                : Message.of(DoctorText.DAEMON_COUNT_LIVE_NAMED, live.size(), uuid, names);
    }
}
