package dev.cumps.core.json;

import dev.cumps.core.message.MessageKey;

/** The texts of {@code json}: why a document is not valid JSON, and refusals to write a value. */
public enum JsonMessages implements MessageKey {
    /** {0}: the parser's own explanation (raw). */
    INVALID("not valid JSON: {0}"),
    EMPTY("not valid JSON: the document is empty"),
    TRAILING_DATA("not valid JSON: unexpected data after the JSON value (line {0})"),
    NUMBER_OUT_OF_RANGE("not valid JSON: number {0} is out of range (line {1})"),
    UNEXPECTED_TOKEN("not valid JSON: unexpected {0}"),
    CANNOT_WRITE_TYPE_USE_STRING("cannot write a {0} as JSON; write its toString()"),
    CANNOT_WRITE_TYPE("cannot write a {0} as JSON"),
    CANNOT_WRITE_NON_FINITE("cannot write a non-finite number as JSON");

    private final String english;

    JsonMessages(String english) {
        this.english = english;
    }

    @Override
    public String area() {
        return "json";
    }

    @Override
    public String english() {
        return english;
    }
}
