# syntax=docker/dockerfile:1
# The web image: builds the single-page app and serves it with nginx, which also proxies the API,
# Socket.IO and uploads to the gateway replicas (see infra/nginx.conf).
# Build from the repository root: docker build -f infra/web.Dockerfile .

ARG NODE_IMAGE=node:20-bookworm-slim
ARG NGINX_IMAGE=nginxinc/nginx-unprivileged:1.28-alpine

# ---- build the SPA ----
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY common/package.json common/
COPY domain/package.json domain/
COPY gateway/package.json gateway/
COPY worker/package.json worker/
COPY server/package.json server/
COPY web/package.json web/
# Only the web workspace's tree (and @pog/common's): no native server packages are needed to bundle.
# `npm install`, not `npm ci`: the lock lists optional platform packages the registry does not all carry.
RUN npm install --workspace @pog/web --include-workspace-root=false --no-audit --no-fund
COPY tsconfig.base.json tsconfig.json ./
COPY common/src common/src
COPY web web
COPY infra/docker/precompress.mjs infra/docker/precompress.mjs
# .gz beside each asset, sent as it is by nginx's gzip_static (see infra/nginx.conf). No .br: this
# image's nginx has no brotli module to send it.
RUN npm run build --workspace @pog/web \
 && node infra/docker/precompress.mjs web/dist gz

# ---- serve ----
# nginx 1.28 (>= 1.27.3) re-resolves upstream names (`server ... resolve`), so replicas added with
# `docker compose up --scale gateway=N` are picked up without restarting this container.
FROM ${NGINX_IMAGE} AS runtime
COPY infra/nginx-main.conf /etc/nginx/nginx.conf
COPY infra/nginx.conf /etc/nginx/conf.d/default.conf
COPY --from=build /app/web/dist /usr/share/nginx/html
# The unprivileged image already runs as uid 101; said again here so the intent is visible.
USER 101
EXPOSE 8080
HEALTHCHECK --interval=15s --timeout=5s --start-period=10s --retries=3 \
  CMD ["wget", "-q", "-O", "/dev/null", "http://127.0.0.1:8080/nginx-health"]
