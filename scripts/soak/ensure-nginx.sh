#!/usr/bin/env bash
# Makes sure Debian's nginx is installed (the load test runs one as a local reverse proxy).
set -euo pipefail

if command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ]; then
  echo "nginx: $( (command -v nginx || echo /usr/sbin/nginx) | head -n1) present"
  exit 0
fi

echo "nginx: not installed, installing nginx-light"
if [ "$(id -u)" -eq 0 ]; then
  DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends nginx-light
else
  sudo DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends nginx-light
fi
# The package may start a system-wide nginx on port 80; the load test runs its own instance.
if command -v systemctl >/dev/null 2>&1; then systemctl stop nginx >/dev/null 2>&1 || true; fi
command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ]
