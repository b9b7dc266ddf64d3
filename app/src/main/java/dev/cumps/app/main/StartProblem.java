package dev.cumps.app.main;

import java.util.List;
import java.util.Objects;

/** Why a start failed, as the window shows it: the one-line reason and the control log's last lines. */
public record StartProblem(String message, List<String> controlLogTail) {

    public StartProblem {
        Objects.requireNonNull(message, "message");
        controlLogTail = List.copyOf(controlLogTail);
    }
}
