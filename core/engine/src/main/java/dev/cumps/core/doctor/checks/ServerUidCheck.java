package dev.cumps.core.doctor.checks;

import dev.cumps.core.doctor.BaseCheck;
import dev.cumps.core.doctor.DoctorCheckId;
import dev.cumps.core.doctor.DoctorContext;
import dev.cumps.core.doctor.DoctorText;
import dev.cumps.core.doctor.Finding;
import dev.cumps.core.live.DaemonSnapshot;
import dev.cumps.core.live.MpsServer;
import dev.cumps.core.message.Message;
import dev.cumps.core.proc.ProcessOwner;
import java.util.ArrayList;
import java.util.List;

/**
 * Every MPS server of the caller's live daemons runs as the caller. MPS serves one uid at a time: a
 * server another user's client started holds the GPU, and the caller's clients queue until it exits
 * (NVIDIA MPS documentation, "Multi-user support"). Evidence: the daemon, the server pid and its
 * user; a server whose owner {@code /proc} does not show is not judged.
 */
public final class ServerUidCheck extends BaseCheck {
    public ServerUidCheck() {
        super(DoctorCheckId.SERVER_UID);
    }

    @Override
    public Finding evaluate(DoctorContext context) {
        long self = Integer.toUnsignedLong(context.host().uid());
        Message expected = Message.of(DoctorText.SERVER_UID_EXPECTED);
        List<Message> others = new ArrayList<>();
        String firstDaemon = null;
        String firstUser = null;
        int servers = 0;
        for (DaemonSnapshot daemon : context.live().daemons()) {
            if (!daemon.managed()) {
                continue;
            }
            for (MpsServer server : daemon.servers()) {
                servers++;
                if (server.owner().isPresent() && server.owner().get().uid() != self) {
                    ProcessOwner owner = server.owner().get();
                    others.add(Message.of(DoctorText.SERVER_UID_OTHER, daemon.name().get(), server.pid(), owner.user(), owner.uid()));
                    if (firstDaemon == null) {
                        firstDaemon = daemon.name().get();
                        firstUser = owner.user();
                    }
                }
            }
        }
        if (!others.isEmpty()) {
            return Finding.warn(DoctorText.listed(others), expected, Message.of(DoctorText.SERVER_UID_REMEDY, firstDaemon, firstUser));
        }
        Message observed = servers == 0 ? Message.of(DoctorText.SERVER_UID_NO_SERVER) : Message.of(DoctorText.SERVER_UID_ALL_YOURS, servers);
        return Finding.pass(observed, expected);
    }
}
