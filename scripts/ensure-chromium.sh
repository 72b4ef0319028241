#!/usr/bin/env bash
# Makes sure Debian's Chromium is installed: the browser at /usr/bin/chromium (Lighthouse in
# `npm run bench:web`) and its headless shell at /usr/lib/chromium/chromium-headless-shell (the e2e
# suite drives it: the browser without its own interface, lighter on a 2-core machine).
# Never uses `playwright install`: browser downloads do not work on these machines.
set -euo pipefail

CHROMIUM=/usr/bin/chromium
HEADLESS_SHELL=/usr/lib/chromium/chromium-headless-shell

if [ -x "$CHROMIUM" ] && [ -x "$HEADLESS_SHELL" ]; then
  echo "chromium: found $CHROMIUM ($("$CHROMIUM" --version 2>/dev/null || echo 'version unknown')) and its headless shell"
  exit 0
fi

echo "chromium: installing Debian's chromium and chromium-headless-shell packages with apt-get"

SUDO=()
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    SUDO=(sudo -n)
  else
    echo "chromium: ERROR: installing chromium needs root (or password-less sudo)." >&2
    echo "chromium: run as root: apt-get update && apt-get install -y chromium chromium-headless-shell" >&2
    exit 1
  fi
fi

if ! command -v apt-get >/dev/null 2>&1; then
  echo "chromium: ERROR: apt-get not found; install Chromium so that $CHROMIUM and $HEADLESS_SHELL exist, then retry." >&2
  exit 1
fi

export DEBIAN_FRONTEND=noninteractive
# Wait for a concurrent apt/dpkg run instead of failing on its lock.
APT_OPTS=(-o DPkg::Lock::Timeout=300 -o Dpkg::Options::=--force-confold)

if ! "${SUDO[@]}" apt-get "${APT_OPTS[@]}" update -q; then
  echo "chromium: ERROR: apt-get update failed (are Debian's package mirrors reachable?)." >&2
  exit 1
fi
if ! "${SUDO[@]}" apt-get "${APT_OPTS[@]}" install -y -q chromium chromium-headless-shell; then
  echo "chromium: ERROR: apt-get install chromium chromium-headless-shell failed." >&2
  exit 1
fi

for binary in "$CHROMIUM" "$HEADLESS_SHELL"; do
  if [ ! -x "$binary" ]; then
    echo "chromium: ERROR: the packages installed, but $binary does not exist." >&2
    exit 1
  fi
done
echo "chromium: installed $("$CHROMIUM" --version 2>/dev/null || echo "$CHROMIUM") and its headless shell"
