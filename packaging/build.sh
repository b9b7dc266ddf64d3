#!/usr/bin/env bash
# Builds MPS Console's Linux packages into packaging/target/ (x86-64, JDK 17+ with jlink and jpackage):
#   packaging/target/mps-console/                  the app image: bin/mps-console (window), bin/cumps (CLI)
#   packaging/target/mps-console_<version>_amd64.deb
#
#   packaging/build.sh [--skip-maven]
#
# Without --skip-maven (or MPS_CONSOLE_SKIP_MAVEN=1) it first builds the jars and launchers with
# `mvn -q -B -pl core,app -am package -DskipTests` (package, not install: nothing is written to
# ~/.m2). The .deb's class-data-sharing archives are dumped with the image mounted at its installed
# path /usr/lib/mps-console (a JDK 17 archive is valid only at the path it was dumped at), in a
# private mount namespace over an overlay of /usr/lib (a user namespace when not root). Needs
# dpkg-deb, rsvg-convert (librsvg2-bin), gzip, unshare and mount (util-linux). See packaging/README.md.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd -P)"
cd "$root"
out="$root/packaging/target"
skip_maven=${MPS_CONSOLE_SKIP_MAVEN:-0}
for arg in "$@"; do
    case $arg in
        --skip-maven) skip_maven=1 ;;
        *) echo "error: unknown argument $arg; usage: packaging/build.sh [--skip-maven]" >&2; exit 2 ;;
    esac
done

fail() { echo "error: $*" >&2; exit 1; }
for tool in jlink jpackage jdeps dpkg-deb rsvg-convert unzip gzip unshare mount; do
    command -v "$tool" >/dev/null 2>&1 || fail "$tool is missing; see packaging/README.md for what to install"
done
# The .deb's archives are dumped in a private mount namespace: plain as root, else in a user namespace.
namespace=(unshare -m)
[ "$(id -u)" = 0 ] || namespace=(unshare -U -r -m)
[ -f docs/man/cumps.1 ] || fail "docs/man/cumps.1 is missing (the man page generated from the picocli model: cumps reference --format man)"
[ -f docs/guide.md ] || fail "docs/guide.md is missing (the user guide the package installs)"

if [ "$skip_maven" != 1 ]; then
    mvn -q -B -pl core,app -am package -DskipTests
fi
version=$(sed -n 's:^  <version>\(.*\)</version>$:\1:p' pom.xml | head -1)
[ -n "$version" ] || fail "no <version> in pom.xml"
# Debian versions: 0.1.0-SNAPSHOT -> 0.1.0~snapshot (sorts before the release 0.1.0).
deb_version=$(printf '%s' "$version" | sed 's/-SNAPSHOT$/~snapshot/')
for f in core/target/cumps.jar core/target/cumps app/target/mps-console.jar app/target/mps-console; do
    [ -f "$f" ] || fail "$f is missing; run without --skip-maven"
done

# Every file of the image gets the last commit's time (the archives record the jars' times).
epoch=$(git log -1 --format=%ct 2>/dev/null || date +%s)
work="$(mktemp -d)"
cleanup() { rm -rf "$work"; }
trap cleanup EXIT
mkdir -p "$out"

# ---- 1. The runtime: only the modules the jars use, plus the default CDS archive (the base of the
# dynamic archives). bin/java stays: the stand-in NVIDIA tools run as their own JVMs.
input="$work/input"
mkdir -p "$input"
cp app/target/lib/*.jar "$input/"
cp app/target/mps-console.jar "$input/mps-console.jar"
modules=$(jdeps -q --multi-release 17 --ignore-missing-deps --print-module-deps \
    --class-path "$input/*" "$input"/*.jar core/target/cumps.jar)
# jdk.unsupported: JavaFX's sun.misc.Unsafe; jdk.zipfs: zip file systems opened by name;
# jdk.localedata (English and Chinese only): number and date formats of the zh-CN window.
modules="$modules,jdk.unsupported,jdk.zipfs,jdk.localedata"
modules=$(printf '%s' "$modules" | tr , '\n' | sort -u | paste -sd, -)
echo "runtime modules: $modules"
jlink --add-modules "$modules" --output "$work/runtime" \
    --include-locales=en,zh --strip-debug --no-man-pages --no-header-files --generate-cds-archive
[ -x "$work/runtime/bin/java" ] || fail "jlink left no bin/java"

# ---- 2. The app image (jpackage): bin/mps-console runs the window with the source launcher's flags
# and its archive lib/app/mps-console.jsa; JavaFX's native libraries sit beside its jars (loaded from
# there, never unpacked into the user's home).
console_flags=$(sed -n 's/^flags="\(.*\)"$/\1/p' app/src/main/launcher/mps-console)
cumps_flags=$(sed -n 's/^flags="\(.*\)"$/\1/p' core/src/main/launcher/cumps)
[ -n "$console_flags" ] && [ -n "$cumps_flags" ] || fail "no flags= line in the launchers under */src/main/launcher"
image="$out/mps-console"
rm -rf "$image"
java_options=()
for flag in $console_flags -Dprism.order=es2,sw '-XX:SharedArchiveFile=$APPDIR/mps-console.jsa' \
        '-Dcumps.guide=$ROOTDIR/lib/docs/guide.md'; do
    java_options+=(--java-options "$flag")
done
rsvg-convert -w 128 -h 128 -o "$work/icon.png" packaging/linux/dev.cumps.MpsConsole.svg
jpackage --type app-image --name mps-console --app-version "${version%-SNAPSHOT}" --dest "$out" \
    --input "$input" --main-jar mps-console.jar --main-class dev.cumps.app.ConsoleLauncher \
    --runtime-image "$work/runtime" "${java_options[@]}" --icon "$work/icon.png" \
    --description "Operations console for user-owned NVIDIA CUDA MPS control daemons"
for jar in "$image"/lib/app/javafx-*-linux.jar; do
    # (javafx-base has no native library: unzip's 11 means "nothing matched")
    unzip -q -o -j "$jar" '*.so' -d "$image/lib/app" >/dev/null 2>&1 || [ $? = 11 ]
done
# bin/cumps: the installed CLI launcher (packaging/launcher/cumps.in) beside cumps.jar.
install_cumps() { # image-dir guide-expression
    sed -e "s|@FLAGS@|$cumps_flags|" -e "s|@GUIDE@|$2|" packaging/launcher/cumps.in > "$1/lib/app/cumps"
    chmod 755 "$1/lib/app/cumps"
    cp core/target/cumps.jar "$1/lib/app/cumps.jar"
    ln -sfn ../lib/app/cumps "$1/bin/cumps"
}
install_cumps "$image" '${dir%/app}/docs/guide.md'
mkdir -p "$image/lib/docs"
cp docs/guide.md "$image/lib/docs/guide.md"

# Dumps both archives for an image at its final path: cumps.jsa from CdsTraining (what the source
# launcher trains with), mps-console.jsa from a headless simulated screenshot run of the real launcher.
dump_archives() { # image-dir
    local img=$1 scratch
    scratch=$(mktemp -d)
    # The archives check the jars' and the runtime's sizes and modification times: fix them first.
    find "$img" -exec touch -h -d "@$epoch" {} +
    env -i PATH=/usr/bin:/bin HOME="$scratch" TMPDIR="$scratch" timeout 300 "$img/lib/runtime/bin/java" $cumps_flags \
        -XX:ArchiveClassesAtExit="$img/lib/app/cumps.jsa" -cp "$img/lib/app/cumps.jar" dev.cumps.core.cli.CdsTraining \
        </dev/null >"$scratch/cumps-cds.log" 2>&1 || { cat "$scratch/cumps-cds.log" >&2; fail "dumping cumps.jsa failed"; }
    # The launcher's configuration names the archive; while it is dumped, it must not (no base to map).
    cfg="$img/lib/app/mps-console.cfg"
    cp -p "$cfg" "$scratch/cfg"
    grep -v 'SharedArchiveFile' "$scratch/cfg" > "$cfg"
    env -i PATH=/usr/bin:/bin HOME="$scratch" TMPDIR="$scratch" JAVA_TOOL_OPTIONS="-XX:ArchiveClassesAtExit=$img/lib/app/mps-console.jsa" \
        timeout 300 "$img/bin/mps-console" --simulate --screenshot "$scratch/training.png" </dev/null >"$scratch/console-cds.log" 2>&1 \
        || { cat "$scratch/console-cds.log" >&2; fail "dumping mps-console.jsa failed"; }
    cp -p "$scratch/cfg" "$cfg"
    [ -s "$img/lib/app/cumps.jsa" ] && [ -s "$img/lib/app/mps-console.jsa" ] || fail "an archive is missing in $img/lib/app"
    chmod 644 "$img/lib/app/cumps.jsa" "$img/lib/app/mps-console.jsa"
    touch -h -d "@$((epoch + 60))" "$img/lib/app/cumps.jsa" "$img/lib/app/mps-console.jsa"
    rm -rf "$scratch"
}
dump_archives "$image"
echo "built $image (run: $image/bin/mps-console --simulate, or $image/bin/cumps --simulate status)"

# ---- 3. The .deb, staged by hand (full control of the paths) and built with dpkg-deb.
bash packaging/stage-deb.sh "$image" "$work/deb" "$deb_version"
# The installed image's archives, dumped with the staged image mounted at /usr/lib/mps-console.
mkdir -p "$work/ov"
{ declare -f dump_archives fail; declare -p cumps_flags epoch; } > "$work/functions.sh"
"${namespace[@]}" bash -c '
    set -euo pipefail
    mount -t tmpfs tmpfs "$1/ov"
    mkdir "$1/ov/up" "$1/ov/work"
    mount -t overlay overlay -o "lowerdir=/usr/lib,upperdir=$1/ov/up,workdir=$1/ov/work" /usr/lib
    mkdir /usr/lib/mps-console
    mount --bind "$1/deb/usr/lib/mps-console" /usr/lib/mps-console
    source "$2"
    dump_archives /usr/lib/mps-console
' mount-namespace "$work" "$work/functions.sh" || fail "could not dump the .deb's archives at /usr/lib/mps-console \
(needs mount namespaces with overlay mounts: root, or unprivileged user namespaces)"
find "$work/deb" -name '*.tmp' -delete
sed -i "s/^Installed-Size: .*/Installed-Size: $(du -sk --exclude=DEBIAN "$work/deb" | cut -f1)/" "$work/deb/DEBIAN/control"
# md5sums: what `dpkg --verify mps-console` checks the installed files against.
(cd "$work/deb" && find usr -type f -print0 | sort -z | xargs -0 md5sum) > "$work/deb/DEBIAN/md5sums"
chmod 644 "$work/deb/DEBIAN/md5sums"
deb="$out/mps-console_${deb_version}_amd64.deb"
rm -f "$out"/mps-console_*_amd64.deb
dpkg-deb --build --root-owner-group -Zxz "$work/deb" "$deb" >/dev/null
echo "built $deb (install: sudo apt install $deb)"
