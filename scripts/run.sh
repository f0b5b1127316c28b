#!/usr/bin/env bash
# Installs what is missing, builds Segue in release mode and opens the demo window.
# Extra arguments go to `segue` (e.g. `scripts/run.sh --renderer software`).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
swift build -c release --product segue
exec .build/release/segue "$@"
