/**
 * Concern: the launcher's environment.
 *
 * Main types: {@code EnvService} (which live record {@code env} speaks for; uses {@code Liveness},
 * not {@code lifecycle}) → {@code LaunchEnvironment.text(EnvFormat)} (one renderer class per
 * format: posix, fish, systemd, docker, dotenv) and {@code jsonText()}.
 */
package dev.cumps.core.env;
