#!/usr/bin/env bash
# The FFM link's cost in a fresh JVM, nine downcall handles against one (docs/performance.md, round sixteen).
#
#   src-test/bench/ffm-link.sh [RUNS]      default RUNS 12
#
# Compiles the three drivers of src-test/bench/ffm-link/ into a scratch folder and runs them with the JDK on PATH
# (no launcher, no AOT cache): Zero prints a line (the bare JVM); Nine links the nine handles posix.UnixSeqPacket
# linked before round sixteen (socket, setsockopt, connect, sendmsg, recvmsg, poll with errno captured; close,
# getuid, getgid) and calls each once on a socket that connects nowhere; One does the same calls through one handle,
# libc's syscall with Linux x86-64's numbers (x86-64 only). First each driver once under -Xlog:class+load: classes
# loaded and those spun at run time (hidden classes, lambda forms); then each with the argument `link` (link only,
# call nothing), RUNS rounds alternating; then the full drivers RUNS rounds alternating. GNU time: median wall and
# CPU (user + sys), and the paired ratio One / Nine. The load average is printed: compare within one run.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
runs=${1:-12}
[ -x /usr/bin/time ] || { echo "error: /usr/bin/time is missing; install GNU time (apt-get install time)" >&2; exit 1; }
[ "$(uname -m)" = x86_64 ] || { echo "error: One uses x86-64's system call numbers; this is $(uname -m)" >&2; exit 1; }
s=$(mktemp -d /tmp/ffm-link.XXXXXX)
trap 'rm -rf "$s"' EXIT
javac -d "$s" "$root"/src-test/bench/ffm-link/*.java
run() { java --enable-native-access=ALL-UNNAMED -cp "$s" "$@"; }
echo "load average at the start: $(cut -d' ' -f1-3 /proc/loadavg)"
for c in Zero Nine One; do
    run -Xlog:class+load "$c" >"$s/classes-$c.txt"
    echo "$c: classes loaded $(grep -c 'source:' "$s/classes-$c.txt"), spun at run time $(grep 'source:' "$s/classes-$c.txt" | grep -c '__JVM_LookupDefineClass__\|LambdaForm\$\|0x')"
done
for mode in link call; do
    : >"$s/times"
    for ((r = 0; r < runs; r++)); do
        if [ $((r % 2)) -eq 0 ]; then order="Zero Nine One"; else order="One Nine Zero"; fi
        for c in $order; do
            arg=
            [ $mode = link ] && arg=link
            /usr/bin/time -f "$c %e %U %S" -a -o "$s/times" java --enable-native-access=ALL-UNNAMED -cp "$s" $c $arg >/dev/null
        done
    done
    python3 - "$s/times" "$mode" <<'PY'
import statistics, sys
by = {}
for line in open(sys.argv[1]):
    c, e, u, s = line.split()
    by.setdefault(c, []).append((float(e) * 1000, (float(u) + float(s)) * 1000))
for c, xs in by.items():
    print(f"{sys.argv[2]:4} {c}: wall {statistics.median(x[0] for x in xs):.0f} ms, CPU {statistics.median(x[1] for x in xs):.0f} ms ({len(xs)} runs)")
r = sorted(b[1] / a[1] for a, b in zip(by["Nine"], by["One"]) if a[1] > 0)
print(f"{sys.argv[2]:4} One / Nine, CPU paired by round: {statistics.median(r):.2f}")
PY
done
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
