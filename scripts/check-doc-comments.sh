#!/usr/bin/env bash
# Fails when a public or open declaration of Segue's Swift modules has no doc comment (`///` on the line
# above it, attributes such as @MainActor allowed between). Overrides are skipped: they inherit the
# overridden member's documentation. Lists each one as FILE:LINE: DECLARATION. Run by scripts/check-docs.sh
# (and so by CI).
set -euo pipefail
cd "$(dirname "$0")/.."
missing=$(find Sources/SegueAnimation Sources/SegueUI Sources/SegueUIKit Sources/SegueSDL Sources/SegueTesting \
    -name '*.swift' -print0 | sort -z | xargs -0 awk '
    FNR == 1 { previous = "" }
    {
        line = $0
        sub(/^[ \t]+/, "", line)
        if (line ~ /^(public|open)[ \t]/ && line !~ /^(public|open)[ \t]+(extension|import)[ \t]/ \
            && line !~ /(^|[ \t])override[ \t]/ \
            && line ~ /(func|var|let|init|class|struct|enum|protocol|typealias|case|subscript|actor)([ \t(<:?!]|$)/) {
            if (previous !~ /^\/\/\// && previous !~ /\*\/$/) print FILENAME ":" FNR ": " line
        }
        if (line !~ /^@/) previous = line
    }')
if [ -n "$missing" ]; then
    echo "$missing"
    echo "check-doc-comments: $(printf '%s\n' "$missing" | wc -l) public declaration(s) without a doc comment" >&2
    exit 1
fi
echo "check-doc-comments: every public declaration has a doc comment"
