package dev.cumps.e2e;

import static dev.cumps.e2e.CumpsHarness.DEFAULT_NAME;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.cumps.e2e.CumpsHarness.Run;
import dev.cumps.e2e.SshHosts.Cumps;
import dev.cumps.e2e.SshHosts.Trust;
import dev.cumps.sim.testing.SimHost;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@code cumps hosts} and {@code cumps fleet} against real OpenSSH: sshd instances on loopback ports,
 * each a host with its own simulated NVIDIA machine (see {@link SshHosts}). CI installs
 * openssh-server; where sshd is missing the test fails naming the package (it never skips).
 */
@ExtendWith(CumpsExtension.class)
class FleetE2eTest {

    @Test
    void readsAHealthyHostStartsAndStopsADaemonThereAndNamesEveryOtherHostsState(CumpsHarness h) throws Exception {
        assertTrue(SshHosts.available(), "OpenSSH is needed: apt-get install openssh-server (CI's .ci/run installs it)");
        try (SshHosts hosts = new SshHosts(h)) {
            SimHost healthy = hosts.add("healthy", Cumps.REAL, Trust.KNOWN);
            hosts.add("stranger", Cumps.REAL, Trust.UNKNOWN);
            hosts.add("changed", Cumps.REAL, Trust.CHANGED);
            hosts.add("wrongkey", Cumps.REAL, Trust.WRONG_CLIENT_KEY);
            hosts.add("bare", Cumps.MISSING, Trust.KNOWN);
            hosts.add("chatty", Cumps.GARBAGE, Trust.KNOWN);
            hosts.add("stuck", Cumps.HANGS, Trust.KNOWN);
            hosts.addClosedPort("closed");
            for (String host : List.of("healthy", "stranger", "changed", "wrongkey", "bare", "chatty", "stuck", "closed")) {
                h.cumps("hosts", "add", host).assertOk();
            }
            assertEquals(List.of("healthy", "stranger", "changed", "wrongkey", "bare", "chatty", "stuck", "closed"),
                    h.cumps("hosts", "list").assertOk().stdout().lines().toList());
            Path hostsFile = h.home.resolve(".config/mps-console/hosts");
            assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(hostsFile)));

            // start a daemon on the healthy host, through its own cumps
            Run start = h.cumps("fleet", "start", "healthy").assertOk();
            JsonNode record = start.json();
            assertEquals(DEFAULT_NAME, record.get("name").asText());
            assertTrue(Files.isRegularFile(healthy.records().resolve(DEFAULT_NAME).resolve("daemon.json")),
                    "the record is on the healthy host, not here");
            assertFalse(Files.exists(h.recordFile(DEFAULT_NAME)), "nothing was started on the client");

            // every host's state, in one read bounded by one deadline
            Run fleet = h.cumps("fleet", "status", "--json", "--timeout", "20");
            assertEquals(1, fleet.exitCode(), fleet.toString());
            JsonNode all = fleet.json().get("hosts");
            // keys sorted, as every cumps JSON document
            assertEquals(List.of("bare", "changed", "chatty", "closed", "healthy", "stranger", "stuck", "wrongkey"), fieldNames(all));
            assertEquals("reachable", all.get("healthy").get("state").asText(), fleet.toString());
            JsonNode status = all.get("healthy").get("status");
            assertEquals(1, status.get("managed_daemons").size());
            assertEquals("live", status.get("managed_daemons").get(0).get("record_state").asText());
            assertEquals(record.get("pid").asLong(), status.get("managed_daemons").get(0).get("pid").asLong());
            assertTrue(all.get("healthy").get("cumps_version").asText().matches("[0-9].*"), fleet.toString());
            assertEquals("host_key_unknown", all.get("stranger").get("state").asText(), fleet.toString());
            assertEquals("host_key_changed", all.get("changed").get("state").asText(), fleet.toString());
            assertEquals("auth_failed", all.get("wrongkey").get("state").asText(), fleet.toString());
            assertEquals("cumps_missing", all.get("bare").get("state").asText(), fleet.toString());
            assertEquals("garbage", all.get("chatty").get("state").asText(), fleet.toString());
            assertEquals("timed_out", all.get("stuck").get("state").asText(), fleet.toString());
            assertEquals("timed out after 20 s", all.get("stuck").get("message").asText());
            assertEquals("connection_refused", all.get("closed").get("state").asText(), fleet.toString());
            assertEquals("error: 7 host(s) did not answer\n", fleet.stderr());
            // the hung cumps does not outlive the read on its host: the host's own timeout ended it (ending ssh here would not)
            List<Long> hung = hosts.hungPids("stuck");
            assertEquals(1, hung.size(), hung.toString());
            for (long pid : hung) {
                assertTrue(Procs.awaitGone(pid, CumpsHarness.PATIENCE), "the hung cumps " + pid + " still runs on its host after the deadline");
            }

            // the same, one line per host
            Run lines = h.cumps("fleet", "status", "--timeout", "20");
            assertEquals(1, lines.exitCode(), lines.toString());
            List<String> out = lines.stdout().lines().toList();
            assertEquals(8, out.size(), lines.toString());
            assertTrue(out.get(0).startsWith("healthy   reachable  cumps=") && out.get(0).contains(" live=1 stale=0 " + DEFAULT_NAME + "=live"),
                    lines.toString());
            assertTrue(out.get(1).startsWith("stranger  host key unknown"), lines.toString());
            assertTrue(out.get(6).startsWith("stuck     timed out after 20 s"), lines.toString());
            List<Long> hungAgain = hosts.hungPids("stuck");
            assertEquals(2, hungAgain.size(), hungAgain.toString());
            assertTrue(Procs.awaitGone(hungAgain.get(1), CumpsHarness.PATIENCE), "the second hung cumps still runs on its host");

            // set its limits there: values checked here, then `cumps limits --name N --json --set-...` on the host
            Run limits = h.cumps("fleet", "limits", "healthy", "--name", DEFAULT_NAME, "--json", "--set-active-thread-percentage", "40",
                    "--set-pinned-mem-limit", "1024m").assertOk();
            JsonNode set = limits.json().get("daemons").get(0);
            assertEquals(DEFAULT_NAME, set.get("name").asText(), limits.toString());
            assertEquals(40, set.get("recorded").get("active_thread_percentage").asInt(), limits.toString());
            assertEquals("1G", set.get("recorded").get("pinned_device_mem_limit").asText(), limits.toString());
            assertEquals(40.0, set.get("current").get("active_thread_percentage").asDouble(), limits.toString());
            JsonNode hostRecord = new ObjectMapper().readTree(healthy.records().resolve(DEFAULT_NAME).resolve("daemon.json").toFile());
            assertEquals(40, hostRecord.get("mps_active_thread_percentage").asInt(), "the host's record holds the new limit: " + hostRecord);
            // read back as text, and a bad value refused here (usage, exit 2) before ssh runs
            assertTrue(h.cumps("fleet", "limits", "healthy", "--name", DEFAULT_NAME).assertOk().stdout().contains("40"), limits.toString());
            Run bad = h.cumps("fleet", "limits", "healthy", "--name", DEFAULT_NAME, "--set-active-thread-percentage", "140");
            assertEquals(2, bad.exitCode(), bad.toString());

            // stop it there: the host's cumps verifies pid and start time and removes its record
            h.cumps("fleet", "stop", "healthy", "--name", DEFAULT_NAME).assertOk();
            assertFalse(Files.exists(healthy.records().resolve(DEFAULT_NAME).resolve("daemon.json")));
            assertFalse(SimHost.running(record.get("pid").asLong()), "the daemon on the healthy host stopped");

            // a host whose key changed is refused for actions too, with the state in words
            String refused = h.cumps("fleet", "stop", "changed", "--name", DEFAULT_NAME).assertOneLineError();
            assertTrue(refused.contains("host key changed"), refused);

            // only the healthy host left: every host answers, exit 0
            for (String host : List.of("stranger", "changed", "wrongkey", "bare", "chatty", "stuck", "closed")) {
                h.cumps("hosts", "remove", host).assertOk();
            }
            Run one = h.cumps("fleet", "status", "--json").assertOk();
            assertEquals(0, one.json().get("hosts").get("healthy").get("status").get("managed_daemons").size());
        }
    }

    @Test
    void namesThatAShellWouldReadAreRefusedLocallyAndNothingRuns(CumpsHarness h) throws Exception {
        Path pwned = h.root.resolve("pwned");
        List<String> hostile = List.of("x; touch " + pwned, "$(touch " + pwned + ")", "`touch " + pwned + "`", "a b", "'quoted'",
                "\"dq\"", "-oProxyCommand=touch " + pwned, "-x", "host|touch", "user@@host", "host/x", "host:22");
        for (String name : hostile) {
            // `--` so that picocli hands even "-x" to the command, whose own check must refuse it
            String line = h.cumps("hosts", "add", "--", name).assertOneLineError();
            assertTrue(line.contains("is not a host"), line);
            line = h.cumps("fleet", "start", "--", name).assertOneLineError();
            assertTrue(line.contains("is not a host"), line);
        }
        // names and selectors for the host's cumps are checked here, before ssh runs
        Path log = h.root.resolve("ssh-ran");
        Files.writeString(h.bin.resolve("ssh"), "#!/bin/sh\necho ran >> " + log + "\nexit 255\n");
        Files.setPosixFilePermissions(h.bin.resolve("ssh"), PosixFilePermissions.fromString("rwx------"));
        String line = h.cumps("fleet", "stop", "gpu3", "--name", "$(touch " + pwned + ")").assertOneLineError();
        assertTrue(line.contains("invalid") || line.contains("name"), line);
        line = h.cumps("fleet", "start", "gpu3", "--gpus", "0;touch " + pwned).assertOneLineError();
        assertTrue(line.contains("is not a GPU selector"), line);
        assertFalse(Files.exists(pwned), "no shell ran the name");
        assertFalse(Files.exists(log), "ssh never ran for a refused name");
        assertFalse(Files.exists(h.home.resolve(".config/mps-console/hosts")), "no host was stored");
        // the fake ssh does run for a valid request: the check above can fail
        h.cumps("fleet", "stop", "gpu3", "--name", "ok").assertOneLineError();
        assertTrue(Files.exists(log));
    }

    private static List<String> fieldNames(JsonNode node) {
        List<String> names = new ArrayList<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }
}
