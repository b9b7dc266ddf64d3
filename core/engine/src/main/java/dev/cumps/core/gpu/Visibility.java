package dev.cumps.core.gpu;

import dev.cumps.core.message.CumpsException;
import dev.cumps.core.message.Message;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The effect of {@code CUDA_VISIBLE_DEVICES} on the GPU list, applied the same way by status, start
 * and doctor. Entries are indices or UUIDs, comma separated; unset, empty or {@code all} means all.
 * An entry that matches no GPU is an error (CUDA would silently drop it and every later entry).
 * An index is ASCII digits only ({@code [0-9]+}, as CUDA reads it): {@code +1}, {@code -0},
 * {@code 0x1}, Arabic-Indic or full-width digits name no GPU and are errors that name the entry.
 * ASCII blanks around a mask entry are ignored; any other character is not.
 */
public final class Visibility {
    private static final Pattern ASCII_DIGITS = Pattern.compile("[0-9]+");

    private Visibility() {
    }

    public static List<Gpu> apply(Optional<String> mask, List<Gpu> gpus) {
        if (mask.isEmpty() || stripAsciiBlanks(mask.get()).isEmpty() || stripAsciiBlanks(mask.get()).equalsIgnoreCase("all")) {
            return List.copyOf(gpus);
        }
        Set<Gpu> visible = new LinkedHashSet<>();
        for (String raw : mask.get().split(",")) {
            String entry = stripAsciiBlanks(raw);
            if (entry.isEmpty()) {
                throw new CumpsException(Message.of(GpuText.MASK_EMPTY_ENTRY, mask.get()));
            }
            if (!looksLikeIndexOrUuid(entry)) {
                throw new CumpsException(Message.of(GpuText.MASK_ENTRY_NOT_INDEX_OR_UUID, entry));
            }
            Gpu gpu = find(entry, gpus).orElseThrow(() -> new CumpsException(
                    Message.of(GpuText.MASK_ENTRY_MATCHES_NO_GPU, entry, listed(gpus))));
            visible.add(gpu);
        }
        return new ArrayList<>(visible);
    }

    /** The GPU an entry (an index or any spelling of a UUID) names, if any. */
    public static Optional<Gpu> find(String entry, List<Gpu> gpus) {
        if (GpuUuid.looksLikeUuid(entry)) {
            GpuUuid uuid = GpuUuid.parse(entry);
            return gpus.stream().filter(g -> g.uuid().equals(uuid)).findFirst();
        }
        int index = parseIndex(entry).orElseThrow(() -> new CumpsException(
                Message.of(GpuText.ENTRY_NOT_INDEX_OR_UUID, entry)));
        return gpus.stream().filter(g -> g.index() == index).findFirst();
    }

    /** Whether an entry has the form of an index (ASCII digits) or of a GPU UUID; it may still name no GPU. */
    public static boolean looksLikeIndexOrUuid(String entry) {
        return ASCII_DIGITS.matcher(entry).matches() || GpuUuid.looksLikeUuid(entry) && entry.equals(entry.strip());
    }

    /**
     * A GPU index as CUDA reads one: ASCII digits only. Signs, hex, blanks and non-ASCII digits
     * (which {@link Integer#parseInt} would accept) are not indices.
     */
    public static OptionalInt parseIndex(String entry) {
        if (!ASCII_DIGITS.matcher(entry).matches()) {
            return OptionalInt.empty();
        }
        try {
            return OptionalInt.of(Integer.parseInt(entry));
        } catch (NumberFormatException tooLarge) {
            throw new CumpsException(Message.of(GpuText.INDEX_TOO_LARGE, entry));
        }
    }

    private static String stripAsciiBlanks(String text) {
        int begin = 0;
        int end = text.length();
        while (begin < end && (text.charAt(begin) == ' ' || text.charAt(begin) == '\t')) {
            begin++;
        }
        while (end > begin && (text.charAt(end - 1) == ' ' || text.charAt(end - 1) == '\t')) {
            end--;
        }
        return text.substring(begin, end);
    }

    /** {@code 0=GPU-..., 1=GPU-...}, for messages that list the GPUs to choose from. */
    public static String describe(List<Gpu> gpus) {
        return gpus.isEmpty() ? GpuText.NO_GPUS.english() : String.join(", ", entries(gpus));
    }

    /** {@link #describe} as a message argument: the raw list, or the message {@link GpuText#NO_GPUS}. */
    public static Object listed(List<Gpu> gpus) {
        return gpus.isEmpty() ? Message.of(GpuText.NO_GPUS) : String.join(", ", entries(gpus));
    }

    private static List<String> entries(List<Gpu> gpus) {
        List<String> parts = new ArrayList<>();
        gpus.forEach(g -> parts.add(g.index() + "=" + g.uuid()));
        return parts;
    }
}
