#!/usr/bin/env bash
# The in-process control client (decision 0018) against NVIDIA's program, paired, on one real daemon.
#
#   src-test/bench/control-client.sh [BRANCH] [ROUNDS] [QUESTIONS]       defaults: 550, 10, 25
#
# Builds nothing: run `mvn -q -pl core/cli -am package -DskipTests` first (it uses core/cli/target/cumps.jar) and
# have NVIDIA's programs in src-test/target/real-nvidia (src-test/real-nvidia/fetch.sh). In a private scratch
# directory it starts that branch's real control daemon (`-d`), compiles a small driver, then runs it ROUNDS
# times per mode, the two modes alternating (builtin first in even rounds): one JVM asks the daemon QUESTIONS
# times `get_server_list` and `get_default_active_thread_percentage` (one batch, as status asks a daemon)
# through `MpsControl` with the in-process client (`builtin`) or NVIDIA's program (`nvidia`), every answer
# checked. Per mode it prints the median wall time of the questions alone (in the JVM, after its start), the
# median CPU time of the whole run (user + sys with the children, GNU time) and the largest peak RSS; then
# per question: the wall and the CPU one more question costs, (run - the same JVM asking nothing) / QUESTIONS.
# The daemon is stopped by NVIDIA's `quit` at the end.
set -euo pipefail
branch=${1:-550}
rounds=${2:-10}
questions=${3:-25}
root=$(cd "$(dirname "$0")/../.." && pwd)
jar=$root/core/cli/target/cumps.jar
real=$root/src-test/target/real-nvidia/r$branch/usr/bin/nvidia-cuda-mps-control
[ -f "$jar" ] || { echo "error: $jar is missing; run: mvn -q -pl core/cli -am package -DskipTests" >&2; exit 1; }
[ -x "$real" ] || { echo "error: $real is missing; run: bash src-test/real-nvidia/fetch.sh src-test/target/real-nvidia" >&2; exit 1; }
[ -x /usr/bin/time ] || { echo "error: /usr/bin/time is missing; install GNU time (apt-get install time)" >&2; exit 1; }
command -v python3 >/dev/null || { echo "error: python3 is needed for the statistics" >&2; exit 1; }

scratch=$(mktemp -d /tmp/ccb.XXXXXX)
cleanup() {
    printf 'quit\n' | CUDA_MPS_PIPE_DIRECTORY=$scratch/p timeout 10 "$real" >/dev/null 2>&1 || true
    rm -rf "$scratch"
}
trap cleanup EXIT
mkdir -p "$scratch/p" "$scratch/l" "$scratch/bin" "$scratch/classes"
ln -s "$real" "$scratch/bin/nvidia-cuda-mps-control"
CUDA_MPS_PIPE_DIRECTORY=$scratch/p CUDA_MPS_LOG_DIRECTORY=$scratch/l "$real" -d
for _ in $(seq 1 600); do
    if printf 'get_server_list\n' | CUDA_MPS_PIPE_DIRECTORY=$scratch/p timeout 10 "$real" >/dev/null 2>&1; then break; fi
    sleep 0.1
done

cat > "$scratch/Ask.java" <<'JAVA'
import dev.cumps.core.exec.CommandResult;
import dev.cumps.core.exec.ProcessCommandRunner;
import dev.cumps.core.host.HostEnvironment;
import dev.cumps.core.host.HostPaths;
import dev.cumps.core.mps.ControlClient;
import dev.cumps.core.mps.MpsControl;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

public class Ask {
    public static void main(String[] a) {
        Path pipe = Path.of(a[1]);
        int n = Integer.parseInt(a[2]);
        HostEnvironment host = new HostEnvironment(Map.of("PATH", a[3]), 0, "bench", "Linux", HostPaths.under(Path.of(a[4])));
        ControlClient client = a[0].equals("builtin") ? ControlClient.inProcess(host) : ControlClient.program();
        MpsControl control = new MpsControl(new ProcessCommandRunner(), host, Duration.ofSeconds(10), client);
        long start = System.nanoTime();
        for (int i = 0; i < n; i++) {
            CommandResult r = control.ask(pipe, pipe, "get_server_list\nget_default_active_thread_percentage");
            if (!MpsControl.answered(r) || !r.stdout().endsWith(".0\n")) {
                throw new IllegalStateException("not answered: " + r);
            }
        }
        System.out.println((System.nanoTime() - start) / 1e6);
    }
}
JAVA
javac -cp "$jar" -d "$scratch/classes" "$scratch/Ask.java"
run() { # mode count -> "questions-ms cpu-s rss-kb"
    /usr/bin/time -f '%U %S %M' -o "$scratch/t" java --enable-native-access=ALL-UNNAMED -Xshare:auto -cp "$jar:$scratch/classes" Ask "$1" \
        "$scratch/p" "$2" "$scratch/bin:/usr/bin:/bin" "$scratch" > "$scratch/o"
    read -r u s m < "$scratch/t"
    echo "$(cat "$scratch/o") $(python3 -c "print($u+$s)") $m"
}
: > "$scratch/results"
for r in $(seq 1 "$rounds"); do
    if [ $((r % 2)) -eq 0 ]; then order="builtin nvidia"; else order="nvidia builtin"; fi
    for mode in $order; do
        echo "$mode $questions $(run "$mode" "$questions")" >> "$scratch/results"
        echo "$mode 0 $(run "$mode" 0)" >> "$scratch/results"
    done
done
echo "R$branch ($("$real" -h 2>&1 | head -1 | cut -c1-40)...), $rounds rounds, $questions questions per run, $(nproc) cores, load $(cut -d' ' -f1 /proc/loadavg)"
python3 - "$scratch/results" "$questions" <<'PY'
import statistics, sys
rows = [l.split() for l in open(sys.argv[1])]
n = int(sys.argv[2])
def med(mode, count, col):
    return statistics.median(float(r[col]) for r in rows if r[0] == mode and int(r[1]) == count)
for mode in ("builtin", "nvidia"):
    q_ms, cpu, cpu0 = med(mode, n, 2), med(mode, n, 3), med(mode, 0, 3)
    rss = max(int(r[4]) for r in rows if r[0] == mode)
    print(f"{mode:8} questions {q_ms:8.1f} ms wall ({q_ms / n:6.2f} ms each)   run CPU {cpu:5.2f} s (JVM alone {cpu0:5.2f} s:"
          f" {(cpu - cpu0) / n * 1000:6.2f} ms CPU each)   peak RSS {rss / 1024:6.1f} MiB")
PY
