#!/usr/bin/env bash
# Prints the .deb's Depends, derived from what the image's native code links to:
#   packaging/derive-depends.sh packaging/target/mps-console
# Every ELF file of the image (the jlink'd runtime's bin/ and lib/, JavaFX's libraries in lib/app,
# the jpackage launcher) goes through ldd; each library it names directly (readelf's NEEDED) that ldd
# resolves outside the image is looked up with `dpkg -S` (as ldd names it, then as its real path,
# with and without the /usr of a merged /usr), and the owning packages are printed sorted,
# comma-separated (transitive libraries come with those packages' own Depends). Run it on a Debian machine that has
# every library installed (a "not found" fails it). packaging/README.md says how the result was used.
set -euo pipefail
image=$(cd "$1" && pwd -P)
libs=$(mktemp)
trap 'rm -f "$libs"' EXIT
while IFS= read -r -d '' f; do
    head -c 4 "$f" | grep -q 'ELF' || continue
    out=$(LD_LIBRARY_PATH="$image/lib/runtime/lib:$image/lib/runtime/lib/server:$image/lib/app" ldd "$f" 2>&1) || continue
    if grep -q 'not found' <<<"$out"; then
        echo "error: $f: $(grep 'not found' <<<"$out" | tr -s ' \t' ' ' | paste -sd';' -); install the library first" >&2
        exit 1
    fi
    # Only the libraries the file names itself (NEEDED); theirs come with their packages.
    for needed in $(readelf -d "$f" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p'); do
        awk -v n="$needed" '$1 == n && $2 == "=>" {print $3}' <<<"$out" >> "$libs"
    done
done < <(find "$image" -type f \( -name '*.so' -o -perm -u+x \) -print0)
sort -u "$libs" | while read -r lib; do
    case $lib in "$image"/*) continue ;; esac
    real=$(readlink -f "$lib")
    owner=
    for p in "$lib" "$real" "${lib#/usr}" "${real#/usr}" "/usr$lib" "/usr$real"; do
        owner=$(dpkg -S "$p" 2>/dev/null | awk -F': ' -v p="$p" '$2 == p {print $1}' | head -1) || true
        [ -n "$owner" ] && break
    done
    [ -n "$owner" ] || { echo "error: no package owns $lib ($real)" >&2; exit 1; }
    echo "${owner%%:*}"
done | sort -u | paste -sd, - | sed 's/,/, /g'
