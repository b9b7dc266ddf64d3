#!/usr/bin/env bash
# Issue 37's goals that a machine without a GPU can measure, on the simulated host (docs/performance.md, "Round
# twelve"): the in-process control client (the default) against NVIDIA's program (`CUMPS_CONTROL_CLIENT=nvidia`; on
# the simulated host that is the stand-in client, speaking the same protocol to the same stand-in daemons).
#
#   src-test/bench/simulated-host.sh window [ROUNDS] [SECONDS]      defaults: 3 rounds, 60 s
#   src-test/bench/simulated-host.sh status [ROUNDS]                default: 10 rounds
#
# Builds nothing: run `mvn -q -pl core/cli,app -am package -DskipTests` first (it uses core/cli/target/cumps and
# app/target/mps-console). Everything runs under a private scratch HOME/TMPDIR; the stand-ins are the simulator's
# (Python where /usr/bin/python3 is, as `cumps --simulate` picks them). The two modes alternate (in-process first
# in odd rounds), so the load of other jobs hits both alike; every sample line carries the 1-minute load average
# taken when it started.
#
# window: per round and mode, the console's launcher (`app/target/mps-console --simulate`, JavaFX's headless glass
#   with software rendering, as launch.sh runs it) with 4 simulated GPUs (CUMPS_SIM_GPUS=4): its demo daemon (GPU 0,
#   two clients) and, once the window showed its first complete status and the demo is recorded, three more daemons
#   started by `cumps start` into the console's own sandbox (GPUs 1-3). It checks with `cumps status --json` that 4 are
#   live, lets the window refresh (every 2 s, the default) for 20 s, then reads the console JVM's CPU time
#   (/proc/PID/stat utime+stime) and that of its reaped children (cutime+cstime: nvidia-smi and, with `nvidia`, the
#   control clients) over SECONDS of the window left alone; the % of one core, JVM alone and with its children. It
#   counts the conversations the four daemons held in that time (`NEW UI` in their control.log) and fails if the
#   in-process mode fell back to the program (its DEBUG line). Then it ends the console (SIGTERM by pid: it stops its
#   daemons and removes its sandbox). A third case in the same rounds, "none", is the floor: the console with
#   `--simulate --no-demo` and no daemon at all, measured alike.
# status: a `cumps --simulate` sandbox with 25 simulated GPUs, 25 live daemons (`cumps --simulate start`, one per GPU)
#   and 25 stale records (the same daemons' records with another start time): 50 records, 25 live. Per round, under
#   GNU time (wall, CPU = user + sys with its children, peak RSS = %M, the largest of the process and its children):
#     builtin, nvidia   `cumps --records SANDBOX/records status --json` with the sandbox's stand-ins first on PATH and
#                       its TMPDIR, not `--simulate`: the code path of a real host (no sandbox to install), asking the
#                       simulated daemons; the two modes alternate, and their outputs must match (but for GPU load)
#     simulate          `cumps --simulate status --json`: the same, with the sandbox checked and its launchers rewritten
#     empty             the builtin command with an empty record folder: status --json with no daemon to ask
#     version           `cumps --version`: the launcher's JVM with its AOT cache, nothing asked
#   Once, outside the timed rounds, strace (where it works) counts the programs builtin and nvidia start. Medians per
#   case, the largest RSS, and the load range. The daemons are stopped at the end (`cumps --simulate stop --all`).
set -euo pipefail
what=${1:-}
root=$(cd "$(dirname "$0")/../.." && pwd)
cumps=$root/core/cli/target/cumps
console=$root/app/target/mps-console
case $what in
    window) rounds=${2:-3}; seconds=${3:-60} ;;
    status) rounds=${2:-10} ;;
    *) echo "usage: $0 window [ROUNDS] [SECONDS] | status [ROUNDS]" >&2; exit 2 ;;
esac
[ -x "$cumps" ] || { echo "error: $cumps is missing; run: mvn -q -pl core/cli,app -am package -DskipTests" >&2; exit 1; }
[ "$what" = status ] || [ -x "$console" ] || { echo "error: $console is missing; run: mvn -q -pl core/cli,app -am package -DskipTests" >&2; exit 1; }
[ -x /usr/bin/time ] || { echo "error: /usr/bin/time is missing; install GNU time (apt-get install time)" >&2; exit 1; }
command -v python3 >/dev/null || { echo "error: python3 is needed for the statistics" >&2; exit 1; }

scratch=$(mktemp -d /tmp/simhost.XXXXXX)
pid=
cleanup() {
    if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
        kill -TERM "$pid" 2>/dev/null || true
        wait "$pid" 2>/dev/null || true
    fi
    if [ "$what" = status ] && [ -d "$scratch/tmp" ]; then
        HOME=$scratch/home TMPDIR=$scratch/tmp timeout 120 "$cumps" --simulate stop --all >/dev/null 2>&1 || true
    fi
    rm -rf "$scratch"
}
trap cleanup EXIT
mkdir -p "$scratch/home" "$scratch/tmp" "$scratch/config"
unset DISPLAY WAYLAND_DISPLAY CUDA_VISIBLE_DEVICES CUDA_MPS_PIPE_DIRECTORY CUDA_MPS_LOG_DIRECTORY CUMPS_CONTROL_CLIENT \
    CUMPS_SIM_CONFIG CUMPS_SIM_DRIVER CUMPS_SIM_MPS_FAULT CUMPS_SIM_SMI_FAULT
export LC_ALL=C HOME=$scratch/home TMPDIR=$scratch/tmp XDG_CONFIG_HOME=$scratch/config PATH=/usr/bin:/bin:$PATH
load() { cut -d' ' -f1 /proc/loadavg; }
: >"$scratch/samples"

# Mode words: "builtin" runs with CUMPS_CONTROL_CLIENT unset (the default: the window asks in-process, a CLI run
# over 16 daemons or more too), "nvidia" with CUMPS_CONTROL_CLIENT=nvidia.
with_mode() { # MODE COMMAND...
    if [ "$1" = nvidia ]; then shift; exec_env=(CUMPS_CONTROL_CLIENT=nvidia); else shift; exec_env=(-u CUMPS_CONTROL_CLIENT); fi
    env "${exec_env[@]}" "$@"
}
order() { if [ $(($1 % 2)) -eq 1 ]; then echo "builtin nvidia"; else echo "nvidia builtin"; fi; }

window_run() { # MODE -> appends "MODE load cpu% cpu%-with-children conversations" to samples
    local mode=$1 dir=$scratch/w err sandbox
    rm -rf "$dir"; mkdir -p "$dir/tmp"
    cat >"$dir/logging.properties" <<'EOF'
handlers=java.util.logging.ConsoleHandler
java.util.logging.ConsoleHandler.level=ALL
.level=WARNING
dev.cumps.app.FirstStatusLog.level=FINE
dev.cumps.core.mps.MpsControl.level=FINE
EOF
    err=$dir/stderr
    local mode_env=(-u CUMPS_CONTROL_CLIENT)
    [ "$mode" = nvidia ] && mode_env=(CUMPS_CONTROL_CLIENT=nvidia)
    # env(1) execs the launcher, which execs java: $! is the console JVM's pid.
    local demo=()
    [ "$mode" = none ] && demo=(--no-demo)
    env "${mode_env[@]}" TMPDIR="$dir/tmp" CUMPS_SIM_GPUS=4 \
        JAVA_TOOL_OPTIONS="-Dglass.platform=Headless -Dprism.order=sw -Djava.util.logging.config.file=$dir/logging.properties" \
        "$console" --simulate "${demo[@]}" </dev/null >"$dir/stdout" 2>"$err" &
    pid=$!
    local i
    for ((i = 0; i < 1200; i++)); do
        grep -q 'first-complete-status' "$err" && break
        kill -0 "$pid" 2>/dev/null || { echo "error: the console ended before its first status; its stderr:" >&2; cat "$err" >&2; exit 1; }
        sleep 0.1
    done
    grep -q 'first-complete-status' "$err" || { echo "error: the console showed no status within 120 s" >&2; exit 1; }
    [ "$(cat "/proc/$pid/comm")" = java ] || { echo "error: pid $pid is $(cat "/proc/$pid/comm"), not the console's JVM" >&2; exit 1; }
    sandbox=$(find "$dir/tmp" -maxdepth 1 -name 'csim-*' -type d | head -1)
    [ -n "$sandbox" ] || { echo "error: no console sandbox under $dir/tmp" >&2; exit 1; }
    if [ "$mode" != none ]; then
        for ((i = 0; i < 1200; i++)); do
            [ -n "$(find "$sandbox/records" -name '*.json' 2>/dev/null | head -1)" ] && break
            sleep 0.1
        done
        # The console's sandbox, as its own services see it (SimulatedHost.environment): stand-ins first on PATH, its TMPDIR.
        local env=(env PATH="$sandbox/bin:$PATH" TMPDIR="$sandbox/rt" CUMPS_SIM_CONFIG="$sandbox/sim.json" CUMPS_SIM_GPUS=4)
        local g
        for g in 1 2 3; do
            "${env[@]}" timeout 120 "$cumps" --records "$sandbox/records" start --gpus "$g" --name "bench$g" >/dev/null \
                || { echo "error: cumps start --gpus $g failed in the console's sandbox" >&2; exit 1; }
        done
        local live
        live=$("${env[@]}" CUMPS_CONTROL_CLIENT=nvidia "$cumps" --records "$sandbox/records" status --json \
            | python3 -c 'import json,sys; print(sum(1 for d in json.load(sys.stdin)["live"]["daemons"] if d["state"] == "answering"))')
        [ "$live" = 4 ] || { echo "error: $live daemons answer in the console's sandbox, not 4" >&2; exit 1; }
        local logs
        logs=$(find "$sandbox" -name control.log | wc -l)
        [ "$logs" = 4 ] || { echo "error: $logs control.log files in the console's sandbox, not 4" >&2; exit 1; }
    fi
    sleep 20 # the window refreshes the four (and the JIT settles) before the measurement
    local before after ui0 ui1 l
    l=$(load)
    ui0=$(find "$sandbox" -name control.log -exec cat {} + | grep -c 'NEW UI' || true)
    before=$(python3 -c 'import sys; s=open("/proc/%s/stat" % sys.argv[1]).read(); f=s[s.rindex(")")+2:].split(); print(*f[11:15])' "$pid")
    sleep "$seconds"
    after=$(python3 -c 'import sys; s=open("/proc/%s/stat" % sys.argv[1]).read(); f=s[s.rindex(")")+2:].split(); print(*f[11:15])' "$pid")
    ui1=$(find "$sandbox" -name control.log -exec cat {} + | grep -c 'NEW UI' || true)
    if [ "$mode" = builtin ] && grep -q 'asking it through' "$err"; then
        echo "error: the in-process client fell back to the program:" >&2; grep 'asking it through' "$err" >&2; exit 1
    fi
    python3 - "$mode" "$l" "$before" "$after" "$seconds" "$((ui1 - ui0))" "$(getconf CLK_TCK)" >>"$scratch/samples" <<'EOF'
import sys
mode, load, before, after, seconds, ui, tck = sys.argv[1:]
b, a = [int(x) for x in before.split()], [int(x) for x in after.split()]
jvm = (a[0] + a[1] - b[0] - b[1]) / int(tck)
kids = (a[2] + a[3] - b[2] - b[3]) / int(tck)
print(mode, load, f"{100 * jvm / float(seconds):.2f}", f"{100 * (jvm + kids) / float(seconds):.2f}", ui)
EOF
    tail -n 1 "$scratch/samples"
    kill -TERM "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
    pid=
}

status_setup() {
    local g
    export CUMPS_SIM_GPUS=25
    for g in $(seq 0 24); do
        timeout 120 "$cumps" --simulate start --gpus "$g" --name "d$g" >/dev/null 2>&1 \
            || { echo "error: cumps --simulate start --gpus $g failed" >&2; exit 1; }
    done
    # 25 stale records: each live record copied under another name with another start time.
    python3 - "$TMPDIR/cumps-sim-$(id -u)/records" <<'EOF'
import json, os, sys
root = sys.argv[1]
for name in sorted(os.listdir(root)):
    path = os.path.join(root, name, "daemon.json")
    if not os.path.isfile(path):
        continue
    rec = json.load(open(path))
    rec["name"] = "stale-" + rec["name"]
    rec["process_start_ticks"] = rec["process_start_ticks"] + 1
    rec["pipe_directory"] += "-stale"
    rec["log_directory"] += "-stale"
    os.makedirs(os.path.join(root, rec["name"]))
    open(os.path.join(root, rec["name"], "daemon.json"), "w").write(json.dumps(rec, indent=2, sort_keys=True) + "\n")
EOF
    local mode runs sandbox=$TMPDIR/cumps-sim-$(id -u)
    local plain=(env PATH="$sandbox/bin:$PATH" TMPDIR="$sandbox/rt" CUMPS_SIM_CONFIG="$sandbox/sim.json")
    local tracer=()
    if command -v strace >/dev/null && strace -f -qq -e trace=execve -o "$scratch/trace" true 2>/dev/null; then
        tracer=(strace -f -qq -e trace=execve -o "$scratch/trace")
    fi
    for mode in builtin nvidia; do
        # Which programs the run starts (once, outside the timed rounds: strace slows a run down).
        with_mode "$mode" "${plain[@]}" "${tracer[@]}" "$cumps" --records "$sandbox/records" status --json >"$scratch/$mode.json"
        if [ ${#tracer[@]} -gt 0 ]; then
            runs=$(grep -c 'execve("[^"]*/nvidia-cuda-mps-control"' "$scratch/trace" || true)
            echo "$mode: $runs runs of nvidia-cuda-mps-control, $(grep -c 'execve("[^"]*/nvidia-smi"' "$scratch/trace" || true) of nvidia-smi"
            if [ "$mode" = builtin ] && [ "$runs" != 0 ]; then echo "error: the in-process mode ran the control program" >&2; exit 1; fi
        fi
    done
    python3 - "$scratch/builtin.json" "$scratch/nvidia.json" <<'EOF'
import json, sys
def strip(v):
    if isinstance(v, dict):
        return {k: strip(x) for k, x in v.items() if k not in ("utilization_gpu_percent", "memory_used_mib")}
    if isinstance(v, list):
        return [strip(x) for x in v]
    return v
a, b = (json.load(open(p)) for p in sys.argv[1:])
states = [d["record_state"] for d in a["managed_daemons"]]
answering = [d["state"] for d in a["live"]["daemons"]].count("answering")
if len(states) != 50 or states.count("live") != 25 or answering != 25:
    sys.exit(f"error: {len(states)} records, {states.count('live')} live, {answering} answering; 50, 25 and 25 expected")
if strip(a) != strip(b):
    sys.exit("error: status --json differs between the two modes")
EOF
}

status_run() { # CASE: builtin, nvidia, simulate, empty or version
    local l sandbox=$TMPDIR/cumps-sim-$(id -u)
    local plain=(PATH="$sandbox/bin:$PATH" TMPDIR="$sandbox/rt" CUMPS_SIM_CONFIG="$sandbox/sim.json")
    l=$(load)
    case $1 in
        builtin) env -u CUMPS_CONTROL_CLIENT "${plain[@]}" /usr/bin/time -f "%e %U %S %M" -o "$scratch/t" \
                     "$cumps" --records "$sandbox/records" status --json >"$scratch/out" ;;
        nvidia) env CUMPS_CONTROL_CLIENT=nvidia "${plain[@]}" /usr/bin/time -f "%e %U %S %M" -o "$scratch/t" \
                     "$cumps" --records "$sandbox/records" status --json >"$scratch/out" ;;
        simulate) /usr/bin/time -f "%e %U %S %M" -o "$scratch/t" "$cumps" --simulate status --json >"$scratch/out" 2>/dev/null ;;
        empty) mkdir -p "$scratch/empty"
               env "${plain[@]}" /usr/bin/time -f "%e %U %S %M" -o "$scratch/t" "$cumps" --records "$scratch/empty" status --json >"$scratch/out" ;;
        version) /usr/bin/time -f "%e %U %S %M" -o "$scratch/t" "$cumps" --version >"$scratch/out" ;;
    esac
    read -r e u s m <"$scratch/t"
    echo "$1 $l $e $u $s $m" >>"$scratch/samples"
}

if [ "$what" = status ]; then
    status_setup
    for r in $(seq 1 "$rounds"); do
        for mode in $(order "$r") simulate empty version; do status_run "$mode"; done
    done
    echo "status --json, 50 records (25 live simulated daemons), $rounds rounds interleaved, $(nproc) cores"
    python3 - "$scratch/samples" <<'EOF'
import statistics, sys
rows = [l.split() for l in open(sys.argv[1])]
for mode in ("builtin", "nvidia", "simulate", "empty", "version"):
    r = [x for x in rows if x[0] == mode]
    wall = statistics.median(float(x[2]) * 1000 for x in r)
    cpu = statistics.median((float(x[3]) + float(x[4])) * 1000 for x in r)
    rss = [int(x[5]) / 1024 for x in r]
    loads = [float(x[1]) for x in r]
    print(f"{mode:8} wall {wall:6.0f} ms  CPU {cpu:6.0f} ms  peak RSS median {statistics.median(rss):5.1f} MiB, largest {max(rss):5.1f} MiB"
          f"  (load {min(loads):.1f} to {max(loads):.1f})")
EOF
else
    for r in $(seq 1 "$rounds"); do
        for mode in $(order "$r") none; do window_run "$mode"; done
    done
    echo "the window idle, 4 live simulated daemons, 2 s refresh, $seconds s per sample, $rounds rounds interleaved, $(nproc) cores"
    python3 - "$scratch/samples" <<'EOF'
import statistics, sys
rows = [l.split() for l in open(sys.argv[1])]
for mode in ("builtin", "nvidia", "none"):
    r = [x for x in rows if x[0] == mode]
    print(f"{mode:8} CPU {statistics.median(float(x[2]) for x in r):5.2f} % of one core (JVM), "
          f"{statistics.median(float(x[3]) for x in r):5.2f} % with its children (medians; samples: "
          + ", ".join(f"{x[2]}/{x[3]} at load {x[1]}" for x in r) + f"); conversations per sample {[int(x[4]) for x in r]}")
EOF
fi
