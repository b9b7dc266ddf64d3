#!/usr/bin/env bash
# Start-up benchmark of the `cumps` launcher (docs/performance.md).
#
#   src-test/bench/startup.sh [RUNS] [LAUNCHER | LABEL=LAUNCHER]...      defaults: 30, core/cli/target/cumps
#
# With several launchers (e.g. main=/tmp/main/core/cli/target/cumps branch=core/cli/target/cumps), every
# case of every launcher runs in the same interleaved rounds, so a before/after comparison on a busy
# machine sees the same load; case names then start with the launcher's label.
# Builds nothing: run `mvn -q -pl core/cli -am package -DskipTests` first. In a private scratch directory it
# makes a stand-in nvidia-smi (a 12 ms sh script printing one GPU: the fields cumps asks for, and for
# --query-compute-apps one process), a stand-in nvidia-cuda-mps-control (a 12 ms sh script that, like
# NVIDIA's, answers every line of its stdin: the live daemon's control daemon has one MPS server with one
# client, every other pipe an empty server list),
# a Hello class (compiled and run by the `javac`/`java` on PATH), and three record directories: none, one live daemon (a shell this script starts, recorded
# with its real start time, whose one MPS server, a `sleep`, is its child as with NVIDIA's daemon) and 50
# records (25 live, 25 stale). It first prints how many times each case ran each stand-in, then runs every case RUNS times, interleaved (one run
# of each case per round, so load from other programs hits all cases alike), and prints per case the
# median and the 10th/90th percentile wall time in ms, the median user+sys CPU time (10 ms resolution)
# and the largest peak RSS (GNU time's %M), plus
# the overhead the goals are stated in: median(cumps) - median(java Hello) - median(nvidia-smi), each with issue 22's
# goal, and the 50 records' time above no records (peak RSS goal: 40 MiB).
# CUMPS_AOT=off in the environment measures the launcher without its AOT cache.
set -euo pipefail
runs=${1:-30}
root=$(cd "$(dirname "$0")/../.." && pwd)
[ $# -ge 2 ] && shift || set -- "$root/core/cli/target/cumps"
labels=()
launchers=()
for arg in "$@"; do
    if [[ "$arg" == *=* ]]; then labels+=("${arg%%=*}:"); launchers+=("${arg#*=}"); else labels+=(""); launchers+=("$arg"); fi
done
[ ${#launchers[@]} -eq 1 ] && labels=("")
for launcher in "${launchers[@]}"; do
    [ -x "$launcher" ] || { echo "error: $launcher is missing; run: mvn -q -pl core/cli -am package -DskipTests" >&2; exit 1; }
done
[ -x /usr/bin/time ] || { echo "error: /usr/bin/time is missing; install GNU time (apt-get install time)" >&2; exit 1; }
command -v python3 >/dev/null || { echo "error: python3 is needed for the statistics" >&2; exit 1; }

scratch=$(mktemp -d)
sleeper=
daemon=
server=
cleanup() {
    if [ -n "$server" ]; then kill "$server" 2>/dev/null || true; fi
    if [ -n "$daemon" ]; then kill "$daemon" 2>/dev/null || true; fi
    if [ -n "$sleeper" ]; then kill "$sleeper" 2>/dev/null || true; fi
    rm -rf "$scratch"
}
trap cleanup EXIT

mkdir -p "$scratch/bin" "$scratch/java"
sleep 100000 &
sleeper=$!
# The live daemon (a shell) starts its one MPS server (a `sleep`) as its child, as NVIDIA's daemon does. The
# other live records' daemon is the childless sleeper: daemons without servers.
sh -c 'sleep 100000 & echo $! >"$1"; wait' sh "$scratch/server.pid" &
daemon=$!
while [ ! -s "$scratch/server.pid" ]; do sleep 0.01; done
server=$(cat "$scratch/server.pid")
# The stand-ins note each run in $scratch/calls (one short append) for the call counts.
cat >"$scratch/bin/nvidia-smi" <<EOF
#!/bin/sh
echo nvidia-smi >>"$scratch/calls"
sleep 0.012
row="0, GPU-5f0c1a2e-0000-4000-8000-000000000000, NVIDIA H100 80GB HBM3, Exclusive_Process, 81559, Disabled, 550.54.15, 00000000:18:00.0"
case "\$*" in
    *--query-compute-apps=*) echo "$sleeper, GPU-5f0c1a2e-0000-4000-8000-000000000000, 1024" ;;
    *--query-gpu=index,uuid,utilization.gpu,memory.used,memory.total\ *) echo "0, GPU-5f0c1a2e-0000-4000-8000-000000000000, 37, 1024, 81559" ;;
    *utilization.gpu*) echo "\$row, 37, 1024" ;;
    *) echo "\$row" ;;
esac
EOF
cat >"$scratch/bin/nvidia-cuda-mps-control" <<EOF
#!/bin/sh
echo control >>"$scratch/calls"
sleep 0.012
# Like NVIDIA's client: every line of stdin is a command, each reply printed in turn (cumps asks a daemon's
# servers in one run); a command it does not know gets: Unknown command "<it>".
while IFS= read -r command; do
    case "\$CUDA_MPS_PIPE_DIRECTORY:\$command" in
        *:) ;;
        "$scratch/run/live/pipe:get_server_list") echo $server ;;
        *:get_server_list) ;;
        *:get_server_status*) echo ACTIVE ;;
        "$scratch/run/live/pipe:get_client_list"*) echo $sleeper ;;
        *:get_client_list*) ;;
        *) echo "Unknown command \"\$command\"" ;;
    esac
done
EOF
chmod 755 "$scratch/bin/nvidia-smi" "$scratch/bin/nvidia-cuda-mps-control"
printf 'public class Hello { public static void main(String[] a) { System.out.println("hi"); } }\n' >"$scratch/java/Hello.java"
javac -d "$scratch/java" "$scratch/java/Hello.java"

uid=$(id -u)
host=$(cat /proc/sys/kernel/hostname)
start_ticks() { python3 -c 'import sys; s=open("/proc/%s/stat" % sys.argv[1]).read(); print(s[s.rindex(")")+2:].split()[19])' "$1"; }
ticks=$(start_ticks "$sleeper")
record() { # DIR NAME PID TICKS
    mkdir -p "$1/$2"
    python3 - "$1/$2/daemon.json" "$2" "$3" "$4" "$uid" "$host" "$scratch" <<'EOF'
import json, sys
path, name, pid, ticks, uid, host, scratch = sys.argv[1:]
rec = {"created_at": 1764540000.5, "gpu_uuids": ["GPU-5f0c1a2e-0000-4000-8000-000000000000"], "host": host,
       "log_directory": f"{scratch}/run/{name}/log", "name": name, "pid": int(pid),
       "pipe_directory": f"{scratch}/run/{name}/pipe", "process_start_ticks": int(ticks),
       "topology_mode": "single_gpu", "uid": int(uid)}
open(path, "w").write(json.dumps(rec, indent=2, sort_keys=True) + "\n")
EOF
}
mkdir -p "$scratch/none" "$scratch/one" "$scratch/fifty"
record "$scratch/one" live "$daemon" "$(start_ticks "$daemon")"
for i in $(seq -w 1 50); do
    if [ $((10#$i % 2)) -eq 0 ]; then record "$scratch/fifty" "d$i" "$sleeper" "$ticks"; else record "$scratch/fifty" "d$i" "$sleeper" 1; fi
done

export PATH="$scratch/bin:/usr/bin:/bin" HOME="$scratch/home" LC_ALL=C
unset CUDA_VISIBLE_DEVICES CUDA_MPS_PIPE_DIRECTORY CUDA_MPS_LOG_DIRECTORY
names=(hello nvidia-smi)
cmds=(
    "java -Xshare:auto -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -cp $scratch/java Hello"
    "$scratch/bin/nvidia-smi"
)
for l in "${!launchers[@]}"; do
    launcher=${launchers[$l]}
    "$launcher" --version >/dev/null # trains the AOT cache if there is none for this build: not part of the figures
    p=${labels[$l]}
    names+=("${p}status-0" "${p}status-json-0" "${p}doctor-json-0" "${p}status-1" "${p}status-json-1" "${p}env-1-live"
        "${p}status-50" "${p}status-json-50")
    cmds+=(
        "$launcher --records $scratch/none status"
        "$launcher --records $scratch/none status --json"
        "$launcher --records $scratch/none doctor --json"
        "$launcher --records $scratch/one status"
        "$launcher --records $scratch/one status --json"
        "$launcher --records $scratch/one env"
        "$launcher --records $scratch/fifty status"
        "$launcher --records $scratch/fifty status --json"
    )
done
echo "stand-in runs per case (nvidia-smi, nvidia-cuda-mps-control):"
for i in "${!cmds[@]}"; do
    : >"$scratch/calls"
    # (doctor exits 1 on this host: no daemon is running)
    status=0
    ${cmds[$i]} >/dev/null || status=$?
    case "$status:${names[$i]}" in
        0:* | 1:*doctor-json-0) ;;
        *) echo "error: '${cmds[$i]}' failed (exit $status)" >&2; exit 1 ;;
    esac
    [ "${names[$i]}" = nvidia-smi ] && continue
    printf '  %-24s %d, %d\n' "${names[$i]}" "$(grep -c '^nvidia-smi' "$scratch/calls" || true)" "$(grep -c '^control' "$scratch/calls" || true)"
done
: >"$scratch/samples"
for ((r = 0; r < runs; r++)); do
    for i in "${!cmds[@]}"; do
        /usr/bin/time -f "${names[$i]} %e %M %U %S" -o "$scratch/one-sample" ${cmds[$i]} >/dev/null 2>"$scratch/stderr" || true
        start=$(date +%s%N)
        ${cmds[$i]} >/dev/null 2>&1 || true
        end=$(date +%s%N)
        # (the last line: GNU time writes "Command exited with non-zero status N" first for doctor)
        read -r _ _ rss cu cs < <(tail -n 1 "$scratch/one-sample")
        echo "${names[$i]} $(( (end - start) / 1000 )) $rss $cu $cs" >>"$scratch/samples"
    done
done
python3 - "$scratch/samples" "$runs" <<'EOF'
import statistics, sys
samples = {}
for line in open(sys.argv[1]):
    name, us, rss, cu, cs = line.split()
    samples.setdefault(name, []).append((int(us) / 1000.0, int(rss), (float(cu) + float(cs)) * 1000))
def q(xs, p):
    xs = sorted(xs); return xs[min(len(xs) - 1, int(p * len(xs)))]
med = {}
print(f"{'case':24} {'median ms':>9} {'p10':>7} {'p90':>7} {'CPU ms':>7} {'peak RSS MiB':>12}   ({sys.argv[2]} interleaved runs)")
for name, xs in samples.items():
    ms = [x[0] for x in xs]
    med[name] = statistics.median(ms)
    cpu = statistics.median(x[2] for x in xs)
    print(f"{name:24} {med[name]:9.1f} {q(ms, .1):7.1f} {q(ms, .9):7.1f} {cpu:7.0f} {max(x[1] for x in xs) / 1024:12.1f}")
floor = med["hello"] + med["nvidia-smi"]
# Issue 22's goals: overhead <= 30 ms for status --json and env, <= 60 ms with one live daemon; 50 records within 60 ms
# of none (the same launcher's no-record status --json); peak RSS <= 40 MiB. Other cases have no goal of their own.
goals = {"status-json-0": 30, "env-1-live": 30, "status-json-1": 60}
for name in (n for n in med if n not in ("hello", "nvidia-smi")):
    label, _, case = name.rpartition(":")
    goal = f"goal <= {goals[case]}" if case in goals else "no goal"
    print(f"overhead {name}: {med[name] - floor:.1f} ms  (median - hello - nvidia-smi; {goal})")
    if case == "status-json-50" and (label + ":" if label else "") + "status-json-0" in med:
        none = med[(label + ":" if label else "") + "status-json-0"]
        print(f"  {name} above {label + ':' if label else ''}status-json-0: {med[name] - none:.1f} ms  (goal <= 60)")
EOF
