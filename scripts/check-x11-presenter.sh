#!/usr/bin/env bash
# The CPU compositor's X11 presenter (fills and copies from pictures, Sources/SegueSDL/Host/X11Presenter.swift)
# against SDL's window surface (SEGUE_PRESENTER=sdl), as a user sees them, under a private Xvfb (needs: xvfb
# xdotool x11-utils imagemagick):
#   1. `segue inspect` stepped to the same frames of a scrubbed, released and caught pop (a virtual clock: the
#      same frame in both runs): the screenshots must be equal pixel for pixel;
#   2. the push/pop workload for 2 s: the presenter must be in use and write fewer pixels into its back
#      buffer than it presents (the rest filled or copied by the X server).
# Prints one line per check and exits 1 if any failed. Uses .build/release/segue (built if missing).
set -uo pipefail
cd "$(dirname "$0")/.."
for t in Xvfb xdotool xdpyinfo import compare; do
  command -v $t >/dev/null || { echo "check-x11-presenter: $t missing: apt-get install -y xvfb xdotool x11-utils imagemagick" >&2; exit 2; }
done
. scripts/xvfb-lib.sh

# 1. The same inspected frames through both presenters.
for presenter in x11 sdl; do
  start_x 1280x800
  SEGUE_PRESENTER=$presenter DISPLAY=$disp "$segue" inspect Resources/scripts/pop-caught.json >"$work/inspect-$presenter.log" 2>&1 &
  app=$!
  DISPLAY=$disp xdotool search --sync --name '^segue' >/dev/null 2>&1
  sleep 1
  for frame in 40 70 95 130; do
    DISPLAY=$disp xdotool key Home >/dev/null 2>&1
    DISPLAY=$disp xdotool key --delay 15 --repeat "$frame" Right >/dev/null 2>&1
    sleep 1.5   # the app takes the keys at its own pace (a loaded machine: seconds)
    DISPLAY=$disp import -window root "$work/$presenter-$frame.png"
  done
  kill $app 2>/dev/null; wait $app 2>/dev/null
  stop_x
done
for frame in 40 70 95 130; do
  differing=$(compare -metric AE "$work/x11-$frame.png" "$work/sdl-$frame.png" /dev/null 2>&1)
  [ "$differing" = 0 ] && v=ok || v=fail
  verdict $v "inspect frame $frame of pop-caught.json: the X11 presenter shows what SDL's surface shows ($differing pixels differ)"
done

# 2. The workload: presented by the X11 presenter, most pixels not written by the compositor.
start_x 1280x800
line=$(PEER_WARMUP=0.5 PEER_DURATION=2 PEER_IDLE=0.5 DISPLAY=$disp "$segue" bench --scene pushpop --renderer cpu 2>&1 | grep PEER_MEASURE_END)
stop_x
presenter=$(sed -n 's/.*"presenter": "\([^"]*\)".*/\1/p' <<<"$line")
presented=$(sed -n 's/.*"pixels_per_frame": "\([0-9]*\)".*/\1/p' <<<"$line")
written=$(sed -n 's/.*"written_pixels_per_frame": "\([0-9]*\)".*/\1/p' <<<"$line")
[ "$presenter" = "x11 shared memory" ] && [ -n "$written" ] && [ -n "$presented" ] && [ "$written" -lt "$presented" ] && v=ok || v=fail
verdict $v "push/pop workload: presenter '$presenter', $written of $presented pixels a frame written into the back buffer"
exit $failed
