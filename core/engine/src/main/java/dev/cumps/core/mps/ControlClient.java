package dev.cumps.core.mps;

import dev.cumps.core.host.HostEnvironment;
import dev.cumps.core.message.CumpsException;
import dev.cumps.core.message.Message;
import dev.cumps.core.posix.UnixSeqPacket;
import java.util.Optional;

/**
 * Which client asks a control daemon: cumps's own ({@link ControlProtocol}, in-process, no child process) or
 * NVIDIA's program {@code nvidia-cuda-mps-control} alone. {@code CUMPS_CONTROL_CLIENT=nvidia} forces the program;
 * {@code builtin} forces the in-process client (the program remains its fallback); unset or empty, the in-process
 * client asks once a run asks at least {@code inProcessFrom} daemons together ({@link MpsControl#forDaemons}).
 *
 * <p>Why a count: the first native call costs a fresh JVM a fixed set-up (the FFM linker: about 100 ms CPU measured
 * under load with nine downcall handles, round eleven of docs/performance.md; about 40 ms less with posix.Syscall's
 * one, round sixteen) that one child process per daemon only outweighs from about 25 daemons on (round sixteen
 * measured the program cheaper at 16 real daemons and the two even at 25). A long-lived
 * process (the window) pays it once: {@link #LONG_LIVED}; a command-line run pays it every time: {@link #ONE_RUN}.
 *
 * @param protocol      the in-process client, or empty for NVIDIA's program alone
 * @param inProcessFrom how many daemons asked together make the in-process client ask them (1: always)
 */
public record ControlClient(Optional<ControlProtocol> protocol, int inProcessFrom) {
    /** A long-lived process (the window): the in-process client for every question. */
    public static final int LONG_LIVED = 1;
    /** One command-line run: the in-process client once it asks this many daemons together, NVIDIA's program below. */
    public static final int ONE_RUN = 25;
    /** The variable that chooses the client. */
    public static final String VARIABLE = "CUMPS_CONTROL_CLIENT";
    /** {@link #VARIABLE}'s value that forces NVIDIA's program. */
    public static final String NVIDIA = "nvidia";
    /** {@link #VARIABLE}'s value that forces the in-process client. */
    public static final String BUILTIN = "builtin";

    /** {@code protocol} asking every daemon ({@link #LONG_LIVED}). */
    public ControlClient(Optional<ControlProtocol> protocol) {
        this(protocol, LONG_LIVED);
    }

    /** NVIDIA's program for every question, as before the in-process client. */
    public static ControlClient program() {
        return new ControlClient(Optional.empty(), Integer.MAX_VALUE);
    }

    /** The in-process client over real sockets, as the user {@code host} names (root tries {@code control_privileged} first). */
    public static ControlClient inProcess(HostEnvironment host) {
        return inProcess(host, LONG_LIVED);
    }

    private static ControlClient inProcess(HostEnvironment host, int from) {
        return new ControlClient(Optional.of(new ControlProtocol(UnixSeqPacket::connect, host.uid() == 0)), from);
    }

    /** This client asking every daemon in-process, whatever the count (the program, when that is this client, stays). */
    ControlClient always() {
        return new ControlClient(protocol, protocol.isPresent() ? LONG_LIVED : inProcessFrom);
    }

    /**
     * The client {@code host}'s {@link #VARIABLE} chooses, unset: in-process from {@code from} daemons asked together
     * ({@link #LONG_LIVED} or {@link #ONE_RUN}); another value is an error naming the two it may be.
     */
    public static ControlClient chosenBy(HostEnvironment host, int from) {
        String value = host.env().getOrDefault(VARIABLE, "");
        return switch (value) {
            case "" -> inProcess(host, from);
            case BUILTIN -> inProcess(host);
            case NVIDIA -> program();
            default -> throw new CumpsException(Message.of(MpsMessages.CONTROL_CLIENT_INVALID, value.replace("\n", "\\n"), VARIABLE));
        };
    }
}
