package dev.cumps.core.selftest;

import dev.cumps.core.exec.CommandResult;
import dev.cumps.core.exec.CommandSpec;
import dev.cumps.core.message.Message;
import dev.cumps.core.record.DaemonRecord;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A short CUDA program run through the exported env block, while {@code get_server_list} is asked
 * until it names a server. The client's environment is explicit: the caller's environment without
 * the CUDA selection variables (as {@code nvidia-smi} gets it), plus exactly the three variables
 * {@code cumps env} printed, as {@code eval "$(cumps env)"; CMD} would give it. Which client: the
 * {@code --client} command line, run by {@code /bin/sh -c} (the operator's own words, quoting and
 * all, as in a job script); else on a simulated host the simulated MPS client; else
 * {@code python3 -I -c} with PyTorch when it imports (searching only where {@link PythonPath} allows), or a
 * skip naming why not.
 */
final class ClientStep implements Step {
    static final Duration CLIENT_TIMEOUT = Duration.ofSeconds(180);
    static final Duration PROBE_TIMEOUT = Duration.ofSeconds(60);
    private static final long POLL_MILLIS = 200;
    private static final int OUTPUT_LINES = 20;
    /** Whether PyTorch imports, looking only where {@link PythonPath} allows. */
    static final String TORCH_PROBE = PythonPath.PRELUDE + "\nimport torch";
    /** Holds its CUDA context for about three seconds of matrix products, so the server can be seen. */
    static final String TORCH_CLIENT = String.join("\n",
            PythonPath.PRELUDE,
            "import time, torch",
            "assert torch.cuda.is_available(), 'torch.cuda.is_available() is False'",
            "x = torch.ones(1024, 1024, device='cuda')",
            "end, n = time.time() + 3, 0",
            "while time.time() < end:",
            "    y = x @ x",
            "    torch.cuda.synchronize()",
            "    n += 1",
            "print('cuda ok:', torch.cuda.get_device_name(0), 'matmuls', n, 'y[0,0]', float(y[0, 0]))");

    @Override
    public StepId id() {
        return StepId.CLIENT;
    }

    @Override
    public StepResult run(SelftestServices services, RunState state, List<String> evidence) {
        Map<String, String> env = new TreeMap<>(services.host().childEnvironment());
        env.putAll(state.launch.variables());
        evidence.add("client environment: the caller's without CUDA_* selection variables, plus " + state.launch.variables());
        List<String> argv;
        if (state.request.client().isPresent()) {
            argv = List.of("/bin/sh", "-c", state.request.client().get());
            evidence.add("client (--client, run by /bin/sh -c): " + state.request.client().get());
        } else if (state.request.simulatedClient().isPresent()) {
            argv = state.request.simulatedClient().get();
            evidence.add("client (the simulated MPS client): " + String.join(" ", argv));
        } else {
            CommandResult site = services.runner().run(new CommandSpec(List.of("python3", "-I", "-c", PythonPath.USER_SITE_PROBE), env, "",
                    PROBE_TIMEOUT));
            if (site.outcome() == CommandResult.Outcome.NOT_FOUND) {
                evidence.add("python3: not found on PATH");
                return StepResult.skip(id(), Message.of(SelftestMessages.CLIENT_SKIP_NO_PYTHON), evidence);
            }
            PythonPath path = PythonPath.of(services.host(), site.succeeded() ? Optional.of(site.stdout()) : Optional.empty());
            evidence.add("python search path: " + path.describe());
            CommandResult probe = services.runner().run(new CommandSpec(path.argv(TORCH_PROBE), env, "", PROBE_TIMEOUT));
            evidence.add("python3 -I -c 'import torch': " + (probe.succeeded() ? "ok" : probe.describeFailure()));
            if (!probe.succeeded()) {
                return StepResult.skip(id(), Message.of(SelftestMessages.CLIENT_SKIP_NO_TORCH, probe.failureMessage()), evidence);
            }
            argv = path.argv(TORCH_CLIENT);
            evidence.add("client (PyTorch):\npython3 -I -c '" + TORCH_CLIENT + "' " + String.join(" ", path.arguments()));
        }
        return runWatched(services, state, new CommandSpec(argv, env, "", CLIENT_TIMEOUT), evidence);
    }

    private StepResult runWatched(SelftestServices services, RunState state, CommandSpec spec, List<String> evidence) {
        DaemonRecord daemon = state.daemon;
        ServerList servers = new ServerList(services, daemon);
        ExecutorService worker = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "selftest-client");
            t.setDaemon(true);
            return t;
        });
        // An abort (Ctrl-C) interrupts the worker, and the runner then destroys the client it waits for.
        Runnable stop = worker::shutdownNow;
        state.onAbort.add(stop);
        CommandResult result;
        Optional<Long> server = Optional.empty();
        int asked = 0;
        try {
            CompletableFuture<CommandResult> client = CompletableFuture.supplyAsync(() -> services.runner().run(spec), worker);
            while (!client.isDone() && server.isEmpty() && !state.cancel.isCancelled()) {
                server = servers.first();
                asked++;
                if (server.isEmpty()) {
                    waitQuietly(client);
                }
            }
            // Interrupted before the client even started: its task never runs, so its future never completes.
            result = state.cancel.isCancelled() && !client.isDone()
                    ? CommandResult.timedOut(spec.program(), "", "the self-test was interrupted") : client.get();
            evidence.add("get_server_list while the client ran: asked " + asked + " time(s); "
                    + server.map(pid -> "server " + pid).orElse("no server seen"));
            if (server.isEmpty()) {
                server = servers.first();
                evidence.add("get_server_list after the client exited: " + server.map(pid -> "server " + pid).orElse("none"));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            result = CommandResult.timedOut(spec.program(), "", "interrupted");
        } catch (ExecutionException e) {
            result = CommandResult.failedToStart(spec.program(), String.valueOf(e.getCause()));
        } finally {
            state.onAbort.remove(stop);
            worker.shutdownNow();
        }
        server.ifPresent(state.servers::add);
        evidence.add("client: " + (result.succeeded() ? "exited 0" : result.describeFailure()));
        evidence.add("client stdout:\n" + tail(result.stdout()));
        evidence.add("client stderr:\n" + tail(result.stderr()));
        if (!result.succeeded()) {
            return StepResult.fail(id(), Message.of(SelftestMessages.CLIENT_FAILED, result.failureMessage()), evidence);
        }
        if (server.isEmpty()) {
            return StepResult.fail(id(), Message.of(SelftestMessages.CLIENT_NO_SERVER), evidence);
        }
        return StepResult.pass(id(), Message.of(SelftestMessages.CLIENT_PASS, server.get()), evidence);
    }

    private static void waitQuietly(CompletableFuture<CommandResult> client) throws InterruptedException {
        try {
            client.get(POLL_MILLIS, TimeUnit.MILLISECONDS);
        } catch (TimeoutException | ExecutionException e) {
            // Still running (or failed: the caller reads that from the future).
        }
    }

    private static String tail(String text) {
        List<String> lines = text.strip().lines().toList();
        List<String> last = lines.subList(Math.max(0, lines.size() - OUTPUT_LINES), lines.size());
        return last.isEmpty() ? "(empty)" : String.join("\n", last);
    }
}
