#!/usr/bin/env bash
# The release check (`npm test`'s release step; docs/operations/deploy.md describes the release):
# builds the release with the image's own recipe (scripts/release/build-release.sh) into a
# temporary folder, then runs it on Node 24, as an unprivileged user, with the production settings
# of .env.production.example filled in, against a new PostgreSQL database
# (scripts/release/verify.mjs says what it checks).
#
# PostgreSQL: a throw-away database is created on the server of DATABASE_URL (CI sets it), or else
# on 127.0.0.1:5432 as user postgres. Node 24: scripts/ensure-node24.sh (.tools/node24, Linux x86-64;
# NODE24=/path/to/node elsewhere). Without either the check is skipped and says why; under CI it fails.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
ROOT="$(pwd)"
started=$(date +%s)
say() { printf 'release: %s\n' "$*"; }

# Node 24 is fetched while the release builds.
work="$(mktemp -d "${TMPDIR:-/tmp}/habitrack-release.XXXXXX")"
release_db=""
server_url=""
node24_pid=""
cleanup() {
  local status=$?
  [[ -n "$node24_pid" ]] && kill "$node24_pid" 2>/dev/null || true
  if [[ -n "$release_db" ]]; then
    psql -X -q -d "$server_url" -c "drop database if exists ${release_db} with (force)" >/dev/null 2>&1 ||
      say "WARNING: could not drop database ${release_db}" >&2
  fi
  rm -rf "$work"
  exit "$status"
}
trap cleanup EXIT

skip_or_fail() {
  if [[ -n "${CI:-}" ]]; then
    say "FAILED: $1" >&2
    exit 1
  fi
  say "SKIPPED: $1 (under CI this fails)"
  exit 0
}

# --- The database server -------------------------------------------------------------------------
if ! command -v psql >/dev/null 2>&1; then
  skip_or_fail "psql is not installed (bash scripts/ensure-postgres.sh installs PostgreSQL)"
fi
if [[ -n "${DATABASE_URL:-}" ]]; then
  server_url="$DATABASE_URL"
elif pg_isready -q -h 127.0.0.1 -p 5432 2>/dev/null && psql -X -q -h 127.0.0.1 -U postgres -d postgres -c 'select 1' >/dev/null 2>&1; then
  server_url="postgres://postgres@127.0.0.1:5432/postgres"
else
  skip_or_fail "no PostgreSQL: DATABASE_URL is not set and none answers on 127.0.0.1:5432 as user postgres"
fi
release_db="habitrack_release_$(date +%Y%m%d%H%M%S)_$$"
if ! psql -X -q -v ON_ERROR_STOP=1 -d "$server_url" -c "create database ${release_db}" >/dev/null; then
  release_db=""
  skip_or_fail "could not create a database on the PostgreSQL server of DATABASE_URL"
fi
release_url="$(node -e 'const u = new URL(process.argv[1]); u.pathname = "/" + process.argv[2]; console.log(u.href)' "$server_url" "$release_db")"
say "created database ${release_db}"

# --- Node 24, and the release ----------------------------------------------------------------------
bash scripts/ensure-node24.sh >"$work/node24.path" 2>"$work/node24.log" &
node24_pid=$!

bash scripts/release/build-release.sh "$work/release"

if ! wait "$node24_pid"; then
  node24_pid=""
  cat "$work/node24.log" >&2
  skip_or_fail "no Node 24 (scripts/ensure-node24.sh says why above; NODE24=/path/to/node names one)"
fi
node24_pid=""
cat "$work/node24.log"
node24="$(cat "$work/node24.path")"

# The release runs as nobody: the folder must be readable (and the node binary reachable) by it.
chmod 755 "$work"
mkdir -p "$work/bin"
cp "$node24" "$work/bin/node"
chmod -R a+rX "$work"

say "checking the release on $("$work/bin/node" --version)"
"$work/bin/node" scripts/release/verify.mjs --release "$work/release" --work "$work" \
  --database-url "$release_url" --dev-node "$(command -v node)"
say "verified in $(($(date +%s) - started)) s"
