package dev.cumps.sim;

import dev.cumps.core.message.MessageKey;

/**
 * The texts of {@code sim} that the product shows: refusals of the simulation sandbox and
 * failures to attach a simulated client. The stand-in
 * tools' own output imitates NVIDIA's tools and is not a message.
 */
public enum SimMessages implements MessageKey {
    SANDBOX_IS_LINK("simulation sandbox {0} is a symbolic link, not a directory;"
            + " remove it (as its owner or root) or set TMPDIR to a private directory of yours"),
    SANDBOX_CANNOT_INSPECT("cannot inspect the simulation sandbox {0}: {1};"
            + " remove it (as its owner or root) or set TMPDIR to a private directory of yours"),
    SANDBOX_NOT_DIRECTORY("simulation sandbox {0} is not a directory;"
            + " remove it (as its owner or root) or set TMPDIR to a private directory of yours"),
    SANDBOX_FOREIGN_OWNER("simulation sandbox {0} is owned by uid {1}, not by you (uid {2});"
            + " remove it (as its owner or root) or set TMPDIR to a private directory of yours"),
    SANDBOX_OPEN_MODE("simulation sandbox {0} has mode {1}, not 700 (others could change what it runs);"
            + " remove it (as its owner or root) or set TMPDIR to a private directory of yours"),
    /** {0}: why a folder above the sandbox is unsafe (a message, or raw text). */
    SANDBOX_UNSAFE_PARENT("cannot use the simulation sandbox: {0} (or set TMPDIR to a private directory of yours)"),
    SANDBOX_CANNOT_CREATE("cannot create a simulation sandbox in {0}: {1}"),
    SANDBOX_CANNOT_PREPARE("cannot prepare the simulation sandbox {0}: {1}"),
    /** {0}: the sandbox's program folder. */
    SANDBOX_NOEXEC("the simulated NVIDIA programs in {0} cannot be run: its file system does not allow running programs (mounted"
            + " noexec); set TMPDIR to a folder of yours on a file system that does"),
    SANDBOX_CANNOT_REMOVE("cannot remove the simulation sandbox {0}: {1}"),
    /** {0}: the folder given; {1}: the TMPDIR a console's sandbox is made in. */
    SANDBOX_NOT_CONSOLE("{0} is not a console's simulation sandbox (a csim-* folder in {1}); nothing was cleaned up"),
    /** {0}: the daemon's pipe directory; {1}: what the client or the launch said (raw). */
    CLIENT_NOT_ATTACHED("the simulated client did not attach to the daemon in {0}: {1}"),
    /** {0}: the daemon's pipe directory; {1}: seconds waited. */
    CLIENT_NO_ANSWER("the simulated client did not attach to the daemon in {0} within {1} s and was stopped");

    private final String english;

    SimMessages(String english) {
        this.english = english;
    }

    @Override
    public String area() {
        return "sim";
    }

    @Override
    public String english() {
        return english;
    }
}
