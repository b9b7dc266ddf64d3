#!/usr/bin/env bash
# Side by side on NVIDIA's real control daemons: `cumps` against UniLab's Python `uni-cumps` (issue 37's goals,
# docs/performance.md), paired and interleaved as versus.sh does, on the scenarios of the issue.
#
#   src-test/bench/versus-real.sh UNI_CUMPS [RUNS] [BRANCH] [CUMPS]    defaults: RUNS 20, BRANCH 550,
#                                                                      CUMPS core/cli/target/cumps
#
# UNI_CUMPS is the path of an installed `uni-cumps` (its console script or a wrapper that runs it); this project
# holds none of its code, and without one the script says so and exits 0, comparing nothing. Builds nothing: run
# `mvn -q -pl core/cli -am package -DskipTests` first, and have NVIDIA's programs in src-test/target/real-nvidia
# (`bash src-test/real-nvidia/fetch.sh src-test/target/real-nvidia`; CUMPS_REAL_NVIDIA names another folder).
#
# In a private scratch folder it starts 26 of BRANCH's real control daemons (`nvidia-cuda-mps-control -d`, no GPU
# needed: a daemon without servers) and writes UniLab's daemon records (`~/.cache/unilab/cuda-mps/NAME/daemon.json`,
# read by both tools) under three scratch HOMEs:
#   fifty  25 live records (one daemon each, on GPUs 0..24) and 25 stale ones (the pid of a process that has
#          exited), with a stand-in nvidia-smi that lists 25 GPUs
#   one    1 live record (the 26th daemon, GPU 0), a stand-in nvidia-smi with 1 GPU
#   none   no record, the same 1-GPU stand-in
# The stand-in nvidia-smi is versus.sh's (12 ms, answers the fields asked); nvidia-cuda-mps-control on PATH is
# NVIDIA's real one. Each run gets only HOME, PATH, LC_ALL, TMPDIR and JAVA_HOME (`env -i`); cumps runs with its
# defaults (CUMPS_CONTROL_CLIENT unset). Cases: `status --json` [fifty], `status --json` [one], `doctor --json`
# [one], `doctor --json` [none]; then two for the floors: `status --json` [fifty] with cumps forced through NVIDIA's
# program (CUMPS_CONTROL_CLIENT=nvidia: 25 control-client runs instead of the in-process client), and each tool's
# start with nothing to do (`cumps --version` against `uni-cumps --help`: the interpreter and every module imported,
# argparse's help printed). Every round runs each case's pair back to back, cumps first in even rounds and
# uni-cumps first in odd ones; paired-stats.py prints, per case, the median wall ms of each, the median of the paired
# ratios cumps/uni-cumps with p10 and p90, the median CPU ms (GNU time user + sys, with children, 10 ms resolution)
# with the median of the paired ratios, and the largest peak RSS. Before the rounds, each tool runs each case once
# under `strace -f -e trace=execve` (not timed): the programs it started are printed, with the count of
# nvidia-smi and nvidia-cuda-mps-control runs. The load average is printed at the start and the end: on a shared
# machine, compare within one run only. The daemons are stopped with NVIDIA's `quit` at the end.
#
# A control daemon at NVIDIA's default /tmp/nvidia-mps is not part of any scenario, but cumps asks it (and, where it is a
# dead daemon's socket, asks it again through NVIDIA's program: one more process). When that folder exists, the
# script runs itself again in a private mount namespace (`unshare -m`, root only) with an empty folder of its
# scratch mounted over /tmp/nvidia-mps, so that neither tool sees it; the folder itself is not touched. Without
# root it says so and measures with it there.
#
# VERSUS_OUTPUTS=DIR keeps the first output of each tool and case there, to check them by hand.
# VERSUS_LIVE=N (1-99, default 25) makes "fifty" N live records and N stale ones, N GPUs and N + 1 daemons (the
# in-process client's break-even, docs/performance.md round sixteen).
set -euo pipefail
live=${VERSUS_LIVE:-25}
[[ "$live" =~ ^[1-9][0-9]?$ ]] || { echo "error: VERSUS_LIVE must be 1 to 99, not $live" >&2; exit 2; }
root=$(cd "$(dirname "$0")/../.." && pwd)
uni=${1:-}
runs=${2:-20}
branch=${3:-550}
cumps=${4:-$root/core/cli/target/cumps}
real=${CUMPS_REAL_NVIDIA:-$root/src-test/target/real-nvidia}/r$branch/usr/bin/nvidia-cuda-mps-control
if [ -z "$uni" ] || [ ! -f "$uni" ] || [ ! -x "$uni" ]; then
    echo "uni-cumps not found at '${uni}': the side-by-side comparison is skipped (give the path of an installed uni-cumps)"
    exit 0
fi
[ -x "$cumps" ] || { echo "error: $cumps is missing; run: mvn -q -pl core/cli -am package -DskipTests" >&2; exit 1; }
[ -x "$real" ] || { echo "error: $real is missing; run: bash src-test/real-nvidia/fetch.sh src-test/target/real-nvidia" >&2; exit 1; }
[ -x /usr/bin/time ] || { echo "error: /usr/bin/time is missing; install GNU time (apt-get install time)" >&2; exit 1; }
command -v strace >/dev/null || { echo "error: strace is needed to count the programs started" >&2; exit 1; }
command -v python3 >/dev/null || { echo "error: python3 is needed for the statistics" >&2; exit 1; }
if [ -e /tmp/nvidia-mps ] && [ -z "${VERSUS_PRIVATE_DEFAULT_PIPE:-}" ]; then
    if [ "$(id -u)" = 0 ] && command -v unshare >/dev/null; then
        exec unshare -m --propagation private env VERSUS_PRIVATE_DEFAULT_PIPE=1 bash "$0" "$uni" "$runs" "$branch" "$cumps"
    fi
    echo "note: /tmp/nvidia-mps exists and this is not root: both tools see what is there (cumps asks it)" >&2
fi

scratch=$(mktemp -d /tmp/vr.XXXXXX)
started=()
cleanup() {
    for pipe in "${started[@]}"; do
        printf 'quit\n' | CUDA_MPS_PIPE_DIRECTORY=$pipe timeout 10 "$real" >/dev/null 2>&1 || true
    done
    if [ -n "${VERSUS_PRIVATE_DEFAULT_PIPE:-}" ]; then umount /tmp/nvidia-mps 2>/dev/null || true; fi
    rm -rf "$scratch"
}
trap cleanup EXIT
if [ -n "${VERSUS_PRIVATE_DEFAULT_PIPE:-}" ]; then
    mkdir -p "$scratch/default-pipe"
    mount --bind "$scratch/default-pipe" /tmp/nvidia-mps
    echo "/tmp/nvidia-mps: an empty folder in this run's private mount namespace"
fi
host=$(cat /proc/sys/kernel/hostname)
uuid() { printf 'GPU-5f0c1a2e-0000-4000-8000-%012d' "$1"; }

# stand-in nvidia-smi with N GPUs (versus.sh's, with rows for N GPUs) and NVIDIA's real control program
standin() { # DIR GPUS
    mkdir -p "$1"
    ln -s "$real" "$1/nvidia-cuda-mps-control"
    cat >"$1/nvidia-smi" <<EOF
#!/bin/sh
sleep 0.012
query=
for arg in "\$@"; do
    case "\$arg" in
        --query-compute-apps=*) exit 0 ;;
        --query-gpu=*) query=\${arg#--query-gpu=} ;;
    esac
done
i=0
while [ \$i -lt $2 ]; do
    row=
    IFS=,
    for field in \$query; do
        case "\$field" in
            index) value=\$i ;;
            uuid) value=\$(printf 'GPU-5f0c1a2e-0000-4000-8000-%012d' \$i) ;;
            name) value="NVIDIA H100 80GB HBM3" ;;
            compute_mode) value=Exclusive_Process ;;
            memory.total) value=81559 ;;
            mig.mode.current) value=Disabled ;;
            driver_version) value=550.54.15 ;;
            pci.bus_id) value=\$(printf '00000000:%02X:00.0' \$i) ;;
            utilization.gpu) value=0 ;;
            memory.used) value=0 ;;
            *) value="[N/A]" ;;
        esac
        row="\${row:+\$row, }\$value"
    done
    unset IFS
    echo "\$row"
    i=\$((i + 1))
done
EOF
    chmod 755 "$1/nvidia-smi"
}
standin "$scratch/binN" "$live"
standin "$scratch/bin1" 1

# one real daemon; prints its pid (R550 and later write it into the pipe directory)
daemon() { # DIR
    mkdir -p "$1/pipe" "$1/log"
    CUDA_MPS_PIPE_DIRECTORY=$1/pipe CUDA_MPS_LOG_DIRECTORY=$1/log "$real" -d
    started+=("$1/pipe")
    for _ in $(seq 1 600); do
        if [ -s "$1/pipe/nvidia-cuda-mps-control.pid" ] \
            && printf 'get_server_list\n' | CUDA_MPS_PIPE_DIRECTORY=$1/pipe timeout 10 "$real" >/dev/null 2>&1; then
            return 0
        fi
        sleep 0.1
    done
    echo "error: the R$branch daemon in $1 did not answer" >&2
    exit 1
}
record() { # HOME NAME PID TICKS GPU DIR
    mkdir -p "$1/.cache/unilab/cuda-mps/$2"
    python3 - "$1/.cache/unilab/cuda-mps/$2/daemon.json" "$2" "$3" "$4" "$(uuid "$5")" "$6" "$(id -u)" "$host" <<'EOF'
import json, sys
path, name, pid, ticks, gpu, d, uid, host = sys.argv[1:]
rec = {"created_at": 1764540000.5, "gpu_uuids": [gpu], "host": host, "log_directory": f"{d}/log", "name": name,
       "pid": int(pid), "pipe_directory": f"{d}/pipe", "process_start_ticks": int(ticks), "topology_mode": "single_gpu",
       "uid": int(uid)}
open(path, "w").write(json.dumps(rec, indent=2, sort_keys=True) + "\n")
EOF
}
ticks() { local s; s=$(cat "/proc/$1/stat"); s=${s##*) }; echo "$s" | cut -d' ' -f20; }
sh -c 'exit 0' &
gone=$!
wait "$gone" || true
mkdir -p "$scratch/home0"
for i in $(seq 0 $((live - 1))); do
    d=$scratch/d/$i
    daemon "$d"
    pid=$(cat "$d/pipe/nvidia-cuda-mps-control.pid")
    record "$scratch/home50" "live-$i" "$pid" "$(ticks "$pid")" "$i" "$d"
    record "$scratch/home50" "stale-$i" "$gone" 1 "$i" "$scratch/stale/$i"
done
daemon "$scratch/d/one"
pid=$(cat "$scratch/d/one/pipe/nvidia-cuda-mps-control.pid")
record "$scratch/home1" live "$pid" "$(ticks "$pid")" 0 "$scratch/d/one"

names=("status --json, $((2 * live)) records ($live live)" "status --json, 1 live daemon" "doctor --json, 1 live daemon" "doctor --json, no daemon"
    "status --json, $((2 * live)) records, cumps via NVIDIA's program" "floor: cumps --version / uni-cumps --help")
homes=(home50 home1 home1 home0 home50 home0)
bins=(binN bin1 bin1 bin1 binN bin1)
cargs=("status --json" "status --json" "doctor --json" "doctor --json" "status --json" "--version")
uargs=("status --json" "status --json" "doctor --json" "doctor --json" "status --json" "--help")
cenv=("" "" "" "" "CUMPS_CONTROL_CLIENT=nvidia" "")
run() { # CASE TOOL [PREFIX...]: the tool's command line for a case, in its clean environment
    local c=$1 tool=$2 a extra=()
    shift 2
    if [ "$tool" = "$cumps" ]; then
        a=${cargs[$c]}
        if [ -n "${cenv[$c]}" ]; then extra=("${cenv[$c]}"); fi
    else
        a=${uargs[$c]}
    fi
    env -i HOME="$scratch/${homes[$c]}" PATH="$scratch/${bins[$c]}:/usr/bin:/bin" LC_ALL=C TMPDIR="$scratch" \
        ${JAVA_HOME:+JAVA_HOME="$JAVA_HOME"} ${extra[@]+"${extra[@]}"} "$@" "$tool" $a
}
echo "load average at the start: $(cut -d' ' -f1-3 /proc/loadavg)   (cumps: $cumps; uni-cumps: $uni; R$branch: $real)"
run 0 "$cumps" >/dev/null 2>&1 || true # trains the launcher's AOT cache if needed: not part of the figures
for c in "${!names[@]}"; do
    for tool in "$cumps" "$uni"; do
        label=$([ "$tool" = "$cumps" ] && echo cumps || echo uni-cumps)
        rc=0
        run "$c" "$tool" >"$scratch/out" 2>&1 || rc=$?
        if [ -n "${VERSUS_OUTPUTS:-}" ]; then
            mkdir -p "$VERSUS_OUTPUTS"
            cp "$scratch/out" "$VERSUS_OUTPUTS/$label-$c.txt"
        fi
        run "$c" "$tool" strace -f -qq -e trace=execve -e signal=none -o "$scratch/trace" >/dev/null 2>&1 || true
        programs=$(grep -v ' = -1 ' "$scratch/trace" | sed -n 's/.*execve("\([^"]*\)".*/\1/p' | tail -n +2 | xargs -rn1 basename \
            | sort | uniq -c | awk '{printf "%s%s x%s", sep, $2, $1; sep=", "}')
        nvidia=$(grep -v ' = -1 ' "$scratch/trace" | grep -cE 'execve\("[^"]*/(nvidia-smi|nvidia-cuda-mps-control)"' || true)
        echo "$label ${names[$c]}: exit $rc; NVIDIA programs started: $nvidia (nvidia-smi, nvidia-cuda-mps-control); all: ${programs:-none}"
    done
done
: >"$scratch/samples"
one() { # LABEL CASE TOOL
    local label=$1 c=$2 tool=$3 start end
    run "$c" "$tool" /usr/bin/time -f "%M %U %S" -o "$scratch/rss" >/dev/null 2>&1 || true
    start=$(date +%s%N)
    run "$c" "$tool" >/dev/null 2>&1 || true
    end=$(date +%s%N)
    echo "$label|${names[$c]}|$(( (end - start) / 1000 ))|$(tail -n 1 "$scratch/rss" | tr ' ' '|')" >>"$scratch/samples"
}
for ((r = 0; r < runs; r++)); do
    for c in "${!names[@]}"; do
        if [ $((r % 2)) -eq 0 ]; then
            one cumps "$c" "$cumps"; one uni "$c" "$uni"
        else
            one uni "$c" "$uni"; one cumps "$c" "$cumps"
        fi
    done
done
python3 "$root/src-test/bench/paired-stats.py" "$scratch/samples" "$runs"
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
