# The Vantage image: one image for every role (serve, api, engine, agent, operator, migrate).
#   buildah bud -t ghcr.io/vantage-monitoring/vantage:0.1.0 .      (or: docker build -t … .)
# NODE_IMAGE is any Debian-based Node 20 image laid out like the official one (node, npm and the
# headers under /usr/local); CI passes one made locally (.ci/image/node-base.sh).
ARG NODE_IMAGE=docker.io/library/node:20-bookworm-slim

FROM ${NODE_IMAGE} AS build
# node-gyp builds the ICMP addons (icmp-datagram, raw-socket) against the image's own headers
# instead of downloading them.
ENV npm_config_nodedir=/usr/local npm_config_update_notifier=false
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ tini \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY package.json package-lock.json ./
COPY agents/icmp-datagram/package.json agents/icmp-datagram/binding.gyp agents/icmp-datagram/icmp-datagram.c agents/icmp-datagram/
RUN --mount=type=cache,target=/root/.npm npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.image.json ./
COPY src/ src/
COPY operator/ operator/
COPY agents/ agents/
COPY crds/ crds/
COPY image/ image/
RUN node node_modules/typescript/bin/tsc -p tsconfig.image.json \
 && npm prune --omit=dev --no-audit --no-fund \
 && image/runtime-root.sh /rootfs

# The runtime holds Node, the C libraries it and the addons link, tini and the application: no
# shell, no package manager.
FROM scratch
ARG VERSION=0.1.0
ARG REVISION=unknown
ARG CREATED=unknown
COPY --from=build /rootfs/ /
ENV NODE_ENV=production \
    VANTAGE_DATA_DIR=/data \
    PATH=/usr/local/bin:/usr/bin
WORKDIR /app
USER 10001:10001
EXPOSE 8080 9464
LABEL org.opencontainers.image.title="Vantage" \
      org.opencontainers.image.description="Uptime and TLS-certificate monitoring: API, engine, probe agents and Kubernetes operator in one image" \
      org.opencontainers.image.source="https://github.com/vantage-monitoring/vantage" \
      org.opencontainers.image.url="https://github.com/vantage-monitoring/vantage" \
      org.opencontainers.image.licenses="Apache-2.0" \
      org.opencontainers.image.vendor="Vantage" \
      org.opencontainers.image.version="${VERSION}" \
      org.opencontainers.image.revision="${REVISION}" \
      org.opencontainers.image.created="${CREATED}"
# tini is PID 1: it forwards SIGTERM/SIGINT to node, which shuts down gracefully, and reaps zombies.
ENTRYPOINT ["/usr/bin/tini", "--", "/usr/local/bin/vantage"]
CMD ["serve"]
