#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The user guide as the packages install it (called by packaging/stage-deb.sh):
#   packaging/stage-guide.sh --guides DOC_DIR   installs docs/guide.md and docs/guide.zh-CN.md into DOC_DIR
#                                               (the cumps package: a headless server gets no pictures of windows)
#   packaging/stage-guide.sh --images DOC_DIR   installs every image the two show (screenshots/…, hosts/…) into
#                                               DOC_DIR, laid out as in docs/ (the mps-console package, into
#                                               /usr/share/doc/cumps, so the guides' links resolve beside them)
#   packaging/stage-guide.sh --list             prints the guides and the images, relative to docs/, one a line
#   packaging/stage-guide.sh --list-images      prints the images only (smoke.sh)
# The launchers name guide.md (-Dcumps.guide); the Chinese window takes guide.zh-CN.md beside it
# (GuideLink), for its Open in browser. An image path that is absolute, a URL, leaves docs/ (..), or
# is not a regular file in docs/ (a link is not followed) stops the build.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd -P)"
docs=$root/docs

fail() { echo "error: $*" >&2; exit 1; }

usage="usage: packaging/stage-guide.sh --guides DOC_DIR | --images DOC_DIR | --list | --list-images"

# The two guides.
guides() {
    local guide
    for guide in guide.md guide.zh-CN.md; do
        [ -f "$docs/$guide" ] && [ ! -L "$docs/$guide" ] || fail "docs/$guide is missing (or a link)"
        echo "$guide"
    done
}

# The images the guides show, each once.
images() {
    local rel
    guides >/dev/null
    { grep -ohE '!\[[^]]*\]\([^)[:space:]]+' "$docs/guide.md" "$docs/guide.zh-CN.md" || true; } | sed 's/^.*](//' | sort -u \
        | while IFS= read -r rel; do
            case $rel in
                /* | *://* | .. | ../* | */../* | */..) fail "docs/guide*.md shows the image $rel, which is not a path inside docs/" ;;
            esac
            [ -f "$docs/$rel" ] && [ ! -L "$docs/$rel" ] || fail "docs/guide*.md shows the image $rel, which is not a regular file in docs/"
            echo "$rel"
        done
}

# install LIST DOC_DIR
install_all() {
    while IFS= read -r rel; do
        install -D -m 644 "$docs/$rel" "$2/$rel"
    done <<<"$1"
}

case "${1:-}:$#" in
    --list:1) guides; images ;;
    --list-images:1) images ;;
    --guides:2) list=$(guides); install_all "$list" "$2" ;;
    --images:2) list=$(images); install_all "$list" "$2" ;;
    *) echo "error: $usage" >&2; exit 2 ;;
esac
