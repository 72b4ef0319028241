# HabiTrack's image: one image for every role (ROLE=api, worker or all) and for the migration
# command. docs/operations/deploy.md says how to run it; compose.yaml runs a whole installation.
#
#   docker build -t habitrack .
#
# The release is made by scripts/release/build-release.sh, the script CI's release check
# (scripts/verify-release.sh) runs too, so the image holds what was verified.

# --- Build: every dependency (TypeScript, Vite, esbuild), then the release in /release. ---
FROM node:24-bookworm-slim AS build
WORKDIR /src
# The manifests alone first, so the dependency layer is reused until one of them changes.
COPY package.json package-lock.json ./
COPY packages/contracts/package.json packages/contracts/
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY dev/idp/package.json dev/idp/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci --no-audit --no-fund
COPY . .
# Builds the web app and the API bundles, copies the release files into /release and installs the
# API's production dependencies there (npm ci --omit=dev --omit=optional).
RUN bash scripts/release/build-release.sh /release

# --- Run: Node 24 and the release, nothing else (no sources, no dev dependencies, no npm cache). ---
FROM node:24-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    WEB_DIST=/app/apps/web/dist
WORKDIR /app
# Owned by root and read-only to the process: it writes nothing here.
COPY --from=build /release /app
# The node image's unprivileged user (uid 1000).
USER node
EXPOSE 3000
# Liveness, for both roles (a worker answers /healthz too). The slim image has no curl: node's fetch.
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Exec form: node is PID 1 and gets SIGTERM itself, so it drains requests and exits 0.
CMD ["node", "apps/api/dist/server.js"]
