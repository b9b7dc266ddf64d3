#!/usr/bin/env bash
# Response time of the simulated NVIDIA tools (docs/performance.md).
#
#   src-test/bench/standins.sh [RUNS] [LAUNCHER]      defaults: 30, core/cli/target/cumps
#
# In a private sandbox (TMPDIR and HOME in a scratch directory) `cumps --simulate start` installs the
# stand-ins and starts one simulated daemon. Then, interleaved, RUNS times each:
#   smi-python     bin/nvidia-smi --query-gpu=<cumps's fields> --format=csv,noheader,nounits   (goal <= 30 ms)
#   client-python  echo get_server_list | bin/nvidia-cuda-mps-control                           (goal <= 50 ms)
#   smi-jvm / client-jvm   the same through the JVM stand-ins (what SimTools.installJava writes:
#                  java -XX:TieredStopAtLevel=1 -XX:+UseSerialGC ... dev.cumps.sim.*Main), for comparison
# and prints median, 10th/90th percentile (ms) and peak RSS.
set -euo pipefail
runs=${1:-30}
root=$(cd "$(dirname "$0")/../.." && pwd)
launcher=${2:-$root/core/cli/target/cumps}
jar=$(dirname "$(readlink -f "$launcher")")/cumps.jar
[ -x "$launcher" ] || { echo "error: $launcher is missing; run: mvn -q -pl core/cli -am package -DskipTests" >&2; exit 1; }
scratch=$(mktemp -d)
export TMPDIR=$scratch HOME=$scratch/home LC_ALL=C
unset CUDA_VISIBLE_DEVICES CUDA_MPS_PIPE_DIRECTORY CUDA_MPS_LOG_DIRECTORY CUMPS_SIM_CONFIG
trap '"$launcher" --simulate reset >/dev/null 2>&1 || true; rm -rf "$scratch"' EXIT
mkdir -p "$HOME"
"$launcher" --simulate start --gpus 0 --name bench >"$scratch/record.json" 2>/dev/null
sandbox=$scratch/cumps-sim-$(id -u)
bin=$sandbox/bin
pipe=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["pipe_directory"])' "$scratch/record.json")
export CUMPS_SIM_CONFIG=$sandbox/sim.json CUDA_MPS_PIPE_DIRECTORY=$pipe
head -1 "$bin/nvidia-smi" | grep -q python3 || echo "note: the installed stand-ins are not the Python ones (no python3 on PATH?)" >&2
java=${JAVA_HOME:+$JAVA_HOME/bin/}java
jvm="$java -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -Xshare:auto -XX:-UsePerfData -Xss512k -Xmx64m -cp $jar"
query="--query-gpu=index,uuid,name,compute_mode,memory.total,mig.mode.current,driver_version,pci.bus_id,utilization.gpu,memory.used --format=csv,noheader,nounits"
names=(smi-python client-python smi-jvm client-jvm)
cmds=("$bin/nvidia-smi $query" "$bin/nvidia-cuda-mps-control" "$jvm dev.cumps.sim.NvidiaSmiMain $query" "$jvm dev.cumps.sim.MpsControlMain")
for i in "${!cmds[@]}"; do
    out=$(echo get_server_list | ${cmds[$i]}) || { echo "error: ${names[$i]} failed" >&2; exit 1; }
done
: >"$scratch/samples"
for ((r = 0; r < runs; r++)); do
    for i in "${!cmds[@]}"; do
        start=$(date +%s%N)
        echo get_server_list | ${cmds[$i]} >/dev/null
        end=$(date +%s%N)
        echo get_server_list | /usr/bin/time -f "%M" -o "$scratch/rss" ${cmds[$i]} >/dev/null
        echo "${names[$i]} $(( (end - start) / 1000 )) $(cat "$scratch/rss")" >>"$scratch/samples"
    done
done
python3 - "$scratch/samples" "$runs" <<'EOF'
import statistics, sys
s = {}
for line in open(sys.argv[1]):
    n, us, rss = line.split()
    s.setdefault(n, []).append((int(us) / 1000.0, int(rss)))
print(f"{'case':14} {'median ms':>9} {'p10':>7} {'p90':>7} {'peak RSS MiB':>12}   ({sys.argv[2]} interleaved runs)")
for n, xs in s.items():
    ms = sorted(x[0] for x in xs)
    print(f"{n:14} {statistics.median(ms):9.1f} {ms[len(ms) // 10]:7.1f} {ms[min(len(ms) - 1, len(ms) * 9 // 10)]:7.1f} "
          f"{max(x[1] for x in xs) / 1024:12.1f}")
EOF
