#!/usr/bin/env bash
# The floors under issue 22's goals (docs/performance.md, "Round nine"): what the JVM and its process API cost
# before cumps does anything of its own.
#
#   src-test/bench/floors.sh [RUNS] [CONTROL_CLIENT]          defaults: 20, no control client
#
# Builds nothing: run `mvn -q -pl core/cli -am package -DskipTests` first (it uses core/cli/target/cumps.jar).
# In a private scratch directory it compiles a Hello class and a small driver, then runs, RUNS times interleaved,
# each with the launcher's JVM flags (no class-data archive of its own, so the driver's classes load alike in
# every case):
#   hello            java Hello: the JVM's start and exit alone
#   jdk-1, jdk-26    the driver starting /bin/true 1 or 26 times, 8 at a time, as the JDK allows it at its
#                    cheapest: ProcessBuilder, an explicit environment, stdin written and closed, stdout and stderr
#                    drained on their own threads, waitFor
#   runner-1, -26    the same through cumps's own ProcessCommandRunner (PATH lookup, timeout, drains)
# and prints the median wall time (with its 10th and 90th percentile), the median CPU time (user + sys, with the
# children, from wait4) and the largest peak RSS of each, then per started child: (case-26 - case-1) / 25, the CPU
# one more child costs, and what 25 of them (the 25 live daemons of startup.sh's 50 records, one control-client run
# each) cost at least on this machine's cores. /bin/true does nothing, so that is a floor: a real control client adds its own work.
# With CONTROL_CLIENT (NVIDIA's nvidia-cuda-mps-control, e.g. from src-test/real-nvidia/fetch.sh) it also times
# 25 runs of that client from a shell loop against a pipe directory where no daemon listens (it prints
# "Cannot find MPS control daemon process" and exits 1): the client's own CPU per run, without a daemon's work.
set -euo pipefail
runs=${1:-20}
client=${2:-}
root=$(cd "$(dirname "$0")/../.." && pwd)
jar=$root/core/cli/target/cumps.jar
[ -f "$jar" ] || { echo "error: $jar is missing; run: mvn -q -pl core/cli -am package -DskipTests" >&2; exit 1; }
command -v python3 >/dev/null || { echo "error: python3 is needed to time the runs" >&2; exit 1; }
if [ -n "$client" ] && { [ ! -f "$client" ] || [ ! -x "$client" ]; }; then
    echo "error: $client is not an executable file; give the path of nvidia-cuda-mps-control or leave it out" >&2
    exit 1
fi

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$scratch/java" "$scratch/nopipe"
printf 'public class Hello { public static void main(String[] a) { System.out.println("hi"); } }\n' >"$scratch/java/Hello.java"
cat >"$scratch/java/Spawns.java" <<'EOF'
import dev.cumps.core.exec.CommandResult;
import dev.cumps.core.exec.CommandSpec;
import dev.cumps.core.exec.ProcessCommandRunner;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/** Spawns MODE COUNT: starts /bin/true COUNT times, 8 at a time, the JDK's way (jdk) or cumps's (runner). */
public class Spawns {
    static final Map<String, String> ENV = Map.of("PATH", "/usr/bin:/bin", "LC_ALL", "C");

    public static void main(String[] args) throws Exception {
        boolean runner = args[0].equals("runner");
        int count = Integer.parseInt(args[1]);
        ExecutorService pool = Executors.newFixedThreadPool(8);
        List<Future<Integer>> runs = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            runs.add(pool.submit(() -> runner ? viaRunner() : viaJdk()));
        }
        int failed = 0;
        for (Future<Integer> run : runs) {
            failed += run.get() == 0 ? 0 : 1;
        }
        pool.shutdown();
        if (failed > 0) {
            System.err.println("error: " + failed + " of " + count + " runs of /bin/true failed");
            System.exit(1);
        }
    }

    static int viaRunner() {
        CommandResult r = new ProcessCommandRunner().run(new CommandSpec(List.of("true"), ENV, "get_server_list\n", Duration.ofSeconds(30)));
        return r.succeeded() ? 0 : 1;
    }

    static int viaJdk() throws Exception {
        ProcessBuilder builder = new ProcessBuilder("/bin/true");
        builder.environment().clear();
        builder.environment().putAll(ENV);
        Process p = builder.start();
        Thread out = drain(p.getInputStream());
        Thread err = drain(p.getErrorStream());
        try (OutputStream in = p.getOutputStream()) {
            in.write("get_server_list\n".getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            // it exited before reading: fine for /bin/true
        }
        int code = p.waitFor();
        out.join();
        err.join();
        return code;
    }

    static Thread drain(InputStream stream) {
        Thread t = new Thread(() -> {
            try (stream) {
                stream.readAllBytes();
            } catch (IOException e) {
                // closed under us
            }
        });
        t.setDaemon(true);
        t.start();
        return t;
    }
}
EOF
javac -d "$scratch/java" "$scratch/java/Hello.java"
javac -cp "$jar" -d "$scratch/java" "$scratch/java/Spawns.java"

# The launcher's own flags, read from it so that they cannot drift apart; no archive is named. Each run is timed by
# the driver below: wall time around the run, CPU time and peak RSS from wait4 (the child's with what it waited for,
# in microseconds).
flags=$(sed -n 's/^flags="\(.*\)"$/\1/p' "$root/core/cli/src/main/launcher/cumps")
[ -n "$flags" ] || { echo "error: no flags=\"...\" line in core/cli/src/main/launcher/cumps" >&2; exit 1; }
CUDA_MPS_PIPE_DIRECTORY=$scratch/nopipe CUDA_MPS_LOG_DIRECTORY=$scratch/nopipe \
    python3 - "$runs" "$(nproc)" "$flags" "$scratch/java" "$scratch/java:$jar" "$client" <<'EOF'
import os, statistics, subprocess, sys, time
runs, cores, flags, hello_cp, cp, client = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3].split(), sys.argv[4], sys.argv[5], sys.argv[6]
java = ["java"] + flags
loop = 'i=0; while [ $i -lt 25 ]; do i=$((i + 1)); %s done'
cases = {
    "hello": java + ["-cp", hello_cp, "Hello"],
    "jdk-1": java + ["-cp", cp, "Spawns", "jdk", "1"],
    "jdk-26": java + ["-cp", cp, "Spawns", "jdk", "26"],
    "runner-1": java + ["-cp", cp, "Spawns", "runner", "1"],
    "runner-26": java + ["-cp", cp, "Spawns", "runner", "26"],
}
if client:
    cases["shell-loop"] = ["sh", "-c", loop % ":;"]
    cases["client-25"] = ["sh", "-c", loop % 'echo get_server_list | "$1" >/dev/null 2>&1 || :;', "sh", client]

def run(argv):
    start = time.perf_counter()
    child = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    err = child.stderr.read()
    _, status, usage = os.wait4(child.pid, 0)
    child.returncode = os.waitstatus_to_exitcode(status)  # reaped here: Popen must not wait for it again
    return (time.perf_counter() - start) * 1000, (usage.ru_utime + usage.ru_stime) * 1000, usage.ru_maxrss / 1024, child.returncode, err

for name, argv in cases.items():
    _, _, _, code, err = run(argv)
    if code != 0:
        sys.exit(f"error: '{name}' failed (exit {code}): {err.decode(errors='replace').strip()}")
samples = {name: [] for name in cases}
for _ in range(runs):
    for name, argv in cases.items():
        samples[name].append(run(argv)[:3])
med = {}
print(f"{'case':12} {'median ms':>9} {'p10':>7} {'p90':>7} {'CPU ms':>7} {'peak RSS MiB':>12}   ({runs} interleaved runs, {cores} cores)")
for name, xs in samples.items():
    walls = sorted(x[0] for x in xs)
    med[name] = (statistics.median(walls), statistics.median(x[1] for x in xs))
    # A shell's peak RSS would be this driver's: the high-water mark survives the exec after fork. The JVMs' is above it.
    rss = "-" if cases[name][0] == "sh" else f"{max(x[2] for x in xs):.1f}"
    print(f"{name:12} {med[name][0]:9.1f} {walls[len(walls) // 10]:7.1f} {walls[len(walls) * 9 // 10]:7.1f} {med[name][1]:7.1f} {rss:>12}")
for way in ("jdk", "runner"):
    wall = (med[way + "-26"][0] - med[way + "-1"][0]) / 25
    cpu = (med[way + "-26"][1] - med[way + "-1"][1]) / 25
    print(f"{way:6}: one more child of /bin/true costs {cpu:.2f} ms CPU ({wall:.2f} ms wall, 8 at a time); "
          f"25 of them at least {25 * cpu / cores:.0f} ms wall on {cores} cores")
if client:
    cpu = (med["client-25"][1] - med["shell-loop"][1]) / 25
    print(f"control client alone (no daemon): {cpu:.2f} ms CPU per run (from a shell loop)")
EOF
