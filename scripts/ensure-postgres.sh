#!/usr/bin/env bash
# Makes sure the machine's PostgreSQL answers on $PGHOST:$PGPORT (default 127.0.0.1:5432),
# starting the local cluster with pg_ctlcluster when it is stopped.
set -euo pipefail

PGHOST="${PGHOST:-127.0.0.1}"
PGPORT="${PGPORT:-5432}"
WAIT_SECONDS="${PG_WAIT_SECONDS:-60}"

# The backup test (apps/api/src/db/backup-restore.test.ts) dumps and restores with the client tools,
# which must be at least as new as the server (Debian's postgresql package brings its own).
check_client_tools() {
  local server tool version
  server="$(psql -h "$PGHOST" -p "$PGPORT" -U postgres -d postgres -Atc 'show server_version_num' 2>/dev/null || echo 0)"
  for tool in pg_dump pg_restore; do
    if ! command -v "$tool" >/dev/null 2>&1; then
      echo "postgres: ERROR: $tool is missing: install the client tools of the server's version (apt-get install -y postgresql-client-$((server / 10000)))." >&2
      exit 1
    fi
    version="$("$tool" --version | grep -oE '[0-9]+' | head -1)"
    if [ "$server" -gt 0 ] && [ "$version" -lt "$((server / 10000))" ]; then
      echo "postgres: ERROR: $tool is version $version, older than the server ($((server / 10000))): install postgresql-client-$((server / 10000))." >&2
      exit 1
    fi
  done
  echo "postgres: client tools $(pg_dump --version | grep -oE '[0-9.]+' | head -1) (pg_dump, pg_restore)"
}

# The pooler test (apps/api/src/db/pooler.test.ts) runs the API through Debian's PgBouncer in
# transaction mode (docs/operations/capacity.md#pgbouncer).
ensure_pgbouncer() {
  if command -v pgbouncer >/dev/null 2>&1; then
    echo "postgres: $(pgbouncer --version | head -1)"
    return
  fi
  echo "postgres: installing Debian's pgbouncer"
  if ! { apt-get install -y -qq pgbouncer >/dev/null 2>&1 || { apt-get update -qq && apt-get install -y -qq pgbouncer; }; }; then
    echo "postgres: ERROR: could not install pgbouncer (apt-get install -y pgbouncer, as root)." >&2
    exit 1
  fi
  # Only the binary is wanted: the tests start their own instance.
  service pgbouncer stop >/dev/null 2>&1 || true
  echo "postgres: $(pgbouncer --version | head -1)"
}

if pg_isready -q -h "$PGHOST" -p "$PGPORT"; then
  echo "postgres: accepting connections on $PGHOST:$PGPORT"
  check_client_tools
  ensure_pgbouncer
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
    check_client_tools
    ensure_pgbouncer
    exit 0
  fi
  sleep 1
done

echo "postgres: ERROR: still not accepting connections on $PGHOST:$PGPORT after ${WAIT_SECONDS}s." >&2
exit 1
