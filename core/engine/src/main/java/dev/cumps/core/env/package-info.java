/**
 * Concern: the launcher's environment.
 *
 * Main types: {@code EnvService} (which live record {@code env} speaks for; uses {@code Liveness}, not
 * {@code lifecycle}) → {@code LaunchEnvironment.text(EnvFormat)} (one renderer class per format: posix, fish, systemd,
 * docker, dotenv) and {@code jsonText()}.
 *
 * The renderers: {@code EnvRenderer} (one consumer's syntax, one class per {@code EnvFormat}): {@code PosixRenderer}
 * ({@code export NAME='value'}), {@code FishRenderer} ({@code set -gx}), {@code SystemdRenderer}
 * ({@code Environment="NAME=value"}), {@code DockerRenderer} ({@code --env 'NAME=value'} words) and
 * {@code DotenvRenderer} ({@code .env} lines); {@code EnvMessages} holds the texts.
 */
package dev.cumps.core.env;
