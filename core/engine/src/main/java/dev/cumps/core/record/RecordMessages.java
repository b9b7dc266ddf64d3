package dev.cumps.core.record;

import dev.cumps.core.message.MessageKey;

/** The texts of {@code record}: record store refusals, unreadable-record reasons and record states. */
public enum RecordMessages implements MessageKey {
    INVALID_NAME("invalid daemon name '{0}': use 1-64 lowercase letters, digits and dashes, starting with a letter or digit"),
    DIRECTORY_NAME_INVALID("directory name '{0}' is not a valid daemon name; neither cumps nor uni-cumps wrote it"),
    NAME_MISMATCH("record names daemon '{0}' but lives in directory '{1}'"),
    /** {0}: what the read failed with (raw). */
    CANNOT_READ("cannot read: {0}"),
    CANNOT_LIST("cannot list records in {0}: {1}"),
    ALREADY_EXISTS("a record for '{0}' already exists at {1}; it was not overwritten"),
    CANNOT_WRITE("cannot write record {0}: {1}"),
    CANNOT_REMOVE("cannot remove record {0}: {1}"),
    CANNOT_QUARANTINE("cannot move stale record {0} aside to {1}: {2}"),
    NAME_BUSY("another cumps is starting or stopping '{0}' right now; wait for it to finish and try again"),
    /** {0}: the busy message of the resource. */
    INTERRUPTED_WAITING("interrupted while waiting: {0}"),
    /** {0}: the lock file; {1}: why (a message or raw text); {2}: the daemon name or resource key. */
    CANNOT_LOCK("cannot lock {0}: {1}; remove it if nothing is starting or stopping '{2}'"),
    DIRECTORY_IS_LINK("directory {0} is a symbolic link"),
    NOT_A_DIRECTORY("{0} is not a directory"),
    DIRECTORY_FOREIGN_OWNER("directory {0} is owned by uid {1}, not by uid {2} who owns {3}"),
    CANNOT_INSPECT("cannot inspect {0}: {1}"),
    /** {0}: the directory; {1}: its mode in octal. */
    DIRECTORY_WRITABLE("directory {0} can be written by group or others (mode {1})"),
    /** {0}: the records folder; {1}: why the trust rule refuses it. */
    ROOT_UNTRUSTED("the records folder {0} is not used: {1}. cumps keeps and reads records only in a folder that you or root own"
            + " and no one else can write, under folders no one else can change (docs/security.md)"),
    /** {0}: one of the directory problems above. */
    UNSAFE_DIRECTORY("{0}; remove or move it and try again"),
    NOT_AN_OBJECT("daemon.json is not a JSON object"),
    FIELD_NOT_A_LIST("field {0} is not a list"),
    FIELD_HOLDS_NON_STRING("field {0} holds a non-string"),
    FIELD_MISSING("field {0} is missing"),
    FIELD_NOT_A_STRING("field {0} is not a string"),
    FIELD_HAS_NUL("field {0} contains a NUL character"),
    FIELD_OUT_OF_BOUNDS("field {0} is out of range: {1} (allowed {2}..{3})"),
    FIELD_NOT_AN_INTEGER("field {0} is not an integer"),
    FIELD_OUT_OF_RANGE("field {0} is out of range: {1}"),
    FIELD_NOT_A_NUMBER("field {0} is not a number"),
    FIELD_NOT_A_SIZE("field {0} is not a size such as 512M or 8G: {1}"),
    FIELD_INVALID_PATH("field {0} is not a valid path: {1}"),
    FIELD_NOT_ABSOLUTE("field {0} is not an absolute path: {1}"),
    /** The owner of a foreign record. */
    OWNER("uid {0} on host {1}"),
    STATE_LIVE("live"),
    STATE_STALE("stale"),
    STATE_UNREADABLE("unreadable"),
    STATE_FOREIGN("foreign"),
    // the verified live own daemon (Liveness.verifiedOwnLive): refusals before a command is sent to a daemon
    VERIFY_NO_RECORD("no record named '{0}'; only daemons recorded by cumps or uni-cumps can be acted on (see `cumps status`)"),
    /** {1}: the record's owner ({@link #OWNER}). */
    VERIFY_FOREIGN("record '{0}' belongs to {1}; only its owner on that host can act on it"),
    /** {1}: why it could not be read. */
    VERIFY_UNREADABLE("record '{0}' is unreadable ({1}); `cumps stop --name {0}` moves it aside"),
    VERIFY_STALE("daemon '{0}' is not running (pid {1} is gone or reused); `cumps stop --name {0}` removes its stale record"),
    VERIFY_PIPE_SERVED_BY_OTHER("pipe directory {0} is served by pid {1}, not by the recorded pid {2}; nothing was sent"),
    VERIFY_PID_NOT_ON_PIPE("pid {0} was not started with CUDA_MPS_PIPE_DIRECTORY={1}, so another daemon may serve that directory;"
            + " nothing was sent"),
    VERIFY_PIPE_UNVERIFIABLE("the pid file in {0} is missing or unreadable, and the environment of pid {1} does not show its pipe"
            + " directory, so another daemon may serve that directory; nothing was sent"),
    /** {0}: the record name; {1}: why the trust rule refuses its pipe directory. */
    VERIFY_PIPE_UNTRUSTED("the pipe directory of '{0}' is not one cumps talks through: {1}; nothing was sent");

    private final String english;

    RecordMessages(String english) {
        this.english = english;
    }

    @Override
    public String area() {
        return "record";
    }

    @Override
    public String english() {
        return english;
    }
}
