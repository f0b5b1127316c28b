#!/usr/bin/env bash
# Makes the README's contact sheet of the effects: for each script in Resources/scripts/gallery, frame 27
# (40 % of the way through its push; frame 30 is the middle, where a flip is edge-on) as `segue replay --scene gallery --frames` draws it, labelled with the
# effect's name, tiled into Resources/screenshots/effects-contact-sheet.png. Needs ImageMagick (montage).
set -euo pipefail
cd "$(dirname "$0")/.."
segue="${SEGUE:-.build/debug/segue}"
out="${1:-Resources/screenshots/effects-contact-sheet.png}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
tiles=()
count=0
while IFS=$'\t' read -r name duration; do
    slug="$(echo "$name" | tr 'A-Z' 'a-z' | sed -e 's/[^a-z0-9]/-/g' -e 's/--*/-/g' -e 's/^-//' -e 's/-$//')"
    mkdir -p "$work/$slug"
    "$segue" replay --scene gallery "Resources/scripts/gallery/$slug.json" --frames "$work/$slug" --every 27 --scale 0.5
    tiles+=(-label "$name" "$work/$slug/frame-00027.png")
    count=$((count + 1))
done < <("$segue" gallery --list)
montage "${tiles[@]}" -tile 4x -geometry +6+6 -pointsize 16 -background white "$out"
echo "wrote $out ($count effects)"
