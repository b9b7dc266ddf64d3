#!/bin/sh
# Regenerates every picture in docs/screenshots/ with the console's screenshot mode:
#   app/target/mps-console --simulate --screenshots DIR --lang en|zh-CN
# run headless (no DISPLAY: Monocle) on a private simulated host, one JVM per language. Each run
# writes <view>-<lang>.png for the views console, start-dialog, stop-dialog, fix-dialog, doctor,
# env, log, clients, limits, activity, console-<lang>-dark.png, and console, doctor and hosts at the
# review sizes as <view>-<width>x<height>-<lang>.png (1280x820, 1100x700, 900x600; docs/console.md, "Screenshots").
# The pictures are written to a scratch directory first; only when both languages succeeded do they
# replace docs/screenshots/*.png (so a picture the set no longer makes goes away).
# ScreenshotsCurrentTest (src-test) runs the same command and fails when the committed set differs
# in its file names or picture sizes.
#
#   docs/screenshots/regenerate.sh              build (mvn -q -pl app -am package -DskipTests), then regenerate
#   docs/screenshots/regenerate.sh --no-build   use the app/target/mps-console that is there
#
# JAVA_HOME is passed on when set; otherwise java is found on /usr/local/bin:/usr/bin:/bin.
set -eu

usage() {
    sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//'
}

build=yes
for arg in "$@"; do
    case $arg in
        --no-build) build=no ;;
        -h|--help) usage; exit 0 ;;
        *) echo "error: unknown argument '$arg'; use --no-build or --help" >&2; exit 2 ;;
    esac
done

here=$(cd -P -- "$(dirname -- "$0")" && pwd -P)
repo=$(cd -P -- "$here/../.." && pwd -P)
if [ "$build" = yes ]; then
    (cd "$repo" && mvn -q -pl app -am package -DskipTests) || {
        echo "error: the build failed (output above); fix it, or run with --no-build to use the existing app/target" >&2
        exit 1
    }
fi
launcher=$repo/app/target/mps-console
[ -x "$launcher" ] || { echo "error: $launcher is missing; run without --no-build" >&2; exit 1; }

work=$(mktemp -d)
trap 'rm -rf -- "$work"' EXIT
mkdir -m 0700 "$work/out" "$work/home"
for lang in en zh-CN; do
    echo "screenshots: $lang" >&2
    # An explicit environment: no DISPLAY (headless), nothing of the caller's CUDA_* or CUMPS_*.
    # TMPDIR=/tmp: the simulated host's sandbox (removed afterwards) gets a short path, as in the pictures.
    if ! env -i PATH=/usr/local/bin:/usr/bin:/bin HOME="$work/home" TMPDIR=/tmp LANG=C.UTF-8 \
            ${JAVA_HOME:+JAVA_HOME="$JAVA_HOME"} \
            "$launcher" --simulate --screenshots "$work/out" --lang "$lang" </dev/null >"$work/$lang.log" 2>&1; then
        cat "$work/$lang.log" >&2
        echo "error: the $lang screenshot set was not written (log above); docs/screenshots is unchanged" >&2
        exit 1
    fi
done
rm -f -- "$here"/*.png
cp -- "$work/out"/*.png "$here/"
ls -- "$here"/*.png | wc -l | sed 's/$/ pictures written to docs\/screenshots/' >&2
