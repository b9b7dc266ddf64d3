#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Whether a bundled Java runtime has the newest update of its line that Debian's archive offers for the
# release the packages are built on (smoke.sh; a runtime without the security updates Debian already ships
# fails the packages):
#   packaging/runtime-fresh.sh RUNTIME_DIR [CODENAME]
#       asks Debian's archive (a private apt configuration: its own sources, lists and cache in a scratch
#       folder; the machine's apt setup is neither read nor written) for openjdk-<feature>-jre-headless in
#       CODENAME, CODENAME-updates, CODENAME-security and CODENAME-backports (CODENAME: the build machine's
#       release, from /etc/os-release), and compares with RUNTIME_DIR/release's JAVA_VERSION
#   packaging/runtime-fresh.sh --compare VERSION SUITE_LABEL    reads `apt-cache madison` lines on standard
#       input and compares VERSION with the newest of them (what the first form does once it has them)
# Prints one line; exit 0 when the runtime is as new as the newest offered (or the release offers none of its
# line: then the line says so, and names what newer releases offer), 1 when it is older, 2 when it cannot tell.
# The releases after CODENAME are asked too and named, never compared: their builds need a newer C library
# than the packages' Depends allow.
set -euo pipefail

fail() { echo "error: $*" >&2; exit 2; }

# upstream DEBIAN_VERSION: 1:25.0.5.1+2-1~deb13u1 -> 25.0.5.1 (no epoch, build or Debian revision)
upstream() {
    local v=${1#*:}
    v=${v%%-*}
    printf '%s' "${v%%+*}"
}

# compare VERSION LABEL < madison lines
compare() {
    local bundled=$1 label=$2 newest="" line v
    while IFS='|' read -r _ v _; do
        v=$(upstream "$(echo "$v" | tr -d ' ')")
        [ -n "$v" ] || continue
        if [ -z "$newest" ] || dpkg --compare-versions "$v" gt "$newest"; then
            newest=$v
        fi
    done
    if [ -z "$newest" ]; then
        echo "runtime $bundled: $label offers no build of its line"
        return 0
    fi
    if dpkg --compare-versions "$bundled" lt "$newest"; then
        echo "runtime $bundled is older than $newest, which $label offers: rebuild the packages with a JDK of at least $newest"
        return 1
    fi
    echo "runtime $bundled: as new as $label's newest of its line ($newest)"
}

if [ "${1:-}" = --compare ]; then
    [ $# -eq 3 ] || fail "usage: packaging/runtime-fresh.sh --compare VERSION SUITE_LABEL < madison lines"
    compare "$2" "$3"
    exit $?
fi
[ $# -ge 1 ] && [ $# -le 2 ] || fail "usage: packaging/runtime-fresh.sh RUNTIME_DIR [CODENAME]"
runtime=$1
bundled=$(sed -n 's/^JAVA_VERSION="\([^"]*\)"$/\1/p' "$runtime/release" 2>/dev/null | head -1)
[ -n "$bundled" ] || fail "$runtime/release names no JAVA_VERSION"
feature=${bundled%%.*}
codename=${2:-$(. /etc/os-release 2>/dev/null && echo "${VERSION_CODENAME:-}")}
[ -n "$codename" ] || fail "no release codename (/etc/os-release has no VERSION_CODENAME): name one"
for tool in apt-get apt-cache dpkg; do
    command -v "$tool" >/dev/null 2>&1 || fail "$tool is missing (a Debian or Ubuntu machine)"
done
keyring=/usr/share/keyrings/debian-archive-keyring.gpg
[ -r "$keyring" ] || fail "$keyring is missing: apt-get install debian-archive-keyring"

# The release after CODENAME, asked for information only.
case $codename in
    bullseye) next=bookworm ;;
    bookworm) next=trixie ;;
    trixie) next=forky ;;
    *) next= ;;
esac

apt=$(mktemp -d)
trap 'rm -rf "$apt"' EXIT
mkdir -p "$apt/etc/sources.list.d" "$apt/etc/preferences.d" "$apt/etc/apt.conf.d" "$apt/lists/partial" \
    "$apt/cache/archives/partial" "$apt/state"
: > "$apt/state/status"
mirror="${CUMPS_DEBIAN_MIRROR:-http://deb.debian.org/debian}"
security="${CUMPS_DEBIAN_SECURITY_MIRROR:-http://deb.debian.org/debian-security}"
for suite in $codename ${next:+$next}; do
    {
        echo "deb [signed-by=$keyring] $mirror $suite main"
        echo "deb [signed-by=$keyring] $mirror $suite-updates main"
        echo "deb [signed-by=$keyring] $security $suite-security main"
        [ "$suite" = "$codename" ] && echo "deb [signed-by=$keyring] $mirror $suite-backports main"
    } >> "$apt/etc/sources.list"
done
opts=(-o "Dir::Etc=$apt/etc" -o "Dir::Etc::sourcelist=$apt/etc/sources.list" -o "Dir::Etc::sourceparts=$apt/etc/sources.list.d"
      -o "Dir::Etc::preferencesparts=$apt/etc/preferences.d" -o "Dir::Etc::parts=$apt/etc/apt.conf.d"
      -o "Dir::State=$apt/state" -o "Dir::State::Lists=$apt/lists" -o "Dir::State::status=$apt/state/status"
      -o "Dir::Cache=$apt/cache" -o "APT::Architecture=amd64" -o "APT::Architectures::=amd64" -o "Debug::NoLocking=1"
      -o "APT::Sandbox::User=root" -o "Acquire::Retries=3")
timeout 300 apt-get -q "${opts[@]}" update >"$apt/update.log" 2>&1 \
    || { tail -5 "$apt/update.log" >&2; fail "apt-get update of Debian's $codename archive failed"; }
madison=$(timeout 120 apt-cache "${opts[@]}" madison "openjdk-$feature-jre-headless" 2>/dev/null || true)
if [ -n "$next" ]; then
    later=$(grep -E "\| [^ ]+ $next(-[a-z]+)?/" <<<"$madison" | awk -F'|' '{gsub(/ /,"",$2); print $2}' | head -1 || true)
    [ -z "$later" ] || echo "note: Debian's $next offers openjdk-$feature $later (not compared: built for a newer C library)"
fi
{ grep -E "\| [^ ]+ $codename(-[a-z]+)?/" <<<"$madison" || true; } | compare "$bundled" "Debian $codename" || exit 1
