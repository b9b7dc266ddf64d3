#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Install acceptance on a fresh Debian root: installs cumps alone, then
# mps-console, with apt (resolving Depends) into a debootstrap'd chroot, checks what an operator gets,
# measures what each pulls, and removes both. Prints a Markdown transcript; exits 1 when a check fails.
#   packaging/chroot-acceptance.sh CHROOT CUMPS_DEB CONSOLE_DEB            # Debian 12, 13: must install
#   packaging/chroot-acceptance.sh --expect-refusal CHROOT CUMPS_DEB [CONSOLE_DEB]  # Debian 11: must refuse
# CHROOT is a fresh `debootstrap --variant=minbase <suite> CHROOT http://deb.debian.org/debian`
# (packaging/README.md); use a copy, it is changed. Runs as root in a private mount namespace (proc,
# dev only there); the chroot's own processes are the only ones it starts.
set -euo pipefail
refusal=0
if [ "${1:-}" = --expect-refusal ]; then
    refusal=1
    shift
fi
[ $# -ge 2 ] || { echo "error: usage: $0 [--expect-refusal] CHROOT CUMPS_DEB [CONSOLE_DEB]" >&2; exit 2; }
chroot_dir=$(readlink -f "$1")
shift
[ -x "$chroot_dir/bin/sh" ] || { echo "error: $chroot_dir is not a debootstrap'd root" >&2; exit 2; }
cp /etc/resolv.conf "$chroot_dir/etc/resolv.conf"
mkdir -p "$chroot_dir/tmp/pkg"
names=()
for deb in "$@"; do
    [ -f "$deb" ] || { echo "error: $deb is not a file" >&2; exit 2; }
    cp "$deb" "$chroot_dir/tmp/pkg/"
    names+=("/tmp/pkg/$(basename "$deb")")
done
cumps_deb=${names[0]}
console_deb=${names[1]:-}

# step CMD: the command as typed, then its output (apt's progress lines trimmed), then its status.
# expect STATUS CMD: the same, and the acceptance fails unless CMD exits with STATUS (0: success).
cat > "$chroot_dir/tmp/pkg/steps.sh" <<'STEPS'
set -u
export DEBIAN_FRONTEND=noninteractive PATH=/usr/sbin:/usr/bin:/sbin:/bin LANG=C.UTF-8 HOME=/root
failed=0
trim() { grep -v -E '^(Get:|Hit:|Ign:|Selecting previously|Preparing to unpack|Unpacking|Setting up|Processing triggers|Reading database|\(Reading database|Fetched|debconf: |Reading package lists|Building dependency tree|Reading state information)' | tail -n 40; }
step() { printf '\n```console\n# %s\n' "$*"; bash -c "$*" 2>&1 | trim; local s=${PIPESTATUS[0]}; printf '(exit %s)\n```\n' "$s"; return "$s"; }
expect() {
    local want=$1; shift
    step "$@"; local got=$?
    if { [ "$want" = 0 ] && [ "$got" != 0 ]; } || { [ "$want" != 0 ] && [ "$got" = 0 ]; }; then
        printf '\n**FAILED** (expected exit %s): `%s`\n' "$want" "$*"; failed=1
    fi
}
# packages and KiB installed now
census() { dpkg-query -W -f '${Status} ${Installed-Size}\n' | awk '$3 == "installed" { n++; k += $4 } END { print n, k }'; }
export -f census
STEPS
if [ "$refusal" = 1 ]; then
    cat >> "$chroot_dir/tmp/pkg/steps.sh" <<STEPS
step cat /etc/debian_version
step apt-get update -q
step 'ldd --version | head -n 1'
expect 0 'apt-get install -y -q $cumps_deb > /tmp/apt.log 2>&1; s=\$?; cat /tmp/apt.log | grep -v "^[GH][ei][tt]:"; [ \$s != 0 ] && grep -q "Depends: libc6 (>= 2\.3[4-9])" /tmp/apt.log'
expect 0 '! dpkg -s cumps 2>/dev/null | grep -q "Status: install ok installed"'
STEPS
    [ -z "$console_deb" ] || cat >> "$chroot_dir/tmp/pkg/steps.sh" <<STEPS
expect 0 'apt-get install -y -q $cumps_deb $console_deb > /tmp/apt.log 2>&1; s=\$?; grep -E "unmet|Depends: libc6|^E:" /tmp/apt.log; [ \$s != 0 ] && grep -q "Depends: libc6 (>= 2\.3[4-9])" /tmp/apt.log'
expect 0 '! dpkg -s mps-console 2>/dev/null | grep -q "Status: install ok installed"'
STEPS
    cat >> "$chroot_dir/tmp/pkg/steps.sh" <<STEPS
exit \$failed
STEPS
else
    cat >> "$chroot_dir/tmp/pkg/steps.sh" <<STEPS
step cat /etc/debian_version
step 'census > /tmp/census.0; echo "packages, KiB installed: \$(cat /tmp/census.0)"'
step 'command -v java || echo "no java installed"'
expect 0 apt-get update -q
# ---- cumps alone: its Depends resolve, and no graphical library comes with it.
expect 0 apt-get install -y -q $cumps_deb
step 'census > /tmp/census.1; read n0 k0 < /tmp/census.0; read n1 k1 < /tmp/census.1; echo "cumps pulled \$((n1 - n0)) packages (itself included), \$(( (k1 - k0) / 1024 )) MiB installed; cumps itself: \$(dpkg-query -W -f "\\\${Installed-Size}" cumps) KiB"'
expect 0 'dpkg -s cumps | sed -n "1,12p"'
expect 0 '! dpkg -l | awk "\\\$1 == \"ii\" {print \\\$2}" | grep -E "^lib(gtk|gdk|x11|xext|xi6|xrender|xtst|asound|gl1|glx|cairo|pango|freetype|fontconfig|jpeg|png|gif|lcms|harfbuzz|atk|wayland|drm)" && echo "no graphical library installed"'
expect 0 'test -f /usr/lib/cumps/runtime/lib/server/classes.jsa && echo "postinst dumped the runtime base archive"'
expect 0 'cd /tmp && cumps --version'
expect 0 'cd /tmp && cumps --simulate status --json | python3 -c "import json,sys; d=json.load(sys.stdin); print(\"schema_version\", d[\"schema_version\"])" 2>/dev/null || cumps --simulate status --json | head -c 200'
expect 0 'cd /tmp && cumps --simulate start --gpus 0 --name demo >/dev/null && cumps --simulate status && cumps --simulate stop --name demo && cumps --simulate reset'
expect 0 'cd /tmp && cumps --simulate doctor --gpus 0 | grep -m 3 "guide:"; cumps --simulate reset >/dev/null'
expect 0 'ls /usr/share/doc/cumps/guide.md /usr/share/doc/cumps/guide.zh-CN.md && echo "\$(ls /usr/share/doc/cumps/screenshots /usr/share/doc/cumps/hosts | grep -c "\\.png\$") images the guides show"'
# Completion as an operator gets it: a user whose ~/.bashrc loads bash-completion (when installed).
expect 0 'useradd -m -s /bin/bash op && echo "user op"'
expect 0 'apt-get install -y -q --no-install-recommends bash-completion man-db >/dev/null && echo installed bash-completion man-db'
expect 0 "runuser -u op -- env -i HOME=/home/op PATH=/usr/bin:/bin TERM=dumb bash -ic '__load_completion cumps; complete -p cumps' 2>&1 | grep -v -e 'job control' -e 'terminal process group'"
expect 0 'man -w cumps && man cumps 2>/dev/null | head -n 4'
# The AOT cache: trained on the first run into the user's cache; the next run opens it (the JVM's own
# -Xlog:aot log names the file); the same file owned by another uid (nobody) is never opened.
expect 0 'cd /tmp && runuser -u op -- env -i HOME=/home/op PATH=/usr/bin:/bin cumps --version && ls /home/op/.cache/cumps/'
expect 0 'cd /tmp && rm -f /tmp/aot.log && runuser -u op -- env -i HOME=/home/op PATH=/usr/bin:/bin JAVA_TOOL_OPTIONS=-Xlog:aot=info:file=/tmp/aot.log cumps --version >/dev/null 2>&1; grep -o "Opened AOT cache .*" /tmp/aot.log; grep -q "Opened AOT cache /home/op/.cache/cumps/cumps-" /tmp/aot.log'
expect 0 'chown nobody /home/op/.cache/cumps/cumps-*.aot && echo "the cache now belongs to nobody"'
expect 1 'cd /tmp && rm -f /tmp/aot.log; runuser -u op -- env -i HOME=/home/op PATH=/usr/bin:/bin JAVA_TOOL_OPTIONS=-Xlog:aot=info:file=/tmp/aot.log cumps --version >/dev/null 2>&1; grep -o "Opened AOT cache .*" /tmp/aot.log'
STEPS
    if [ -n "$console_deb" ]; then
        cat >> "$chroot_dir/tmp/pkg/steps.sh" <<STEPS
# ---- mps-console on top.
expect 0 apt-get install -y -q $console_deb
step 'census > /tmp/census.2; read n1 k1 < /tmp/census.1; read n2 k2 < /tmp/census.2; read n0 k0 < /tmp/census.0; echo "mps-console pulled \$((n2 - n1)) more packages, \$(( (k2 - k1) / 1024 )) MiB; both together: \$((n2 - n0)) packages, \$(( (k2 - k0) / 1024 )) MiB; mps-console itself: \$(dpkg-query -W -f "\\\${Installed-Size}" mps-console) KiB"'
expect 0 'dpkg -s mps-console | grep -E "^(Version|Depends):"'
expect 0 'cd /tmp && mps-console --version'
expect 0 'cd /tmp && out=\$(env -u DISPLAY -u WAYLAND_DISPLAY mps-console --simulate 2>&1); s=\$?; echo "\$out"; [ \$s = 1 ] && [ "\$out" = "error: no graphical display (DISPLAY/WAYLAND_DISPLAY unset); use cumps for the command line" ]'
expect 0 'cat /usr/share/applications/dev.cumps.MpsConsole.desktop | grep -E "^(Exec|Icon|StartupWMClass)="'
expect 0 'find /usr/share/icons/hicolor -name "dev.cumps.MpsConsole.*" | sort'
expect 0 'man -w mps-console'
expect 0 'cd /tmp && runuser -u op -- env -i HOME=/home/op PATH=/usr/bin:/bin mps-console --simulate --screenshot /tmp/x.png > /tmp/x.log 2>&1; s=\$?; cat /tmp/x.log; ! grep -q "Unsupported JavaFX" /tmp/x.log && python3 -c "import struct; b=open(\"/tmp/x.png\",\"rb\").read(24); print(\"PNG\", b[:8]==b\"\\\\x89PNG\\\\r\\\\n\\\\x1a\\\\n\", \"%dx%d\" % struct.unpack(\">II\", b[16:24]))" && exit \$s'
expect 0 'cd /tmp && ls /home/op/.cache/mps-console/ && rm -f /tmp/aot.log && runuser -u op -- env -i HOME=/home/op PATH=/usr/bin:/bin JAVA_TOOL_OPTIONS=-Xlog:aot=info:file=/tmp/aot.log mps-console --simulate --lang zh-CN --screenshot /tmp/y.png >/dev/null 2>&1; grep -o "Opened AOT cache .*" /tmp/aot.log; grep -q "Opened AOT cache /home/op/.cache/mps-console/mps-console-" /tmp/aot.log'
expect 0 'dpkg --verify cumps mps-console && echo "dpkg --verify: every installed file as shipped"'
expect 0 'cd /usr/lib/mps-console && LD_LIBRARY_PATH=runtime/lib:runtime/lib/server:lib ldd lib/*.so runtime/lib/*.so runtime/bin/java > /tmp/ldd.txt; echo "not found: \$(grep -c not.found /tmp/ldd.txt)"; ! grep -q not.found /tmp/ldd.txt'
expect 0 'apt-get remove -y -q --purge mps-console cumps >/dev/null && ls /usr/lib/cumps /usr/lib/mps-console /usr/share/doc/cumps 2>&1; ! ls -d /usr/lib/cumps /usr/lib/mps-console /usr/share/doc/cumps /usr/share/doc/mps-console 2>/dev/null | grep -q . && echo "removed: nothing left under /usr"'
STEPS
    fi
    echo 'exit $failed' >> "$chroot_dir/tmp/pkg/steps.sh"
fi

echo "# Install acceptance: \`$(basename "$cumps_deb")\`${console_deb:+ and \`$(basename "$console_deb")\`} on a fresh $(cat "$chroot_dir/etc/debian_version") root"
echo
echo "Made by \`packaging/chroot-acceptance.sh${refusal:+$( [ "$refusal" = 1 ] && echo ' --expect-refusal')}\` on $(date -u '+%Y-%m-%d %H:%M UTC'); chroot from \`debootstrap --variant=minbase\`."
unshare -m --fork bash -c '
    set -e
    c=$1
    mount -t proc proc "$c/proc"
    mount --rbind /dev "$c/dev"
    mount -t tmpfs tmpfs "$c/dev/shm"
    chroot "$c" /bin/bash /tmp/pkg/steps.sh
' unshare "$chroot_dir"
