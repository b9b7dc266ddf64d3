#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# CI smoke test of the packages, run by .ci/run after `mvn -B verify`:
#   packaging/smoke.sh [--skip-build]
# 1. Builds cumps_*.deb and mps-console_*.deb (packaging/build.sh --skip-maven: verify has built the
#    jars), then builds them again as an unprivileged user (uid 65534 through setpriv when run as
#    root; else as the calling user) in a copy of the tree into a scratch folder: the second build
#    must pass and give byte-identical .debs (reproducible, SOURCE_DATE_EPOCH = the last commit's time;
#    also independent of the tree's path).
# 2. Checks both .debs: control fields (versioned Depends; cumps's name no graphical library and its
#    native code links none), contents, symlinks, modes, lintian (no error, no warning beyond the
#    package's documented overrides), desktop-file-validate, appstreamcli validate --no-net, icons,
#    completion, man pages, changelog and copyright.
# 3. Runs the programs from the .debs extracted into a scratch root: cumps --version,
#    --simulate status --json, doctor's guide links; mps-console --version, its one-line error
#    without a display, its headless --simulate --screenshot (no JavaFX warning); and the AOT cache: the
#    first run trains a per-user cache, the second maps it (the JVM's own log says which file it opened),
#    and one of another uid in that folder is never opened.
# 4. The bundled runtimes have the newest update of their Java line that Debian's archive offers for the
#    build machine's release (packaging/runtime-fresh.sh), and that check is shown to fail for a runtime
#    older than what the archive offers.
# Every command is bounded by `timeout`; it ends only processes it started (those running from its
# scratch directory). Exit 0 when all pass; the first failure prints `smoke: FAIL ...`, exit 1.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd -P)"
cd "$root"
out="$root/packaging/target"
id=dev.cumps.MpsConsole
started=$(date +%s)
scratch=$(mktemp -d)
chmod 755 "$scratch"

finish() {
    # Stand-in daemons started from our scratch directory are ours: end them by pid.
    for pid in $(pgrep -f -- "$scratch" 2>/dev/null || true); do
        [ "$pid" != $$ ] && kill "$pid" 2>/dev/null || true
    done
    rm -rf "$scratch"
}
trap finish EXIT
fail() { echo "smoke: FAIL $*" >&2; exit 1; }
ok() { echo "smoke: ok   $*"; }
# A clean environment for the packaged programs: no CUDA_*, a scratch HOME and TMPDIR, no display.
run() { env -i PATH=/usr/bin:/bin HOME="$scratch/home" TMPDIR="$scratch/tmp" LANG=C.UTF-8 "$@"; }
mkdir -p "$scratch/home" "$scratch/tmp"
chmod 700 "$scratch/home" "$scratch/tmp"

version=$(sed -n 's:^  <version>\(.*\)</version>$:\1:p' pom.xml | head -1)
deb_version=$(printf '%s' "$version" | sed 's/-SNAPSHOT$/~snapshot/')
SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct)}
export SOURCE_DATE_EPOCH
cumps_deb="$out/cumps_${deb_version}_amd64.deb"
console_deb="$out/mps-console_${deb_version}_amd64.deb"

# ---- 1. Build, and build again as an unprivileged user: identical bytes.
if [ "${1:-}" != --skip-build ]; then
    timeout 1800 bash packaging/build.sh --skip-maven || fail "packaging/build.sh"
    mkdir -p "$scratch/again" "$scratch/again-tmp"
    # The second build runs in a copy of the tree (its tracked files and the jars verify built), readable
    # by anyone: a checkout under a private home would otherwise be out of uid 65534's reach.
    src="$scratch/src"
    git ls-files -z | (mkdir -p "$src" && xargs -0 cp --parents -t "$src")
    mkdir -p "$src/core/cli/target" "$src/app/target"
    cp -p core/cli/target/cumps.jar "$src/core/cli/target/"
    cp -pr app/target/mps-console.jar app/target/lib "$src/app/target/"
    chmod -R a+rX "$src"
    if [ "$(id -u)" = 0 ]; then
        chown 65534:65534 "$scratch/again" "$scratch/again-tmp"
        as=(setpriv --reuid=65534 --regid=65534 --clear-groups --reset-env)
        who="uid 65534"
    else
        as=()
        who="uid $(id -u)"
    fi
    timeout 1800 "${as[@]}" env -i PATH=/usr/bin:/bin HOME=/nonexistent TMPDIR="$scratch/again-tmp" \
        SOURCE_DATE_EPOCH="$SOURCE_DATE_EPOCH" MPS_CONSOLE_OUT="$scratch/again" JAVA_HOME="${JAVA_HOME:-}" \
        bash "$src/packaging/build.sh" --skip-maven > "$scratch/again.log" 2>&1 \
        || { tail -20 "$scratch/again.log" >&2; fail "packaging/build.sh as $who"; }
    ok "build.sh passes as $who (no root, no namespace)"
    for deb in "$cumps_deb" "$console_deb"; do
        cmp -s "$deb" "$scratch/again/${deb##*/}" \
            || fail "${deb##*/} differs between two builds of one commit (diffoscope can tell where)"
    done
    ok "two builds give byte-identical .debs ($(sha256sum "$cumps_deb" "$console_deb" | cut -c1-12 | paste -sd' ' -))"
fi
[ -f "$cumps_deb" ] && [ -f "$console_deb" ] || fail "no .debs in $out"

# ---- 2. The .debs: control fields.
for deb in "$cumps_deb" "$console_deb"; do
    pkg=$(dpkg-deb --field "$deb" Package)
    info=$(timeout 60 dpkg-deb --info "$deb") || fail "dpkg-deb --info $deb"
    for field in "Version: $deb_version" "Architecture: amd64" "Section: admin" "Priority: optional" \
            "Maintainer: " "Depends: .*libc6 (>= 2\.[0-9]*)" "Installed-Size: " "Description: "; do
        grep -q "^ $field" <<<"$info" || fail "$pkg: control has no '$field'"
    done
done
cdeps=$(dpkg-deb --field "$cumps_deb" Depends)
if grep -Eiq 'gtk|x11|libx|asound|libgl|cairo|pango|freetype|fontconfig|jpeg|png|gif|lcms|harfbuzz|atk' <<<"$cdeps"; then
    fail "cumps depends on a graphical library: $cdeps"
fi
mdeps=$(dpkg-deb --field "$console_deb" Depends)
grep -q "^cumps (= $deb_version), " <<<"$mdeps" || fail "mps-console does not depend on cumps (= $deb_version): $mdeps"
# (the JDK's libjpeg is linked in by Temurin's build, Debian's OpenJDK links the system's: the alternative only when named)
grep -q 'libasound2 ([^)]*) | libasound2t64 (' <<<"$mdeps" \
    && { ! grep -q 'libjpeg62-turbo' <<<"$mdeps" || grep -q 'libjpeg62-turbo ([^)]*) | libjpeg62 (' <<<"$mdeps"; } \
    || fail "mps-console's Depends lack the alternatives for Debian 13 / Ubuntu: $mdeps"
ok ".debs: control fields; cumps Depends: $cdeps"

# ---- Contents: every installed path, relative symlinks inside the package, modes.
contents() { # deb -> paths file
    timeout 60 dpkg-deb --contents "$1" > "$2.raw" || fail "dpkg-deb --contents $1"
    awk '{ p = $6; sub(/^\./, "", p); print p }' "$2.raw" | sed 's:/$::' | sort -u > "$2"
}
contents "$cumps_deb" "$scratch/cumps.paths"
contents "$console_deb" "$scratch/console.paths"
for path in /usr/bin/cumps /usr/lib/cumps/cumps /usr/lib/cumps/cumps.jar /usr/lib/cumps/runtime/bin/java \
        /usr/share/bash-completion/completions/cumps /usr/share/man/man1/cumps.1.gz /usr/share/doc/cumps/guide.md \
        /usr/share/doc/cumps/copyright /usr/share/doc/cumps/changelog.gz /usr/share/lintian/overrides/cumps; do
    grep -qx -- "$path" "$scratch/cumps.paths" || fail "cumps .deb lacks $path"
done
# The guides in both languages beside each other in cumps (the Chinese window opens guide.zh-CN.md); every image
# they show in mps-console, beside them; no picture of a window on a headless server.
grep -qx /usr/share/doc/cumps/guide.zh-CN.md "$scratch/cumps.paths" || fail "cumps .deb lacks the Chinese guide"
images=$(bash "$root/packaging/stage-guide.sh" --list-images) || fail "packaging/stage-guide.sh --list-images"
[ -n "$images" ] || fail "stage-guide.sh lists no image the guides show"
while IFS= read -r rel; do
    grep -qx -- "/usr/share/doc/cumps/$rel" "$scratch/console.paths" || fail "mps-console .deb lacks /usr/share/doc/cumps/$rel (the guide shows it)"
done <<<"$images"
grep -E '\.(png|jpe?g|gif|svg)$' "$scratch/cumps.paths" && fail "the headless cumps .deb ships pictures"
for path in /usr/bin/mps-console /usr/lib/mps-console/mps-console /usr/lib/mps-console/mps-console.jar \
        /usr/lib/mps-console/runtime/bin/java /usr/lib/mps-console/lib/libglass.so \
        /usr/share/applications/$id.desktop /usr/share/metainfo/$id.metainfo.xml \
        /usr/share/icons/hicolor/scalable/apps/$id.svg /usr/share/icons/hicolor/48x48/apps/$id.png \
        /usr/share/icons/hicolor/128x128/apps/$id.png /usr/share/icons/hicolor/256x256/apps/$id.png \
        /usr/share/icons/hicolor/512x512/apps/$id.png /usr/share/man/man1/mps-console.1.gz \
        /usr/share/doc/mps-console/copyright /usr/share/doc/mps-console/changelog.gz; do
    grep -qx -- "$path" "$scratch/console.paths" || fail "mps-console .deb lacks $path"
done
grep -qE '\.(jsa|aot)$' "$scratch/cumps.paths" "$scratch/console.paths" && fail "a .deb ships a class-data archive or AOT cache (made per user)"
grep -E 'javafx-[a-z]+-[0-9.]+\.jar$' "$scratch/console.paths" && fail "mps-console ships an empty JavaFX jar"
# (the console's class path has cumps-engine, cumps-sim and Jackson once each; cumps.jar, which shades them, is the CLI's)
grep -q '/cumps\.jar$' "$scratch/console.paths" && fail "mps-console ships cumps.jar beside cumps-engine (a duplicate)"
grep -q '/runtime/lib/libawt\|javafx\|libglass' "$scratch/cumps.paths" && fail "cumps ships graphical code"
grep -qi monocle "$scratch/cumps.paths" "$scratch/console.paths" && fail "a .deb ships Monocle (the headless glass is JavaFX's own)"
links=0
for pkg in cumps console; do
    while read -r link target; do
        case $target in /*) fail ".deb symlink $link -> $target is absolute" ;; esac
        resolved=$(python3 -c 'import os,sys; print(os.path.normpath(os.path.join(os.path.dirname(sys.argv[1]), sys.argv[2])))' "$link" "$target")
        grep -qx -- "$resolved" "$scratch/$pkg.paths" || fail ".deb symlink $link -> $target resolves to $resolved, not in the package"
        links=$((links + 1))
    done < <(awk '$1 ~ /^l/ { p = $6; sub(/^\./, "", p); print p, $8 }' "$scratch/$pkg.paths.raw")
    # Modes: libraries 0644, nothing else but programs and directories executable.
    bad=$(awk '$1 ~ /^-/ && $6 ~ /\.so$/ && $1 != "-rw-r--r--" { print $6 }' "$scratch/$pkg.paths.raw" | head -3)
    [ -z "$bad" ] || fail "shared libraries not 0644: $bad"
done
[ "$links" -ge 2 ] || fail "the .debs have $links symlinks, expected usr/bin/{cumps,mps-console}"
ok ".debs: $(wc -l < "$scratch/cumps.paths") + $(wc -l < "$scratch/console.paths") paths, every required one present; $links symlinks resolve inside; libraries 0644; no cache, picture in cumps, empty or duplicate jar"

# ---- lintian: no error and no warning, but for each package's documented overrides.
if command -v lintian >/dev/null 2>&1; then
    timeout 600 lintian --fail-on error,warning "$cumps_deb" "$console_deb" \
        > "$scratch/lintian" 2>&1 || { cat "$scratch/lintian" >&2; fail "lintian"; }
    grep -E '^[EW]:' "$scratch/lintian" && fail "lintian reported errors or warnings"
    ok "lintian: no error, no warning (overridden: $(cat packaging/linux/*.lintian-overrides | grep -vc '^#') documented)"
else
    fail "lintian is missing (apt-get install lintian)"
fi

# ---- Extracted: validators, completion, man pages, docs.
x="$scratch/root"
timeout 120 dpkg-deb -x "$cumps_deb" "$x" && timeout 120 dpkg-deb -x "$console_deb" "$x" || fail "dpkg-deb -x"
timeout 60 desktop-file-validate "$x/usr/share/applications/$id.desktop" || fail "desktop-file-validate"
ok "desktop-file-validate"
timeout 60 appstreamcli validate --no-net "$x/usr/share/metainfo/$id.metainfo.xml" > "$scratch/appstream" 2>&1 \
    || { cat "$scratch/appstream" >&2; fail "appstreamcli validate --no-net"; }
grep -q '<project_license>Apache-2.0</project_license>' "$x/usr/share/metainfo/$id.metainfo.xml" || fail "metainfo project_license is not Apache-2.0"
ok "appstreamcli validate --no-net: $(tail -1 "$scratch/appstream")"
grep -qx "StartupWMClass=dev.cumps.app.ConsoleApplication" "$x/usr/share/applications/$id.desktop" \
    || fail "the desktop entry's StartupWMClass is not the window's WM_CLASS (see DesktopEntryWmTest)"
for size in 48 128 256 512; do
    python3 - "$x/usr/share/icons/hicolor/${size}x${size}/apps/$id.png" "$size" <<'PY' || fail "icon ${size}x${size}"
import struct, sys
data = open(sys.argv[1], "rb").read(24)
assert data[:8] == b"\x89PNG\r\n\x1a\n" and struct.unpack(">II", data[16:24]) == (int(sys.argv[2]),) * 2, data
PY
done
ok "icons 48, 128, 256, 512 px are PNGs of their size"
completion=$(timeout 60 bash -c 'source "$1" && complete -p cumps' bash "$x/usr/share/bash-completion/completions/cumps") \
    || fail "sourcing the bash completion defines no completion for cumps"
ok "completion: $completion"
for page in cumps:CUMPS mps-console:MPS-CONSOLE; do
    f="$x/usr/share/man/man1/${page%%:*}.1.gz"
    timeout 60 gzip -t "$f" && zcat "$f" | grep -q "^\.TH ${page#*:} 1" || fail "${f##*/} is not a gzipped man page (.TH ${page#*:} 1)"
done
for pkg in cumps mps-console; do
    zcat "$x/usr/share/doc/$pkg/changelog.gz" | head -1 | grep -q "^$pkg ($deb_version) " || fail "$pkg changelog.gz"
    head -1 "$x/usr/share/doc/$pkg/copyright" | grep -q '^Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/' \
        && grep -q '^License: Apache-2.0$' "$x/usr/share/doc/$pkg/copyright" || fail "$pkg copyright is not DEP-5 with Apache-2.0"
done
ok "man pages cumps.1.gz and mps-console.1.gz; changelog.gz; DEP-5 copyright (Apache-2.0)"

# ---- The programs, from the extracted root.
got=$(run timeout 120 "$x/usr/bin/cumps" --version) || fail "cumps --version exited $?"
# The second line names the bundled runtime: its version (the release file's JAVA_VERSION) and its folder.
jv=$(sed -n 's/^JAVA_VERSION="\(.*\)"$/\1/p' "$x/usr/lib/cumps/runtime/release")
line2=$(sed -n 2p <<<"$got")
[ "$(head -1 <<<"$got")" = "cumps $version" ] && [ "$(wc -l <<<"$got")" = 2 ] && [ -n "$jv" ] \
    && case $line2 in "runtime: Java $jv"[+-]*" in $x/usr/lib/cumps/runtime" | "runtime: Java $jv ("*" in $x/usr/lib/cumps/runtime") true ;; *) false ;; esac \
    || fail "cumps --version printed '$got', expected 'cumps $version' and 'runtime: Java $jv… in $x/usr/lib/cumps/runtime'"
ok "cumps --version: $(tr '\n' ' ' <<<"$got")"
got=$(run timeout 120 "$x/usr/bin/mps-console" --version) || fail "mps-console --version exited $?"
[ "$got" = "mps-console $version" ] || fail "mps-console --version printed '$got', expected 'mps-console $version'"
ok "mps-console --version = $got"
run timeout 180 "$x/usr/bin/cumps" --simulate status --json > "$scratch/status.json" || fail "cumps --simulate status --json exited $?"
python3 - "$scratch/status.json" <<'PY' || fail "status --json is not JSON with schema_version"
import json, sys
doc = json.load(open(sys.argv[1]))
assert isinstance(doc, dict) and "schema_version" in doc, sorted(doc)
print("smoke: ok   cumps --simulate status --json: schema_version", doc["schema_version"])
PY
run timeout 180 "$x/usr/bin/cumps" --simulate doctor --gpus 0 --json > "$scratch/doctor.json" 2>/dev/null || true
python3 - "$scratch/doctor.json" "file://$x/usr/share/doc/cumps/guide.md#" <<'PY' || fail "doctor --json does not link every check into the package's guide"
import json, sys
doc = json.load(open(sys.argv[1]))
checks = doc["checks"]
assert checks and all(c.get("guide", "").startswith(sys.argv[2]) for c in checks), [c.get("guide") for c in checks]
print(f"smoke: ok   doctor links all {len(checks)} checks to {sys.argv[2]}<anchor>")
PY
run timeout 120 "$x/usr/bin/cumps" --simulate reset >/dev/null || fail "cumps --simulate reset exited $?"
set +e
run timeout 120 "$x/usr/bin/mps-console" --simulate > "$scratch/nodisplay.out" 2> "$scratch/nodisplay.err"
status=$?
set -e
expected='error: no graphical display (DISPLAY/WAYLAND_DISPLAY unset); use cumps for the command line'
[ "$status" = 1 ] && [ "$(cat "$scratch/nodisplay.err")" = "$expected" ] && [ ! -s "$scratch/nodisplay.out" ] \
    || { cat "$scratch/nodisplay.out" "$scratch/nodisplay.err" >&2; fail "mps-console without a display: exit $status, not exactly the one line"; }
ok "mps-console without a display: exit 1, one line"
run timeout 300 "$x/usr/bin/mps-console" --simulate --screenshot "$scratch/console.png" > "$scratch/console.log" 2>&1 \
    || { cat "$scratch/console.log" >&2; fail "mps-console --simulate --screenshot exited non-zero"; }
grep -q 'Unsupported JavaFX configuration' "$scratch/console.log" && fail "JavaFX's unnamed-module warning: $(cat "$scratch/console.log")"
python3 - "$scratch/console.png" <<'PY' || fail "the console's screenshot is not a PNG of at least 800x600"
import struct, sys
data = open(sys.argv[1], "rb").read()
assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR", "not a PNG"
width, height = struct.unpack(">II", data[16:24])
assert width >= 800 and height >= 600 and len(data) > 20000, (width, height, len(data))
print(f"smoke: ok   mps-console --simulate --screenshot: {width}x{height} PNG, {len(data)} bytes, no JavaFX warning")
PY

# ---- AOT cache: trained per user on the first run; the next run maps it (the JVM's own log names the file it
# opened: -Xlog:aot=info into a file through JAVA_TOOL_OPTIONS, which the launcher's -Xlog:aot=off for the
# terminal leaves alone); a cache of another uid in that folder is never opened. The base archive is what
# postinst dumps.
timeout 300 "$x/usr/lib/cumps/runtime/bin/java" -Xshare:dump -Xlog:cds=off >/dev/null 2>&1 || fail "dumping the base archive (postinst's step)"
opened() { # launcher -> prints the AOT caches its JVMs opened, one a line
    rm -rf "$scratch/aot-log"
    mkdir -p "$scratch/aot-log"
    run env JAVA_TOOL_OPTIONS="-Xlog:aot=info:file=$scratch/aot-log/aot-%p.log" timeout 180 "$1" --version >/dev/null 2>&1 \
        || fail "$1 --version with the AOT log"
    sed -n 's/.*Opened AOT cache \(.*\)\.$/\1/p' "$scratch"/aot-log/aot-*.log 2>/dev/null || true
}
run timeout 300 "$x/usr/bin/cumps" --version >/dev/null || fail "cumps --version (first run, trains the cache)"
cache=$(ls "$scratch"/home/.cache/cumps/cumps-*.aot) || fail "no per-user AOT cache in ~/.cache/cumps after the first run"
[ "$(opened "$x/usr/bin/cumps")" = "$cache" ] || fail "cumps's second run did not map its per-user cache ${cache##*/}"
ok "cumps: per-user AOT cache ${cache##*/} trained on the first run; the next maps it"
if [ "$(id -u)" = 0 ]; then
    chown 65534:65534 "$cache"
    [ -z "$(opened "$x/usr/bin/cumps")" ] || fail "cumps mapped a cache of uid 65534 in the user's cache folder"
    ok "a cache of another uid (65534) in that folder is not opened"
fi

# ---- The bundled runtimes: the newest update of their line that Debian's archive offers for this release. The
# check must be able to fail: a runtime of an older update of a line this release offers is refused.
for rt in "$x/usr/lib/cumps/runtime" "$x/usr/lib/mps-console/runtime"; do
    fresh=$(timeout 600 bash "$root/packaging/runtime-fresh.sh" "$rt") || { echo "$fresh" >&2; fail "the runtime in ${rt#$x} is out of date"; }
    ok "${rt#$x}: $(tr '\n' ' ' <<<"$fresh")"
done
bites=
for line in 17 21 25; do
    mkdir -p "$scratch/old-runtime-$line"
    echo "JAVA_VERSION=\"$line.0.1\"" > "$scratch/old-runtime-$line/release"
    set +e
    said=$(timeout 600 bash "$root/packaging/runtime-fresh.sh" "$scratch/old-runtime-$line" 2>&1)
    status=$?
    set -e
    [ "$status" = 2 ] && { echo "$said" >&2; fail "packaging/runtime-fresh.sh could not tell"; }
    [ "$status" = 1 ] && { bites=$said; break; }
done
[ -n "$bites" ] || fail "runtime-fresh.sh passed a runtime $line.0.1 of every line: the check cannot fail"
ok "runtime-fresh.sh refuses an old runtime: $bites"
echo "smoke: all passed in $(( $(date +%s) - started )) s"
