#!/usr/bin/env bash
# Fetches NVIDIA's real user-space programs, as Debian's non-free archive redistributes them, into a
# cache folder, for the real-NVIDIA suite (src-test dev.cumps.real) and the simulator's conformance
# test. Nothing fetched here is ever committed.
#
#   bash src-test/real-nvidia/fetch.sh [DEST]      (default: src-test/target/real-nvidia)
#
# The branches are the lines of branches.txt beside this script (branch, Debian suite, packages):
# DEST/r470: nvidia-cuda-mps 470.x (bullseye non-free; the legacy branch)
# DEST/r535: nvidia-cuda-mps 535.x (bookworm non-free), nvidia-smi + libnvidia-ml1 535.x
# DEST/r550: nvidia-cuda-mps 550.x (trixie non-free)
# DEST/r555: nvidia-cuda-mps 555.x (experimental non-free; a newer feature branch)
# each unpacked with dpkg-deb -x, plus DEST/r<branch>/VERSION (the package version). DEST/OK marks a
# complete fetch of every listed branch; a second call while it names them all does nothing.
#
# apt runs with a private configuration: its own sources file, lists, cache and status under
# DEST/apt; the machine's apt sources, lists and cache are never read or written. A failure exits
# non-zero with one line saying what is missing: the tests never skip for want of these binaries.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
dest="${1:-$here/../target/real-nvidia}"
mkdir -p "$dest"
dest="$(cd "$dest" && pwd)"

# One entry per line of branches.txt: "<branch> <suite> <package>..."
mapfile -t lines < <(grep -v -e '^[[:space:]]*#' -e '^[[:space:]]*$' "$here/branches.txt")
[ "${#lines[@]}" -gt 0 ] || { echo "error: $here/branches.txt lists no branch" >&2; exit 1; }
complete=1
for line in "${lines[@]}"; do
    read -r b _ <<<"$line"
    { [ -f "$dest/OK" ] && grep -qw "r$b" "$dest/OK"; } || complete=0
done
[ "$complete" = 1 ] && exit 0

for tool in apt-get dpkg-deb; do
    command -v "$tool" >/dev/null 2>&1 || { echo "error: $tool is needed to fetch NVIDIA's programs (a Debian or Ubuntu machine)" >&2; exit 1; }
done
keyring=/usr/share/keyrings/debian-archive-keyring.gpg
[ -r "$keyring" ] || { echo "error: $keyring is missing: apt-get install debian-archive-keyring" >&2; exit 1; }

apt="$dest/apt"
rm -rf "$apt" "$dest/OK" "$dest"/r[0-9]*
mkdir -p "$apt/etc/sources.list.d" "$apt/etc/preferences.d" "$apt/etc/apt.conf.d" "$apt/lists/partial" \
    "$apt/cache/archives/partial" "$apt/state" "$apt/debs"
: > "$apt/state/status"
mirror="${CUMPS_DEBIAN_MIRROR:-http://deb.debian.org/debian}"
: > "$apt/etc/sources.list"
for line in "${lines[@]}"; do
    read -r _ suite _ <<<"$line"
    entry="deb [signed-by=$keyring] $mirror $suite non-free"
    grep -qxF "$entry" "$apt/etc/sources.list" || echo "$entry" >> "$apt/etc/sources.list"
done
opts=(-o "Dir::Etc=$apt/etc" -o "Dir::Etc::sourcelist=$apt/etc/sources.list" -o "Dir::Etc::sourceparts=$apt/etc/sources.list.d"
      -o "Dir::Etc::preferencesparts=$apt/etc/preferences.d" -o "Dir::Etc::parts=$apt/etc/apt.conf.d"
      -o "Dir::State=$apt/state" -o "Dir::State::Lists=$apt/lists" -o "Dir::State::status=$apt/state/status"
      -o "Dir::Cache=$apt/cache" -o "APT::Architecture=amd64" -o "APT::Architectures::=amd64" -o "Debug::NoLocking=1"
      -o "APT::Sandbox::User=root" -o "Acquire::Retries=3")

timeout 300 apt-get -q "${opts[@]}" update >"$apt/update.log" 2>&1 \
    || { echo "error: apt-get update of Debian non-free failed (see $apt/update.log)" >&2; exit 1; }

# The newest version of PACKAGE in SUITE whose upstream version starts with BRANCH.
version_of() {
    local package="$1" suite="$2" branch="$3"
    apt-cache "${opts[@]}" madison "$package" | awk -F'|' -v s="$suite/non-free" -v b="$branch." \
        '{gsub(/ /,"",$2); if (index($3, s) && index($2, b) == 1) { print $2; exit }}'
}

fetch() {
    local branch="$1" suite="$2"; shift 2
    local out="$dest/r$branch" package version
    mkdir -p "$out"
    for package in "$@"; do
        version="$(version_of "$package" "$suite" "$branch")"
        [ -n "$version" ] || { echo "error: Debian $suite non-free has no $package $branch.x" >&2; exit 1; }
        (cd "$apt/debs" && timeout 300 apt-get -q "${opts[@]}" download "$package=$version" >>"$apt/download.log" 2>&1) \
            || { echo "error: could not download $package=$version (see $apt/download.log)" >&2; exit 1; }
        dpkg-deb -x "$apt/debs/${package}_${version/:/%3a}_amd64.deb" "$out"
        [ "$package" = nvidia-cuda-mps ] && echo "$version" > "$out/VERSION"
    done
    [ -x "$out/usr/bin/nvidia-cuda-mps-control" ] || { echo "error: $out has no usr/bin/nvidia-cuda-mps-control" >&2; exit 1; }
    [ -s "$out/VERSION" ] || { echo "error: $out has no VERSION (the line for $branch in branches.txt lists no nvidia-cuda-mps)" >&2; exit 1; }
}

for line in "${lines[@]}"; do
    # shellcheck disable=SC2086 # branch, suite and packages are words
    fetch $line
done
# nvidia-smi 535 finds libnvidia-ml.so.1 through LD_LIBRARY_PATH=<r535>/usr/lib/x86_64-linux-gnu/nvidia/current.
ml="$dest/r535/usr/lib/x86_64-linux-gnu/nvidia/current"
so="$(cd "$ml" && ls libnvidia-ml.so.535.* | head -1)"
ln -sf "$so" "$ml/libnvidia-ml.so.1"
[ -x "$dest/r535/usr/lib/nvidia/current/nvidia-smi" ] || { echo "error: nvidia-smi 535 was not unpacked" >&2; exit 1; }
rm -rf "$apt/debs" "$apt/cache"
summary=""
for line in "${lines[@]}"; do
    read -r b _ <<<"$line"
    summary="${summary:+$summary, }r$b $(cat "$dest/r$b/VERSION")"
done
echo "$summary" > "$dest/OK"
echo "NVIDIA programs from Debian non-free: $summary in $dest"
