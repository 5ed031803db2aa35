# Production image: one build, started as role api or worker (see docker-compose.yml).
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:24-bookworm-slim
# Production: the process refuses to start until PAYPAL_MODE (no PayPal simulator by default) and
# TOTP_SECRET_KEY are given.
ENV NODE_ENV=production
# JSON log lines for the log collector, even under `docker run -t` (a terminal would get readable lines).
ENV LOG_FORMAT=json
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
# Uploaded images (and the first admin's generated password) live in DATA_DIR: a volume in compose.
RUN mkdir -p /app/.data && chown node:node /app/.data
USER node
EXPOSE 3000
# Liveness, not readiness: an orchestrator restarts an unhealthy container, which cures nothing while
# PostgreSQL or Redis is away. Load balancers route on readiness (GET /api/health) instead. The worker
# role serves no HTTP and turns this off (docker-compose.yml).
HEALTHCHECK --interval=10s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health/live').then(r => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
ENTRYPOINT ["node", "dist/server/main.js"]
CMD ["--role=all"]
