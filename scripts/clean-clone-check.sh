#!/usr/bin/env bash
# Proves the repository needs nothing outside it: clones the committed HEAD into a fresh temporary
# folder with nothing beside it (no ../shared), then runs the README's commands there from
# scratch — install, the tests, the examples — and `pnpm conformance`, whose peer part must say
# it skipped (the peer corpus is not in the repository) while the in-repo corpora hold.
#
#   bash scripts/clean-clone-check.sh     (several minutes: every package is built and tested)
#
# PNPM overrides the pnpm command (default `npx -y pnpm@10`, as the README runs it);
# KEEP=1 keeps the temporary folder for a look afterwards.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
PNPM="${PNPM:-npx -y pnpm@10}"
work="$(mktemp -d "${TMPDIR:-/tmp}/toolformat-clean-clone.XXXXXX")"
if [ "${KEEP:-}" = 1 ]; then
  echo "keeping $work"
else
  trap 'rm -rf "$work"' EXIT
fi
clone="$work/toolformat"

if [ -n "$(git -C "$root" status --porcelain)" ]; then
  echo "note: uncommitted changes in $root are not in the clone (it takes the committed HEAD)"
fi
echo "== clone $(git -C "$root" rev-parse --short HEAD) into $clone"
git clone --quiet --depth 1 "file://$root" "$clone"
if [ -e "$work/shared" ]; then
  echo "clean-clone-check: $work/shared exists; the clone must have nothing beside it" >&2
  exit 1
fi

cd "$clone"
# As on a stranger's machine: no corpus path and no turbo settings from this shell.
unset TOOLFORMAT_CORPUS TURBO_TEAM TURBO_TOKEN TURBO_API TURBO_REMOTE_ONLY

echo "== install (--frozen-lockfile)"
$PNPM install --frozen-lockfile

echo "== test (the README's test command)"
$PNPM test
node scripts/test-summary.mjs

echo "== examples (the README's main command)"
$PNPM examples >"$work/examples.log"
tail -n 1 "$work/examples.log"

echo "== conformance (no peer corpus beside the clone)"
$PNPM conformance 2>&1 | tee "$work/conformance.log" | grep -E '^(Precision|Leaks) baseline|^conformance:'
grep -q 'peer conformance skipped' "$work/conformance.log"

echo "== clean clone passed: nothing outside the repository was needed"
