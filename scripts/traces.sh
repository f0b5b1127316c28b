#!/usr/bin/env bash
# scripts/traces.sh OUTDIR: writes the replay trace of every script in Resources (the demo app's, the gallery's
# for scripts under a gallery folder, the example app's for slide-transition-*.json) into OUTDIR, one
# .jsonl a script named after its path. Two builds' directories compare with `diff -r`: the traces are a
# contract and must stay byte-identical unless a change means to alter them. Uses the debug build.
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:?usage: scripts/traces.sh OUTDIR}"
segue="${SEGUE:-.build/debug/segue}"
example="${SLIDE_TRANSITION:-.build/debug/slide-transition}"
mkdir -p "$out"
count=0
while IFS= read -r script; do
    name="$(echo "$script" | tr '/' '_').jsonl"
    case "$script" in
        */slide-transition-*) "$example" --replay "$script" --trace "$out/$name" ;;
        *gallery*) "$segue" replay "$script" --scene gallery --trace "$out/$name" ;;
        *) "$segue" replay "$script" --trace "$out/$name" ;;
    esac
    count=$((count + 1))
done < <(find Resources/scripts Resources/monkey -name '*.json' | sort)
echo "wrote $count traces in $out"
