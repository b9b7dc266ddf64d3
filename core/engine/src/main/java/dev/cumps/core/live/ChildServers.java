package dev.cumps.core.live;

import dev.cumps.core.proc.ProcessTable;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A control daemon's children, taken for its servers before the daemon is asked: NVIDIA's daemon starts each
 * {@code nvidia-cuda-mps-server} as its child, so one run of the control client can ask {@code get_server_list} and
 * the servers' questions together. The server list decides which children are servers; a listed server that was no
 * child is asked in a second run. Used by the live view ({@link DaemonQuestions}) and by {@link LimitQuestions}.
 */
final class ChildServers {
    private ChildServers() {
    }

    /** The children of {@code daemonPid}, at most {@link DaemonQuestions#MAX_SERVERS}. */
    static List<Long> of(ProcessTable processes, long daemonPid) {
        List<Long> children = processes.children(daemonPid);
        return children.subList(0, Math.min(children.size(), DaemonQuestions.MAX_SERVERS));
    }

    /** Each of {@code pids} with its two replies, from the replies to two questions per pid asked in that order. */
    static Map<Long, List<String>> pairs(List<Long> pids, List<String> replies) {
        Map<Long, List<String>> byPid = new HashMap<>();
        for (int i = 0; i < pids.size(); i++) {
            byPid.put(pids.get(i), replies.subList(2 * i, 2 * i + 2));
        }
        return byPid;
    }

    /** The servers of {@code listed} that {@code answered} holds no replies for, in order: the second run's. */
    static List<Long> notAsked(List<Long> listed, Map<Long, List<String>> answered) {
        List<Long> rest = new ArrayList<>();
        for (long server : listed) {
            if (!answered.containsKey(server)) {
                rest.add(server);
            }
        }
        return rest;
    }
}
