package dev.cumps.core.lifecycle;

/** The stages of a start, in order, reported as they begin. */
public enum StartStage {
    RESOLVING, PREPARING, LAUNCHING, CONTROL_SOCKET, ANSWERING, RECORDED
}
