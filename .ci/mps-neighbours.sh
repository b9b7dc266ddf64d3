# Sourced by .ci/run (bash). The MPS daemons a GPU workstation has beside the test suite, so that
# `mvn -B verify` proves the suite is hermetic: it must pass while
#   - NVIDIA's real control daemon (R550, Debian non-free, see src-test/real-nvidia/fetch.sh) serves
#     NVIDIA's default pipe directory /tmp/nvidia-mps, as a system daemon does (or, when the machine has
#     something there already, that is left as it is and the suite runs beside it), and
#   - a stray nvidia-cuda-mps-control of another user (uid 65534) serves its own pipe directory
#     under /tmp (a colleague's daemon on a shared machine).
#
#   mps_neighbours_start [BIN]   BIN: the real nvidia-cuda-mps-control
#                                (default src-test/target/real-nvidia/r550/usr/bin/nvidia-cuda-mps-control)
#                                When /tmp/nvidia-mps exists already (the machine's own daemon, another
#                                job's, or what a killed run left), it is described and left alone: the
#                                suite runs beside it, and only the stray daemon is started.
#   mps_neighbours_stop          ends exactly the daemons start started: by pid, after checking the
#                                process's start time (field 22 of /proc/PID/stat) is the one recorded;
#                                `quit` first, then SIGTERM, then SIGKILL. Safe to call twice, and from
#                                a trap on EXIT.
#
# Try it alone:  bash -c 'set -euo pipefail; . .ci/mps-neighbours.sh; mps_neighbours_start; mps_neighbours_stop'
# Needs root (the stray daemon runs as uid 65534 through setpriv).

MPS_NEIGHBOURS=()        # "pid start_time uid pipe_directory" per daemon started
MPS_NEIGHBOURS_DIRS=()   # folders start created, removed by stop
MPS_NEIGHBOURS_STRAY_UID=65534

# Field 22 of /proc/PID/stat (the start time in clock ticks), or nothing when PID is gone (or a zombie).
_mps_start_time() {
    local stat
    stat="$(cat "/proc/$1/stat" 2>/dev/null)" || return 0
    stat="${stat##*) }"   # the fields after the command name, from field 3 (the state) on
    # shellcheck disable=SC2086
    set -f; set -- $stat; set +f
    [ "$1" = Z ] || echo "${20}"
}

# Waits (10 s at most, polling) until FILE holds a pid that is running; prints it.
_mps_await_pid_file() {
    local file="$1" i pid
    for i in $(seq 1 100); do
        pid="$(cat "$file" 2>/dev/null || true)"
        if [[ "$pid" =~ ^[0-9]+$ ]] && [ -d "/proc/$pid" ] && [ -S "$(dirname "$file")/control" ]; then
            echo "$pid"
            return 0
        fi
        sleep 0.1
    done
    echo "error: no MPS control daemon came up with its pid in $file" >&2
    return 1
}

# _mps_launch UID PIPE LOG BIN: starts `BIN -d` as UID with an explicit environment; records it.
_mps_launch() {
    local uid="$1" pipe="$2" log="$3" bin="$4" pid start
    local as=()
    [ "$uid" = 0 ] || as=(setpriv "--reuid=$uid" "--regid=$uid" --clear-groups)
    "${as[@]}" env -i PATH=/usr/bin:/bin CUDA_MPS_PIPE_DIRECTORY="$pipe" CUDA_MPS_LOG_DIRECTORY="$log" "$bin" -d
    pid="$(_mps_await_pid_file "$pipe/nvidia-cuda-mps-control.pid")"
    start="$(_mps_start_time "$pid")"
    [ -n "$start" ] || { echo "error: the MPS control daemon $pid ended at once (see $log/control.log)" >&2; return 1; }
    MPS_NEIGHBOURS+=("$pid $start $uid $pipe")
    echo "mps-neighbours: uid $uid daemon pid $pid (start time $start) serves $pipe"
}

# One line on what is at /tmp/nvidia-mps: its type, owner and mode, whether a control socket is there, and
# whether the pid its pid file names runs. Reads at most 32 bytes of the pid file, and only a regular file
# that is not a link (anyone may have shaped that folder).
_mps_describe_default() {
    local dir=/tmp/nvidia-mps pidfile=/tmp/nvidia-mps/nvidia-cuda-mps-control.pid what pid
    if [ -L "$dir" ]; then
        echo "$dir is a link to $(readlink "$dir")"
        return 0
    fi
    if [ ! -d "$dir" ]; then
        echo "$dir exists and is not a folder ($(stat -c '%F, owner %U, mode %a' "$dir" 2>/dev/null))"
        return 0
    fi
    what="$dir exists (owner $(stat -c '%U, mode %a' "$dir" 2>/dev/null)"
    if [ -S "$dir/control" ]; then what+=", a control socket"; else what+=", no control socket"; fi
    if [ -f "$pidfile" ] && [ ! -L "$pidfile" ]; then
        pid="$(head -c 32 "$pidfile" 2>/dev/null | tr -dc '0-9')"
        if [ -n "$pid" ] && [ -n "$(_mps_start_time "$pid")" ]; then
            what+=", its daemon pid $pid runs)"
        else
            what+=", the daemon its pid file names does not run)"
        fi
    else
        what+=", no pid file)"
    fi
    echo "$what"
}

mps_neighbours_start() {
    local bin="${1:-src-test/target/real-nvidia/r550/usr/bin/nvidia-cuda-mps-control}"
    [ -x "$bin" ] || bash src-test/real-nvidia/fetch.sh
    [ -x "$bin" ] || { echo "error: $bin is missing: run bash src-test/real-nvidia/fetch.sh" >&2; return 1; }
    command -v setpriv >/dev/null 2>&1 || { echo "error: setpriv is needed: apt-get install util-linux" >&2; return 1; }
    [ "$(id -u)" = 0 ] || { echo "error: the MPS neighbours need root (a daemon of uid $MPS_NEIGHBOURS_STRAY_UID)" >&2; return 1; }
    local log stray
    if [ -e /tmp/nvidia-mps ] || [ -L /tmp/nvidia-mps ]; then
        # The machine has something there already: a system daemon, another job's, or what a run that was
        # killed left behind. The suite must pass beside it as well, so it is left exactly as it is (not
        # ours: never asked, signalled or removed) and no second daemon is started there.
        echo "mps-neighbours: $(_mps_describe_default): left as it is, the suite runs beside it"
    else
        # The "system" daemon: root, NVIDIA's default pipe directory, its log in a folder of ours.
        log="$(mktemp -d /tmp/cumps-ci-mps-log.XXXXXX)"
        MPS_NEIGHBOURS_DIRS+=("$log" /tmp/nvidia-mps)
        _mps_launch 0 /tmp/nvidia-mps "$log" "$bin"
    fi

    # The stray daemon of another user: its own copy of the program (the checkout may be unreadable
    # to that user) and its own pipe and log directories, all owned by it.
    stray="$(mktemp -d /tmp/cumps-ci-stray.XXXXXX)"
    MPS_NEIGHBOURS_DIRS+=("$stray")
    chmod 0755 "$stray"
    install -m 0755 "$bin" "$stray/nvidia-cuda-mps-control"
    install -d -m 0700 -o "$MPS_NEIGHBOURS_STRAY_UID" -g "$MPS_NEIGHBOURS_STRAY_UID" "$stray/pipe" "$stray/log"
    _mps_launch "$MPS_NEIGHBOURS_STRAY_UID" "$stray/pipe" "$stray/log" "$stray/nvidia-cuda-mps-control"
}

# Whether PID still runs with START as its start time (a reused pid does not).
_mps_same_process() {
    [ "$(_mps_start_time "$1")" = "$2" ]
}

mps_neighbours_stop() {
    local entry pid start uid pipe i as
    for entry in "${MPS_NEIGHBOURS[@]+"${MPS_NEIGHBOURS[@]}"}"; do
        read -r pid start uid pipe <<<"$entry"
        if ! _mps_same_process "$pid" "$start"; then
            echo "mps-neighbours: daemon $pid already ended"
            continue
        fi
        as=()
        [ "$uid" = 0 ] || as=(setpriv "--reuid=$uid" "--regid=$uid" --clear-groups)
        echo quit | "${as[@]}" env -i PATH=/usr/bin:/bin CUDA_MPS_PIPE_DIRECTORY="$pipe" \
            "$(readlink -f "/proc/$pid/exe" 2>/dev/null || echo /bin/false)" >/dev/null 2>&1 || true
        for i in $(seq 1 100); do
            _mps_same_process "$pid" "$start" || break
            [ "$i" = 50 ] && kill -TERM "$pid" 2>/dev/null
            sleep 0.1
        done
        if _mps_same_process "$pid" "$start"; then
            kill -KILL "$pid" 2>/dev/null || true
            echo "mps-neighbours: daemon $pid ignored quit and SIGTERM: killed"
        else
            echo "mps-neighbours: daemon $pid ended"
        fi
    done
    MPS_NEIGHBOURS=()
    local dir
    for dir in "${MPS_NEIGHBOURS_DIRS[@]+"${MPS_NEIGHBOURS_DIRS[@]}"}"; do
        rm -rf -- "$dir"
    done
    MPS_NEIGHBOURS_DIRS=()
}
