package dev.cumps.core.record;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.cumps.core.message.CumpsException;
import dev.cumps.core.testing.Sandbox;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** {@link RecordLookup#require}: the one ladder, worded by each caller's refusals. */
class RecordLookupTest {
    private static final RecordLookup.Refusals VERIFY = new RecordLookup.Refusals(
            RecordMessages.VERIFY_NO_RECORD, RecordMessages.VERIFY_FOREIGN, RecordMessages.VERIFY_UNREADABLE);
    private Sandbox sb;
    private RecordStore store;

    @BeforeEach
    void setUp() {
        sb = new Sandbox();
        store = new RecordStore(sb.records, sb.uid, Sandbox.HOSTNAME, sb.clock);
    }

    @AfterEach
    void tearDown() {
        sb.close();
    }

    @Test
    void theCallersOwnReadableRecordIsReturned() {
        DaemonRecord mine = sb.handRecord("mine", 4_190_001L, 100, sb.dir.resolve("p"), sb.dir.resolve("l"));
        assertEquals(mine, store.lookup("mine").require(VERIFY));
    }

    @Test
    void eachOtherOutcomeIsRefusedInTheCallersWords() {
        sb.foreignRecord("theirs", sb.uid + 1, Sandbox.HOSTNAME, 4_190_002L, 100);
        sb.writeRaw("broken", "{not json");

        assertEquals("no record named 'gone'; only daemons recorded by cumps or uni-cumps can be acted on (see `cumps status`)",
                assertThrows(CumpsException.class, () -> store.lookup("gone").require(VERIFY)).getMessage());
        assertEquals("record 'theirs' belongs to uid " + Integer.toUnsignedString(sb.uid + 1) + " on host " + Sandbox.HOSTNAME
                        + "; only its owner on that host can act on it",
                assertThrows(CumpsException.class, () -> store.lookup("theirs").require(VERIFY)).getMessage());
        CumpsException unreadable = assertThrows(CumpsException.class, () -> store.lookup("broken").require(VERIFY));
        assertEquals(RecordMessages.VERIFY_UNREADABLE, unreadable.errorMessage().id());
    }

    @Test
    void aForeignRecordKeepsTheNameLookedUp() {
        sb.foreignRecord("asked", sb.uid + 1, "elsewhere", 4_190_003L, 100);
        RecordLookup lookup = store.lookup("asked");
        assertEquals("asked", lookup.name());
        assertSame(RecordLookup.Foreign.class, lookup.getClass());
    }
}
