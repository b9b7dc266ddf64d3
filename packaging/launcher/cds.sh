# The per-user class-data-sharing archive of an installed launcher (sourced into cumps.in and
# mps-console.in by packaging/build.sh; SPDX-License-Identifier: Apache-2.0).
#
# The package ships no application archive: a JDK 17 archive records the absolute paths, sizes and
# times of the jars it was dumped with, and its bytes differ from dump to dump, so a shipped one would
# make the .deb unreproducible. The first run of each user dumps it into
# ${XDG_CACHE_HOME:-$HOME/.cache}/<name>/<name>-<cksum of the jar path>.jsa (folder 0700, used only when
# that folder and every one above it are out of other users' reach), on top of the runtime's base
# archive that the package's postinst dumps (lib/server/classes.jsa). It never writes under /usr.
#   <NAME>_CDS=auto (default) use it, dumping it first when missing or older than the jar or the runtime
#   <NAME>_CDS=off            run without an archive
#   <NAME>_CDS=rebuild        dump it again now
# Whether it maps shows in the JVM's class loading log: JAVA_TOOL_OPTIONS=-Xlog:class+load=info:file=F
# names "source: shared objects file (top)" for the classes it took from this archive.
cache_dir() {
    case ${XDG_CACHE_HOME:-} in
        /*) printf '%s' "$XDG_CACHE_HOME"; return ;;
    esac
    case ${HOME:-} in
        /*) printf '%s/.cache' "$HOME" ;;
        *) printf '/nonexistent' ;;
    esac
}

# Whether the physical, link-free directory $1 and every directory above it are out of other users'
# reach (owned by root or us, writable by no one else unless sticky): the JVM does not verify an
# archive, so one swapped in by someone else would run their code as us.
safe_chain() {
    p=$1
    me=$(id -u) || return 1
    while :; do
        [ -d "$p" ] && [ ! -L "$p" ] || return 1
        info=$(stat -c '%u %a' -- "$p" 2>/dev/null) || return 1
        owner=${info%% *}
        perm=${info#* }
        case $owner in
            0|"$me") ;;
            *) return 1 ;;
        esac
        if [ $((0$perm & 022)) -ne 0 ] && [ $((0$perm & 01000)) -eq 0 ]; then
            return 1
        fi
        [ "$p" = / ] && return 0
        p=${p%/*}
        [ -n "$p" ] || p=/
    done
}

# cds_archive NAME MODE JAR: prints the archive to use (dumping it first with `train ARCHIVE` when
# needed), or nothing.
cds_archive() {
    [ "$2" != off ] || return 0
    [ -f "$java_base_archive" ] || return 0
    cache=$(cache_dir)/$1
    mkdir -p -m 0700 -- "$cache" 2>/dev/null && [ ! -L "$cache" ] || return 0
    cache=$(cd -P -- "$cache" 2>/dev/null && pwd -P) && [ -O "$cache" ] && safe_chain "$cache" || return 0
    chmod 0700 -- "$cache" 2>/dev/null
    key=$(printf '%s' "$3" | cksum) || return 0
    archive=$cache/$1-${key%% *}.jsa
    if [ -e "$archive" ] && { [ -L "$archive" ] || [ ! -O "$archive" ]; }; then
        return 0
    fi
    if [ "$2" = rebuild ] || ! { [ -f "$archive" ] && [ "$archive" -nt "$3" ] && [ "$archive" -nt "$java_base_archive" ]; }; then
        tmp=$archive.$$.tmp
        rm -f -- "$tmp"
        if train "$tmp" </dev/null >/dev/null 2>&1 && [ -s "$tmp" ]; then
            mv -f -- "$tmp" "$archive" 2>/dev/null || rm -f -- "$tmp"
        else
            rm -f -- "$tmp"
        fi
    fi
    [ -f "$archive" ] && printf '%s' "$archive"
}
