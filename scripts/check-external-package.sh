#!/usr/bin/env bash
# Shows that a package outside this one can use Segue: makes a temporary SwiftPM package that depends on
# this checkout by `.package(path:)`, with the slide-transition example's source as its own executable,
# builds it, replays Resources/scripts/slide-transition-edge-pop.json headless and checks the trace (the
# pop finished, one page left). Exits non-zero on any failure. Takes about half a minute here (a fresh build
# of Segue in the temporary package). Usage: scripts/check-external-package.sh [WORKDIR]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=${1:-$(mktemp -d /tmp/segue-external.XXXXXX)}
keep=${1:+yes}
cleanup() { [ -n "$keep" ] || rm -rf "$work"; }
trap cleanup EXIT
mkdir -p "$work/MyTransitionApp/Sources/MyTransitionApp"
cd "$work/MyTransitionApp"
cat > Package.swift <<SWIFT
// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "MyTransitionApp",
    dependencies: [.package(path: "$root")],
    targets: [
        .executableTarget(
            name: "MyTransitionApp",
            dependencies: [
                .product(name: "SegueSDL", package: "$(basename "$root")"),
                .product(name: "SegueUIKit", package: "$(basename "$root")"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
SWIFT
cp "$root/Examples/SlideTransition/main.swift" Sources/MyTransitionApp/main.swift
echo "check-external-package: building $work/MyTransitionApp against $root" >&2
swift build 2>&1 | tail -n 3
trace="$work/trace.jsonl"
.build/debug/MyTransitionApp --replay "$root/Resources/scripts/slide-transition-edge-pop.json" --trace "$trace"
frames=$(wc -l < "$trace")
last=$(tail -n 1 "$trace")
grep -q '"transition.begin:pop"' "$trace" || { echo "check-external-package: FAIL: no pop began" >&2; exit 1; }
grep -q '"transition.finish:pop"' "$trace" || { echo "check-external-package: FAIL: the pop did not finish" >&2; exit 1; }
case "$last" in
  *'"stack": ["First"]'*'"transition": null'*) ;;
  *) echo "check-external-package: FAIL: last frame is not one page, idle: $last" >&2; exit 1 ;;
esac
echo "check-external-package: OK: $frames frames traced; last: ${last:0:160}"
