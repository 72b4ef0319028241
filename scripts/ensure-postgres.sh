#!/usr/bin/env bash
# Makes sure the machine's PostgreSQL answers on $PGHOST:$PGPORT (default 127.0.0.1:5432),
# starting the local cluster with pg_ctlcluster when it is stopped.
set -euo pipefail

PGHOST="${PGHOST:-127.0.0.1}"
PGPORT="${PGPORT:-5432}"
WAIT_SECONDS="${PG_WAIT_SECONDS:-60}"

if pg_isready -q -h "$PGHOST" -p "$PGPORT"; then
  echo "postgres: accepting connections on $PGHOST:$PGPORT"
  exit 0
fi

echo "postgres: not reachable on $PGHOST:$PGPORT, starting the local cluster"
if ! command -v pg_ctlcluster >/dev/null 2>&1 || [ ! -d /etc/postgresql ]; then
  echo "postgres: ERROR: no local PostgreSQL cluster found (pg_ctlcluster or /etc/postgresql missing)." >&2
  exit 1
fi

started=0
for version in $(ls /etc/postgresql); do
  for cluster in $(ls "/etc/postgresql/$version"); do
    echo "postgres: pg_ctlcluster $version $cluster start"
    if pg_ctlcluster --skip-systemctl-redirect "$version" "$cluster" start; then
      started=1
    else
      # Already running (e.g. on another port) is not fatal; pg_isready below decides.
      echo "postgres: pg_ctlcluster $version $cluster start returned non-zero" >&2
    fi
  done
done
if [ "$started" -eq 0 ]; then
  echo "postgres: WARNING: no cluster reported a successful start" >&2
fi

for _ in $(seq 1 "$WAIT_SECONDS"); do
  if pg_isready -q -h "$PGHOST" -p "$PGPORT"; then
    echo "postgres: accepting connections on $PGHOST:$PGPORT"
    exit 0
  fi
  sleep 1
done

echo "postgres: ERROR: still not accepting connections on $PGHOST:$PGPORT after ${WAIT_SECONDS}s." >&2
exit 1
