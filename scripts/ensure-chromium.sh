#!/usr/bin/env bash
# Makes sure Debian's Chromium is installed at /usr/bin/chromium (the e2e suite drives it).
# Never uses `playwright install`: browser downloads do not work on these machines.
set -euo pipefail

CHROMIUM=/usr/bin/chromium

if [ -x "$CHROMIUM" ]; then
  echo "chromium: found $CHROMIUM ($("$CHROMIUM" --version 2>/dev/null || echo 'version unknown'))"
  exit 0
fi

echo "chromium: $CHROMIUM is missing, installing Debian's chromium package with apt-get"

SUDO=()
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    SUDO=(sudo -n)
  else
    echo "chromium: ERROR: installing chromium needs root (or password-less sudo)." >&2
    echo "chromium: run as root: apt-get update && apt-get install -y chromium" >&2
    exit 1
  fi
fi

if ! command -v apt-get >/dev/null 2>&1; then
  echo "chromium: ERROR: apt-get not found; install Chromium so that $CHROMIUM exists, then retry." >&2
  exit 1
fi

export DEBIAN_FRONTEND=noninteractive
# Wait for a concurrent apt/dpkg run instead of failing on its lock.
APT_OPTS=(-o DPkg::Lock::Timeout=300 -o Dpkg::Options::=--force-confold)

if ! "${SUDO[@]}" apt-get "${APT_OPTS[@]}" update -q; then
  echo "chromium: ERROR: apt-get update failed (are Debian's package mirrors reachable?)." >&2
  exit 1
fi
if ! "${SUDO[@]}" apt-get "${APT_OPTS[@]}" install -y -q chromium; then
  echo "chromium: ERROR: apt-get install chromium failed." >&2
  exit 1
fi

if [ ! -x "$CHROMIUM" ]; then
  echo "chromium: ERROR: the chromium package installed, but $CHROMIUM does not exist." >&2
  exit 1
fi
echo "chromium: installed $("$CHROMIUM" --version 2>/dev/null || echo "$CHROMIUM")"
