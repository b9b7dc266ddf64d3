package dev.cumps.core.lifecycle;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class BackoffTest {
    private static List<Long> pauses(Backoff backoff, int n) {
        List<Long> millis = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            millis.add(backoff.next().toMillis());
        }
        return millis;
    }

    @Test
    void startsAtOneMillisecondAndDoublesUpToTheCap() {
        assertEquals(List.of(1L, 2L, 4L, 8L, 16L, 16L, 16L), pauses(new Backoff(Duration.ofMillis(100)), 7));
    }

    @Test
    void aShorterConfiguredPollIsTheCap() {
        assertEquals(List.of(1L, 2L, 4L, 5L, 5L), pauses(new Backoff(Duration.ofMillis(5)), 5));
        assertEquals(List.of(1L, 1L), pauses(new Backoff(Duration.ZERO), 2));
    }
}
