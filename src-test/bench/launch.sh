#!/usr/bin/env bash
# Launch time of the console (docs/performance.md §5): from starting the launcher process to the
# first complete host status laid out in the shown window, in simulate mode.
#
#   src-test/bench/launch.sh [RUNS] [NAME=COMMAND ...]      default: 10 runs of the case "app"
#
# A COMMAND is run as `COMMAND --simulate` (word-split; no quotes inside). The default case is
#   app=app/target/mps-console                       the console's launcher (built by `mvn package`)
# and the case named just `classpath` is `java -cp app/target/mps-console.jar:app/target/lib/*.jar
# dev.cumps.app.ConsoleLauncher` (the README's plain class-path launch: no launcher flags, no archive). Several cases run interleaved: one run of each per
# round, so the load of other jobs hits them alike.
#
# Each run uses a scratch HOME/TMPDIR/XDG_CONFIG_HOME, no DISPLAY, and Monocle's headless platform
# with software rendering (JAVA_TOOL_OPTIONS), like CI. The console logs one line,
# `first-complete-status <ms since JVM start> ...; at <epoch ms>`, at DEBUG (a logging.properties
# turns it on); the script records the time before it starts the process and takes the difference,
# so the figure includes the launcher script and the JVM's own start. It then ends the process it
# started (SIGTERM, by pid: the console stops its simulated daemons and removes its sandbox).
# It prints, per case, the median / p10 / p90 / min / max launch time, the median of the console's
# own "since JVM start" figure, and the load average at the start of the runs.
set -euo pipefail
runs=${1:-10}
shift || true
root=$(cd "$(dirname "$0")/../.." && pwd)
jar=$root/app/target/mps-console.jar
cases=("$@")
if [ ${#cases[@]} -eq 0 ]; then
    cases=("app=$root/app/target/mps-console")
fi
for c in "${cases[@]}"; do
    case $c in
        classpath)
            [ -f "$jar" ] || { echo "error: $jar is missing; run: mvn -q -pl app -am package -DskipTests" >&2; exit 1; } ;;
        *=*) cmd=${c#*=}; set -- $cmd
             command -v "$1" >/dev/null || { echo "error: $1 is not executable; run: mvn -q -pl app -am package -DskipTests" >&2; exit 1; } ;;
        *) echo "error: a case is NAME=COMMAND, not '$c'" >&2; exit 2 ;;
    esac
done
scratch=$(mktemp -d)
pid=
cleanup() {
    if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
        kill -TERM "$pid" 2>/dev/null || true
        wait "$pid" 2>/dev/null || true
    fi
    rm -rf "$scratch"
}
trap cleanup EXIT
cat >"$scratch/logging.properties" <<'EOF'
handlers=java.util.logging.ConsoleHandler
java.util.logging.ConsoleHandler.level=ALL
.level=WARNING
dev.cumps.app.FirstStatusLog.level=FINE
EOF
unset DISPLAY WAYLAND_DISPLAY CUDA_VISIBLE_DEVICES CUDA_MPS_PIPE_DIRECTORY CUDA_MPS_LOG_DIRECTORY
export LC_ALL=C
tool_options="-Dglass.platform=Monocle -Dmonocle.platform=Headless -Dprism.order=sw -Djava.util.logging.config.file=$scratch/logging.properties"
deadline_s=120
load_start=$(cut -d' ' -f1 /proc/loadavg)

one_run() {   # NAME COMMAND... ; appends "launch_ms uptime_ms" to $scratch/NAME
    local name=$1; shift
    local dir=$scratch/run
    rm -rf "$dir"; mkdir -p "$dir/home" "$dir/tmp" "$dir/config"
    local err=$dir/stderr
    local t0
    : >"$err"
    t0=$(date +%s%N)
    HOME=$dir/home TMPDIR=$dir/tmp XDG_CONFIG_HOME=$dir/config JAVA_TOOL_OPTIONS=$tool_options \
        "$@" --simulate </dev/null >"$dir/stdout" 2>"$err" &
    pid=$!
    local waited=0
    until grep -q 'first-complete-status' "$err"; do
        if ! kill -0 "$pid" 2>/dev/null; then
            echo "error: case $name ended before its first complete status; its stderr:" >&2
            cat "$err" >&2; pid=; exit 1
        fi
        if [ $waited -ge $((deadline_s * 10)) ]; then
            echo "error: case $name showed no complete status within $deadline_s s" >&2; exit 1
        fi
        sleep 0.1; waited=$((waited + 1))
    done
    kill -TERM "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
    pid=
    local line at up
    line=$(grep -m1 'first-complete-status' "$err")
    up=$(sed -E 's/.*first-complete-status ([0-9?]+) ms.*/\1/' <<<"$line")
    at=$(sed -E 's/.*at ([0-9]+) ms \(epoch\).*/\1/' <<<"$line")
    echo "$((at - t0 / 1000000)) $up" >>"$scratch/$name"
}

for ((r = 0; r < runs; r++)); do
    for c in "${cases[@]}"; do
        name=${c%%=*}
        if [ "$c" = classpath ]; then
            cp=$jar
            for lib in "$root"/app/target/lib/*.jar; do cp=$cp:$lib; done
            one_run classpath java -cp "$cp" dev.cumps.app.ConsoleLauncher
        else
            # shellcheck disable=SC2086
            one_run "$name" ${c#*=}
        fi
    done
done

load_end=$(cut -d' ' -f1 /proc/loadavg)
printf '%-12s %8s %8s %8s %8s %8s %14s\n' case median p10 p90 min max "jvm-uptime-med"
for c in "${cases[@]}"; do
    name=${c%%=*}
    python3 - "$name" "$scratch/$name" <<'EOF'
import statistics, sys
name, path = sys.argv[1], sys.argv[2]
rows = [line.split() for line in open(path)]
launch = sorted(int(r[0]) for r in rows)
up = sorted(int(r[1]) for r in rows if r[1].isdigit())
def q(v, p):
    return v[min(len(v) - 1, int(round(p * (len(v) - 1))))]
print("%-12s %8d %8d %8d %8d %8d %14s" % (name, statistics.median(launch), q(launch, .1), q(launch, .9),
      launch[0], launch[-1], int(statistics.median(up)) if up else "?"))
EOF
done
echo "runs: $runs per case, interleaved; load average (1 min) $load_start at start, $load_end at end; $(nproc) CPUs"
