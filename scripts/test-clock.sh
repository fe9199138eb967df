#!/usr/bin/env bash
# The unit suite with the system clock faked by libfaketime at given UTC times of today (issue 36
# item 8): a test that reads the date or the hour must pass at any of them. Usage:
#   bash scripts/test-clock.sh [HH:MM ...]     (default: 00:30 23:30)
# The clock starts at the time given and runs on; the monotonic clock is left alone, so timers
# behave. Needs faketime (Debian's package; scripts/setup.sh installs it).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ $# -eq 0 ]; then set -- 00:30 23:30; fi
today=$(date -u +%F)
for at in "$@"; do
  echo "== the unit suite at ${today} ${at} UTC"
  TZ=UTC FAKETIME_DONT_FAKE_MONOTONIC=1 faketime -f "@${today} ${at}:00" npx vitest run --project unit
done
