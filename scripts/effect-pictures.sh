#!/usr/bin/env bash
# Makes the picture of each effect in SegueUI's "Effects catalogue" article: for each script in
# Resources/scripts/gallery, frame 27 (40 % of the way through its push; frame 30 is the middle, where a flip is
# edge-on) as `segue replay --scene gallery --frames` draws it at 0.4 pixels a point, written as
# Sources/SegueUI/SegueUI.docc/Resources/effect-<script>.png. Headless: no display needed.
set -euo pipefail
cd "$(dirname "$0")/.."
segue="${SEGUE:-.build/debug/segue}"
out="${1:-Sources/SegueUI/SegueUI.docc/Resources}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
count=0
for script in Resources/scripts/gallery/*.json; do
    slug="$(basename "$script" .json)"
    mkdir -p "$work/$slug"
    "$segue" replay --scene gallery "$script" --frames "$work/$slug" --every 27 --scale 0.4
    cp "$work/$slug/frame-00027.png" "$out/effect-$slug.png"
    count=$((count + 1))
done
echo "wrote $count pictures in $out"
