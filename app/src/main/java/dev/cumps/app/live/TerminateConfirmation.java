package dev.cumps.app.live;

/**
 * What the terminate confirmation shows, as the core found the client right before asking (the
 * core checks daemon, server and client again when it terminates): the client's pid, user and
 * command, its server and daemon.
 */
public record TerminateConfirmation(String daemon, long clientPid, String pid, String user, String command, String server) {
}
