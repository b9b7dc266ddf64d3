#!/usr/bin/env bash
# Launch time of the console (docs/performance.md §5): from starting the launcher process to the
# first complete host status laid out in the shown window, in simulate mode.
#
#   src-test/bench/launch.sh [--openbox] [RUNS] [NAME=COMMAND ...]      default: 10 runs of the case "app"
#
# --openbox: each run on the GTK glass under a private Xvfb (1920x1080) with openbox, as a user's
# desktop (not the headless glass); the script starts both once and ends them by pid. It then also reports the
# first frame: the time until the console's main window is mapped (`xdotool search --onlyvisible`,
# polled without pause from the moment the command starts). Needs Xvfb, openbox, xdotool.
#
# A COMMAND is run as `COMMAND --simulate` (word-split; no quotes inside). The default case is
#   app=app/target/mps-console                       the console's launcher (built by `mvn package`)
# and the case named just `classpath` is `java -cp app/target/mps-console.jar:app/target/lib/*.jar
# dev.cumps.app.ConsoleLauncher` (the README's plain class-path launch: no launcher flags, no archive). Several cases run interleaved: one run of each per
# round, so the load of other jobs hits them alike.
#
# Each run uses a scratch HOME/TMPDIR/XDG_CONFIG_HOME, no DISPLAY, and JavaFX's headless glass platform
# with software rendering (JAVA_TOOL_OPTIONS), like CI; with --openbox, the private display and GTK. The console logs one line,
# `first-complete-status <ms since JVM start> ...; at <epoch ms>`, at DEBUG (a logging.properties
# turns it on); the script records the time before it starts the process and takes the difference,
# so the figure includes the launcher script and the JVM's own start. It then ends the process it
# started (SIGTERM, by pid: the console stops its simulated daemons and removes its sandbox).
# It prints, per case, the median / p10 / p90 / min / max launch time, the median of the console's
# own "since JVM start" figure, and the load average at the start of the runs.
set -euo pipefail
openbox=false
if [ "${1:-}" = --openbox ]; then
    openbox=true
    shift
    for tool in Xvfb openbox xdotool wmctrl; do
        command -v "$tool" >/dev/null || { echo "error: --openbox needs $tool; install: apt-get install xvfb openbox xdotool wmctrl" >&2; exit 1; }
    done
fi
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
watcher=
xvfb=
wm=
cleanup() {
    for p in "$watcher" "$pid" "$wm" "$xvfb"; do
        if [ -n "$p" ] && kill -0 "$p" 2>/dev/null; then
            kill -TERM "$p" 2>/dev/null || true
            wait "$p" 2>/dev/null || true
        fi
    done
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
tool_options="-Dglass.platform=Headless -Dprism.order=sw -Djava.util.logging.config.file=$scratch/logging.properties"
if $openbox; then
    # Xvfb picks a free display and writes its number to fd 3; openbox manages it (HOME: its config).
    mkdir -p "$scratch/x"
    Xvfb -displayfd 3 -screen 0 1920x1080x24 -nolisten tcp 3>"$scratch/x/display" 2>"$scratch/x/xvfb.log" &
    xvfb=$!
    for ((i = 0; i < 600; i++)); do [ -s "$scratch/x/display" ] && break; sleep 0.1; done
    [ -s "$scratch/x/display" ] || { echo "error: Xvfb reported no display; see its log" >&2; cat "$scratch/x/xvfb.log" >&2; exit 1; }
    export DISPLAY=:$(head -1 "$scratch/x/display")
    HOME=$scratch/x openbox --sm-disable >"$scratch/x/openbox.log" 2>&1 &
    wm=$!
    for ((i = 0; i < 600; i++)); do wmctrl -m 2>/dev/null | grep -q Openbox && break; sleep 0.1; done
    wmctrl -m 2>/dev/null | grep -q Openbox || { echo "error: openbox did not manage $DISPLAY" >&2; exit 1; }
    # A UTF-8 locale, as a desktop has: in the C locale GTK leaves WM_NAME empty (the title's dash is
    # not ASCII) and xdotool finds no window by its name.
    export LC_ALL=C.UTF-8
    # GTK glass, software rendering (Xvfb has no OpenGL), no accessibility bus.
    tool_options="-Dprism.order=sw -Djava.util.logging.config.file=$scratch/logging.properties"
    export NO_AT_BRIDGE=1
fi
deadline_s=120
load_start=$(cut -d' ' -f1 /proc/loadavg)

one_run() {   # NAME COMMAND... ; appends "launch_ms uptime_ms [mapped_ms]" to $scratch/NAME
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
    if $openbox; then
        # The first frame: the epoch ms at which a visible window titled "MPS Console ..." first exists
        # (polled every 20 ms: a loop without pause would take one of the cores from the launch it measures).
        ( until xdotool search --onlyvisible --name '^MPS Console' >/dev/null 2>&1; do sleep 0.02; done; date +%s%N >"$dir/mapped" ) &
        watcher=$!
    fi
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
    local mapped=
    if $openbox; then
        # The window is shown by now (the status line needs it); the watcher notices within a poll.
        local polls=0
        until [ -s "$dir/mapped" ] || ! kill -0 "$watcher" 2>/dev/null; do
            if [ $polls -ge $((deadline_s * 20)) ]; then
                echo "error: case $name: xdotool never saw the window titled 'MPS Console ...' on $DISPLAY" >&2; exit 1
            fi
            sleep 0.05; polls=$((polls + 1))
        done
        wait "$watcher" 2>/dev/null || true
        watcher=
        [ -s "$dir/mapped" ] && mapped=$(( $(cat "$dir/mapped") / 1000000 - t0 / 1000000 ))
    fi
    kill -TERM "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
    pid=
    local line at up
    line=$(grep -m1 'first-complete-status' "$err")
    up=$(sed -E 's/.*first-complete-status ([0-9?]+) ms.*/\1/' <<<"$line")
    at=$(sed -E 's/.*at ([0-9]+) ms \(epoch\).*/\1/' <<<"$line")
    echo "$((at - t0 / 1000000)) $up $mapped" >>"$scratch/$name"
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
printf '%-12s %8s %8s %8s %8s %8s %14s %14s\n' case median p10 p90 min max "jvm-uptime-med" "first-frame-med"
for c in "${cases[@]}"; do
    name=${c%%=*}
    python3 - "$name" "$scratch/$name" <<'EOF'
import statistics, sys
name, path = sys.argv[1], sys.argv[2]
rows = [line.split() for line in open(path)]
launch = sorted(int(r[0]) for r in rows)
up = sorted(int(r[1]) for r in rows if r[1].isdigit())
mapped = sorted(int(r[2]) for r in rows if len(r) > 2 and r[2].lstrip("-").isdigit())
def q(v, p):
    return v[min(len(v) - 1, int(round(p * (len(v) - 1))))]
print("%-12s %8d %8d %8d %8d %8d %14s %14s" % (name, statistics.median(launch), q(launch, .1), q(launch, .9),
      launch[0], launch[-1], int(statistics.median(up)) if up else "?", int(statistics.median(mapped)) if mapped else "-"))
EOF
done
echo "runs: $runs per case, interleaved; load average (1 min) $load_start at start, $load_end at end; $(nproc) CPUs; display: $($openbox && echo "GTK on Xvfb $DISPLAY with openbox" || echo "JavaFX headless glass")"
