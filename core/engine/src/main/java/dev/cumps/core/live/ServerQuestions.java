package dev.cumps.core.live;

import dev.cumps.core.message.CumpsException;
import dev.cumps.core.message.Message;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * How a daemon's listed servers are asked their status and clients, once {@code get_server_list} has answered
 * ({@link DaemonQuestions#ask} picks one, or asks nothing more for the server list alone): {@link Batched} asks every
 * server in one run (none of those asked together with the server list again); {@link OneByOne}, for a daemon whose
 * output cannot be split into replies, one question per run. Each adds what it learns to the
 * {@link DaemonConversation} as it goes. The server list alone is no type of its own: each record here is a class the
 * doctor's start-up would initialize (see StartupBudgets).
 */
sealed interface ServerQuestions {
    /**
     * Asks {@code servers} (the listed ones, capped) and adds their answers to {@code daemon}; false when this way could
     * not ask them (the daemon's output could not be split) and nothing was added.
     */
    boolean ask(DaemonConversation daemon, List<Long> servers);

    /**
     * All servers in one run of the control client: a status and a client list each, split by
     * {@link ControlReplies#REPLY_END}; the servers {@code early} holds replies for (asked with the server list) are not
     * asked again.
     */
    record Batched(Map<Long, List<String>> early) implements ServerQuestions {
        @Override
        public boolean ask(DaemonConversation daemon, List<Long> servers) {
            Optional<List<DaemonConversation.Answer>> answers;
            try {
                answers = answers(daemon, servers);
            } catch (Unanswered e) {
                if (!e.budgetSpent()) {
                    throw e;
                }
                daemon.unanswered(servers.size()); // the live view's time ran out before the servers' answers came
                return true;
            }
            if (answers.isEmpty()) {
                return false;
            }
            for (DaemonConversation.Answer a : answers.get()) {
                daemon.add(a);
            }
            return true;
        }

        private Optional<List<DaemonConversation.Answer>> answers(DaemonConversation daemon, List<Long> pids) {
            List<Long> rest = ChildServers.notAsked(pids, early);
            Map<Long, List<String>> all = new HashMap<>(early);
            if (!rest.isEmpty()) {
                List<String> commands = DaemonConversation.serverQuestions(rest);
                Optional<List<String>> replies = ControlReplies.split(daemon.reply(ControlReplies.batch(commands)), commands.size());
                if (replies.isEmpty()) {
                    return Optional.empty();
                }
                all.putAll(ChildServers.pairs(rest, replies.get()));
            }
            List<DaemonConversation.Answer> answers = new ArrayList<>();
            for (long pid : pids) {
                List<String> statusAndClients = all.get(pid);
                answers.add(daemon.answer(pid, DaemonSnapshot.Capability.UNKNOWN, Optional.of(statusAndClients.get(0)),
                        Optional.of(statusAndClients.get(1))));
            }
            return Optional.of(answers);
        }
    }

    /**
     * One question per run: the first server on its own (whether the daemon knows {@code get_server_status} decides
     * what the rest are asked), the rest at most {@link #PARALLEL_SERVERS} at a time, until the live view's time is spent.
     */
    record OneByOne() implements ServerQuestions {
        /** Servers asked about at once, after the first. */
        private static final int PARALLEL_SERVERS = 8;

        @Override
        public boolean ask(DaemonConversation daemon, List<Long> servers) {
            if (servers.isEmpty()) {
                return true;
            }
            Optional<DaemonConversation.Answer> first = first(daemon, servers.get(0));
            if (first.isEmpty()) {
                daemon.unanswered(servers.size()); // the live view's time ran out on the first server already
                return true;
            }
            daemon.add(first.get());
            for (Optional<DaemonConversation.Answer> r : rest(daemon, servers.subList(1, servers.size()), daemon.serverStatus())) {
                if (r.isEmpty()) {
                    daemon.unanswered(1);
                    continue;
                }
                daemon.add(r.get()); // sets the capability too where the first server had exited before it was asked
            }
            return true;
        }

        /** The first server's answer, or empty when the live view's time ran out under it. */
        private static Optional<DaemonConversation.Answer> first(DaemonConversation daemon, long server) {
            try {
                return Optional.of(daemon.server(server, DaemonSnapshot.Capability.UNKNOWN));
            } catch (Unanswered e) {
                if (e.budgetSpent()) {
                    return Optional.empty();
                }
                throw e;
            }
        }

        /** Each server's answer, empty where the live view's time ran out before it came. */
        private static List<Optional<DaemonConversation.Answer>> rest(DaemonConversation daemon, List<Long> pids,
                                                                      DaemonSnapshot.Capability serverStatus) {
            if (pids.isEmpty()) {
                return List.of();
            }
            ExecutorService pool = LiveThreads.pool(Math.min(pids.size(), PARALLEL_SERVERS), "cumps-live-server");
            try {
                List<Future<DaemonConversation.Answer>> futures = new ArrayList<>();
                for (long pid : pids) {
                    futures.add(pool.submit(() -> daemon.server(pid, serverStatus)));
                }
                List<Optional<DaemonConversation.Answer>> results = new ArrayList<>();
                for (Future<DaemonConversation.Answer> future : futures) {
                    results.add(await(daemon, future));
                }
                return results;
            } finally {
                pool.shutdownNow();
            }
        }

        private static Optional<DaemonConversation.Answer> await(DaemonConversation daemon, Future<DaemonConversation.Answer> future) {
            try {
                return Optional.of(future.get(Math.max(0, daemon.budget().remaining().toNanos()), TimeUnit.NANOSECONDS));
            } catch (TimeoutException e) {
                future.cancel(true);
                return Optional.empty();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new Unanswered(Message.of(LiveMessages.INTERRUPTED));
            } catch (ExecutionException e) {
                if (e.getCause() instanceof Unanswered unanswered) {
                    if (unanswered.budgetSpent()) {
                        return Optional.empty(); // the live view's time ran out under this server: it is not answered
                    }
                    throw unanswered; // a question timed out on its own: the daemon is not answering
                }
                if (e.getCause() instanceof CumpsException cumps) {
                    throw cumps;
                }
                throw new IllegalStateException("asking a server of " + daemon.pipeDirectory() + " failed", e.getCause());
            }
        }
    }
}
