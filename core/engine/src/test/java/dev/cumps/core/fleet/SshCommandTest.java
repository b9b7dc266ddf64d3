package dev.cumps.core.fleet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cumps.core.host.HostEnvironment;
import dev.cumps.core.host.HostPaths;
import dev.cumps.core.message.CumpsException;
import dev.cumps.core.mps.MpsLimits;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class SshCommandTest {

    @Test
    void destinationsAreWhatAUserTypesAfterSshAndNothingAShellWouldRead() {
        for (String ok : List.of("gpu3", "me@gpu3", "gpu3.lab.example.org", "lab_gpu-3", "_svc@10.0.0.7", "a")) {
            assertEquals(ok, Destination.of(ok).value());
        }
        for (String bad : List.of("x; touch /tmp/pwned", "$(id)", "`id`", "a b", "'q'", "\"q\"", "-oProxyCommand=x", "-x",
                "me@-x", "@host", "me@", "a@b@c", "host:22", "host/x", "ssh://host", "h\nx", "", "é", "h|x", "h&x", "h>x")) {
            CumpsException e = assertThrows(CumpsException.class, () -> Destination.of(bad), bad);
            assertTrue(e.getMessage().contains("is not a host"), e.getMessage());
        }
        assertFalse(Destination.problem("gpu3").isPresent());
        assertThrows(CumpsException.class, () -> Destination.of(null));
    }

    @Test
    void theArgvIsFixedOptionsThenDashDashThenTheDestinationThenFixedWords() {
        List<String> argv = SshCommand.argv(Destination.of("me@gpu3"), RemoteCommand.status(), Duration.ofSeconds(7));
        assertEquals(List.of("ssh", "-T", "-o", "BatchMode=yes", "-o", "ConnectTimeout=7", "-o", "StrictHostKeyChecking=yes",
                "-o", "UpdateHostKeys=no", "-o", "ForwardAgent=no", "-o", "ForwardX11=no", "-o", "ClearAllForwardings=yes",
                "-o", "PermitLocalCommand=no", "-o", "ControlMaster=no", "--", "me@gpu3",
                "cumps", "--version", "&&", "cumps", "status", "--json"), argv);
        assertFalse(String.join(" ", argv).contains("accept-new"));
        assertEquals(List.of("cumps", "stop", "--name", "gpu-0"), RemoteCommand.stop("gpu-0").words());
        assertEquals(List.of("cumps", "start", "--gpus", "0,1", "--name", "pair"), RemoteCommand.start("0,1", "pair").words());
        assertEquals(List.of("cumps", "start"), RemoteCommand.start(null, null).words());
        assertEquals(List.of("cumps", "limits", "--name", "a", "--set-active-thread-percentage", "40"),
                RemoteCommand.limits("a", new MpsLimits(OptionalInt.of(40), OptionalLong.empty()), false).words());
        assertEquals(List.of("cumps", "limits", "--name", "a", "--json", "--set-active-thread-percentage", "25", "--set-pinned-mem-limit", "1G"),
                RemoteCommand.limits("a", MpsLimits.parse(Optional.of("25"), Optional.of("1024M")), true).words());
        assertEquals(List.of("cumps", "limits", "--name", "a", "--set-pinned-mem-limit", "512M"),
                RemoteCommand.limits("a", MpsLimits.parse(Optional.empty(), Optional.of("512m")), false).words());
        assertEquals(List.of("cumps", "limits", "--name", "a", "--json"), RemoteCommand.limits("a").words());
    }

    @Test
    void everyCumpsRunIsBoundedOnTheHostByTimeoutWithinTheDeadline() {
        assertEquals(List.of("timeout", "--kill-after=2", "12", "cumps", "--version", "&&", "timeout", "--kill-after=2", "12", "cumps",
                "status", "--json"), RemoteCommand.status().bounded(Duration.ofSeconds(15)).words());
        assertEquals(List.of("timeout", "--kill-after=2", "57", "cumps", "stop", "--name", "gpu-0"),
                RemoteCommand.stop("gpu-0").bounded(Duration.ofSeconds(60)).words());
        // TERM at the limit and KILL two seconds later still come before the deadline; never below one second
        assertEquals(12, RemoteCommand.remoteSeconds(Duration.ofSeconds(15)));
        assertEquals(1, RemoteCommand.remoteSeconds(Duration.ofSeconds(2)));
        HostEnvironment host = new HostEnvironment(Map.of("HOME", "/home/me", "PATH", "/usr/bin"), 1000, "here", "Linux",
                HostPaths.under(Path.of("/nonexistent")));
        List<String> argv = SshCommand.spec(host, Destination.of("gpu3"), RemoteCommand.doctor(), Duration.ofSeconds(20)).argv();
        assertEquals(List.of("--", "gpu3", "timeout", "--kill-after=2", "17", "cumps", "doctor", "--json"),
                argv.subList(argv.indexOf("--"), argv.size()));
        // the option form is the only one with '=' and digits that passes as an option word
        assertThrows(IllegalArgumentException.class, () -> new RemoteCommand(List.of("--kill-after=$(id)")));
        assertThrows(IllegalArgumentException.class, () -> new RemoteCommand(List.of("--x=1;id")));
    }

    @Test
    void namesAndSelectorsAreValidatedBeforeAnyWordIsBuilt() {
        assertThrows(CumpsException.class, () -> RemoteCommand.stop("$(id)"));
        assertThrows(CumpsException.class, () -> RemoteCommand.stop("a;b"));
        assertThrows(CumpsException.class, () -> RemoteCommand.start("0;id", null));
        assertThrows(CumpsException.class, () -> RemoteCommand.start("0 1", null));
        assertThrows(CumpsException.class, () -> RemoteCommand.env("Upper"));
        assertEquals("GPU-5f0c1a2e-0000-4000-8000-000000000000", RemoteCommand.selector("GPU-5f0c1a2e-0000-4000-8000-000000000000"));
        assertThrows(IllegalArgumentException.class, () -> new RemoteCommand(List.of("cumps", "$(id)")));
        assertThrows(IllegalArgumentException.class, () -> new RemoteCommand(List.of("cumps", "a b")));
        assertThrows(CumpsException.class, () -> RemoteCommand.limits("$(id)", MpsLimits.NONE, true));
    }

    @Test
    void onlyLinesOfTheCumpsGrammarAreSentToAHost() {
        // each a line the host's cumps would refuse as a usage error
        assertThrows(IllegalArgumentException.class, () -> RemoteCommand.grammatical(List.of("cumps", "status", "--name", "a")));
        assertThrows(IllegalArgumentException.class, () -> RemoteCommand.grammatical(List.of("cumps", "stop", "--bogus")));
        assertThrows(IllegalArgumentException.class, () -> RemoteCommand.grammatical(List.of("cumps", "limits", "--set-pinned-mem-limit", "8G")));
        assertThrows(IllegalArgumentException.class, () -> RemoteCommand.grammatical(List.of("cumps", "stop", "--all", "--name", "a")));
        assertThrows(IllegalArgumentException.class, () -> RemoteCommand.grammatical(List.of("cumps", "--version", "&&", "status")));
        assertThrows(IllegalArgumentException.class, () -> RemoteCommand.grammatical(List.of("cumps", "env", "--json", "--json")));
        assertEquals(List.of("cumps", "limits", "--name", "a", "--set-pinned-mem-limit", "8G"),
                RemoteCommand.grammatical(List.of("cumps", "limits", "--name", "a", "--set-pinned-mem-limit", "8G")).words());
    }

    @Test
    void sshGetsOnlyTheCallersAgentHomePathAndAccountAndEnglishMessages() {
        HostEnvironment host = new HostEnvironment(Map.of("HOME", "/home/me", "PATH", "/usr/bin:/bin", "SSH_AUTH_SOCK", "/run/agent",
                "USER", "me", "LD_PRELOAD", "/evil.so", "DISPLAY", ":0", "SSH_ASKPASS", "/x", "CUDA_VISIBLE_DEVICES", "0", "LANG", "zh_CN.UTF-8"),
                1000, "here", "Linux", HostPaths.under(Path.of("/nonexistent")));
        assertEquals(Map.of("HOME", "/home/me", "PATH", "/usr/bin:/bin", "SSH_AUTH_SOCK", "/run/agent", "USER", "me", "LC_ALL", "C"),
                SshCommand.environment(host));
        var spec = SshCommand.spec(host, Destination.of("gpu3"), RemoteCommand.doctor(), Duration.ofSeconds(15));
        assertEquals(Duration.ofSeconds(15), spec.timeout());
        assertEquals("", spec.stdin());
        assertTrue(spec.argv().contains("ConnectTimeout=7"), spec.argv().toString());
    }

    /** A refused host name is quoted in the error with control characters escaped and at most 200 characters. */
    @Test
    void aRefusedNameIsShownPrintableAndCut() {
        assertEquals("a\\x1bb\\x0a\\x7fc\u00e9", Destination.printable("a\u001bb\n\u007fc\u00e9"));
        assertEquals("x".repeat(200), Destination.printable("x".repeat(300)));
        assertEquals("", Destination.printable(null));
        assertEquals(" ~", Destination.printable(" ~"), "the printable edges stay");
    }
}
