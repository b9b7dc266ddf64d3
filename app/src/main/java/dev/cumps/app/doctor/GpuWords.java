package dev.cumps.app.doctor;

import dev.cumps.app.i18n.Messages;
import java.util.Collection;
import java.util.List;

/**
 * A GPU named in words for a reader: its index, its name and its UUID shortened to the part that
 * tells it apart ({@code GPU-5f0c1a2e…000001}: the start, then as many of the last characters as
 * differ from every other GPU's, four at least). The UUIDs of one host often differ only in their
 * last digit, which a cut selector field hid (review 2026-12-06 M-4).
 */
public final class GpuWords {
    /** {@code GPU-} and the first group of hex digits. */
    private static final int START = 12;
    private static final int MIN_END = 4;

    private GpuWords() {
    }

    /** {@code uuid} shortened so that it still differs from each of {@code all} (which may hold it). */
    public static String shortUuid(String uuid, Collection<String> all) {
        if (uuid.length() <= START + MIN_END + 1) {
            return uuid;
        }
        int end = MIN_END;
        while (START + end < uuid.length() && clash(uuid, all, end)) {
            end++;
        }
        if (START + end >= uuid.length() - 1) {
            return uuid;
        }
        return uuid.substring(0, START) + "…" + uuid.substring(uuid.length() - end);
    }

    private static boolean clash(String uuid, Collection<String> all, int end) {
        String start = uuid.substring(0, START);
        String tail = uuid.substring(uuid.length() - end);
        return all.stream().anyMatch(o -> !o.equals(uuid) && o.startsWith(start) && o.endsWith(tail));
    }

    /** "GPU 1 · NVIDIA H100 80GB HBM3 · GPU-5f0c1a2e…000001" in the window's language. */
    public static String named(long index, String name, String uuid, Collection<String> all, Messages messages) {
        return messages.get("doctor.gpu.named", index, name, shortUuid(uuid, all));
    }

    /** What a run diagnosed, for the line above the table: one GPU named, several listed, none said so. */
    public static String diagnosed(List<String> named, Messages messages) {
        return switch (named.size()) {
            case 0 -> messages.get("doctor.diagnosed.none");
            case 1 -> messages.get("doctor.diagnosed.one", named.get(0));
            default -> messages.get("doctor.diagnosed.each", String.join("; ", named));
        };
    }
}
