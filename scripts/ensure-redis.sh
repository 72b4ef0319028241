#!/usr/bin/env bash
# Makes sure a Redis answers on 127.0.0.1:6379 (the shared rate-limit tests use it), starting the
# machine's redis-server without persistence when it is not running.
set -euo pipefail

if redis-cli -h 127.0.0.1 -p 6379 ping 2>/dev/null | grep -q PONG; then
  echo "redis: answering on 127.0.0.1:6379"
  exit 0
fi
if ! command -v redis-server >/dev/null 2>&1; then
  echo "redis: not installed, installing Debian's redis-server"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq redis-server >/dev/null
fi
echo "redis: not reachable, starting redis-server"
mkdir -p /var/lib/redis /var/log/redis
redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no \
  --dir /var/lib/redis --logfile /var/log/redis/ci.log
for _ in $(seq 1 30); do
  if redis-cli -h 127.0.0.1 -p 6379 ping 2>/dev/null | grep -q PONG; then
    echo "redis: answering on 127.0.0.1:6379"
    exit 0
  fi
  sleep 1
done
echo "redis: ERROR: redis-server did not answer on 127.0.0.1:6379 within 30 s" >&2
exit 1
