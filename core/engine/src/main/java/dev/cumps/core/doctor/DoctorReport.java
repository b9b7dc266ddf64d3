package dev.cumps.core.doctor;

import dev.cumps.core.gpu.Gpu;
import dev.cumps.core.guide.GuideLink;
import dev.cumps.core.message.Message;
import dev.cumps.core.message.MessageKey;
import dev.cumps.core.record.ManagedDaemon;
import dev.cumps.core.status.HostStatus;
import dev.cumps.core.topology.TopologyMode;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/**
 * The doctor's findings. {@code valid} holds when no check failed; warnings do not invalidate.
 *
 * <p>The JSON form is a superset of uni-cumps's {@code doctor --json} (docs/cli.md, "JSON contract").
 *
 * @param compatibleModes the modes the visible GPUs could support ({@code usable_topology_modes})
 * @param plan    the resolved selector; when it did not resolve, the mode its shape asks for and no GPUs
 * @param sharing the CUDA process-sharing probe's evidence (keys as uni-cumps reports them)
 * @param guide   where the user guide is: each check's troubleshooting entry ({@link #guide(CheckResult)})
 */
public record DoctorReport(List<CheckResult> checks, List<TopologyMode> compatibleModes, Plan plan,
                           List<ManagedDaemon> managedDaemons, Map<String, Object> sharing, GuideLink guide) {
    public static final int SCHEMA_VERSION = 1;

    public DoctorReport {
        checks = List.copyOf(checks);
        compatibleModes = List.copyOf(compatibleModes);
        managedDaemons = List.copyOf(managedDaemons);
        sharing = Collections.unmodifiableMap(new LinkedHashMap<>(sharing));
        Objects.requireNonNull(guide, "guide");
    }

    /** A report without a known guide: its links are {@code docs/guide.md#anchor}. */
    public DoctorReport(List<CheckResult> checks, List<TopologyMode> compatibleModes, Plan plan,
                        List<ManagedDaemon> managedDaemons, Map<String, Object> sharing) {
        this(checks, compatibleModes, plan, managedDaemons, sharing, GuideLink.none());
    }

    /**
     * The troubleshooting entry of {@code check} in the user guide: {@code file:///…/guide.md#anchor}
     * when the guide is known, else {@code docs/guide.md#anchor} (the key {@code guide} in JSON, the
     * {@code guide:} line of the CLI).
     */
    public String guide(CheckResult check) {
        return guide.shown(check.checkId().anchor());
    }

    /**
     * The selector as given, the mode it resolved to, and the GPUs (none when it did not resolve);
     * {@code eachVisible}: no selector was given and each of these visible GPUs was diagnosed in turn.
     */
    public record Plan(String selector, TopologyMode mode, List<Gpu> gpus, boolean eachVisible) {
        public Plan {
            gpus = List.copyOf(gpus);
        }

        /** The plan of a run for one selector. */
        public Plan(String selector, TopologyMode mode, List<Gpu> gpus) {
            this(selector, mode, gpus, false);
        }

        public boolean resolved() {
            return !gpus.isEmpty();
        }
    }

    public boolean valid() {
        return checks.stream().noneMatch(c -> c.status() == CheckStatus.FAIL);
    }

    public long count(CheckStatus status) {
        return checks.stream().filter(c -> c.status() == status).count();
    }

    /** The verdict line: {@code VALID: 15 pass, 0 warn, 0 fail, 0 skip}. */
    public Message verdictMessage() {
        return Message.of(DoctorMessages.VERDICT_LINE, Message.of(valid() ? DoctorMessages.VERDICT_VALID : DoctorMessages.VERDICT_INVALID),
                count(CheckStatus.PASS), count(CheckStatus.WARN), count(CheckStatus.FAIL), count(CheckStatus.SKIP));
    }

    public Map<String, Object> toJsonMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("schema_version", SCHEMA_VERSION);
        m.put("valid", valid());
        m.put("checks", checks.stream().map(this::checkJson).toList());
        m.put("compatible_topology_modes", TopologyMode.ids());
        m.put("usable_topology_modes", compatibleModes.stream().map(TopologyMode::id).toList());
        Map<String, Object> pm = new LinkedHashMap<>();
        pm.put("selector", plan.selector());
        pm.put("topology_mode", plan.mode().id());
        pm.put("gpus", plan.gpus().stream().map(DoctorReport::indexAndUuid).toList());
        pm.put("resolved", plan.resolved());
        if (plan.eachVisible()) {
            pm.put("each_visible_gpu", true);
        }
        m.put("plan", pm);
        m.put("managed_daemons", managedDaemons.stream().map(HostStatus::daemonJson).toList());
        m.put("cuda_process_sharing", sharing);
        return m;
    }

    /** A check's JSON with its guide link added (key {@code guide}). */
    private Map<String, Object> checkJson(CheckResult check) {
        Map<String, Object> m = new LinkedHashMap<>(check.toJsonMap());
        m.put("guide", guide(check));
        return m;
    }

    /** {@code {"index": int, "uuid": str}}, as uni-cumps lists a GPU. */
    static Map<String, Object> indexAndUuid(Gpu gpu) {
        Map<String, Object> g = new LinkedHashMap<>();
        g.put("index", gpu.index());
        g.put("uuid", gpu.uuid().value());
        return g;
    }

    /** A Markdown rendering for sharing a diagnosis (the window's Export and Copy), in English. */
    public String toMarkdown() {
        return toMarkdown(MessageKey::english);
    }

    /**
     * The Markdown rendering in another language: {@code patterns} gives the pattern of each key
     * (the window passes its translations); evidence in the checks is shown as it is.
     */
    public String toMarkdown(Function<MessageKey, String> patterns) {
        return toMarkdown(patterns, c -> c.headingMessage().render(patterns));
    }

    /**
     * The Markdown rendering with each check's title as the caller shows it ({@code titles}; by default
     * {@link CheckResult#headingMessage()}, which leads a check of one of several diagnosed GPUs with that GPU).
     */
    public String toMarkdown(Function<MessageKey, String> patterns, Function<CheckResult, String> titles) {
        Message verdict = Message.of(DoctorMessages.MARKDOWN_VERDICT, Message.of(valid() ? DoctorMessages.MARKDOWN_VALID : DoctorMessages.MARKDOWN_INVALID),
                count(CheckStatus.PASS), count(CheckStatus.WARN), count(CheckStatus.FAIL), count(CheckStatus.SKIP));
        StringBuilder md = new StringBuilder();
        md.append(Message.of(DoctorMessages.MARKDOWN_HEADING).render(patterns)).append("\n\n");
        md.append(verdict.render(patterns)).append("\n\n");
        md.append(Message.of(DoctorMessages.MARKDOWN_COLUMNS).render(patterns)).append("\n|---|---|---|---|---|\n");
        for (CheckResult c : checks) {
            md.append("| ").append(cell(titles.apply(c))).append(" | ").append(c.status().labelMessage().render(patterns))
                    .append(" | ").append(cell(c.observedMessage().render(patterns)))
                    .append(" | ").append(cell(c.expectedMessage().map(m -> m.render(patterns)).orElse("")))
                    .append(" | ").append(cell(c.remedyMessage().map(m -> m.render(patterns)).orElse(""))).append(" |\n");
        }
        return md.toString();
    }

    private static String cell(String text) {
        return text.replace("|", "\\|").replace("\n", "<br>");
    }
}
