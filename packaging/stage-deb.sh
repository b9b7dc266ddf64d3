#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Adds to the two staged package trees everything but the programs (called by packaging/build.sh):
#   packaging/stage-deb.sh CUMPS_STAGE CONSOLE_STAGE DEB_VERSION SCRATCH
# cumps:       the man page (docs/man/cumps.1), bash completion (from the staged `cumps completion`),
#              /usr/share/doc/cumps/{guide.md,guide.zh-CN.md,copyright,changelog.gz} (the guides:
#              stage-guide.sh; no picture of a window on a headless server), postinst/prerm.
# mps-console: the desktop entry, hicolor icons (SVG, and PNGs rendered from it here), AppStream
#              metainfo, its man page (docs/man/mps-console.1), /usr/share/doc/mps-console/{copyright,
#              changelog.gz}, the images the guides show in /usr/share/doc/cumps/{screenshots,hosts}/
#              (beside the guides of the cumps package it depends on), postinst/prerm.
# The control files are written by build.sh (they need the derived Depends).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd -P)"
cstage=$1
mstage=$2
version=$3
scratch=$4
linux="$root/packaging/linux"
id=dev.cumps.MpsConsole
date=$(date -u -d "@$SOURCE_DATE_EPOCH" -R)

# doc_files PKG STAGE: copyright and a one-entry changelog (a native package's changelog.gz).
doc_files() {
    local doc="$2/usr/share/doc/$1"
    mkdir -p "$doc"
    install -m 644 "$linux/$1.copyright" "$doc/copyright"
    sed -e "s|@PACKAGE@|$1|" -e "s|@VERSION@|$version|" -e "s|@DATE@|$date|" "$linux/changelog.in" \
        | gzip -9n > "$doc/changelog.gz"
    chmod 644 "$doc/changelog.gz"
}

# maintainer_scripts PKG STAGE: postinst dumps the runtime's base class-data archive, prerm removes it.
maintainer_scripts() {
    mkdir -p "$2/DEBIAN"
    for script in postinst prerm; do
        sed -e "s|@PACKAGE@|$1|" "$linux/$script.in" > "$2/DEBIAN/$script"
        chmod 755 "$2/DEBIAN/$script"
    done
}

# ---- cumps
share="$cstage/usr/share"
mkdir -p "$share/man/man1" "$share/bash-completion/completions"
gzip -9n < "$root/docs/man/cumps.1" > "$share/man/man1/cumps.1.gz"
# (without picocli's "#!/usr/bin/env bash": bash-completion sources the file, it never runs it)
# (CUMPS_AOT=off: the staged launcher would train a cache beside the jar, in the package)
env -i PATH=/usr/bin:/bin HOME="$scratch/completion-home" CUMPS_AOT=off timeout 120 "$cstage/usr/bin/cumps" completion \
    | sed '1{/^#!/d}' > "$share/bash-completion/completions/cumps"
grep -q 'complete .* cumps' "$share/bash-completion/completions/cumps" \
    || { echo "error: cumps completion printed no completion for cumps" >&2; exit 1; }
doc_files cumps "$cstage"
bash "$root/packaging/stage-guide.sh" --guides "$share/doc/cumps"
maintainer_scripts cumps "$cstage"

# ---- mps-console
share="$mstage/usr/share"
install -D -m 644 "$linux/$id.desktop" "$share/applications/$id.desktop"
mkdir -p "$share/metainfo" "$share/man/man1"
sed "s|@SCREENSHOTS@|${MPS_CONSOLE_SCREENSHOTS:-https://cumps.dev/docs/screenshots}|" "$linux/$id.metainfo.xml" \
    > "$share/metainfo/$id.metainfo.xml"
install -D -m 644 "$linux/$id.svg" "$share/icons/hicolor/scalable/apps/$id.svg"
for size in 48 128 256 512; do
    mkdir -p "$share/icons/hicolor/${size}x${size}/apps"
    rsvg-convert -w "$size" -h "$size" -o "$share/icons/hicolor/${size}x${size}/apps/$id.png" "$linux/$id.svg"
done
gzip -9n < "$root/docs/man/mps-console.1" > "$share/man/man1/mps-console.1.gz"
doc_files mps-console "$mstage"
# The pictures the guides show, beside cumps's guides (mps-console depends on cumps of the same version).
bash "$root/packaging/stage-guide.sh" --images "$share/doc/cumps"
maintainer_scripts mps-console "$mstage"

# lintian overrides: the few warnings a bundled runtime cannot avoid, each with its reason.
for pkg in cumps mps-console; do
    stage=$cstage
    [ "$pkg" = cumps ] || stage=$mstage
    install -D -m 644 "$linux/$pkg.lintian-overrides" "$stage/usr/share/lintian/overrides/$pkg"
done
# Modes: directories and programs 0755, everything else (libraries, jars, jlink's 0444 legal notes) 0644.
for stage in "$cstage" "$mstage"; do
    find "$stage" -type d -exec chmod 755 {} +
    find "$stage/usr" -type f -perm /u+x ! -name '*.so' -exec chmod 755 {} +
    find "$stage/usr" -type f \( ! -perm /u+x -o -name '*.so' \) -exec chmod 644 {} +
done
