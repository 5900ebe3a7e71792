# syntax=docker/dockerfile:1
# The server image: one image for the gateway, the worker and the one-shot migration.
# The process is chosen by SERVICES (gateway, worker) or by the command (migrate), never by a rebuild.
# Operator commands run in it too: server/src/cli/set-role.ts (docs/operations.md, "Making an admin").
# Build from the repository root: docker build -f infra/app.Dockerfile .

ARG NODE_IMAGE=node:20-bookworm-slim

# ---- dependencies: production packages of the server workspaces only ----
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
# Manifests first, so that a source change does not invalidate the install layer.
COPY package.json package-lock.json ./
COPY common/package.json common/
COPY domain/package.json domain/
COPY gateway/package.json gateway/
COPY worker/package.json worker/
COPY server/package.json server/
COPY infra/docker/server-manifest.mjs /tmp/server-manifest.mjs
# `npm install`, not `npm ci`: msgpackr lists optional platform packages that the registry does not
# all carry, and `npm ci` treats the resulting lock mismatch as fatal.
RUN node /tmp/server-manifest.mjs package.json \
 && npm install --omit=dev --no-audit --no-fund \
 && npm cache clean --force

# ---- the web app's index.html ----
# A POG's page (/pog/:id) is index.html with the POG's title and Open Graph tags, filled in by the
# gateway (gateway/src/http/pog-page.ts; nginx passes /pog/ to it). The build is the web image's own
# (infra/web.Dockerfile) from the same sources, so its script and style names are the ones nginx serves.
FROM ${NODE_IMAGE} AS web
WORKDIR /app
COPY package.json package-lock.json ./
COPY common/package.json common/
COPY domain/package.json domain/
COPY gateway/package.json gateway/
COPY worker/package.json worker/
COPY server/package.json server/
COPY web/package.json web/
RUN npm install --workspace @pog/web --include-workspace-root=false --no-audit --no-fund
COPY tsconfig.base.json tsconfig.json ./
COPY common/src common/src
COPY web web
RUN npm run build --workspace @pog/web

# ---- runtime ----
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
# The code stays owned by root and read-only to the app; only DATA_DIR is writable.
COPY --from=deps /app ./
COPY tsconfig.base.json tsconfig.json ./
COPY common/src common/src
COPY domain/src domain/src
COPY gateway/src gateway/src
COPY worker/src worker/src
COPY server/src server/src
COPY infra/docker/healthcheck.mjs infra/docker/healthcheck.mjs
COPY --from=web /app/web/dist/index.html web/dist/index.html
# A named volume mounted here starts with this directory's owner, so the node user can write uploads.
RUN mkdir -p /data/uploads && chown -R node:node /data
VOLUME ["/data"]
USER node
EXPOSE 3000
# Gateways and workers alike answer /readyz on PORT.
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "infra/docker/healthcheck.mjs", "/readyz"]
CMD ["node", "--import", "tsx", "server/src/main.ts"]
