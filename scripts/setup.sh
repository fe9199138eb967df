#!/usr/bin/env bash
# Sets Vigil up on a fresh Debian machine: the system packages it needs, the npm
# dependencies, the client build, and ./data/vigil.db (migrated, demo data when new).
# Safe to run again.
set -euo pipefail
cd "$(dirname "$0")/.."

need_apt=()
command -v chromium >/dev/null 2>&1 || need_apt+=(chromium)
command -v pdftotext >/dev/null 2>&1 || need_apt+=(poppler-utils)
command -v faketime >/dev/null 2>&1 || need_apt+=(faketime)
command -v socat >/dev/null 2>&1 || need_apt+=(socat)
if [ ${#need_apt[@]} -gt 0 ]; then
  echo "Installing Debian packages: ${need_apt[*]}"
  if [ "$(id -u)" -eq 0 ]; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need_apt[@]}"
  else
    sudo apt-get update -qq
    sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need_apt[@]}"
  fi
fi

npm ci --no-fund --no-audit
npm run build
NODE_ENV="${NODE_ENV:-development}" node --import tsx scripts/init-db.ts
