#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Prints a staged package's Depends, derived from what its native code links to (called by build.sh):
#   packaging/derive-depends.sh STAGE_DIR SCRATCH_DIR
# dpkg-shlibdeps reads every ELF file of STAGE_DIR (a tree with DEBIAN/), finds the libraries each
# names (NEEDED) outside the package, and writes versioned dependencies from the build machine's
# shlibs/symbols files: e.g. `libc6 (>= 2.34)`, the newest glibc symbol the runtime uses, so that a
# Debian 11 (glibc 2.31) refuses the package instead of failing at start. The runtime's own libraries
# (libjvm.so, libjava.so, ...) are found in the package and left out.
# Names that differ between the releases we support are then given alternatives (packaging/linux/
# depends-alternatives: bookworm's name, then the others), the same version bound on each: Debian 13 and
# Ubuntu 24.04 renamed several libraries for the 64-bit time_t transition (libasound2 -> libasound2t64),
# and Ubuntu ships libjpeg.so.62 as libjpeg62 (Debian: libjpeg62-turbo).
set -euo pipefail
stage=$(cd "$1" && pwd -P)
scratch=$2
[ -d "$stage/DEBIAN" ] || { echo "error: $stage has no DEBIAN/; stage the package first" >&2; exit 1; }
alternatives="$(cd "$(dirname "$0")" && pwd -P)/linux/depends-alternatives"
mkdir -p "$scratch/debian"
printf 'Source: mps-console\n\nPackage: %s\nArchitecture: any\n' "${stage##*/}" > "$scratch/debian/control"
elves=()
libdirs=()
while IFS= read -r -d '' f; do
    head -c 4 "$f" | grep -q 'ELF' || continue
    elves+=("$f")
    case $f in *.so) libdirs+=("-l${f%/*}") ;; esac
done < <(find "$stage/usr" -type f -print0 | sort -z)
[ "${#elves[@]}" -gt 0 ] || { echo "error: no ELF file in $stage" >&2; exit 1; }
mapfile -t libdirs < <(printf '%s\n' "${libdirs[@]}" | sort -u)
(cd "$scratch" && dpkg-shlibdeps -O --ignore-missing-info "${libdirs[@]}" "${elves[@]}") > "$scratch/shlibs" 2> "$scratch/shlibs.log" \
    || { cat "$scratch/shlibs.log" >&2; echo "error: dpkg-shlibdeps failed for $stage" >&2; exit 1; }
if grep -q 'cannot be found\|could not find any packages' "$scratch/shlibs.log"; then
    grep 'cannot be found\|could not find any packages' "$scratch/shlibs.log" >&2
    echo "error: a library the package links to belongs to no installed package; install it first" >&2
    exit 1
fi
depends=$(sed -n 's/^shlibs:Depends=//p' "$scratch/shlibs")
[ -n "$depends" ] || { echo "error: dpkg-shlibdeps printed no Depends for $stage" >&2; exit 1; }
# One dependency per line; each with alternatives where the table has them.
printf '%s\n' "$depends" | sed 's/, /\n/g' | while IFS= read -r dep; do
    name=${dep%% *}
    bound=
    [ "$name" = "$dep" ] || bound=" ${dep#* }"
    others=$(awk -v n="$name" '!/^#/ && $1 == n { $1 = ""; print }' "$alternatives")
    line=$dep
    for other in $others; do
        line="$line | $other$bound"
    done
    printf '%s\n' "$line"
done | paste -sd, - | sed 's/,/, /g'
