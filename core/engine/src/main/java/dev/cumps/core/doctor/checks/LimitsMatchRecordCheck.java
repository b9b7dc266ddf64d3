package dev.cumps.core.doctor.checks;

import dev.cumps.core.doctor.BaseCheck;
import dev.cumps.core.doctor.DoctorCheckId;
import dev.cumps.core.doctor.DoctorContext;
import dev.cumps.core.doctor.DoctorMessages;
import dev.cumps.core.doctor.Finding;
import dev.cumps.core.live.CurrentLimits;
import dev.cumps.core.live.DaemonLimits;
import dev.cumps.core.message.Message;
import dev.cumps.core.mps.MpsLimits;
import java.util.ArrayList;
import java.util.List;

/**
 * Every live managed daemon whose record has MPS limits still has them as its defaults
 * ({@code get_default_active_thread_percentage}, {@code get_default_device_pinned_mem_limit 0}).
 * Someone may have changed them through the control program by hand, or the daemon may have been
 * restarted outside cumps: then new clients get other limits than the record says. A warning, with
 * the recorded and the current values and the {@code cumps limits --set-...} that applies the
 * record again; a daemon whose limits cannot be read is a warning too. Looks at every live daemon,
 * not only the selected GPU's, and needs no earlier check.
 */
public final class LimitsMatchRecordCheck extends BaseCheck {
    public LimitsMatchRecordCheck() {
        super(DoctorCheckId.LIMITS_MATCH_RECORD);
    }

    @Override
    public Finding evaluate(DoctorContext context) {
        List<DaemonLimits> daemons = context.recordedLimits();
        Message expected = Message.of(DoctorMessages.LIMITS_EXPECTED);
        if (daemons.isEmpty()) {
            return Finding.pass(Message.of(DoctorMessages.LIMITS_NONE_RECORDED), expected);
        }
        List<Message> observed = new ArrayList<>();
        List<Message> remedies = new ArrayList<>();
        for (DaemonLimits d : daemons) {
            MpsLimits r = d.recorded();
            Object percentage = r.activeThreadPercentage().isPresent() ? String.valueOf(r.activeThreadPercentage().getAsInt())
                    : Message.of(DoctorMessages.LIMITS_NOT_SET);
            Object pinned = r.pinnedMemLimitText().<Object>map(t -> t).orElseGet(() -> Message.of(DoctorMessages.LIMITS_NOT_SET));
            if (d.problem().isPresent()) {
                observed.add(Message.of(DoctorMessages.LIMITS_UNREAD, d.name(), d.problem().get()));
                remedies.add(Message.of(DoctorMessages.LIMITS_REMEDY_UNREAD, d.name()));
            } else if (d.differsFromRecord()) {
                CurrentLimits c = d.current().orElseThrow();
                observed.add(Message.of(DoctorMessages.LIMITS_DIFFER, d.name(), percentage, pinned,
                        c.activeThreadPercentageText().<Object>map(t -> t).orElseGet(() -> Message.of(DoctorMessages.LIMITS_NONE)),
                        currentPinned(c)));
                // A pinned limit recorded on a daemon whose driver has none (a record another tool wrote): setting it
                // again would be refused, so the remedy is a daemon started without it.
                remedies.add(!c.pinnedMemLimitSupported() && r.pinnedMemLimitMiB().isPresent()
                        ? Message.of(DoctorMessages.LIMITS_REMEDY_UNSUPPORTED, d.name())
                        : Message.of(DoctorMessages.LIMITS_REMEDY, setCommand(d.name(), r)));
            } else {
                observed.add(Message.of(DoctorMessages.LIMITS_SAME, d.name(), percentage, pinned));
            }
        }
        Message evidence = DoctorMessages.joined(observed);
        return remedies.isEmpty() ? Finding.pass(evidence, expected) : Finding.warn(evidence, expected, DoctorMessages.joined(remedies));
    }

    /** The daemon's pinned limit as the evidence shows it: the size, "none", or "not supported by this driver". */
    private static Object currentPinned(CurrentLimits c) {
        if (!c.pinnedMemLimitSupported()) {
            return Message.of(DoctorMessages.LIMITS_NOT_SUPPORTED);
        }
        return c.pinnedMemLimitText().<Object>map(t -> t).orElseGet(() -> Message.of(DoctorMessages.LIMITS_NONE));
    }

    /** {@code cumps limits --name N --set-active-thread-percentage P --set-pinned-mem-limit SIZE}, with the recorded values. */
    static String setCommand(String name, MpsLimits recorded) {
        StringBuilder command = new StringBuilder("cumps limits --name ").append(name);
        recorded.activeThreadPercentage().ifPresent(p -> command.append(" --set-active-thread-percentage ").append(p));
        recorded.pinnedMemLimitText().ifPresent(s -> command.append(" --set-pinned-mem-limit ").append(s));
        return command.toString();
    }
}
