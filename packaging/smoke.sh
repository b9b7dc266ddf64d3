#!/usr/bin/env bash
# CI smoke test of the packages (issue 13), run by .ci/run after `mvn -B verify`:
#   packaging/smoke.sh [--skip-build]
# Builds the app image and the .deb (packaging/build.sh --skip-maven: verify has built the jars),
# runs the image's `cumps --version`, `cumps --simulate status --json` (valid JSON with
# schema_version) and the console's headless `--simulate --screenshot` (a PNG of sane size), checks
# the .deb with `dpkg-deb --info/--contents` (every installed path, symlinks that resolve inside the
# package), desktop-file-validate and `appstreamcli validate --no-net`, and runs `usr/bin/cumps
# --version` from the .deb extracted into a scratch root. Every command is bounded by `timeout`
# (generous: CI runs it on a loaded machine); it ends only processes it started (those running from
# its scratch directory). Exit 0 when all pass; the first failure prints `smoke: FAIL ...`, exit 1.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd -P)"
cd "$root"
out="$root/packaging/target"
image="$out/mps-console"
id=dev.cumps.MpsConsole
started=$(date +%s)
scratch=$(mktemp -d)

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

if [ "${1:-}" != --skip-build ]; then
    timeout 1800 bash packaging/build.sh --skip-maven || fail "packaging/build.sh"
fi
version=$(sed -n 's:^  <version>\(.*\)</version>$:\1:p' pom.xml | head -1)
deb_version=$(printf '%s' "$version" | sed 's/-SNAPSHOT$/~snapshot/')
deb="$out/mps-console_${deb_version}_amd64.deb"
[ -x "$image/bin/cumps" ] && [ -x "$image/bin/mps-console" ] || fail "no app image in $image"
[ -f "$deb" ] || fail "no $deb"

# ---- The app image.
got=$(run timeout 120 "$image/bin/cumps" --version) || fail "image cumps --version exited $?"
[ "$got" = "cumps $version" ] || fail "image cumps --version printed '$got', expected 'cumps $version'"
ok "image: cumps --version = $got"
run timeout 180 "$image/bin/cumps" --simulate status --json > "$scratch/status.json" || fail "image cumps --simulate status --json exited $?"
python3 - "$scratch/status.json" <<'PY' || fail "status --json is not JSON with schema_version"
import json, sys
doc = json.load(open(sys.argv[1]))
assert isinstance(doc, dict) and "schema_version" in doc, sorted(doc)
print("smoke: ok   image: cumps --simulate status --json: schema_version", doc["schema_version"])
PY
# The launcher passes the image's guide (-Dcumps.guide): every doctor check links into it.
run timeout 180 "$image/bin/cumps" --simulate doctor --gpus 0 --json > "$scratch/doctor.json" 2>/dev/null || true
python3 - "$scratch/doctor.json" "file://$image/lib/docs/guide.md#" <<'PY' || fail "doctor --json does not link every check into the image's guide"
import json, sys
doc = json.load(open(sys.argv[1]))
checks = doc["checks"]
assert checks and all(c.get("guide", "").startswith(sys.argv[2]) for c in checks), [c.get("guide") for c in checks]
print(f"smoke: ok   image: doctor links all {len(checks)} checks to {sys.argv[2]}<anchor>")
PY
run timeout 120 "$image/bin/cumps" --simulate reset >/dev/null || fail "image cumps --simulate reset exited $?"
run timeout 300 "$image/bin/mps-console" --simulate --screenshot "$scratch/console.png" > "$scratch/console.log" 2>&1 \
    || { cat "$scratch/console.log" >&2; fail "image mps-console --simulate --screenshot exited non-zero"; }
python3 - "$scratch/console.png" <<'PY' || fail "the console's screenshot is not a PNG of at least 800x600"
import struct, sys
data = open(sys.argv[1], "rb").read()
assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR", "not a PNG"
width, height = struct.unpack(">II", data[16:24])
assert width >= 800 and height >= 600 and len(data) > 20000, (width, height, len(data))
print(f"smoke: ok   image: mps-console --simulate --screenshot: {width}x{height} PNG, {len(data)} bytes")
PY

# ---- The .deb: control fields.
info=$(timeout 60 dpkg-deb --info "$deb") || fail "dpkg-deb --info"
for field in "Package: mps-console" "Version: $deb_version" "Architecture: amd64" "Section: admin" "Priority: optional" \
        "Maintainer: " "Depends: .*libgtk-3-0" "Installed-Size: " "Description: "; do
    grep -q "^ $field" <<<"$info" || fail ".deb control has no '$field'"
done
ok ".deb: control fields"
# ---- Its contents: every installed path, and symlinks that resolve inside the package.
timeout 60 dpkg-deb --contents "$deb" > "$scratch/contents" || fail "dpkg-deb --contents"
awk '{ p = $6; sub(/^\./, "", p); print p }' "$scratch/contents" | sed 's:/$::' | sort -u > "$scratch/paths"
for path in /usr/bin/mps-console /usr/bin/cumps /usr/lib/mps-console/bin/mps-console /usr/lib/mps-console/bin/cumps \
        /usr/lib/mps-console/lib/app/cumps /usr/lib/mps-console/lib/app/cumps.jar /usr/lib/mps-console/lib/app/cumps.jsa \
        /usr/lib/mps-console/lib/app/mps-console.jar /usr/lib/mps-console/lib/app/mps-console.jsa \
        /usr/lib/mps-console/lib/runtime/bin/java /usr/lib/mps-console/lib/runtime/lib/server/classes.jsa \
        /usr/share/applications/$id.desktop /usr/share/metainfo/$id.metainfo.xml \
        /usr/share/icons/hicolor/scalable/apps/$id.svg /usr/share/icons/hicolor/48x48/apps/$id.png \
        /usr/share/icons/hicolor/128x128/apps/$id.png /usr/share/icons/hicolor/256x256/apps/$id.png \
        /usr/share/icons/hicolor/512x512/apps/$id.png /usr/share/bash-completion/completions/cumps \
        /usr/share/man/man1/cumps.1.gz /usr/share/doc/mps-console/guide.md /usr/share/doc/mps-console/copyright; do
    grep -qx -- "$path" "$scratch/paths" || fail ".deb lacks $path"
done
links=0
while read -r link target; do
    case $target in /*) fail ".deb symlink $link -> $target is absolute" ;; esac
    resolved=$(python3 -c 'import os,sys; print(os.path.normpath(os.path.join(os.path.dirname(sys.argv[1]), sys.argv[2])))' "$link" "$target")
    grep -qx -- "$resolved" "$scratch/paths" || fail ".deb symlink $link -> $target resolves to $resolved, not in the package"
    links=$((links + 1))
done < <(awk '$1 ~ /^l/ { p = $6; sub(/^\./, "", p); print p, $8 }' "$scratch/contents")
[ "$links" -ge 3 ] || fail ".deb has $links symlinks, expected at least usr/bin/{cumps,mps-console} and bin/cumps"
ok ".deb: $(wc -l < "$scratch/paths") paths, every required one present; $links symlinks resolve inside the package"

# ---- Extracted: validators, completion, man page, and the extracted usr/bin/cumps.
x="$scratch/root"
timeout 120 dpkg-deb -x "$deb" "$x" || fail "dpkg-deb -x"
timeout 60 desktop-file-validate "$x/usr/share/applications/$id.desktop" || fail "desktop-file-validate"
ok ".deb: desktop-file-validate"
timeout 60 appstreamcli validate --no-net "$x/usr/share/metainfo/$id.metainfo.xml" > "$scratch/appstream" 2>&1 \
    || { cat "$scratch/appstream" >&2; fail "appstreamcli validate --no-net"; }
ok ".deb: appstreamcli validate --no-net: $(tail -1 "$scratch/appstream")"
grep -qx "StartupWMClass=dev.cumps.app.ConsoleApplication" "$x/usr/share/applications/$id.desktop" \
    || fail "the desktop entry's StartupWMClass is not the window's WM_CLASS (see DesktopEntryWmTest)"
for size in 48 128 256 512; do
    python3 - "$x/usr/share/icons/hicolor/${size}x${size}/apps/$id.png" "$size" <<'PY' || fail "icon ${size}x${size}"
import struct, sys
data = open(sys.argv[1], "rb").read(24)
assert data[:8] == b"\x89PNG\r\n\x1a\n" and struct.unpack(">II", data[16:24]) == (int(sys.argv[2]),) * 2, data
PY
done
ok ".deb: icons 48, 128, 256, 512 px are PNGs of their size"
completion=$(timeout 60 bash -c 'source "$1" && complete -p cumps' bash "$x/usr/share/bash-completion/completions/cumps") \
    || fail "sourcing the bash completion defines no completion for cumps"
ok ".deb: completion: $completion"
timeout 60 gzip -t "$x/usr/share/man/man1/cumps.1.gz" && zcat "$x/usr/share/man/man1/cumps.1.gz" | grep -q '^\.TH CUMPS 1' \
    || fail "cumps.1.gz is not a gzipped man page (.TH CUMPS 1)"
ok ".deb: man page cumps.1.gz"
got=$(run timeout 120 "$x/usr/bin/cumps" --version) || fail "extracted usr/bin/cumps --version exited $?"
[ "$got" = "cumps $version" ] || fail "extracted usr/bin/cumps --version printed '$got'"
ok ".deb: extracted usr/bin/cumps --version = $got"
echo "smoke: all passed in $(( $(date +%s) - started )) s"
