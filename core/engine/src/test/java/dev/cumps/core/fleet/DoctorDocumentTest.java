package dev.cumps.core.fleet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.core.message.CumpsException;
import java.util.List;
import org.junit.jupiter.api.Test;

class DoctorDocumentTest {

    private static final String TWO_CHECKS = """
            {"schema_version": 1, "valid": false, "checks": [
              {"id": "topology", "title": "selector resolves to a supported topology", "status": "pass",
               "observed": "--gpus 1 -> GPU 1", "expected": "single_gpu", "remedy": "", "fixes": []},
              {"id": "daemon_count", "title": "exactly one live managed daemon for the GPU", "status": "fail",
               "observed": "0 live\\u001b]0;owned\\u0007", "expected": "1 live", "remedy": "start one\\nthen retry", "fixes": []}],
             "plan": {"selector": "1", "topology_mode": "single_gpu", "gpus": [{"index": 1, "uuid": "GPU-b"}], "resolved": true}}
            """;

    @Test
    void readsEachCheckAndTheDiagnosedGpu() {
        DoctorDocument doc = DoctorDocument.read(TWO_CHECKS).orElseThrow();
        assertEquals(List.of(1L), doc.gpus());
        assertEquals(2, doc.checks().size());
        DoctorDocument.Check fail = doc.checks().get(1);
        assertEquals("daemon_count", fail.id());
        assertEquals("fail", fail.status());
        assertEquals("1 live", fail.expected());
        assertEquals(1, doc.count("fail"));
        assertEquals(1, doc.count("pass"));
    }

    @Test
    void aHostCannotSendControlCharactersButKeepsItsLineBreaks() {
        DoctorDocument.Check fail = DoctorDocument.read(TWO_CHECKS).orElseThrow().checks().get(1);
        assertEquals("0 live\\x1b]0;owned\\x07", fail.observed());
        assertEquals("start one\nthen retry", fail.remedy());
    }

    @Test
    void somethingElseIsNoDoctorDocument() {
        assertTrue(DoctorDocument.read("cumps 1.4.0\n").isEmpty());
        assertTrue(DoctorDocument.read("{\"daemons\": []}").isEmpty());
        assertTrue(DoctorDocument.read("").isEmpty());
    }

    @Test
    void theDoctorOfOneGpuNamesItsSelectorAndRefusesAShellWord() {
        assertEquals(List.of("cumps", "doctor", "--json", "--gpus", "1"), RemoteCommand.doctor("1").words());
        assertThrows(CumpsException.class, () -> RemoteCommand.doctor("1;reboot"));
    }
}
