package dev.cumps.core.status;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.cumps.core.gpu.GpuMessages;
import dev.cumps.core.message.Message;
import dev.cumps.core.record.RecordMessages;
import dev.cumps.core.record.RecordState;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The values the status tables show, as messages the window translates. */
class StatusTableMessagesTest {
    @Test
    void recordStatesHaveTheirOwnKeys() {
        assertEquals(Message.of(RecordMessages.STATE_LIVE), RecordState.LIVE.labelMessage());
        assertEquals(Message.of(RecordMessages.STATE_STALE), RecordState.STALE.labelMessage());
        assertEquals("stale", RecordState.STALE.labelMessage().english());
    }

    @Test
    void diagnosticsAreKeptApartAndJoinedOnlyForTheEnglishLine() {
        HostStatus status = new HostStatus("linux", false, List.of(Message.of(GpuMessages.SMI_NOT_FOUND), Message.of(GpuMessages.NO_GPUS)),
                Optional.empty(), Optional.empty(), List.of(), List.of(), List.of(), List.of(), List.of(), Path.of("/r"), false);

        assertEquals(Optional.of(GpuMessages.SMI_NOT_FOUND.english() + "; no GPUs"), status.diagnostic());
        assertEquals(GpuMessages.SMI_NOT_FOUND.english() + "; no GPUs", status.toJsonMap().get("diagnostic"));
        HostStatus clean = new HostStatus("linux", true, List.of(), Optional.empty(), Optional.empty(), List.of(), List.of(),
                List.of(), List.of(), List.of(), Path.of("/r"), false);
        assertEquals(Optional.empty(), clean.diagnostic());
    }
}
