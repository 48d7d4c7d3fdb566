# syntax=docker/dockerfile:1.10
# One image for both tiers (docs/decisions/062-logs-health-and-scale-out.md), built by the README's
# commands: `npm ci`, `npm run build`, and the API bundled beside the portal's server.
FROM node:20-bookworm-slim AS build
WORKDIR /app
RUN npm install -g npm@11
COPY package.json package-lock.json ./
RUN npm ci
COPY . .
# With SENTRY_ORG and SENTRY_PROJECT as build arguments and SENTRY_AUTH_TOKEN as the build secret
# `sentry`, the build uploads the browser's source maps; it deletes every map from build/client either way.
ARG SENTRY_ORG SENTRY_PROJECT SENTRY_URL
RUN --mount=type=secret,id=sentry,env=SENTRY_AUTH_TOKEN \
	npm run build \
	&& npx esbuild api/main.ts --bundle --platform=node --format=esm --packages=external --external:./build/* --outfile=build/api.js \
	&& npm prune --omit=dev

FROM node:20-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/build ./build
RUN mkdir -p /data && chown node:node /data
USER node
ENV DATA_DIR=/data
EXPOSE 3000 3001
# The portal, with the Node flags of `npm start`; the API process runs `node build/api.js` (compose.yaml).
CMD ["node", "--max-semi-space-size=32", "build/server.js"]
