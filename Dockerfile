# syntax=docker/dockerfile:1
# Retouch: one image for every instance. Untested here (no Docker daemon on the development machine);
# see docs/deploy.md.

# Node 22 LTS, the supported runtime (docs/decisions/0037).
FROM node:22-bookworm-slim AS build
WORKDIR /app
# The manifests first, so the dependency layer is reused while only sources change.
COPY package.json package-lock.json .npmrc ./
COPY packages/shared/package.json packages/shared/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci
COPY . .
# The web app is the only thing compiled; the server runs its TypeScript through tsx, as `npm start` does.
RUN npm run build && npm prune --omit=dev

FROM node:22-bookworm-slim
# MALLOC_ARENA_MAX: two glibc malloc arenas, and a young generation of 4 MB semi-spaces, as `npm start`
# sets them (scripts/start.mjs, docs/decisions/0030).
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/app/data \
    MALLOC_ARENA_MAX=2 \
    NODE_OPTIONS=--max-semi-space-size=4
WORKDIR /app
COPY --from=build /app/package.json /app/tsconfig.base.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/packages/shared ./packages/shared
COPY --from=build /app/apps/server ./apps/server
COPY --from=build /app/apps/web/dist ./apps/web/dist
# DATA_DIR keeps only the mail outbox when SMTP is not set; files go to S3, the database to PostgreSQL.
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
# What scripts/start.mjs runs once the web app is built (the build is in the image), in one process.
CMD ["node", "--import", "tsx", "apps/server/src/server.ts"]
