package dev.cumps.core.env;

import dev.cumps.core.message.MessageKey;

/** Every text {@code cumps env} and the window's environment pane show a user. */
public enum EnvText implements MessageKey {
    VALUE_HAS_NEWLINE("{0} of daemon '{1}' contains a newline or NUL; such a value cannot be exported safely. Restart the daemon"
            + " with another directory"),
    VALUE_HAS_CONTROL_CHARACTER("{0} of daemon '{1}' contains the control character U+{2}; such a value cannot be exported safely."
            + " Restart the daemon with another directory"),
    STALE("daemon '{0}' is stale (pid {1} is gone or reused); start it again with `cumps start --name {0}`"),
    RECORD_FOREIGN("record '{0}' belongs to {1}"),
    RECORD_UNREADABLE("record '{0}' is unreadable: {1}"),
    NO_RECORD("no record named '{0}' (see `cumps status`)"),
    NO_LIVE_DAEMON("no live daemon is recorded for you on this host; give --name (see `cumps status`)"),
    SEVERAL_LIVE_DAEMONS("{0} live daemons are recorded ({1}); choose one with --name");

    private final String english;

    EnvText(String english) {
        this.english = english;
    }

    @Override
    public String area() {
        return "env";
    }

    @Override
    public String english() {
        return english;
    }
}
