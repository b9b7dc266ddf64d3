#!/usr/bin/env bash
# Install acceptance on a fresh Debian root (issue 13): installs the .deb into a debootstrap'd chroot
# with apt (resolving Depends) and checks what an operator gets. Prints a Markdown transcript.
#   packaging/chroot-acceptance.sh DEB CHROOT
# CHROOT is a fresh `debootstrap --variant=minbase <suite> CHROOT <mirror>` (packaging/README.md).
# Runs as root in a private mount namespace (proc, dev and the .deb are mounted only there); the
# chroot's own processes are the only ones it starts.
set -euo pipefail
deb=$(readlink -f "$1")
chroot_dir=$(readlink -f "$2")
[ -f "$deb" ] && [ -x "$chroot_dir/bin/sh" ] || { echo "error: usage: $0 DEB CHROOT (a debootstrap'd root)" >&2; exit 2; }
cp /etc/resolv.conf "$chroot_dir/etc/resolv.conf"
mkdir -p "$chroot_dir/tmp/pkg"
cp "$deb" "$chroot_dir/tmp/pkg/"
name=$(basename "$deb")

# Each step: the command as typed, then its output (apt's progress lines trimmed).
cat > "$chroot_dir/tmp/pkg/steps.sh" <<STEPS
set -u
export DEBIAN_FRONTEND=noninteractive PATH=/usr/sbin:/usr/bin:/sbin:/bin LANG=C.UTF-8 HOME=/root
step() { printf '\n\`\`\`console\n# %s\n' "\$*"; bash -c "\$*" 2>&1 | grep -v -E '^(Get:|Hit:|Selecting previously|Preparing to unpack|Unpacking|Setting up|Processing triggers|Reading database|\(Reading database|Fetched|debconf: )' | tail -n 40; printf '(exit %s)\n\`\`\`\n' "\${PIPESTATUS[0]}"; }
step cat /etc/debian_version
step 'dpkg -l | grep -c "^ii"'
step 'command -v java || echo "no java installed"'
step apt-get update -q
step apt-get install -y -q ./tmp/pkg/$name
step 'dpkg -s mps-console | sed -n "1,12p"'
step ls -l /usr/bin/cumps /usr/bin/mps-console
step 'command -v java || echo "still no java on PATH: the package brings its own runtime"'
step cat /usr/share/applications/dev.cumps.MpsConsole.desktop
step 'find /usr/share/icons/hicolor -name "dev.cumps.MpsConsole.*" | sort'
step 'cd /tmp && cumps --version'
step 'cd /tmp && cumps --simulate status --json | python3 -c "import json,sys; d=json.load(sys.stdin); print(\"schema_version\", d[\"schema_version\"])"'
step 'cd /tmp && cumps --simulate start --gpus 0 --name demo >/dev/null && cumps --simulate status && cumps --simulate stop --name demo && cumps --simulate reset'
step 'cd /tmp && cumps --simulate doctor --gpus 0 | grep -m 3 "guide:"; cumps --simulate reset >/dev/null'
step ls -l /usr/share/bash-completion/completions/cumps
# Completion as an operator gets it: a user whose ~/.bashrc (Debian's /etc/skel) loads bash-completion,
# which loads /usr/share/bash-completion/completions/cumps on demand (root's .bashrc does not load it).
step 'useradd -m -s /bin/bash op && grep -n bash_completion /home/op/.bashrc | head -n 3'
step "runuser -u op -- env -i HOME=/home/op PATH=/usr/bin:/bin TERM=dumb bash -ic '__load_completion cumps; complete -p cumps' 2>&1 | grep -v -e 'job control' -e 'terminal process group'"
step "runuser -u op -- env -i HOME=/home/op PATH=/usr/bin:/bin TERM=dumb bash -ic '__load_completion cumps; COMP_WORDS=(cumps st); COMP_CWORD=1; COMP_LINE=\"cumps st\"; COMP_POINT=8; _complete_cumps cumps st cumps; echo \"cumps st<TAB>: \\\${COMPREPLY[*]}\"' 2>&1 | grep -v -e 'job control' -e 'terminal process group'"
step 'cd /tmp && runuser -u op -- env -i HOME=/home/op PATH=/usr/bin:/bin cumps --simulate status; runuser -u op -- env -i HOME=/home/op PATH=/usr/bin:/bin cumps --simulate reset >/dev/null'
step apt-get install -y -q --no-install-recommends man-db
step man -w cumps
step 'man cumps 2>/dev/null | head -n 8'
step 'ls /usr/share/doc/mps-console/'
step 'cd /tmp && /usr/lib/mps-console/lib/runtime/bin/java -Xshare:on -XX:SharedArchiveFile=/usr/lib/mps-console/lib/app/cumps.jsa -cp /usr/lib/mps-console/lib/app/cumps.jar dev.cumps.core.cli.CumpsMain --version && echo "the build-time cumps.jsa maps at the installed path (-Xshare:on fails otherwise)"'
step 'cd /tmp && env -u DISPLAY mps-console --simulate --screenshot /tmp/x.png; python3 -c "import struct; b=open(\"/tmp/x.png\",\"rb\").read(24); print(\"PNG\", b[:8]==b\"\\\\x89PNG\\\\r\\\\n\\\\x1a\\\\n\", \"%dx%d\" % struct.unpack(\">II\", b[16:24]))"'
step 'cd /tmp && rm -f /tmp/y.png && env -u DISPLAY JAVA_TOOL_OPTIONS=-Xshare:on mps-console --simulate --lang zh-CN --screenshot /tmp/y.png 2>&1 | grep -v "^Picked up"; ls -l /tmp/y.png && echo "the build-time mps-console.jsa maps at the installed path"'
step 'dpkg --verify mps-console && echo "dpkg --verify: every installed file as shipped (no archive rewritten under /usr)"; find /usr/lib/mps-console -newer /var/lib/dpkg/info/mps-console.list | head'
# The runtime's libraries find libjvm/libjava through the JVM that loads them; ldd needs the path.
step 'cd /usr/lib/mps-console/lib && LD_LIBRARY_PATH=runtime/lib:runtime/lib/server:app ldd app/*.so runtime/lib/*.so runtime/lib/server/*.so runtime/bin/java ../bin/mps-console > /tmp/ldd.txt; grep -c "=> /" /tmp/ldd.txt; echo "not found: \$(grep -c not.found /tmp/ldd.txt)"'
STEPS

echo "# Install acceptance: \`$name\` on a fresh Debian root"
echo
echo "Made by \`packaging/chroot-acceptance.sh\` on $(date -u '+%Y-%m-%d %H:%M UTC'); chroot from \`debootstrap --variant=minbase\`."
unshare -m --fork bash -c '
    set -e
    c=$1
    mount -t proc proc "$c/proc"
    mount --rbind /dev "$c/dev"
    mount -t tmpfs tmpfs "$c/dev/shm"
    chroot "$c" /bin/bash /tmp/pkg/steps.sh
' unshare "$chroot_dir"
