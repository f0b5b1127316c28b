#!/usr/bin/env bash
# Runs Segue's push/pop benchmark (`segue bench --scene pushpop`) and the peers (GTK 4 + libadwaita,
# Qt Quick StackView; ../shared/peers) side by side, under one private Xvfb, each measured by the
# peers' own harness (measure.py), and prints one table.
#
#   scripts/bench-peers.sh [--install-peers] [--segue-only] [--json FILE]
#
#   --install-peers  install the peers' Debian packages first (apt-get; needs root or sudo)
#   --segue-only     run Segue's configurations only
#   --json FILE      also keep the raw JSON lines in FILE
# PEER_DURATION (10), PEER_WARMUP (2), PEER_IDLE (3) seconds are honoured by every program.
# PEERS_DIR overrides where the peers' harness is (default: ../shared/peers next to the repository).
# SEGUE_BIN runs that segue binary instead of building this checkout's (two builds compared back to back).
# Run nothing else heavy at the same time: the machine's load is printed with the table.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
PEERS_DIR=${PEERS_DIR:-$(cd "$ROOT/.." && pwd)/shared/peers}
# The Debian packages of the peers and of the harness (../shared/peers/README.md).
PEER_PACKAGES=(xvfb python3-gi gir1.2-gtk-4.0 gir1.2-adw-1 qmlscene qml-module-qtquick-controls2
  qml-module-qtquick2 qml-module-qtquick-window2 qml-module-qtquick-layouts qml-module-qtquick-templates2
  mesa-utils imagemagick)

install=0; segue_only=0; json_out=
while [ $# -gt 0 ]; do
  case "$1" in
    --install-peers) install=1; shift ;;
    --segue-only) segue_only=1; shift ;;
    --json) json_out=$2; shift 2 ;;
    *) echo "bench-peers.sh: unknown option $1 (see the header of this script)" >&2; exit 2 ;;
  esac
done

[ -f "$PEERS_DIR/measure.py" ] || { echo "bench-peers.sh: no peers harness at $PEERS_DIR (set PEERS_DIR)" >&2; exit 1; }
if [ $install -eq 1 ]; then
  sudo=(); [ "$(id -u)" -eq 0 ] || sudo=(sudo)
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${PEER_PACKAGES[@]}" >&2
fi
command -v Xvfb >/dev/null || { echo "bench-peers.sh: Xvfb missing: apt-get install -y xvfb (or --install-peers)" >&2; exit 1; }

"$ROOT/scripts/install-deps.sh"
if [ -n "${SEGUE_BIN:-}" ]; then
  SEGUE=$SEGUE_BIN   # another build's binary, to compare two builds back to back
else
  echo "bench-peers.sh: building segue (release)" >&2
  (cd "$ROOT" && swift build -c release --product segue >&2)
  SEGUE="$ROOT/.build/release/segue"
fi

# A private Xvfb, as the peers' run-all.sh makes it: first free display from :90, 1600x1000x24.
mkdir -p /tmp/peers
D=90
while [ -e /tmp/.X$D-lock ] || [ -e /tmp/.X11-unix/X$D ]; do D=$((D+1)); done
Xvfb :$D -screen 0 1600x1000x24 -nolisten tcp >/tmp/peers/xvfb.$D.log 2>&1 &
XPID=$!
trap 'kill $XPID 2>/dev/null; wait $XPID 2>/dev/null' EXIT
for _ in $(seq 50); do [ -e /tmp/.X11-unix/X$D ] && break; sleep 0.1; done
export DISPLAY=:$D XVFB_PID=$XPID
export NO_AT_BRIDGE=1 XDG_RUNTIME_DIR=${XDG_RUNTIME_DIR:-/tmp/peers/xdg-runtime}
mkdir -p "$XDG_RUNTIME_DIR"; chmod 700 "$XDG_RUNTIME_DIR"

results=$(mktemp /tmp/peers/bench-peers.XXXXXX.jsonl)
load_before=$(cut -d' ' -f1-3 /proc/loadavg)

segue() {  # segue RENDERER-LABEL ARGS...
  local label=$1; shift
  /usr/bin/python3 "$PEERS_DIR/measure.py" --peer segue --renderer "$label" -- "$SEGUE" bench --scene pushpop "$@" >>"$results" || true
}
segue cpu --renderer cpu
SEGUE_PRESENTER=sdl segue cpu-sdl-surface --renderer cpu
segue cpu-views --renderer cpu --no-rasterize
segue gpu --renderer gpu
segue gpu-views --renderer gpu --no-rasterize
segue cpu-views-blurred-bars --renderer cpu --no-rasterize --blurred-bars
if [ $segue_only -eq 0 ]; then
  if /usr/bin/python3 -c 'import gi; gi.require_version("Adw", "1")' 2>/dev/null; then
    for R in cairo gl; do "$PEERS_DIR/peer-gtk.sh" "$R" >>"$results" || true; done
  else
    echo "bench-peers.sh: GTK peer not installed (run with --install-peers); skipped" >&2
  fi
  if command -v qmlscene >/dev/null; then
    for R in software gl gl-basic; do "$PEERS_DIR/peer-qt.sh" "$R" >>"$results" || true; done
  else
    echo "bench-peers.sh: Qt peer not installed (run with --install-peers); skipped" >&2
  fi
fi
load_after=$(cut -d' ' -f1-3 /proc/loadavg)
[ -n "$json_out" ] && cp "$results" "$json_out"

python3 - "$results" "$load_before" "$load_after" <<'EOF'
import json, os, platform, sys
path, before, after = sys.argv[1:4]
rows = [json.loads(l) for l in open(path) if l.strip().startswith("{")]
cpu = next((l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo") if l.startswith("model name")), platform.processor())
print(f"Machine: {cpu}, {os.cpu_count()} cores, Xvfb 1280x800 window; load average (1/5/15 min) before {before}, after {after}")
print()
print("| program | renderer | CPU ms/frame | fps | frames | navigations | nav ms | cores busy | Xvfb cpu_s | idle frames | idle cpu_s |")
print("|---|---|---|---|---|---|---|---|---|---|---|")
def f(v, fmt="{}"):
    return "-" if v is None else fmt.format(v)
for r in rows:
    if "error" in r:
        print(f"| {r['peer']} | {r['renderer']} | error: {r['error']} |||||||||")
        continue
    print(f"| {r['peer']} | {r['renderer']} | {f(r.get('cpu_ms_per_frame'), '{:.2f}')} | {f(r.get('fps'))} | {f(r.get('frames'))} "
          f"| {f(r.get('navigations'))} | {f(r.get('nav_ms_median'))} | {f(r.get('cpu_cores_busy'))} | {f(r.get('xvfb_cpu_s'))} "
          f"| {f(r.get('idle_frames'))} | {f(r.get('idle_cpu_s'))} |")
# Against the best peer of the same run: the machine's speed moves from hour to hour, the ratio less.
qt = next((r for r in rows if r.get("peer", "").startswith("qt") and r.get("renderer") == "software"
           and r.get("cpu_ms_per_frame")), None)
if qt:
    ratios = ", ".join(f"{r['renderer']} {r['cpu_ms_per_frame'] / qt['cpu_ms_per_frame']:.2f}x" for r in rows
                       if r.get("peer") == "segue" and r.get("cpu_ms_per_frame"))
    print(f"\nSegue's CPU per frame against Qt Quick's software renderer in this run ({qt['cpu_ms_per_frame']:.2f} ms): "
          f"{ratios} (issue #28's targets: rasterized at most 0.66x, view by view (cpu-views) at most 0.5x)")
qtgl = next((r for r in rows if r.get("peer", "").startswith("qt") and r.get("renderer") == "gl-basic"
             and r.get("cpu_ms_per_frame")), None)
gpus = [r for r in rows if r.get("peer") == "segue" and r.get("renderer", "").startswith("gpu") and r.get("cpu_ms_per_frame")]
if qtgl and gpus:
    ratios = ", ".join(f"{r['renderer']} {r['cpu_ms_per_frame'] / qtgl['cpu_ms_per_frame']:.2f}x" for r in gpus)
    print(f"Segue's GPU path against Qt Quick GL (basic loop) in this run ({qtgl['cpu_ms_per_frame']:.2f} ms): "
          f"{ratios} (issue #28's target: at most 1x)")
for r in rows:
    if r.get("peer") == "segue" and "reason" in r:
        print(f"\nsegue {r['renderer']}: back-end {r.get('back_end')}, {r.get('renderer_name')} ({r['reason']})"
              + (f"; presented by {r['presenter']}, {r.get('written_pixels_per_frame')} of {r.get('pixels_per_frame')} "
                 "pixels a frame written by Segue" if r.get("presenter") else "")
              + (f"; raster cache (hits/misses) {r['raster_cache']}" if r.get("raster_cache") else ""), end="")
print()
EOF
