#!/usr/bin/env bash
# Stages the .deb's tree from a built app image (called by packaging/build.sh):
#   packaging/stage-deb.sh IMAGE_DIR STAGE_DIR DEB_VERSION
# The tree: /usr/lib/mps-console (the image), /usr/bin/{mps-console,cumps} (relative symlinks into it),
# the desktop entry, hicolor icons (SVG, and PNGs rendered from it here), AppStream metainfo, bash
# completion (from the built `cumps completion`), the man page (docs/man/cumps.1, gzipped), and
# /usr/share/doc/mps-console/{guide.md,copyright}. The CDS archives are dumped later by build.sh.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd -P)"
image=$1
stage=$2
version=$3
linux="$root/packaging/linux"
id=dev.cumps.MpsConsole
guide=/usr/share/doc/mps-console/guide.md

rm -rf "$stage"
mkdir -p "$stage/DEBIAN" "$stage/usr/lib" "$stage/usr/bin"
cp -a "$image" "$stage/usr/lib/mps-console"
lib="$stage/usr/lib/mps-console"
# The archives in the image are valid only at its own path; the guide lives under /usr/share/doc.
rm -f "$lib/lib/app/cumps.jsa" "$lib/lib/app/mps-console.jsa"
rm -rf "$lib/lib/docs"
sed -i "s|^guide=.*|guide=$guide|" "$lib/lib/app/cumps"
sed -i "s|-Dcumps.guide=.*|-Dcumps.guide=$guide|" "$lib/lib/app/mps-console.cfg"
grep -q "^guide=$guide\$" "$lib/lib/app/cumps" && grep -q "Dcumps.guide=$guide\$" "$lib/lib/app/mps-console.cfg" \
    || { echo "error: could not point the launchers at $guide" >&2; exit 1; }
ln -s ../lib/mps-console/bin/mps-console "$stage/usr/bin/mps-console"
ln -s ../lib/mps-console/bin/cumps "$stage/usr/bin/cumps"

share="$stage/usr/share"
install -D -m 644 "$linux/$id.desktop" "$share/applications/$id.desktop"
mkdir -p "$share/metainfo"
sed "s|@SCREENSHOTS@|${MPS_CONSOLE_SCREENSHOTS:-https://cumps.dev/docs/screenshots}|" "$linux/$id.metainfo.xml" \
    > "$share/metainfo/$id.metainfo.xml"
install -D -m 644 "$linux/$id.svg" "$share/icons/hicolor/scalable/apps/$id.svg"
for size in 48 128 256 512; do
    mkdir -p "$share/icons/hicolor/${size}x${size}/apps"
    rsvg-convert -w "$size" -h "$size" -o "$share/icons/hicolor/${size}x${size}/apps/$id.png" "$linux/$id.svg"
done
mkdir -p "$share/bash-completion/completions"
env -i PATH=/usr/bin:/bin HOME="$(mktemp -d)" timeout 120 "$image/bin/cumps" completion \
    > "$share/bash-completion/completions/cumps"
grep -q 'complete .* cumps' "$share/bash-completion/completions/cumps" \
    || { echo "error: cumps completion printed no completion for cumps" >&2; exit 1; }
mkdir -p "$share/man/man1"
gzip -9n < "$root/docs/man/cumps.1" > "$share/man/man1/cumps.1.gz"
install -D -m 644 "$root/docs/guide.md" "$share/doc/mps-console/guide.md"
install -m 644 "$linux/copyright" "$share/doc/mps-console/copyright"

size=$(du -sk --exclude=DEBIAN "$stage" | cut -f1)
sed -e "s|@VERSION@|$version|" -e "s|@SIZE@|$size|" "$linux/control.in" > "$stage/DEBIAN/control"
find "$stage" -type d -exec chmod 755 {} +
find "$stage" -type f -perm /u+x -exec chmod 755 {} +
find "$stage" -type f ! -perm /u+x -exec chmod 644 {} +
