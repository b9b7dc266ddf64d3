package dev.cumps.core.doctor.checks;

import dev.cumps.core.doctor.BaseCheck;
import dev.cumps.core.doctor.DoctorCheckId;
import dev.cumps.core.doctor.DoctorContext;
import dev.cumps.core.doctor.DoctorText;
import dev.cumps.core.doctor.Finding;
import dev.cumps.core.gpu.Gpu;
import dev.cumps.core.message.Message;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * {@code CUDA_VISIBLE_DEVICES} holds no numeric index other than 0. A per-GPU MPS server renumbers
 * its GPU as 0, so a client masked by another index finds no device; the remedy names the GPUs by
 * UUID instead. Runs without premises: the mask is read even when nvidia-smi failed (an index it
 * cannot map shows as an unknown GPU).
 */
public final class EnvVisibleIndexCheck extends BaseCheck {
    public EnvVisibleIndexCheck() {
        super(DoctorCheckId.ENV_VISIBLE_INDEX);
    }

    @Override
    public Finding evaluate(DoctorContext context) {
        Message expected = Message.of(DoctorText.ENV_VISIBLE_EXPECTED);
        Optional<String> mask = context.visibleDevicesMask();
        if (mask.isEmpty()) {
            return Finding.pass(Message.of(DoctorText.ENV_VISIBLE_UNSET), expected);
        }
        String value = mask.get();
        if (value.isBlank() || value.strip().equalsIgnoreCase("all")) {
            return Finding.pass(Message.of(DoctorText.ENV_VISIBLE_SPACED, value), expected);
        }
        List<Message> named = new ArrayList<>();
        List<String> uuids = new ArrayList<>();
        for (String raw : value.split(",")) {
            String entry = raw.strip();
            if (entry.matches("\\d+") && !entry.equals("0")) {
                Optional<String> uuid = context.inventory().gpus().stream().filter(g -> Integer.toString(g.index()).equals(entry))
                        .map(Gpu::uuid).map(u -> u.value()).findFirst();
                named.add(Message.of(DoctorText.ENV_VISIBLE_INDEX_IS, entry,
                        uuid.<Object>map(u -> u).orElse(Message.of(DoctorText.ENV_VISIBLE_UNKNOWN_GPU))));
                uuids.add(uuid.orElse(DoctorText.ENV_VISIBLE_UNKNOWN_GPU.english()));
            }
        }
        if (named.isEmpty()) {
            return Finding.pass(Message.of(DoctorText.ENV_VISIBLE_VALUE, value), expected);
        }
        return Finding.warn(Message.of(DoctorText.ENV_VISIBLE_NONZERO, value, DoctorText.listed(named)), expected,
                Message.of(DoctorText.ENV_VISIBLE_REMEDY, String.join(",", uuids)));
    }
}
