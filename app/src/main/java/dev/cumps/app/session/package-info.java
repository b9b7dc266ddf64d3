/**
 * The host the window works on, below the window (it uses only core and the simulator;
 * {@code ProjectRules.SESSION_USES_ONLY_CORE}): {@code HostSession} (the real host, or with {@code --simulate} a
 * private simulated one, cleaned up on close), {@code SimulateDemo} (the demo daemon with two clients),
 * {@code SessionGuard} (the small second JVM that finishes the clean-up when the console's JVM ended without it) and
 * {@code SandboxCleanup} (that clean-up, used by both, so that the session and its guard do not call each other);
 * {@code ControlClientChoice} is View → Control client's choice (automatic, or NVIDIA's program for every question).
 */
package dev.cumps.app.session;
