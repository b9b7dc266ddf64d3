#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Builds MPS Console's two Debian packages (x86-64, JDK 25 with jlink) into packaging/target/:
#   cumps_<version>_amd64.deb        the command line: cumps on its own trimmed runtime (no GUI library)
#   mps-console_<version>_amd64.deb  the window (JavaFX, on its own runtime); depends on cumps
#   stage/{cumps,mps-console}/        the trees the .debs hold (run from there: stage/cumps/usr/bin/cumps)
#
#   packaging/build.sh [--skip-maven] [--offline]
#
# Without --skip-maven (or MPS_CONSOLE_SKIP_MAVEN=1) it first builds the jars and launchers with
# `mvn -q -B -pl core/cli,app -am package -DskipTests` (with --offline: `mvn -o ...`; package, not install:
# nothing is written to ~/.m2). Runs as any user: it needs no root, no namespace and writes only
# under its output folder (MPS_CONSOLE_OUT, default packaging/target) and a temporary folder.
# Reproducible: every file, and the .debs' members, get the time SOURCE_DATE_EPOCH (default: the
# last commit's time), so two builds of one commit are byte-identical (packaging/smoke.sh checks it).
# Needs a JDK 25 (JAVA_HOME's, else the one on PATH: its jlink and jdeps make the runtimes), dpkg-deb,
# dpkg-shlibdeps (dpkg-dev), rsvg-convert (librsvg2-bin), unzip, gzip, strip (binutils),
# python3 (writes the launchers). Each is checked before anything is built. See packaging/README.md.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd -P)"
cd "$root"
out=${MPS_CONSOLE_OUT:-$root/packaging/target}
skip_maven=${MPS_CONSOLE_SKIP_MAVEN:-0}
mvn_args=(-q -B)
for arg in "$@"; do
    case $arg in
        --skip-maven) skip_maven=1 ;;
        --offline) mvn_args+=(-o) ;;
        *) echo "error: unknown argument $arg; usage: packaging/build.sh [--skip-maven] [--offline]" >&2; exit 2 ;;
    esac
done

fail() { echo "error: $*" >&2; exit 1; }
# The JDK: JAVA_HOME's when set (Maven's too), else the one on PATH; its jlink and jdeps, and Java 25 or newer.
if [ -n "${JAVA_HOME:-}" ]; then
    [ -x "$JAVA_HOME/bin/jlink" ] || fail "JAVA_HOME=$JAVA_HOME has no bin/jlink (a JDK 25 is needed, not a JRE)"
    export PATH="$JAVA_HOME/bin:$PATH"
fi
# Every tool first (sed and head included: the version check below is the first to run one).
for tool in sed head jlink jdeps dpkg-deb dpkg-shlibdeps rsvg-convert unzip gzip strip readelf python3; do
    command -v "$tool" >/dev/null 2>&1 || fail "$tool is missing; see packaging/README.md for what to install"
done
jlink_version=$(jlink --version 2>/dev/null || true)
jdk_feature=$(printf '%s\n' "$jlink_version" | sed -n 's/^\([0-9]*\).*/\1/p' | head -1)
[ -n "$jdk_feature" ] && [ "$jdk_feature" -ge 25 ] \
    || fail "jlink ${jlink_version:-gave no version} is older than 25; set JAVA_HOME to a JDK 25"
[ -f docs/man/cumps.1 ] || fail "docs/man/cumps.1 is missing (the man page generated from the picocli model: cumps reference --format man)"
for f in docs/guide.md docs/guide.zh-CN.md docs/man/mps-console.1 LICENSE; do
    [ -f "$f" ] || fail "$f is missing"
done

if [ "$skip_maven" != 1 ]; then
    mvn "${mvn_args[@]}" -pl core/cli,app -am package -DskipTests
fi
version=$(sed -n 's:^  <version>\(.*\)</version>$:\1:p' pom.xml | head -1)
[ -n "$version" ] || fail "no <version> in pom.xml"
# Debian versions: 0.1.0-SNAPSHOT -> 0.1.0~snapshot (sorts before the release 0.1.0).
deb_version=$(printf '%s' "$version" | sed 's/-SNAPSHOT$/~snapshot/')
for f in core/cli/target/cumps.jar app/target/mps-console.jar; do
    [ -f "$f" ] || fail "$f is missing; run without --skip-maven"
done

# The time of every file: SOURCE_DATE_EPOCH, else the last commit's (git may refuse a repository
# owned by another user: then the newest committed-looking file, pom.xml, decides).
if [ -z "${SOURCE_DATE_EPOCH:-}" ]; then
    SOURCE_DATE_EPOCH=$(git -c safe.directory="$root" log -1 --format=%ct 2>/dev/null || stat -c %Y pom.xml)
fi
export SOURCE_DATE_EPOCH
case $SOURCE_DATE_EPOCH in ''|*[!0-9]*) fail "SOURCE_DATE_EPOCH '$SOURCE_DATE_EPOCH' is not a number of seconds" ;; esac
export TZ=UTC LC_ALL=C.UTF-8
umask 022
work="$(mktemp -d)"
cleanup() { rm -rf "$work"; }
trap cleanup EXIT
mkdir -p "$out"

# The flags of the source launchers (their flags= lines), so the installed ones cannot drift.
console_flags=$(sed -n 's/^flags="\(.*\)"$/\1/p' app/src/main/launcher/mps-console)
cumps_flags=$(sed -n 's/^flags="\(.*\)"$/\1/p' core/cli/src/main/launcher/cumps)
[ -n "$console_flags" ] && [ -n "$cumps_flags" ] || fail "no flags= line in the launchers under */src/main/launcher"
console_flags="$console_flags -Dprism.order=es2,sw"

# make_runtime DIR MODULES: a jlink'd runtime, native code stripped. No CDS archive: the base archive
# differs from dump to dump; the package's postinst dumps it (see postinst.in), each user's launcher trains
# its AOT cache (launcher/aot.sh).
make_runtime() {
    local locales=()
    case ",$2," in *,jdk.localedata,*) locales=(--include-locales=en,zh) ;; esac
    jlink --add-modules "$2" --output "$1" "${locales[@]}" \
        --strip-debug --no-man-pages --no-header-files
    [ -x "$1/bin/java" ] || fail "jlink left no bin/java in $1"
    rm -f "$1/lib/server/classes.jsa" "$1/lib/server/classes_nocoops.jsa"
}

# install_launcher TEMPLATE DEST FLAGS: a launcher from packaging/launcher/, the AOT cache helper inlined.
install_launcher() {
    python3 - "$1" "$2" "$3" packaging/launcher/aot.sh <<'PY'
import sys
template, dest, flags, aot = sys.argv[1:]
text = open(template).read().replace("@FLAGS@", flags).replace("@AOT@", open(aot).read().rstrip("\n"))
open(dest, "w").write(text)
PY
    chmod 755 "$2"
}

# ---- 1. cumps: the CLI's jar on a runtime of the modules jdeps finds in it (java.base, java.sql),
# without java.desktop: jdeps names it for Jackson's optional java.beans support only, and its
# native libraries would pull X11, ALSA and the image codecs onto a headless server.
cstage="$work/stage/cumps"
clib="$cstage/usr/lib/cumps"
mkdir -p "$clib" "$cstage/usr/bin"
cumps_modules=$(jdeps -q --multi-release 25 --ignore-missing-deps --print-module-deps core/cli/target/cumps.jar \
    | tr , '\n' | grep -vx java.desktop | sort -u | paste -sd, -)
echo "cumps runtime modules: $cumps_modules"
make_runtime "$clib/runtime" "$cumps_modules"
cp core/cli/target/cumps.jar "$clib/cumps.jar"
install_launcher packaging/launcher/cumps.in "$clib/cumps" "$cumps_flags"
ln -s ../lib/cumps/cumps "$cstage/usr/bin/cumps"

# ---- 2. mps-console: the window's jars (without the empty classifier-less JavaFX jars), JavaFX's
# native libraries beside them (loaded from there, never unpacked into the user's home), and a
# runtime of the modules the jars use.
mstage="$work/stage/mps-console"
mlib="$mstage/usr/lib/mps-console"
mkdir -p "$mlib/lib" "$mstage/usr/bin"
cp app/target/mps-console.jar "$mlib/mps-console.jar"
for jar in app/target/lib/*.jar; do
    # javafx-base-26.0.2.jar and friends hold only a manifest: the classes are in the -linux ones.
    if [ "$(unzip -Z1 "$jar" | grep -c '\.class$')" = 0 ]; then
        echo "leaving out $(basename "$jar") (no classes)"
        continue
    fi
    cp "$jar" "$mlib/lib/"
done
for jar in "$mlib"/lib/javafx-*-linux.jar; do
    # (javafx-base has no native library: unzip's 11 means "nothing matched")
    unzip -q -o -j "$jar" '*.so' -d "$mlib/lib" >/dev/null 2>&1 || [ $? = 11 ]
done
console_modules=$(jdeps -q --multi-release 25 --ignore-missing-deps --print-module-deps \
    --class-path "$mlib/lib/*" "$mlib/mps-console.jar" "$mlib"/lib/*.jar)
# jdk.unsupported: JavaFX's sun.misc.Unsafe; jdk.zipfs: zip file systems opened by name;
# jdk.localedata (English and Chinese only): number and date formats of the zh-CN window.
console_modules=$(printf '%s' "$console_modules,jdk.unsupported,jdk.zipfs,jdk.localedata" | tr , '\n' | sort -u | paste -sd, -)
echo "mps-console runtime modules: $console_modules"
make_runtime "$mlib/runtime" "$console_modules"
install_launcher packaging/launcher/mps-console.in "$mlib/mps-console" "$console_flags"
ln -s ../lib/mps-console/mps-console "$mstage/usr/bin/mps-console"

# ---- 3. Native code: stripped (deterministic), libraries 0644, programs 0755.
while IFS= read -r -d '' f; do
    head -c 4 "$f" | grep -q 'ELF' || continue
    strip --strip-unneeded --remove-section=.comment --remove-section=.note "$f"
    case $f in *.so) chmod 644 "$f" ;; *) chmod 755 "$f" ;; esac
done < <(find "$cstage" "$mstage" -type f -print0)

# ---- 4. The rest of each package's tree, its control file and maintainer scripts.
bash packaging/stage-deb.sh "$cstage" "$mstage" "$deb_version" "$work"
for pkg in cumps mps-console; do
    stage="$work/stage/$pkg"
    depends=$(bash packaging/derive-depends.sh "$stage" "$work/shlibdeps-$pkg")
    [ "$pkg" = mps-console ] && depends="cumps (= $deb_version), $depends"
    size=$(du -sk --apparent-size --exclude=DEBIAN "$stage" | cut -f1)
    VERSION=$deb_version SIZE=$size DEPENDS=$depends python3 -c '
import os, sys
text = open(sys.argv[1]).read()
for key in ("VERSION", "SIZE", "DEPENDS"):
    text = text.replace("@" + key + "@", os.environ[key])
open(sys.argv[2], "w").write(text)' "packaging/linux/$pkg.control.in" "$stage/DEBIAN/control"
    # md5sums: what `dpkg --verify` checks the installed files against.
    (cd "$stage" && find usr -type f -print0 | sort -z | xargs -0 md5sum) > "$stage/DEBIAN/md5sums"
    find "$stage" -type d -exec chmod 755 {} +
    chmod 644 "$stage/DEBIAN/md5sums" "$stage/DEBIAN/control"
    find "$stage" -exec touch -h -d "@$SOURCE_DATE_EPOCH" {} +
    deb="$out/${pkg}_${deb_version}_amd64.deb"
    rm -f "$out/${pkg}"_*_amd64.deb
    # dpkg-deb takes the members' times from SOURCE_DATE_EPOCH and sorts the tar's entries.
    dpkg-deb --build --root-owner-group -Zxz "$stage" "$deb" >/dev/null
    echo "built $deb (Installed-Size $size KiB; Depends: $depends)"
done
rm -rf "$out/stage"
mkdir -p "$out/stage"
mv "$work/stage/cumps" "$work/stage/mps-console" "$out/stage/"
echo "install: sudo apt install $out/cumps_${deb_version}_amd64.deb $out/mps-console_${deb_version}_amd64.deb"
