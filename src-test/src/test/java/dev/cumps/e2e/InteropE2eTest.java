package dev.cumps.e2e;

import static dev.cumps.e2e.CumpsHarness.GPU0;
import static dev.cumps.e2e.LifecycleE2eTest.find;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Records shared with UniLab's Python {@code uni-cumps}: one written the way it writes them is
 * listed, exported and stopped by cumps, and one written by cumps reads back in Python exactly.
 */
@ExtendWith(CumpsExtension.class)
class InteropE2eTest {
    /** The golden shapes of the uni-cumps JSON contract (core's test resources), read by the Python consumer. */
    private static final Path CONTRACT_SHAPES = Path.of(System.getProperty("cumps.contract", "../core/engine/src/test/resources/contract"))
            .toAbsolutePath().normalize();

    /** What uni-cumps does when it records a daemon: json.dumps(record, indent=2, sort_keys=True). */
    private static final String WRITE_LIKE_UNI_CUMPS = String.join("\n",
            "import json, os, socket, sys, time",
            "root, name, gpu, pipe, log = sys.argv[1:6]",
            "pid = int(open(os.path.join(pipe, 'nvidia-cuda-mps-control.pid')).read().strip())",
            "stat = open('/proc/%d/stat' % pid).read()",
            "ticks = int(stat.rsplit(')', 1)[1].split()[19])",
            "record = {'name': name, 'uid': os.getuid(), 'host': socket.gethostname(), 'topology_mode': 'single_gpu',",
            "          'gpu_uuids': [gpu], 'pipe_directory': pipe, 'log_directory': log, 'pid': pid,",
            "          'process_start_ticks': ticks, 'created_at': time.time()}",
            "os.makedirs(os.path.join(root, name), exist_ok=True)",
            "with open(os.path.join(root, name, 'daemon.json'), 'w') as f:",
            "    f.write(json.dumps(record, indent=2, sort_keys=True))",
            "print(pid)");

    /** What uni-cumps checks when it reads a record, plus the exact text it would have written. */
    private static final String READ_LIKE_UNI_CUMPS = String.join("\n",
            "import json, os, socket, sys",
            "path = sys.argv[1]",
            "text = open(path).read()",
            "rec = json.loads(text)",
            "types = {'name': str, 'uid': int, 'host': str, 'topology_mode': str, 'gpu_uuids': list,",
            "         'pipe_directory': str, 'log_directory': str, 'pid': int, 'process_start_ticks': int, 'created_at': float}",
            "problems = []",
            "if set(rec) != set(types): problems.append('keys %s' % sorted(rec))",
            "for k, t in types.items():",
            "    if k in rec and (type(rec[k]) is not t): problems.append('%s is %s' % (k, type(rec[k]).__name__))",
            "if not all(isinstance(u, str) for u in rec.get('gpu_uuids', [])): problems.append('gpu_uuids items')",
            "for k in ('pipe_directory', 'log_directory'):",
            "    if not os.path.isabs(rec.get(k, '')): problems.append(k + ' not absolute')",
            "if rec.get('uid') != os.getuid(): problems.append('uid differs from os.getuid()')",
            "if rec.get('host') != socket.gethostname(): problems.append('host differs from socket.gethostname()')",
            "if text != json.dumps(rec, indent=2, sort_keys=True) + '\\n': problems.append('text differs from json.dumps')",
            "print('OK' if not problems else '; '.join(problems))");

    /**
     * A consumer written against uni-cumps's keys: checks one output against a golden shape with
     * Python's own types (int is not float, bool is not int), as {@code json.loads} gives them.
     */
    static final String CHECK_LIKE_UNI_CUMPS_CONSUMER = String.join("\n",
            "import json, os, sys",
            "shapes, name, text = sys.argv[1], sys.argv[2], sys.stdin.read()",
            "def load(n): return json.load(open(os.path.join(shapes, n + '.json')))",
            "TYPES = {'str': (str,), 'int': (int,), 'float': (float,), 'bool': (bool,)}",
            "def check(spec, v, where, out):",
            "    if isinstance(spec, str):",
            "        base = spec.rstrip('?')",
            "        if v is None:",
            "            if not spec.endswith('?'): out.append(where + ': null')",
            "        elif type(v) not in TYPES[base]: out.append('%s: %s is not %s' % (where, type(v).__name__, base))",
            "    elif isinstance(spec, list):",
            "        if type(v) is not list: out.append(where + ': not a list'); return",
            "        for i, item in enumerate(v): check(spec[0], item, '%s[%d]' % (where, i), out)",
            "    elif '$const' in spec:",
            "        if v != spec['$const']: out.append('%s: %r' % (where, v))",
            "    elif '$enum' in spec:",
            "        if v not in spec['$enum']: out.append('%s: %r' % (where, v))",
            "    elif '$oneOf' in spec:",
            "        tries = []",
            "        for alt in spec['$oneOf']:",
            "            t = []; check(alt, v, where, t); tries.append(t)",
            "        if all(tries): out.append(where + ': ' + ' | '.join('; '.join(t) for t in tries))",
            "    else:",
            "        if type(v) is not dict: out.append(where + ': not an object'); return",
            "        if '$map' in spec:",
            "            for k, x in v.items(): check(spec['$map'], x, where + '.' + k, out)",
            "            return",
            "        if '$ref' in spec: check(load(spec['$ref']), v, where, out)",
            "        for k, s in spec.items():",
            "            if k.startswith('$'): continue",
            "            if k not in v: out.append(where + '.' + k + ': missing')",
            "            else: check(s, v[k], where + '.' + k, out)",
            "problems = []",
            "check(load(name), json.loads(text), '$', problems)",
            "print('OK' if not problems else '; '.join(problems))");

    @BeforeEach
    void needsPython() {
    }

    @Test
    void recordWrittenLikeUniCumpsIsListedExportedAndStopped(CumpsHarness h) throws Exception {
        Path pipe = h.privateDir("py/pipe");
        Path log = h.privateDir("py/log");
        long pid = h.startDaemonByHand(pipe, log);
        String printed = h.python(WRITE_LIKE_UNI_CUMPS, h.records().toString(), "fromuni", GPU0, pipe.toString(), log.toString())
                .assertOk().stdout().strip();
        assertEquals(Long.toString(pid), printed);
        assertTrue(Files.readString(h.recordFile("fromuni")).matches("(?s).*\"created_at\": \\d+\\.\\d+,.*"));

        JsonNode sj = h.cumps("status", "--json").assertOk().json();
        JsonNode listed = find(sj.get("managed_daemons"), "name", "fromuni");
        assertEquals("live", listed.get("record_state").asText());
        assertEquals(List.of("fromuni"), LifecycleE2eTest.strings(
                find(sj.get("control_pipes"), "path", pipe.resolve("control").toString()).get("managed_names")));

        List<String> env = LifecycleE2eTest.evalInSh(h, h.cumps("env", "--name", "fromuni").assertOk().stdout());
        assertEquals(List.of(GPU0, pipe.toString(), log.toString()), env);

        JsonNode stopped = h.cumps("stop", "--name", "fromuni").assertOk().json();
        assertEquals(pid, stopped.get("stopped").get(0).get("pid").asLong());
        assertTrue(Procs.awaitGone(pid, CumpsHarness.PATIENCE), "the uni-cumps daemon was stopped");
        assertFalse(Files.exists(h.recordFile("fromuni")));
    }

    @Test
    void recordWrittenByCumpsReadsBackInPythonExactly(CumpsHarness h) {
        long pid = h.pidOf(h.cumps("start", "--name", "touni").assertOk());
        String verdict = h.python(READ_LIKE_UNI_CUMPS, h.recordFile("touni").toString()).assertOk().stdout().strip();
        assertEquals("OK", verdict);
        h.cumps("stop", "--name", "touni").assertOk();
        assertTrue(Procs.awaitGone(pid, CumpsHarness.PATIENCE));
    }
    /** status, doctor, env, start and stop output, read by a Python consumer written for uni-cumps's keys. */
    @Test
    void aPythonConsumerWrittenForUniCumpsReadsEveryJsonOutputUnchanged(CumpsHarness h) {
        String shapes = CONTRACT_SHAPES.toString();
        Map<String, CumpsHarness.Run> outputs = new LinkedHashMap<>();
        CumpsHarness.Run start = h.cumps("start", "--name", "py").assertOk();
        long pid = h.pidOf(start);
        outputs.put("start", start);
        outputs.put("status", h.cumps("status", "--json").assertOk());
        outputs.put("doctor", h.cumps("doctor", "--json").assertOk());
        outputs.put("env", h.cumps("env", "--name", "py", "--json").assertOk());
        outputs.put("stop", h.cumps("stop", "--name", "py").assertOk());
        for (Map.Entry<String, CumpsHarness.Run> o : outputs.entrySet()) {
            String verdict = h.exec(List.of(CumpsHarness.python3().toString(), "-c", CHECK_LIKE_UNI_CUMPS_CONSUMER, shapes,
                    o.getKey()), Map.of(), o.getValue().stdout()).assertOk().stdout().strip();
            assertEquals("OK", verdict, o.getKey() + ": " + o.getValue());
        }
        assertTrue(Procs.awaitGone(pid, CumpsHarness.PATIENCE));
    }
}
