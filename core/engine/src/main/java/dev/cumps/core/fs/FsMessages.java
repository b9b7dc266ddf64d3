package dev.cumps.core.fs;

import dev.cumps.core.message.MessageKey;

/** The texts of {@code fs}: why a file that others can shape was not read. */
public enum FsMessages implements MessageKey {
    IS_SYMBOLIC_LINK("is a symbolic link"),
    NOT_REGULAR_DIRECTORY("not a regular file (directory)"),
    /** {0}: one of the {@code KIND_*} messages. */
    NOT_REGULAR_SPECIAL("not a regular file ({0})"),
    KIND_FIFO("FIFO"),
    KIND_CHARACTER_DEVICE("character device"),
    KIND_BLOCK_DEVICE("block device"),
    KIND_SOCKET("socket"),
    KIND_SPECIAL_FILE("special file"),
    /** {0}: the cap ({@code 64 KiB}); {1}: the size in bytes. */
    TOO_LARGE("larger than {0} ({1} bytes)"),
    TOO_LARGE_GREW("larger than {0} (grew while being read)"),
    REPLACED_WHILE_OPENED("was replaced while being opened"),
    REMOVED_WHILE_READ("was removed or replaced while being read"),
    REPLACED_WHILE_READ("was replaced while being read"),
    /** {0}: the deadline ({@code 5 s}). */
    NOT_READ_IN_TIME("was not read within {0}; it may have been replaced by a FIFO or sit on a hung file system"),
    /** {0}: the path. The trust rule ({@link TrustRule}) refuses what follows. */
    TRUST_NOT_ABSOLUTE("{0} is not an absolute path"),
    /** {0}: the path. */
    TRUST_MISSING("{0} does not exist"),
    /** {0}: the path. */
    TRUST_LINK("{0} is a symbolic link"),
    /** {0}: the path; {1}: what it should be (a {@code KIND_*} or {@code TRUST_KIND_*} message). */
    TRUST_WRONG_KIND("{0} is not a {1}"),
    TRUST_KIND_DIRECTORY("directory"),
    TRUST_KIND_REGULAR_FILE("regular file"),
    /** {0}: the path; {1}: its owner's uid; {2}: the caller's uid. */
    TRUST_FOREIGN_OWNER("{0} belongs to uid {1}, neither you (uid {2}) nor root"),
    /** {0}: the path; {1}: its owner's name (the uid in digits when it has none). */
    TRUST_FOREIGN_OWNER_NAMED("{0} belongs to {1}, neither you nor root"),
    /** {0}: the path; {1}: its mode in octal or as {@code rwx} letters. */
    TRUST_WRITABLE("{0} can be written by group or others (mode {1})"),
    /** {0}: the path; {1}: the folder above it; {2}: that folder's owner's uid. */
    TRUST_PARENT_FOREIGN_OWNER("{0} lies in {1}, which belongs to uid {2}, neither you nor root"),
    /** {0}: the path; {1}: the folder above it; {2}: that folder's mode in octal. */
    TRUST_PARENT_WRITABLE("{0} lies in {1}, which group or others can write (mode {2}) and which is not sticky"),
    /** {0}: the path; {1}: why (the system's words). */
    TRUST_CANNOT_INSPECT("{0} cannot be inspected: {1}"),
    /** {0}: the path. */
    TRUST_SWAPPED("{0} was replaced while being opened");

    private final String english;

    FsMessages(String english) {
        this.english = english;
    }

    @Override
    public String area() {
        return "fs";
    }

    @Override
    public String english() {
        return english;
    }
}
