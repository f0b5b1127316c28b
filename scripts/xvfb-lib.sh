# Shared by the window checks (check-window-resilience.sh, check-x11-presenter.sh); sourced, not run.
# Sets `segue` (.build/release/segue, built if missing), `work` (a temporary folder removed at exit) and
# `failed`; `start_x WxH` starts a private Xvfb on the first free display from :90 (in `disp`), `stop_x`
# ends it, `verdict ok|fail TEXT` prints one line of a check and records a failure.
[ -x .build/release/segue ] || swift build -c release --product segue >/dev/null || exit 2
segue=$PWD/.build/release/segue
work=$(mktemp -d)
failed=0
xpid=
start_x() {
  for n in $(seq 90 400); do [ -e /tmp/.X11-unix/X$n ] || [ -e /tmp/.X$n-lock ] || { disp=:$n; break; }; done
  Xvfb "$disp" -screen 0 "${1}x24" -nolisten tcp >/dev/null 2>&1 & xpid=$!
  for _ in $(seq 50); do xdpyinfo -display "$disp" >/dev/null 2>&1 && return 0; sleep 0.1; done
  echo "$(basename "$0"): Xvfb $disp did not start" >&2; exit 2
}
stop_x() { [ -n "$xpid" ] && kill "$xpid" 2>/dev/null; wait "$xpid" 2>/dev/null; xpid=; }
trap 'stop_x; rm -rf "$work"' EXIT
verdict() { if [ "$1" = ok ]; then echo "ok   $2"; else echo "FAIL $2"; failed=1; fi; }
