#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The user guide as the packages install it (called by packaging/stage-deb.sh for cumps):
#   packaging/stage-guide.sh DOC_DIR   installs docs/guide.md, docs/guide.zh-CN.md and every image the
#                                      two show (screenshots/…, hosts/…) into DOC_DIR, laid out as in docs/
#   packaging/stage-guide.sh --list    prints those files, relative to docs/, one a line (smoke.sh)
# The launchers name guide.md (-Dcumps.guide); the Chinese window takes guide.zh-CN.md beside it
# (GuideLink), for its Open in browser. An image path that is absolute, a URL, leaves docs/ (..), or
# is not a regular file in docs/ (a link is not followed) stops the build.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd -P)"
docs=$root/docs

fail() { echo "error: $*" >&2; exit 1; }

# The guides, then the images they show, each once.
files() {
    local guide rel
    for guide in guide.md guide.zh-CN.md; do
        [ -f "$docs/$guide" ] && [ ! -L "$docs/$guide" ] || fail "docs/$guide is missing (or a link)"
        echo "$guide"
    done
    { grep -ohE '!\[[^]]*\]\([^)[:space:]]+' "$docs/guide.md" "$docs/guide.zh-CN.md" || true; } | sed 's/^.*](//' | sort -u \
        | while IFS= read -r rel; do
            case $rel in
                /* | *://* | .. | ../* | */../* | */..) fail "docs/guide*.md shows the image $rel, which is not a path inside docs/" ;;
            esac
            [ -f "$docs/$rel" ] && [ ! -L "$docs/$rel" ] || fail "docs/guide*.md shows the image $rel, which is not a regular file in docs/"
            echo "$rel"
        done
}

case ${1:-} in
    --list) [ $# -eq 1 ] || fail "usage: packaging/stage-guide.sh DOC_DIR | --list"; files ;;
    '' | -*) echo "error: usage: packaging/stage-guide.sh DOC_DIR | --list" >&2; exit 2 ;;
    *)
        [ $# -eq 1 ] || { echo "error: usage: packaging/stage-guide.sh DOC_DIR | --list" >&2; exit 2; }
        list=$(files)
        while IFS= read -r rel; do
            install -D -m 644 "$docs/$rel" "$1/$rel"
        done <<<"$list"
        ;;
esac
