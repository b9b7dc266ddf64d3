package dev.cumps.core.doctor.checks;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.cumps.core.doctor.CheckStatus;
import dev.cumps.core.doctor.DoctorText;
import dev.cumps.core.doctor.Finding;
import dev.cumps.core.host.HostEnvironment;
import dev.cumps.core.testing.Sandbox;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class PlatformCheckTest {
    private final Sandbox sb = new Sandbox();

    @AfterEach
    void cleanUp() {
        sb.close();
    }

    @Test
    void linuxPasses() {
        Finding f = CheckFixture.evaluate(new PlatformCheck(), sb);

        assertEquals(CheckStatus.PASS, f.status());
        assertEquals("Linux", f.observed().english());
        assertEquals("Linux", f.expected().english());
    }

    @Test
    void anotherPlatformFailsNamingItAndSayingMpsNeedsLinux() {
        HostEnvironment mac = new HostEnvironment(Map.of("PATH", "/usr/bin"), sb.uid, "mac", "Mac OS X", sb.host().paths());

        Finding f = new PlatformCheck().evaluate(CheckFixture.context(sb, mac, null));

        assertEquals(CheckStatus.FAIL, f.status());
        assertEquals("Mac OS X", f.observed().english());
        assertEquals(DoctorText.PLATFORM_REMEDY, f.remedy().orElseThrow().id());
        assertEquals("MPS runs only on Linux; use a Linux host", f.remedy().orElseThrow().english());
    }
}
