#!/usr/bin/env bash
# Builds a release into DEST: what the image's final stage holds, and what scripts/verify-release.sh
# runs. One recipe for both, so what is verified is what ships.
#
#   bash scripts/release/build-release.sh DEST
#
# DEST then holds, and nothing else:
#   package.json, package-lock.json    the root manifest and lockfile (npm ci reads both)
#   */package.json                     every workspace's manifest: npm checks the lockfile against them
#   apps/api/dist/                     the server and CLI bundles (npm run build)
#   apps/api/migrations/               read by `migrate` and by /readyz
#   apps/api/seed/                     read when the server starts (the demo's account list)
#   apps/api/locales/                  the e-mails' and exports' translations (PO), read on first use
#   apps/web/dist/                     the web app the API serves (WEB_DIST)
#   .env.production.example            every production setting, to copy and fill in
#   node_modules/                      the API's production dependencies only
#
# Needs the repository's dev dependencies installed (npm ci) and npm. Runs nothing from DEST.
set -euo pipefail

if [[ $# -ne 1 || -z "$1" ]]; then
  echo "Usage: bash scripts/release/build-release.sh DEST" >&2
  exit 2
fi
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
ROOT="$(pwd)"
mkdir -p "$1"
DEST="$(cd "$1" && pwd)"
if [[ "$DEST" == "$ROOT" || "$ROOT" == "$DEST"/* ]]; then
  echo "build-release: DEST must be a folder outside the repository's own tree: $DEST" >&2
  exit 2
fi
started=$(date +%s)

echo "build-release: building (npm run build)"
npm run build --silent

echo "build-release: copying the release files into $DEST"
find "$DEST" -mindepth 1 -delete
cp package.json package-lock.json .env.production.example "$DEST/"
for workspace in $(node -p "require('./package.json').workspaces.join(' ')"); do
  mkdir -p "$DEST/$workspace"
  cp "$workspace/package.json" "$DEST/$workspace/package.json"
done
mkdir -p "$DEST/apps/api" "$DEST/apps/web"
cp -R apps/api/dist apps/api/migrations apps/api/seed apps/api/locales "$DEST/apps/api/"
cp -R apps/web/dist "$DEST/apps/web/"

# Production dependencies of the API only: the web app's packages are in its build, the other
# workspaces (development sign-in, tests, benchmarks) are not part of a release. No install
# scripts run: none of these packages needs one. Optional packages are left out too: the only one
# the API could reach is pg's for Cloudflare Workers, and without it the web app's translation
# tooling (optional peers of its runtime: Babel, TypeScript) would come along.
echo "build-release: installing the API's production dependencies (npm ci --omit=dev --omit=optional)"
(cd "$DEST" && npm ci --omit=dev --omit=optional --workspace @habitrack/api --include-workspace-root \
  --ignore-scripts --no-audit --no-fund --loglevel=error </dev/null)

packages=$(node -p "Object.keys(require('$DEST/node_modules/.package-lock.json').packages).length")
echo "build-release: $DEST is ready ($(du -sh "$DEST" | cut -f1), $packages packages installed, $(($(date +%s) - started)) s)"
