package dev.cumps.core.doctor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.core.doctor.checks.DoctorChecks;
import dev.cumps.core.message.Message;
import dev.cumps.core.message.MessageKey;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class DoctorCheckIdTest {

    @Test
    void theJsonIdsAreTheOnesUniCumpsToolingKnows() {
        assertEquals(List.of("platform", "nvidia_smi", "visibility", "topology", "mig", "compute_mode", "daemon_count", "identity",
                        "control_pipe", "pipe_access", "answers", "pid_file", "control_log", "env_pipe_directory", "env_visible_index",
                        "limits_match_record", "server_uid", "unmanaged_clients",
                        "stale_records", "orphaned_sockets", "stale_pid_files"),
                Arrays.stream(DoctorCheckId.values()).map(DoctorCheckId::id).toList());
    }

    @Test
    void theAnchorIsTheIdWithHyphens() {
        assertEquals("pipe-access", DoctorCheckId.PIPE_ACCESS.anchor());
        assertEquals("env-visible-index", DoctorCheckId.ENV_VISIBLE_INDEX.anchor());
        assertEquals("mig", DoctorCheckId.MIG.anchor());
    }

    @Test
    void theIdIsTheTitlesTranslationKey() {
        Message title = Message.of(DoctorCheckId.PIPE_ACCESS);

        assertEquals("doctor.PIPE_ACCESS", title.key());
        assertEquals("control pipe is usable and private", title.english());
    }

    @Test
    void theStandardListRunsEveryCheckOnceInTheOrderOfTheIds() {
        assertEquals(Arrays.asList(DoctorCheckId.values()), DoctorChecks.all().stream().map(Check::id).toList());
    }

    @Test
    void doctorKeysAreUniqueAcrossTitlesAndTexts() {
        Map<String, Long> keys = Stream.concat(Arrays.stream(DoctorCheckId.values()), Arrays.stream(DoctorText.values()))
                .map(MessageKey::key).collect(Collectors.groupingBy(k -> k, Collectors.counting()));

        assertTrue(keys.values().stream().allMatch(n -> n == 1), keys.toString());
    }
}
