package dev.cumps.app.main;

import dev.cumps.app.i18n.Messages;
import dev.cumps.core.lifecycle.StartFailure;
import dev.cumps.core.lifecycle.StartStage;
import dev.cumps.core.record.RecordNames;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What the start dialog shows of the core, one function each: the GPU choices, a refused name,
 * a stage of the start, a failed start. The core's own words are read only here.
 */
final class StartTexts {

    private StartTexts() {
    }

    /** One choice per visible GPU, then "several GPUs" and "all GPUs", offered but not yet possible. */
    static List<StartViewModel.GpuChoice> choices(List<GpuRow> visibleGpus, Messages messages) {
        List<StartViewModel.GpuChoice> all = new ArrayList<>();
        for (GpuRow row : visibleGpus) {
            all.add(new StartViewModel.GpuChoice(StartViewModel.GpuChoice.Kind.SINGLE, Optional.of(row),
                    messages.get("start.gpu.single", row.index(), row.name(), row.uuid()), true, ""));
        }
        String reason = messages.get("start.gpu.singleOnly");
        all.add(new StartViewModel.GpuChoice(StartViewModel.GpuChoice.Kind.SEVERAL, Optional.empty(),
                messages.get("start.gpu.several"), false, reason));
        all.add(new StartViewModel.GpuChoice(StartViewModel.GpuChoice.Kind.ALL, Optional.empty(),
                messages.get("start.gpu.all"), false, reason));
        return all;
    }

    /** Why the core refuses {@code typed} as a record name (its validation reason, translated); empty when it accepts it. */
    static String nameProblem(String typed, Messages messages) {
        return RecordNames.problemMessage(typed).map(messages::render).orElse("");
    }

    /** The text of a stage for the progress line; empty before the first. */
    static String stageText(StartStage s, Messages messages) {
        if (s == null) {
            return "";
        }
        return switch (s) {
            case RESOLVING -> messages.get("start.stage.resolving");
            case PREPARING -> messages.get("start.stage.preparing");
            case LAUNCHING -> messages.get("start.stage.launching");
            case CONTROL_SOCKET -> messages.get("start.stage.socket");
            case ANSWERING -> messages.get("start.stage.answering");
            case RECORDED -> messages.get("start.stage.recorded");
        };
    }

    /**
     * A failed start as the window shows it: the core's reason without the log tail, and the control
     * log lines a {@link StartFailure} carries (none for other errors).
     */
    static StartProblem problem(Throwable error, Messages messages) {
        if (error instanceof StartFailure f) {
            return new StartProblem(messages.windowText(f.reasonMessage()), f.controlLogTail());
        }
        return new StartProblem(messages.errorText(error).orElse(error.toString()), List.of());
    }
}
