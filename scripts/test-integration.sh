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
url="${VIGIL_TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}"
reason="$(
  node --input-type=module -e '
    import pg from "pg";
    const client = new pg.Client({ connectionString: process.argv[1], connectionTimeoutMillis: 3000 });
    try { await client.connect(); await client.query("SELECT 1"); }
    catch (error) { process.stdout.write(error instanceof Error ? error.message || error.name : String(error)); }
    finally { await client.end().catch(() => undefined); }
  ' "$url" 2>&1
)"
if [ -n "$reason" ]; then
  if [ "${VIGIL_REQUIRE_SERVICES:-}" = 1 ]; then
    echo "the integration suite on PostgreSQL: $url is not reachable ($reason); VIGIL_REQUIRE_SERVICES=1 makes this a failure" >&2
    exit 1
  fi
  echo "SKIPPED the integration suite on PostgreSQL: $url is not reachable ($reason)"
  exec npx vitest run --project integration "$@"
fi
out="$(mktemp)"
trap 'rm -f "$out"' EXIT
VIGIL_TEST_DATABASE=postgres npx vitest run --project integration "$@" > "$out" 2>&1 & postgres=$!
npx vitest run --project integration "$@"; sqlite=$?
wait "$postgres"; pg_code=$?
echo "== the integration suite on PostgreSQL (exit $pg_code)"
cat "$out"
echo "== the integration suite: SQLite exit $sqlite, PostgreSQL exit $pg_code"
[ "$sqlite" -eq 0 ] && [ "$pg_code" -eq 0 ]
