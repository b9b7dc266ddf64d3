package dev.cumps.core.fs;

import dev.cumps.core.message.MessageKey;

/** The texts of {@code fs}: why a file that others can shape was not read. */
public enum FsText implements MessageKey {
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
    NOT_READ_IN_TIME("was not read within {0}; it may have been replaced by a FIFO or sit on a hung file system");

    private final String english;

    FsText(String english) {
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
