#!/usr/bin/env bash
# The unit suite with the system clock faked by libfaketime at given UTC times of today (issue 36
# item 8): a test that reads the date or the hour must pass at any of them. Usage:
#   bash scripts/test-clock.sh [HH:MM ...] [-- vitest options]     (default: 00:30 23:30)
# The clock starts at the time given and runs on; the monotonic clock is left alone, so timers
# behave. Needs libfaketime (Debian's faketime package; scripts/setup.sh installs it). Chromium,
# which does not start with the library preloaded, runs on the real clock (chromiumEnv).
#
# The library is preloaded with a fixed offset from the real clock, not through the `faketime`
# command with a start date: that command makes every process share a semaphore in shared memory,
# and a test worker ended while holding it left every later worker waiting on it for ever (the
# session 33 rehearsal's unit run hung at 02:15). With an offset each process works alone and all
# of them still agree on the time.
set -euo pipefail
cd "$(dirname "$0")/.."
times=()
while [ $# -gt 0 ] && [ "$1" != "--" ]; do times+=("$1"); shift; done
[ "${1:-}" = "--" ] && shift
[ ${#times[@]} -eq 0 ] && times=(00:30 23:30)
library=$(ls /usr/lib/*/faketime/libfaketime.so.1 2>/dev/null | head -n 1)
if [ -z "$library" ]; then
  echo "libfaketime is not installed: run bash scripts/setup.sh (or apt-get install faketime)" >&2
  exit 1
fi
today=$(date -u +%F)
for at in "${times[@]}"; do
  echo "== the unit suite at ${today} ${at} UTC"
  offset=$(($(date -u -d "${today} ${at}:00" +%s) - $(date -u +%s)))
  [ "$offset" -ge 0 ] && offset="+${offset}"
  TZ=UTC FAKETIME_DONT_FAKE_MONOTONIC=1 FAKETIME="$offset" LD_PRELOAD="$library" npx vitest run --project unit --project unit-isolated "$@"
done
