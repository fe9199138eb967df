#!/usr/bin/env bash
# The unit suite with coverage, on the machine's clock; with VIGIL_TEST_CLOCK=HH:MM (CI sets
# 00:30, .ci/run), at that UTC time of today under libfaketime (scripts/test-clock.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -n "${VIGIL_TEST_CLOCK:-}" ]; then
  exec bash scripts/test-clock.sh "$VIGIL_TEST_CLOCK" -- --coverage
fi
exec npx vitest run --project unit --project unit-isolated --coverage
