# Multi-stage build of the shop: the first stage installs everything and builds the storefront, the
# second keeps production dependencies only and runs as the unprivileged `node` user.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json prisma.config.ts ./
COPY prisma ./prisma
COPY server/package.json ./server/
COPY client/package.json ./client/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build -w client && node scripts/build-server.mjs && npm prune --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=4000 \
    DATA_DIR=/var/lib/shop \
    UPLOADS_DIR=/var/lib/shop/uploads
WORKDIR /app
COPY --from=build --chown=node:node /app/package.json /app/package-lock.json /app/prisma.config.ts ./
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/prisma ./prisma
COPY --from=build --chown=node:node /app/server ./server
COPY --from=build --chown=node:node /app/client/dist ./client/dist
COPY --from=build --chown=node:node /app/client/dist-server ./client/dist-server
RUN mkdir -p /var/lib/shop/uploads && chown -R node:node /var/lib/shop
USER node
EXPOSE 4000
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=5 \
  CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/readyz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
# Applies migrations, seeds the initial admin when missing, then serves; SIGTERM drains in-flight requests.
# The server as JavaScript (server/dist, built above) with the node flags of scripts/start.mjs (see there why).
CMD ["node", "--max-semi-space-size=32", "--max-old-space-size=256", "server/dist/main.js"]
