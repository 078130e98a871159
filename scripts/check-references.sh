#!/usr/bin/env bash
# Every reference in the code and docs resolves inside the repository. Over the tracked files:
#
# 1. no citation of the upper-case product documents that are not part of the repository (the
#    spec's sections and file, the toolchain notes' file); cite docs/behaviour.md and
#    docs/toolchain.md instead;
# 2. every section a line cites as "docs/behaviour.md §N" (and every §N inside docs/behaviour.md)
#    is a "## N." heading of docs/behaviour.md;
# 3. every make target written as `make TARGET` or in a "run make TARGET" hint is a Makefile target.
#
#   scripts/check-references.sh     exit 0 when all hold, 1 listing every offending line
#
# The patterns are written so that this file does not match them itself.
set -euo pipefail
cd "$(dirname "$0")/.."

BEHAVIOUR=docs/behaviour.md
failed=0

fail() {
  echo "check-references: $1" >&2
  failed=1
}

# 1. Documents outside the repository.
if outside=$(git grep -n -I -E 'SPEC[ ]§|SPEC[.]md|TOOLCHAIN[.]md'); then
  fail "citations of documents that are not in the repository (point to $BEHAVIOUR or docs/toolchain.md):"
  echo "$outside" >&2
fi

# 2. Sections of the behaviour reference.
if [ ! -f "$BEHAVIOUR" ]; then
  fail "$BEHAVIOUR is missing"
else
  sections=" $(grep -oE '^## [0-9]+\.' "$BEHAVIOUR" | grep -oE '[0-9]+' | tr '\n' ' ')"
  citing=$(git grep -n -I -E 'docs/behaviour\.md §[0-9]' || true)
  inside=$(grep -n -E '§[0-9]' "$BEHAVIOUR" | sed "s|^|$BEHAVIOUR:|" || true)
  while IFS= read -r line; do
    [ -n "$line" ] || continue
    for n in $(printf '%s\n' "${line#*:*:}" | grep -oE '§[0-9]+' | tr -d '§'); do
      case "$sections" in
        *" $n "*) ;;
        *) fail "no section $n in $BEHAVIOUR: ${line%%:*}:$(echo "$line" | cut -d: -f2)" ;;
      esac
    done
  done <<<"$citing"$'\n'"$inside"
fi

# 3. Make targets named in hints.
targets=" $(grep -oE '^[a-zA-Z][a-zA-Z0-9_-]*:' Makefile | tr -d ':' | tr '\n' ' ')"
hints=$(git grep -n -I -o -E '`make [a-z][a-z0-9-]*`|run:? make [a-z][a-z0-9-]*' || true)
while IFS= read -r hint; do
  [ -n "$hint" ] || continue
  target=$(printf '%s\n' "${hint##*make }" | tr -d '`')
  case "$targets" in
    *" $target "*) ;;
    *) fail "no Makefile target '$target': $hint" ;;
  esac
done <<<"$hints"

if [ "$failed" -eq 0 ]; then
  echo "check-references: every reference resolves"
fi
exit "$failed"
