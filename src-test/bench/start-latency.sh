#!/usr/bin/env bash
# Start latency of `cumps --simulate start` (docs/performance.md).
#
#   src-test/bench/start-latency.sh [RUNS] [LAUNCHER]      defaults: 10, core/cli/target/cumps
#
# Each run starts one simulated daemon in a private sandbox (TMPDIR and HOME in a scratch directory),
# then stops it. From the files' own timestamps it splits the start into
#   launch   - from running `cumps start` to the daemon process's start time (/proc ticks, 10 ms resolution)
#   ready    - the daemon's own readiness delay: its start time to its control socket's creation
#   after    - control socket created to record written: what waiting and verifying add (goal <= 100 ms),
#              split by the daemon's own control.log (ms): socket -> it accepts cumps's get_server_list
#              (the poll and the client's start), its answer (a fresh JVM's first request), answer -> record;
#              and from its "To connect CUDA applications" line (its accept thread starts next): the
#              daemon's own socket -> accepting time, and accepting -> cumps's check arriving (what cumps adds)
# and prints the median of each with the total wall time.
set -euo pipefail
runs=${1:-10}
root=$(cd "$(dirname "$0")/../.." && pwd)
launcher=${2:-$root/core/cli/target/cumps}
[ -x "$launcher" ] || { echo "error: $launcher is missing; run: mvn -q -pl core/cli -am package -DskipTests" >&2; exit 1; }
scratch=$(mktemp -d)
trap 'TMPDIR=$scratch HOME=$scratch/home "$launcher" --simulate reset >/dev/null 2>&1 || true; rm -rf "$scratch"' EXIT
export TMPDIR=$scratch HOME=$scratch/home LC_ALL=C
unset CUDA_VISIBLE_DEVICES CUDA_MPS_PIPE_DIRECTORY CUDA_MPS_LOG_DIRECTORY
mkdir -p "$HOME"
hz=$(getconf CLK_TCK)
# Boot time to 10 ms (/proc/stat's btime is whole seconds, too coarse): now minus /proc/uptime.
btime=$(python3 -c 'import time; print(time.time() - float(open("/proc/uptime").read().split()[0]))')
: >"$scratch/samples"
for ((r = 0; r < runs; r++)); do
    t0=$(date +%s%N)
    "$launcher" --simulate start --gpus 0 --name lat >"$scratch/record.json" 2>/dev/null
    t1=$(date +%s%N)
    python3 - "$scratch/record.json" "$hz" "$btime" "$t0" "$t1" >>"$scratch/samples" <<'EOF'
import json, os, sys
rec = json.load(open(sys.argv[1]))
hz, btime, t0, t1 = int(sys.argv[2]), float(sys.argv[3]), int(sys.argv[4]) / 1e6, int(sys.argv[5]) / 1e6
daemon_start = (btime + rec["process_start_ticks"] / hz) * 1000
socket = os.stat(os.path.join(rec["pipe_directory"], "control")).st_ctime_ns / 1e6
home = os.environ["HOME"]
record_file = os.path.join(os.environ["TMPDIR"], "cumps-sim-%d" % os.getuid(), "records", rec["name"], "daemon.json")
written = os.stat(record_file).st_mtime_ns / 1e6
# The daemon's control.log (local time, ms): when it accepted cumps's get_server_list and answered it.
import datetime
accepted = answered = None
for line in open(os.path.join(rec["log_directory"], "control.log"), encoding="utf-8", errors="replace"):
    if not line.startswith("["):
        continue
    stamp = datetime.datetime.strptime(line[1:24], "%Y-%m-%d %H:%M:%S.%f").timestamp() * 1000
    if "To connect CUDA applications" in line:
        ready = stamp
    elif "Accepting connection" in line:
        pending = stamp
    elif "Cmd:get_server_list" in line:
        accepted, answered = pending, stamp
print("%.1f %.1f %.1f %.1f %.1f %.1f %.1f %.1f %.1f" % (daemon_start - t0, socket - daemon_start, written - socket, t1 - t0,
                                             accepted - socket, answered - accepted, written - answered,
                                             ready - socket, accepted - ready))
EOF
    "$launcher" --simulate stop --name lat >/dev/null 2>&1
done
python3 - "$scratch/samples" <<'EOF'
import statistics, sys
rows = [list(map(float, l.split())) for l in open(sys.argv[1])]
names = ["launch (cumps start -> daemon process)", "ready (daemon's own readiness delay)",
         "after (socket -> record written)", "total wall",
         "  of which: socket -> daemon accepts the check", "  of which: the daemon answers it",
         "  of which: answer -> record written",
         "socket -> daemon logs it accepts clients", "daemon accepts clients -> accepts cumps's check"]
for i, n in enumerate(names):
    col = [r[i] for r in rows]
    print("%-42s median %7.1f ms   min %7.1f   max %7.1f" % (n, statistics.median(col), min(col), max(col)))
EOF
