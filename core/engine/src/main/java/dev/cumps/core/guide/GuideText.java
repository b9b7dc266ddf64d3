package dev.cumps.core.guide;

import dev.cumps.core.message.MessageKey;

/** The texts of {@code guide}: why an entry of the user guide cannot be shown. */
public enum GuideText implements MessageKey {
    /** {0}: the guide's path; {1}: why (raw). */
    UNREADABLE("the user guide {0} could not be read: {1}; open it in a text editor or browser"),
    /** {0}: the guide's path; {1}: the anchor. */
    NO_ENTRY("the user guide {0} has no entry #{1}; search it for the check's id");

    private final String english;

    GuideText(String english) {
        this.english = english;
    }

    @Override
    public String area() {
        return "guide";
    }

    @Override
    public String english() {
        return english;
    }
}
