package dev.cumps.core.status;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.cumps.core.gpu.GpuText;
import dev.cumps.core.message.Message;
import dev.cumps.core.mps.ControlPipe;
import dev.cumps.core.record.RecordState;
import dev.cumps.core.record.RecordText;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The values the status tables show, as messages the window translates. */
class StatusTextTest {
    @Test
    void pipeKindsAreShownAsSocketOrFifo() {
        assertEquals(Message.of(StatusText.PIPE_KIND_UNIX_SOCKET),
                new HostStatus.PipeRow(Path.of("/p/control"), ControlPipe.Kind.UNIX_SOCKET, List.of()).kindText());
        assertEquals("FIFO", new HostStatus.PipeRow(Path.of("/p/control"), ControlPipe.Kind.FIFO, List.of("a")).kindText().english());
    }

    @Test
    void recordStatesHaveTheirOwnKeys() {
        assertEquals(Message.of(RecordText.STATE_LIVE), RecordState.LIVE.text());
        assertEquals(Message.of(RecordText.STATE_STALE), RecordState.STALE.text());
        assertEquals("stale", RecordState.STALE.text().english());
    }

    @Test
    void diagnosticsAreKeptApartAndJoinedOnlyForTheEnglishLine() {
        HostStatus status = new HostStatus("linux", false, List.of(Message.of(GpuText.SMI_NOT_FOUND), Message.of(GpuText.NO_GPUS)),
                Optional.empty(), Optional.empty(), List.of(), List.of(), List.of(), List.of(), List.of(), Path.of("/r"), false);

        assertEquals(Optional.of(GpuText.SMI_NOT_FOUND.english() + "; no GPUs"), status.diagnostic());
        assertEquals(GpuText.SMI_NOT_FOUND.english() + "; no GPUs", status.toJsonMap().get("diagnostic"));
        HostStatus clean = new HostStatus("linux", true, List.of(), Optional.empty(), Optional.empty(), List.of(), List.of(),
                List.of(), List.of(), List.of(), Path.of("/r"), false);
        assertEquals(Optional.empty(), clean.diagnostic());
    }
}
