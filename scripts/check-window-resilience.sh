#!/usr/bin/env bash
# The window's resilience, checked as a user meets it, under a private Xvfb (needs: xvfb xdotool x11-utils):
#   1. the window resized to its minimum (200x200) and to 1x1 in the middle of a push and of an edge-dragged
#      pop, then back: the app keeps running, and Escape still quits it with status 0;
#   2. the X server killed in the middle of a push: one `error: lost the connection to the display` line
#      and status 1 within two seconds (no hang, no crash, no signal).
# Prints one line per check and exits 1 if any failed. Uses .build/release/segue (built if missing).
set -uo pipefail
cd "$(dirname "$0")/.."
for t in Xvfb xdotool xdpyinfo; do
  command -v $t >/dev/null || { echo "check-window-resilience: $t missing: apt-get install -y xvfb xdotool x11-utils" >&2; exit 2; }
done
. scripts/xvfb-lib.sh
x() { DISPLAY=$disp xdotool "$@" >/dev/null 2>&1; }
resize() { x search --sync --name '^segue' windowsize %@ "$1" "$2"; sleep 0.3; }

# 1. Resizes to the minimum and to 1x1 mid-transition.
start_x 1024x768
DISPLAY=$disp "$segue" --size 1024x768 >"$work/resize.out" 2>"$work/resize.err" & app=$!
sleep 2
x key Return; sleep 0.05; resize 200 200; resize 1 1; resize 1024 768            # mid-push
x mousemove 512 384; x key Return; sleep 0.6
x mousemove 2 400 mousedown 1; x mousemove 200 400; sleep 0.1                        # an edge drag, held
resize 200 200; x mousemove 100 150; resize 1 1; resize 1024 768
x mouseup 1; sleep 1
alive=no; kill -0 $app 2>/dev/null && alive=yes
x key Escape; sleep 1
kill -0 $app 2>/dev/null && { kill $app; status=killed; } || { wait $app; status=$?; }
[ $alive = yes ] && [ "$status" = 0 ] && [ ! -s "$work/resize.err" ] && r=ok || r=fail
verdict $r "resized to 200x200 and 1x1 mid-push and mid-drag: kept running ($alive), Escape quit with status $status$( [ -s "$work/resize.err" ] && echo ", stderr: $(head -c 200 "$work/resize.err")")"
stop_x

# 2. The display lost mid-push.
start_x 1024x768
DISPLAY=$disp "$segue" >"$work/lost.out" 2>"$work/lost.err" & app=$!
sleep 2
x key Return; sleep 0.1
stop_x
for _ in $(seq 20); do kill -0 $app 2>/dev/null || break; sleep 0.1; done
if kill -0 $app 2>/dev/null; then kill -9 $app; status=hung; else wait $app; status=$?; fi
line=$(cat "$work/lost.err")
[ "$status" = 1 ] && [[ "$line" == "error: lost the connection to the display \"$disp\" (the X server was closed or killed); segue exits" ]] && r=ok || r=fail
verdict $r "X server killed mid-push: status $status, stderr: $line"
exit $failed
