#!/usr/bin/env bash
# npm run test:integration: the integration suite on SQLite and, side by side, on PostgreSQL
# (issue 43: "the whole existing integration suite passes with DATABASE_URL set; CI runs it both
# ways"). The suite mostly waits (timers, sockets, servers starting), so the two runs together
# take about as long as one: session 38 measured 790 s and 898 s side by side on 2 cores, against
# 966 s for the SQLite run alone in CI. The SQLite run prints as it goes; the PostgreSQL run's
# output follows once both are done. Where PostgreSQL does not answer, its run is skipped with
# the reason printed, unless VIGIL_REQUIRE_SERVICES=1 (.ci/run): then that is a failure.
set -uo pipefail
cd "$(dirname "$0")/.."
reason="$(node --import tsx scripts/postgres-unreachable.ts 2>&1)"
if [ -n "$reason" ]; then
  if [ "${VIGIL_REQUIRE_SERVICES:-}" = 1 ]; then
    echo "the integration suite on PostgreSQL: $reason; VIGIL_REQUIRE_SERVICES=1 makes this a failure" >&2
    exit 1
  fi
  echo "SKIPPED the integration suite on PostgreSQL: $reason"
  exec npx vitest run --project integration "$@"
fi
out="$(mktemp)"
VIGIL_TEST_DATABASE=postgres npx vitest run --project integration "$@" > "$out" 2>&1 & postgres=$!
# Stopped with the script (Ctrl-C, a failure of this shell), the PostgreSQL run does not go on alone.
trap 'pkill -TERM -P "$postgres" 2>/dev/null; kill "$postgres" 2>/dev/null; rm -f "$out"' EXIT
npx vitest run --project integration "$@"; sqlite=$?
wait "$postgres"; pg_code=$?
echo "== the integration suite on PostgreSQL (exit $pg_code)"
cat "$out"
echo "== the integration suite: SQLite exit $sqlite, PostgreSQL exit $pg_code"
[ "$sqlite" -eq 0 ] && [ "$pg_code" -eq 0 ]
