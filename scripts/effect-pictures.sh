#!/usr/bin/env bash
# Makes the picture of each effect in SegueUI's "Effects catalogue" article: for each script in
# Resources/scripts/gallery, frame 27 (40 % of the way through its push; frame 30 is the middle, where a flip is
# edge-on) as `segue replay --scene gallery --frames` draws it at 0.4 pixels a point, written as
# Sources/SegueUI/SegueUI.docc/Resources/effect-<script>.png. Headless: no display needed. The content blur
# (`Layer.contentBlurRadius`), a layer property with no transition of its own, is pictured by the pixel test
# that draws titles blurred by 0, 1, 2 and 4 pt (ContentBlurPixelTests, its CPU frame saved through
# SEGUE_TEST_PNG_DIR): effect-content-blur.png, from the test build (`swift build --build-tests` first).
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
mkdir -p "$work/content-blur"
SEGUE_TEST_PNG_DIR="$work/content-blur" swift test --skip-build --filter aBlurredTitleKeepsItsInkAndSpreadsIt >/dev/null
cp "$work/content-blur/content-blur-titles-cpu.png" "$out/effect-content-blur.png"
count=$((count + 1))
echo "wrote $count pictures in $out"
