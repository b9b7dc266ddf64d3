# The AOT cache of a launcher (JEP 483/514: classes loaded and linked ahead of time, kept in one
# file). Inlined, at the AOT token, into all four launchers: core/cli/src/main/launcher/cumps and
# app/src/main/launcher/mps-console when Maven copies them to target/, packaging/launcher/*.in by
# packaging/build.sh. SPDX-License-Identifier: Apache-2.0.
#
# The JVM does not verify an AOT cache: a cache someone else wrote runs their code as us, and one
# trained for another build of the jar serves that build's classes (JDK 25 maps it even when the
# jar's size and time differ). So, without exception, a cache is used only when:
#   - its folder, reached by its physical path (the JVM is given that path: no link is followed),
#     is owned by the running user or root and writable by no one else, and every folder above it is
#     owned by the user or root and writable by no one else unless sticky (as /tmp: others cannot
#     rename or remove what is ours there), so no one can swap the folder or the file meanwhile;
#   - it is a regular file, not a link, owned by the user or root, writable by no one else;
#   - its name carries the identity of the jar and the runtime it was trained for (size, change time and
#     inode of the jar and of the runtime's lib/modules).
# Otherwise the launcher runs without it and says nothing. The source tree's launchers look beside the
# jar first (when that folder passes: the user's own build, or a folder root prepared), then in the
# per-user folder ${XDG_CACHE_HOME:-$HOME/.cache}/<name>/ (made 0700; XDG_CACHE_HOME only when absolute);
# the installed ones only there, so that nothing, not even root's first run, writes under /usr. A
# missing cache is trained only where the launcher may write: beside the jar when that folder is the
# user's own, else in the per-user folder. One `stat` answers every question of a run that finds its cache.

# The per-user cache base: $XDG_CACHE_HOME only when absolute (the XDG rule: a relative one is
# ignored, it would name a folder under the working directory), else $HOME/.cache; /nonexistent when
# neither is an absolute path.
aot_user_cache() {
    case ${XDG_CACHE_HOME:-} in
        /*) printf '%s' "$XDG_CACHE_HOME"; return ;;
    esac
    case ${HOME:-} in
        /*) printf '%s/.cache' "$HOME" ;;
        *) printf '/nonexistent' ;;
    esac
}

# aot_look DIR NAME JAR RUNTIME_HOME: sets aot_file to DIR's cache for this jar and runtime
# (DIR/NAME-<size>-<change time>-<inode of the jar>-<the same of lib/modules>.aot), aot_dir_ok to yes when DIR
# passes the rule, and aot_file_ok to yes when that file exists and passes too. DIR is a physical path (as
# `pwd -P` prints it). One `stat` for all: the jar and lib/modules (-L: they may be reached through links),
# the folders from DIR up to /, and DIR's caches of NAME (links among these are refused below).
aot_look() {
    aot_file= aot_dir_ok= aot_file_ok=
    case $1 in /*) ;; *) return 1 ;; esac
    d=$1 name=$2 jar=$3 modules=$4/lib/modules
    set --
    p=$d
    while :; do
        set -- "$@" "$p"
        [ "$p" = / ] && break
        p=${p%/*}
        [ -n "$p" ] || p=/
    done
    dirs=$#
    for f in "$d/$name"-*.aot; do
        [ -e "$f" ] && set -- "$@" "$f"
    done
    info=$(stat -L -c '%u %a %s %Z %i' -- "$jar" "$modules" "$@" 2>/dev/null) || return 1
    i=0 leaf=yes id=
    while read -r uid mode size ctime inode; do
        i=$((i + 1))
        if [ "$i" -le 2 ]; then
            # The identity: the jar's and the runtime's size, change time and inode.
            id=$id-$size-$ctime-$inode
            [ "$i" = 2 ] && aot_file=$d/$name$id.aot
            continue
        fi
        p=$1
        shift
        if [ "$i" -le $((dirs + 2)) ]; then
            # A folder, leaf first: owned by root or us (-O), writable by no one else (above the leaf: unless sticky).
            [ ! -L "$p" ] || return 0
            [ "$uid" = 0 ] || [ -O "$p" ] || return 0
            if [ $((0$mode & 022)) -ne 0 ]; then
                [ -z "$leaf" ] && [ $((0$mode & 01000)) -ne 0 ] || return 0
            fi
            leaf=
            [ "$i" = $((dirs + 2)) ] && aot_dir_ok=yes
        elif [ "$p" = "$aot_file" ] && [ -f "$p" ] && [ ! -L "$p" ] && { [ "$uid" = 0 ] || [ -O "$p" ]; } \
                && [ $((0$mode & 022)) -eq 0 ]; then
            aot_file_ok=yes
        fi
    done <<EOF
$info
EOF
}

# aot_cache NAME MODE JAR RUNTIME_HOME [BESIDE]: prints the cache to use, training it first with
# `aot_train FILE` when needed and allowed; prints nothing when there is none to use. MODE: auto
# (default), off (none), rebuild (train again now). BESIDE: yes to look beside the jar first.
aot_cache() {
    [ "$2" != off ] || return 0
    # Beside the jar: the user's own build, or a folder only root can write.
    jar_dir=${3%/*}
    if [ "${5:-no}" = yes ] && aot_look "$jar_dir" "$1" "$3" "$4" && [ "$aot_dir_ok" = yes ]; then
        if [ -O "$jar_dir" ] && [ -w "$jar_dir" ]; then
            if [ "$2" = rebuild ] || [ ! -e "$aot_file" ]; then
                aot_build "$aot_file" "$1"
                aot_look "$jar_dir" "$1" "$3" "$4" || return 0
            fi
            [ "$aot_file_ok" = yes ] && printf '%s' "$aot_file"
            return 0
        fi
        if [ "$2" != rebuild ] && [ "$aot_file_ok" = yes ]; then
            printf '%s' "$aot_file"
            return 0
        fi
    fi
    # The per-user folder.
    cache=$(aot_user_cache)/$1
    [ -d "$cache" ] || mkdir -p -m 0700 -- "$cache" 2>/dev/null || return 0
    cache=$(cd -P -- "$cache" 2>/dev/null && pwd -P) && [ -O "$cache" ] || return 0
    aot_look "$cache" "$1" "$3" "$4" && [ "$aot_dir_ok" = yes ] || return 0
    if [ "$2" = rebuild ] || [ ! -e "$aot_file" ]; then
        aot_build "$aot_file" "$1"
        aot_look "$cache" "$1" "$3" "$4" || return 0
    fi
    [ "$aot_file_ok" = yes ] && printf '%s' "$aot_file"
}

# aot_build FILE NAME: trains FILE through a temporary file beside it (the JVM writes its .config
# beside that while it assembles), renames it into place and removes the caches of NAME for other
# builds in that folder (ours only); any failure is ignored.
aot_build() {
    tmp=$1.$$.tmp
    rm -f -- "$tmp" "$tmp.config"
    if aot_train "$tmp" </dev/null >/dev/null 2>&1 && [ -s "$tmp" ]; then
        chmod 0644 -- "$tmp" 2>/dev/null
        for old in "${1%/*}/$2"-*.aot; do
            [ -f "$old" ] && [ ! -L "$old" ] && [ -O "$old" ] && [ "$old" != "$1" ] && rm -f -- "$old"
        done
        mv -f -- "$tmp" "$1" 2>/dev/null || rm -f -- "$tmp"
    else
        rm -f -- "$tmp"
    fi
    rm -f -- "$tmp.config"
}
