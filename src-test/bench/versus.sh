#!/usr/bin/env bash
# Side by side: `cumps` against UniLab's Python `uni-cumps` (docs/performance.md), paired and interleaved.
#
#   src-test/bench/versus.sh UNI_CUMPS [RUNS] [CUMPS]          defaults: RUNS 20, CUMPS core/cli/target/cumps
#
# UNI_CUMPS is the path of an installed `uni-cumps` (its console script, or a wrapper that runs it). This project
# holds none of its code: when UNI_CUMPS is not an executable file the script says so and exits 0, comparing
# nothing. Builds nothing: run `mvn -q -pl core/cli -am package -DskipTests` first.
#
# Both tools read the same record directory (~/.cache/unilab/cuda-mps under a scratch HOME) and find the same
# 12 ms stand-in nvidia-smi and nvidia-cuda-mps-control on PATH (as in startup.sh): one live daemon record
# (a shell this script starts) whose control daemon has one server (its child, a `sleep`) with one client. For each of
# `status --json`, `env` and `doctor --json`, every round runs the pair back to back, in alternating order
# (cumps first in even rounds, uni-cumps first in odd ones), so load from other programs hits both alike.
# It prints per command the median wall ms of each, the median of the paired ratios cumps/uni-cumps (< 1:
# cumps is faster), their 10th and 90th percentiles, the median CPU time (user + sys of the process and what it
# waited for, GNU time, 10 ms resolution; steadier than wall time on a loaded machine) of each and the median of
# their paired ratios, and each tool's largest peak RSS (GNU time %M).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
uni=${1:-}
runs=${2:-20}
cumps=${3:-$root/core/cli/target/cumps}
if [ -z "$uni" ] || [ ! -f "$uni" ] || [ ! -x "$uni" ]; then
    echo "uni-cumps not found at '${uni}': the side-by-side comparison is skipped (give the path of an installed uni-cumps)"
    exit 0
fi
[ -x "$cumps" ] || { echo "error: $cumps is missing; run: mvn -q -pl core/cli -am package -DskipTests" >&2; exit 1; }
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
mkdir -p "$scratch/bin"
sleep 100000 &
sleeper=$!
# The live daemon (a shell) starts its one MPS server (a `sleep`) as its child, as NVIDIA's daemon does. The
# other live records' daemon is the childless sleeper: daemons without servers.
sh -c 'sleep 100000 & echo $! >"$1"; wait' sh "$scratch/server.pid" &
daemon=$!
while [ ! -s "$scratch/server.pid" ]; do sleep 0.01; done
server=$(cat "$scratch/server.pid")
live="$scratch/run/live/pipe"
mkdir -p "$live" "$scratch/run/live/log"
# It answers --query-gpu with the fields asked, in the order asked (uni-cumps asks index,uuid,compute_mode and
# refuses a row of any other width; cumps asks its own ten).
cat >"$scratch/bin/nvidia-smi" <<EOF
#!/bin/sh
sleep 0.012
query=
for arg in "\$@"; do
    case "\$arg" in
        --query-compute-apps=*) echo "$sleeper, GPU-5f0c1a2e-0000-4000-8000-000000000000, 1024"; exit 0 ;;
        --query-gpu=*) query=\${arg#--query-gpu=} ;;
    esac
done
row=
IFS=,
for field in \$query; do
    case "\$field" in
        index) value=0 ;;
        uuid) value=GPU-5f0c1a2e-0000-4000-8000-000000000000 ;;
        name) value="NVIDIA H100 80GB HBM3" ;;
        compute_mode) value=Exclusive_Process ;;
        memory.total) value=81559 ;;
        mig.mode.current) value=Disabled ;;
        driver_version) value=550.54.15 ;;
        pci.bus_id) value=00000000:18:00.0 ;;
        utilization.gpu) value=37 ;;
        memory.used) value=1024 ;;
        *) value="[N/A]" ;;
    esac
    row="\${row:+\$row, }\$value"
done
echo "\$row"
EOF
# Like NVIDIA's client: one reply per line of stdin, `Unknown command "<it>"` for what it does not know.
cat >"$scratch/bin/nvidia-cuda-mps-control" <<EOF
#!/bin/sh
sleep 0.012
while IFS= read -r line; do
    case "\$CUDA_MPS_PIPE_DIRECTORY:\$line" in
        *:) ;;
        "$live:get_server_list") echo $server ;;
        *:get_server_list) ;;
        "$live:get_server_status $server") echo ACTIVE ;;
        "$live:get_client_list $server") echo $sleeper ;;
        *:get_default_active_thread_percentage) echo 100.0 ;;
        *) echo "Unknown command \"\$line\"" ;;
    esac
done
EOF
chmod 755 "$scratch/bin/nvidia-smi" "$scratch/bin/nvidia-cuda-mps-control"
records="$scratch/home/.cache/unilab/cuda-mps"
mkdir -p "$records/live"
python3 - "$records/live/daemon.json" "$daemon" "$(id -u)" "$(cat /proc/sys/kernel/hostname)" "$scratch" <<'EOF'
import json, sys
path, pid, uid, host, scratch = sys.argv[1:]
s = open("/proc/%s/stat" % pid).read()
ticks = int(s[s.rindex(")") + 2:].split()[19])
rec = {"created_at": 1764540000.5, "gpu_uuids": ["GPU-5f0c1a2e-0000-4000-8000-000000000000"], "host": host,
       "log_directory": f"{scratch}/run/live/log", "name": "live", "pid": int(pid),
       "pipe_directory": f"{scratch}/run/live/pipe", "process_start_ticks": ticks, "topology_mode": "single_gpu", "uid": int(uid)}
open(path, "w").write(json.dumps(rec, indent=2, sort_keys=True) + "\n")
EOF

export PATH="$scratch/bin:/usr/bin:/bin" HOME="$scratch/home" LC_ALL=C TMPDIR="$scratch"
unset CUDA_VISIBLE_DEVICES CUDA_MPS_PIPE_DIRECTORY CUDA_MPS_LOG_DIRECTORY
"$cumps" --version >/dev/null # trains the launcher's AOT cache if needed: not part of the figures
cases=("status --json" "env" "doctor --json")
for c in "${cases[@]}"; do
    for tool in "$cumps" "$uni"; do
        $tool $c >/dev/null 2>&1 || echo "note: '$tool $c' exits non-zero here (timed all the same)" >&2
    done
done
: >"$scratch/samples"
one() { # LABEL CASE TOOL...
    local label=$1 name=$2; shift 2
    /usr/bin/time -f "%M %U %S" -o "$scratch/rss" "$@" >/dev/null 2>&1 || true
    local start end
    start=$(date +%s%N)
    "$@" >/dev/null 2>&1 || true
    end=$(date +%s%N)
    echo "$label|$name|$(( (end - start) / 1000 ))|$(tail -n 1 "$scratch/rss" | tr ' ' '|')" >>"$scratch/samples"
}
for ((r = 0; r < runs; r++)); do
    for c in "${cases[@]}"; do
        if [ $((r % 2)) -eq 0 ]; then
            one cumps "$c" $cumps $c; one uni "$c" $uni $c
        else
            one uni "$c" $uni $c; one cumps "$c" $cumps $c
        fi
    done
done
python3 "$root/src-test/bench/paired-stats.py" "$scratch/samples" "$runs"
