package dev.cumps.core.lifecycle;

import java.time.Duration;

/** Every wait in start and stop is bounded by one of these. */
public record LifecycleTimeouts(Duration launch, Duration socket, Duration answer, Duration exit, Duration poll) {
    public static LifecycleTimeouts defaults() {
        return new LifecycleTimeouts(Duration.ofSeconds(10), Duration.ofSeconds(15), Duration.ofSeconds(5),
                Duration.ofSeconds(10), Duration.ofMillis(100));
    }
}
