# Production image: one build, started as role api or worker (see docker-compose.yml).
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:24-bookworm-slim
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
# Uploaded images (and the first admin's generated password) live in DATA_DIR: a volume in compose.
RUN mkdir -p /app/.data && chown node:node /app/.data
USER node
EXPOSE 3000
ENTRYPOINT ["node", "dist/server/main.js"]
CMD ["--role=all"]
