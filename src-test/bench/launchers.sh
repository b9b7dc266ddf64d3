#!/usr/bin/env bash
# Two builds of the `cumps` launcher, each with its own AOT cache, on one real control daemon asked in-process
# (docs/performance.md, round fourteen: what the AOT training caches for the in-process control client).
#
#   src-test/bench/launchers.sh BEFORE AFTER [RUNS] [BRANCH]      defaults: RUNS 10, BRANCH 550
#
# BEFORE and AFTER are launchers (`core/cli/target/cumps` of two builds, each beside its own cumps.jar: copy one
# build's `cumps` and `cumps.jar` into a folder of their own first). Builds nothing; NVIDIA's programs are taken from
# src-test/target/real-nvidia (CUMPS_REAL_NVIDIA names another folder). In a private scratch folder it starts
# BRANCH's real control daemon (`-d`) with one record (UniLab's daemon.json) and a stand-in nvidia-smi (one GPU, no
# delay), and runs `status --json` with CUMPS_CONTROL_CLIENT=builtin (the in-process client, whatever the count of
# daemons) and only HOME, PATH, LC_ALL, TMPDIR and JAVA_HOME in the environment. The first run of each launcher
# trains its cache if it has none (not counted); its output is checked (the daemon answering). One run of each is
# logged with -Xlog:class+load (JAVA_TOOL_OPTIONS): classes loaded, from the cache ("shared objects file") and
# outside it. Then RUNS rounds, the two alternating (BEFORE first in even rounds), under GNU time: median wall, median
# CPU (user + sys with children), largest peak RSS; then paired-stats.py's table of the two runs of each round
# (its columns "cumps" and "uni" are AFTER and BEFORE here: ratio = after / before, p10, p90, CPU ratio). As versus-real.sh, a root run hides /tmp/nvidia-mps behind an
# empty folder in a private mount namespace.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
before=${1:-}
after=${2:-}
runs=${3:-10}
branch=${4:-550}
real=${CUMPS_REAL_NVIDIA:-$root/src-test/target/real-nvidia}/r$branch/usr/bin/nvidia-cuda-mps-control
[ -x "$before" ] && [ -x "$after" ] || { echo "usage: $0 BEFORE_LAUNCHER AFTER_LAUNCHER [RUNS] [BRANCH]" >&2; exit 2; }
[ -x "$real" ] || { echo "error: $real is missing; run: bash src-test/real-nvidia/fetch.sh src-test/target/real-nvidia" >&2; exit 1; }
[ -x /usr/bin/time ] || { echo "error: /usr/bin/time is missing; install GNU time (apt-get install time)" >&2; exit 1; }
if [ -e /tmp/nvidia-mps ] && [ -z "${VERSUS_PRIVATE_DEFAULT_PIPE:-}" ] && [ "$(id -u)" = 0 ] && command -v unshare >/dev/null; then
    exec unshare -m --propagation private env VERSUS_PRIVATE_DEFAULT_PIPE=1 bash "$0" "$before" "$after" "$runs" "$branch"
fi
s=$(mktemp -d /tmp/lb.XXXXXX)
cleanup() {
    printf 'quit\n' | CUDA_MPS_PIPE_DIRECTORY=$s/d/pipe timeout 10 "$real" >/dev/null 2>&1 || true
    if [ -n "${VERSUS_PRIVATE_DEFAULT_PIPE:-}" ]; then umount /tmp/nvidia-mps 2>/dev/null || true; fi
    rm -rf "$s"
}
trap cleanup EXIT
if [ -n "${VERSUS_PRIVATE_DEFAULT_PIPE:-}" ]; then
    mkdir -p "$s/default-pipe"
    mount --bind "$s/default-pipe" /tmp/nvidia-mps
fi
mkdir -p "$s/d/pipe" "$s/d/log" "$s/bin"
ln -s "$real" "$s/bin/nvidia-cuda-mps-control"
printf '#!/bin/sh\necho "0, GPU-5f0c1a2e-0000-4000-8000-000000000000, NVIDIA H100 80GB HBM3, Exclusive_Process, 81559, Disabled, 550.54.15, 00000000:18:00.0, 0, 0"\n' \
    >"$s/bin/nvidia-smi"
chmod 755 "$s/bin/nvidia-smi"
CUDA_MPS_PIPE_DIRECTORY=$s/d/pipe CUDA_MPS_LOG_DIRECTORY=$s/d/log "$real" -d
for _ in $(seq 1 600); do
    [ -s "$s/d/pipe/nvidia-cuda-mps-control.pid" ] && break
    sleep 0.1
done
pid=$(cat "$s/d/pipe/nvidia-cuda-mps-control.pid")
st=$(cat "/proc/$pid/stat")
st=${st##*) }
mkdir -p "$s/home/.cache/unilab/cuda-mps/live"
cat >"$s/home/.cache/unilab/cuda-mps/live/daemon.json" <<EOF
{"created_at": 1764540000.5, "gpu_uuids": ["GPU-5f0c1a2e-0000-4000-8000-000000000000"], "host": "$(cat /proc/sys/kernel/hostname)",
 "log_directory": "$s/d/log", "name": "live", "pid": $pid, "pipe_directory": "$s/d/pipe",
 "process_start_ticks": $(echo "$st" | cut -d' ' -f20), "topology_mode": "single_gpu", "uid": $(id -u)}
EOF
go() {
    env -i HOME="$s/home" PATH="$s/bin:/usr/bin:/bin" LC_ALL=C TMPDIR="$s" ${JAVA_HOME:+JAVA_HOME="$JAVA_HOME"} CUMPS_CONTROL_CLIENT=builtin "$@"
}
echo "load average at the start: $(cut -d' ' -f1-3 /proc/loadavg)"
for v in before after; do
    l=$before
    [ $v = after ] && l=$after
    go "$l" status --json >"$s/out-$v.json"
    python3 -c "import json, sys; print(sys.argv[2] + ': the daemons asked', [(d['name'], d['state']) for d in json.load(open(sys.argv[1]))['live']['daemons']])" \
        "$s/out-$v.json" "$v"
    go env JAVA_TOOL_OPTIONS="-Xlog:class+load=info:file=$s/classes-$v.txt" "$l" status --json >/dev/null 2>&1
    echo "$v: classes loaded $(wc -l <"$s/classes-$v.txt"), from the cache $(grep -c 'shared objects file' "$s/classes-$v.txt")," \
        "outside it $(grep -vc 'shared objects file' "$s/classes-$v.txt")"
done
: >"$s/times"
for ((r = 0; r < runs; r++)); do
    if [ $((r % 2)) -eq 0 ]; then order="before after"; else order="after before"; fi
    for v in $order; do
        l=$before
        [ $v = after ] && l=$after
        go /usr/bin/time -f "$v %e %U %S %M" -a -o "$s/times" "$l" status --json >/dev/null
    done
done
python3 - "$s/times" <<'EOF'
import statistics, sys
by = {}
for line in open(sys.argv[1]):
    v, e, u, s, m = line.split()
    by.setdefault(v, []).append((float(e) * 1000, (float(u) + float(s)) * 1000, int(m) / 1024))
for v, xs in by.items():
    print(f"{v}: wall {statistics.median(x[0] for x in xs):.0f} ms, CPU {statistics.median(x[1] for x in xs):.0f} ms,"
          f" peak RSS {max(x[2] for x in xs):.1f} MiB ({len(xs)} runs)")
with open(sys.argv[1] + ".pairs", "w") as out:  # paired-stats.py's samples: TOOL|CASE|WALL_US|PEAK_RSS_KIB|USER_S|SYS_S
    for line in open(sys.argv[1]):
        v, e, u, s, m = line.split()
        out.write(f"{v}|status --json|{round(float(e) * 1e6)}|{m}|{u}|{s}\n")
EOF
python3 "$root/src-test/bench/paired-stats.py" "$s/times.pairs" "$runs" after before
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
