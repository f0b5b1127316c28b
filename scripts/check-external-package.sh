#!/usr/bin/env bash
# Shows that a package outside this one can use Segue: makes a temporary SwiftPM package that depends on
# this checkout by `.package(path:)`, with the slide-transition example's source as its own executable,
# builds it, replays Resources/scripts/slide-transition-edge-pop.json headless and checks the trace (the
# pop finished, one page left); then runs the example's tests as the package's own test target with
# SegueTesting (`swift test`: the push, the interactive pop finished and cancelled, a film strip and a motion
# curve against the references copied beside the test file, as a user's package keeps them); then
# `segue watch` on it, headless: an edit of a constant in the copy is rebuilt and replayed, and the trace
# changes accordingly. Exits non-zero on any failure. Takes a minute or two here (a fresh build of Segue
# in the temporary package, and its tests' build). Usage: scripts/check-external-package.sh [WORKDIR]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=${1:-$(mktemp -d /tmp/segue-external.XXXXXX)}
keep=${1:+yes}
cleanup() { [ -n "$keep" ] || rm -rf "$work"; }
trap cleanup EXIT
mkdir -p "$work/MyTransitionApp/Sources/MyTransitionApp" "$work/MyTransitionApp/Tests/MyTransitionAppTests"
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
        .testTarget(
            name: "MyTransitionAppTests",
            dependencies: [
                "MyTransitionApp",
                .product(name: "SegueTesting", package: "$(basename "$root")"),
                .product(name: "SegueUIKit", package: "$(basename "$root")"),
            ],
            exclude: ["__Snapshots__"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
SWIFT
cp "$root/Examples/SlideTransition/main.swift" "$root/Examples/SlideTransition/SlideTransition.swift" Sources/MyTransitionApp/
# The example's tests and their references (__Snapshots__/SlideTransitionTests/ beside the test file), with
# the app's module under its new name.
sed 's/@testable import SlideTransition$/@testable import MyTransitionApp/' \
  "$root/Examples/SlideTransition/Tests/SlideTransitionTests.swift" > Tests/MyTransitionAppTests/SlideTransitionTests.swift
cp -R "$root/Examples/SlideTransition/Tests/__Snapshots__" Tests/MyTransitionAppTests/
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

# The example's tests with SegueTesting, as the package's own `swift test` runs them (no display needed).
swift test > "$work/test.log" 2>&1 || { tail -n 60 "$work/test.log" >&2; echo "check-external-package: FAIL: swift test failed" >&2; exit 1; }
grep -q "Test run with [1-9][0-9]* tests.* passed" "$work/test.log" || { tail -n 60 "$work/test.log" >&2; echo "check-external-package: FAIL: swift test ran no test" >&2; exit 1; }
echo "check-external-package: OK: swift test: $(grep -m1 'Test run with' "$work/test.log")"

# segue watch on the same package, headless: every build replays the script and rewrites the trace. The
# first build's trace is kept; then a constant of the example is edited (the slide's duration, 0.35 s ->
# 0.7 s) and the watch's second build must replay it: the push, which ran 0.35 s, now runs 0.7 s.
segue="$root/.build/debug/segue"
[ -x "$segue" ] || (cd "$root" && swift build --product segue >/dev/null)
watched="$work/watched.jsonl"
"$segue" watch --package "$work/MyTransitionApp" --product MyTransitionApp --state "$work/watch-state" \
  --replay "$root/Resources/scripts/slide-transition-edge-pop.json" --trace "$watched" --builds 2 > "$work/watch.log" 2>&1 &
watch_pid=$!
for _ in $(seq 600); do grep -q "replayed; trace written" "$work/watch.log" && break; sleep 0.2; done
grep -q "replayed; trace written" "$work/watch.log" || { cat "$work/watch.log" >&2; echo "check-external-package: FAIL: watch made no trace" >&2; exit 1; }
cp "$watched" "$work/watched-before.jsonl"
sleep 0.5   # a save after the watch took its first look at the sources
sed -i 's/let kNavigatioinSlideDuration: TimeInterval = 0.35/let kNavigatioinSlideDuration: TimeInterval = 0.7/' Sources/MyTransitionApp/SlideTransition.swift
wait $watch_pid || { cat "$work/watch.log" >&2; echo "check-external-package: FAIL: watch failed" >&2; exit 1; }
push_frames() { grep -c '"kind": "push"' "$1" || true; }
before=$(push_frames "$work/watched-before.jsonl"); after=$(push_frames "$watched")
# 0.35 s is 21 or 22 frames at 60 Hz, 0.7 s 42 or 43.
if [ "$before" -ge 20 ] && [ "$before" -le 23 ] && [ "$after" -ge 41 ] && [ "$after" -le 44 ]; then
  echo "check-external-package: OK: segue watch rebuilt on the edit and replayed it: the push ran $before frames, then $after"
else
  cat "$work/watch.log" >&2
  echo "check-external-package: FAIL: after the edit the push ran $after frames (before: $before); expected about twice as many" >&2
  exit 1
fi
