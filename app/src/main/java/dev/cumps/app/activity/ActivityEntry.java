package dev.cumps.app.activity;

import java.time.Instant;

/** One thing the user did in this window, when, and how it ended. */
public record ActivityEntry(Instant time, String action, boolean success, String outcome) {
}
