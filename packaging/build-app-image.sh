#!/usr/bin/env bash
# Builds a self-contained application image of MPS Console with jpackage (JDK 17+):
#   packaging/build-app-image.sh [OUTPUT_DIR]      -> OUTPUT_DIR/mps-console/bin/mps-console
# The image holds the window, core, the `cumps` CLI (bin/cumps -> lib/app/cumps, the shell launcher of
# docs/performance.md, with lib/app/cumps.jar and its archive lib/app/cumps.jsa) and the stand-in NVIDIA tools,
# so `mps-console --simulate` and `cumps --simulate` work without a GPU. The runtime keeps bin/java
# (jpackage strips it by default) because the stand-in tools run as their own JVM processes.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
out="${1:-$root/packaging/target}"
cd "$root"
mvn -q -B install -DskipTests
stage="$(mktemp -d)"
trap 'rm -rf "$stage"' EXIT
mvn -q -B -pl app dependency:copy-dependencies -DincludeScope=runtime -DoutputDirectory="$stage"
cp app/target/mps-console-app-*.jar "$stage/mps-console-app.jar"
cp core/target/cumps.jar "$stage/cumps.jar"
rm -rf "$out/mps-console"
mkdir -p "$out"
jpackage --type app-image --name mps-console --dest "$out" --input "$stage" \
    --main-jar mps-console-app.jar --main-class dev.cumps.app.ConsoleLauncher \
    --java-options '-Dprism.order=es2,sw' \
    --jlink-options '--strip-debug --no-man-pages --no-header-files' \
    --description "Operations console for user-owned NVIDIA CUDA MPS control daemons"
cp packaging/linux/*.desktop "$out/mps-console/"
# bin/cumps: the same shell launcher as core/target/cumps (lib/app/cumps beside lib/app/cumps.jar; it
# runs lib/runtime/bin/java), with its class-data-sharing archive built now against the bundled runtime.
cp core/target/cumps "$out/mps-console/lib/app/cumps"
chmod 755 "$out/mps-console/lib/app/cumps"
ln -sfn ../lib/app/cumps "$out/mps-console/bin/cumps"
CUMPS_CDS=rebuild "$out/mps-console/bin/cumps" --version >/dev/null
echo "built $out/mps-console (run: $out/mps-console/bin/mps-console --simulate, or $out/mps-console/bin/cumps --simulate status)"
