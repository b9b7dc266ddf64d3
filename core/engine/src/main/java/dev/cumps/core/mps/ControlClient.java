package dev.cumps.core.mps;

import dev.cumps.core.host.HostEnvironment;
import dev.cumps.core.message.CumpsException;
import dev.cumps.core.message.Message;
import dev.cumps.core.posix.UnixSeqPacket;
import java.util.Optional;

/**
 * Which client asks a control daemon: cumps's own ({@link ControlProtocol}, in-process, no child process) or
 * NVIDIA's program {@code nvidia-cuda-mps-control} alone. {@code CUMPS_CONTROL_CLIENT=nvidia} forces the program;
 * unset, empty or {@code builtin}, the in-process client asks and the program remains its fallback.
 */
public record ControlClient(Optional<ControlProtocol> protocol) {
    /** The variable that chooses the client. */
    public static final String VARIABLE = "CUMPS_CONTROL_CLIENT";
    /** {@link #VARIABLE}'s value that forces NVIDIA's program. */
    public static final String NVIDIA = "nvidia";
    /** {@link #VARIABLE}'s value (also the default) for the in-process client. */
    public static final String BUILTIN = "builtin";

    /** NVIDIA's program for every question, as before the in-process client. */
    public static ControlClient program() {
        return new ControlClient(Optional.empty());
    }

    /** The in-process client over real sockets, as the user {@code host} names (root tries {@code control_privileged} first). */
    public static ControlClient inProcess(HostEnvironment host) {
        return new ControlClient(Optional.of(new ControlProtocol(UnixSeqPacket::connect, host.uid() == 0)));
    }

    /** The client {@code host}'s {@link #VARIABLE} chooses; another value is an error naming the two it may be. */
    public static ControlClient chosenBy(HostEnvironment host) {
        String value = host.env().getOrDefault(VARIABLE, "");
        return switch (value) {
            case "", BUILTIN -> inProcess(host);
            case NVIDIA -> program();
            default -> throw new CumpsException(Message.of(MpsMessages.CONTROL_CLIENT_INVALID, value.replace("\n", "\\n"), VARIABLE));
        };
    }
}
