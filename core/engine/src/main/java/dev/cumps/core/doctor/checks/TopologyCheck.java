package dev.cumps.core.doctor.checks;

import dev.cumps.core.doctor.BaseCheck;
import dev.cumps.core.doctor.DoctorCheckId;
import dev.cumps.core.doctor.DoctorContext;
import dev.cumps.core.doctor.DoctorMessages;
import dev.cumps.core.doctor.Finding;
import dev.cumps.core.doctor.Need;
import dev.cumps.core.message.CumpsException;
import dev.cumps.core.message.Message;
import dev.cumps.core.topology.TopologyPlan;
import java.util.Optional;

/** The selector resolves to one GPU ({@code single_gpu}, the only topology that runs today). */
public final class TopologyCheck extends BaseCheck {
    public TopologyCheck() {
        super(DoctorCheckId.TOPOLOGY, Need.VISIBLE_GPUS);
    }

    @Override
    public Finding evaluate(DoctorContext context) {
        Message expected = Message.of(DoctorMessages.TOPOLOGY_EXPECTED);
        Optional<TopologyPlan> resolved = context.plan();
        if (resolved.isEmpty()) {
            Message why = context.planError().map(CumpsException::errorMessage)
                    .orElseThrow(() -> new IllegalStateException("topology judged without the visible GPUs"));
            return Finding.fail(why, expected, Message.of(DoctorMessages.TOPOLOGY_REMEDY_SELECT));
        }
        TopologyPlan plan = resolved.get();
        Message selector = selector(context.selector());
        if (plan.mode().supported()) {
            return Finding.pass(Message.of(DoctorMessages.TOPOLOGY_RESOLVED, selector, plan.mode().id(), plan.gpus().get(0).uuid().value()),
                    expected);
        }
        return Finding.fail(Message.of(DoctorMessages.TOPOLOGY_UNSUPPORTED, selector, plan.mode().id(), plan.gpus().size()), expected,
                Message.of(DoctorMessages.TOPOLOGY_REMEDY_SINGLE));
    }

    private static Message selector(Optional<String> selector) {
        return selector.filter(s -> !s.isBlank()).map(s -> Message.of(DoctorMessages.SELECTOR_GIVEN, s))
                .orElse(Message.of(DoctorMessages.SELECTOR_NONE));
    }
}
