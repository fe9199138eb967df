#!/usr/bin/env bash
# The unit suite with the system clock faked by libfaketime at given UTC times of today (issue 36
# item 8): a test that reads the date or the hour must pass at any of them. Usage:
#   bash scripts/test-clock.sh [HH:MM ...] [-- vitest options]     (default: 00:30 23:30)
# The clock starts at the time given and runs on; the monotonic clock is left alone, so timers
# behave. Needs faketime (Debian's package; scripts/setup.sh installs it). Chromium, which does not
# start with the library preloaded, runs on the real clock (chromiumEnv).
set -euo pipefail
cd "$(dirname "$0")/.."
times=()
while [ $# -gt 0 ] && [ "$1" != "--" ]; do times+=("$1"); shift; done
[ "${1:-}" = "--" ] && shift
[ ${#times[@]} -eq 0 ] && times=(00:30 23:30)
if ! command -v faketime >/dev/null 2>&1; then
  echo "faketime is not installed: run bash scripts/setup.sh (or apt-get install faketime)" >&2
  exit 1
fi
today=$(date -u +%F)
for at in "${times[@]}"; do
  echo "== the unit suite at ${today} ${at} UTC"
  TZ=UTC FAKETIME_DONT_FAKE_MONOTONIC=1 faketime -f "@${today} ${at}:00" npx vitest run --project unit "$@"
done
