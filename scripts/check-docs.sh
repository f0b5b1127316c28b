#!/usr/bin/env bash
# Builds the DocC documentation of each catalogued target (swift-docc-plugin); any DocC warning (a broken
# symbol link, an unknown article) fails the build. SwiftPM's own "prohibited flag(s): -D_REENTRANT" lines
# (SDL2's pkg-config flags, printed on every build) are not DocC's and do not count.
# A public declaration without a doc comment fails it too (scripts/check-doc-comments.sh).
# The archive is written to .build/plugins/Swift-DocC/outputs/<Target>.doccarchive.
set -euo pipefail
cd "$(dirname "$0")/.."
# Every public declaration has a doc comment (no DocC warning reports a missing one).
scripts/check-doc-comments.sh
for target in SegueUIKit SegueUI SegueSDL SegueTesting; do
    swift package generate-documentation --target "$target" --warnings-as-errors
done
