#!/usr/bin/env bash
# Installs what is missing and runs the whole test suite (no display needed: rendering tests are headless).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
exec swift test "$@"
