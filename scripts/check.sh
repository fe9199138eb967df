#!/usr/bin/env bash
# npm run check: the type check (tsc -b), lint with zero warnings and the format check, side by
# side. Each is one process on one core, and eslint's typed rules build their own program, so
# one after another they took ~5 minutes of a clean-clone CI run on 2 cores (session 33: tsc
# and eslint 4 min, prettier 1 min). Each one's output is printed whole, in this order; the
# check fails if any of them fails.
set -uo pipefail
cd "$(dirname "$0")/.."
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
npx tsc -b > "$out/tsc" 2>&1 & tsc=$!
npx eslint . --max-warnings 0 > "$out/eslint" 2>&1 & eslint=$!
npx prettier --check . > "$out/prettier" 2>&1 & prettier=$!
failed=0
for step in tsc eslint prettier; do
  wait "${!step}"; code=$?
  echo "== $step (exit $code)"
  cat "$out/$step"
  [ "$code" -eq 0 ] || failed=1
done
exit "$failed"
