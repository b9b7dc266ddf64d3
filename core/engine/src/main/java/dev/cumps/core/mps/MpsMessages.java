package dev.cumps.core.mps;

import dev.cumps.core.message.MessageKey;

/** Every text of the MPS runtime directories and the control program's settings that a user sees. */
public enum MpsMessages implements MessageKey {
    ENV_NAME_INVALID("invalid --env name '{0}': use letters, digits and underscores, not starting with a digit (--env NAME=VALUE)"),
    ENV_NAME_RESERVED("--env {0} is set by cumps itself; use --gpus, --pipe-dir or --log-dir instead"),
    ENV_VALUE_NUL("--env {0} contains a NUL byte, which no environment can hold"),
    SOCKET_PATH_TOO_LONG("control socket path {0} is {1} bytes, over the {2}-byte limit for Unix sockets; choose a shorter --pipe-dir"),
    SYMBOLIC_LINK("{0} is a symbolic link; refusing to use it as an MPS runtime directory. Remove it or choose another directory"),
    PARENT_NOT_DIRECTORY("{0} exists but is not a directory, so {1} cannot be created; choose another directory"),
    CANNOT_RESOLVE("cannot resolve {0}: {1}"),
    CANNOT_INSPECT("cannot inspect {0}: {1}"),
    PARENT_FOREIGN_OWNER("{0} (a parent of {1}) is owned by uid {2}, who could replace {1}; choose a directory whose parents only"
            + " you and root can change"),
    PARENT_WRITABLE("{0} (a parent of {1}) has mode {2}: others can write to it and it is not sticky, so they could replace {1};"
            + " choose a directory whose parents only you and root can change"),
    NO_DIRECTORY_IDENTITY("cannot tell the identity of {0} on this filesystem; choose another directory"),
    NOT_A_DIRECTORY("{0} exists but is not a directory; remove it or choose another directory"),
    DIRECTORY_FOREIGN_OWNER("{0} is owned by uid {1}, not by you (uid {2}); refusing to use another user's directory. Choose another"
            + " directory"),
    DIRECTORY_MODE("{0} has mode {1}, expected rwx------ (0700); run `chmod 700 {0}` or choose another directory"),
    CANNOT_CREATE_DIRECTORY("cannot create directory {0}: {1}"),
    LIMIT_PERCENTAGE_INVALID("invalid active thread percentage '{0}': give a whole number from 1 to 100, e.g. 25"),
    LIMIT_SIZE_INVALID("invalid pinned memory limit '{0}': give a whole number of mebibytes or gibibytes, e.g. 512M or 8G"),
    // limits: applying limits through the control program; {0} is the command sent on stdin
    LIMIT_NOT_ANSWERED("the control daemon did not answer `{0}` in time; check it with `cumps doctor`"),
    LIMIT_NO_DAEMON("no control daemon answered `{0}`; it has stopped (see `cumps status`)"),
    /** {1}: why the control program failed ({@code exec} text). */
    LIMIT_COMMAND_FAILED("`{0}` failed: {1}"),
    /** {0}: the command word the daemon does not know; {1}: its reply. */
    LIMIT_NOT_SUPPORTED("this driver's control daemon does not know {0} (it answered: {1}): the limit is not supported by this"
            + " driver branch; leave it out"),
    /** {0}: the value given; {1}: the variable's name. */
    CONTROL_CLIENT_INVALID("invalid {1}={0}: use {1}=nvidia (NVIDIA's nvidia-cuda-mps-control) or {1}=builtin (cumps's own client),"
            + " or leave it unset"),
    LIMIT_COMMAND_REFUSED("the control daemon refused `{0}` ({1}); this driver may not support the limit");

    private final String english;

    MpsMessages(String english) {
        this.english = english;
    }

    @Override
    public String area() {
        return "mps";
    }

    @Override
    public String english() {
        return english;
    }
}
