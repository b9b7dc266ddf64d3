package dev.cumps.core.exec;

import dev.cumps.core.message.MessageKey;

/** The texts of {@code exec}: how an external program run failed. */
public enum ExecText implements MessageKey {
    NOT_FOUND("{0} was not found on PATH"),
    TIMED_OUT("{0} did not answer in time and was stopped"),
    /** {1}: the first line of what the start failed with (raw). */
    FAILED_TO_START("{0} could not be started: {1}"),
    EXITED("{0} exited with status {1}"),
    /** {2}: the first line of its stderr, or stdout when stderr was empty (raw). */
    EXITED_WITH_DETAIL("{0} exited with status {1}: {2}"),
    // Open folder (the window's log pane)
    OPEN_FOLDER_NO_XDG_OPEN("xdg-open was not found on PATH, so {0} cannot be opened in the file manager:"
            + " install xdg-utils, or open the folder yourself"),
    /** {1}: how xdg-open failed (a nested exec message). */
    OPEN_FOLDER_FAILED("could not open {0} in the file manager: {1}"),
    // Open a document (the doctor pane's Guide dialog: the user guide)
    OPEN_FILE_NO_XDG_OPEN("xdg-open was not found on PATH, so {0} cannot be opened: install xdg-utils, or open the file yourself"),
    /** {1}: how xdg-open failed (a nested exec message). */
    OPEN_FILE_FAILED("could not open {0}: {1}; open the file yourself");

    private final String english;

    ExecText(String english) {
        this.english = english;
    }

    @Override
    public String area() {
        return "exec";
    }

    @Override
    public String english() {
        return english;
    }
}
