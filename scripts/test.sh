#!/usr/bin/env bash
# `npm test`: lint and format check (Biome), the type check, the production build (the database
# outage test runs the built server), unit and integration tests (PGlite, and PostgreSQL where a server
# answers), then Playwright end to end with JavaScript on and off.
set -euo pipefail
cd "$(dirname "$0")/.."

npm run lint
npx react-router typegen
npx tsc
npm run build
npx vitest run
npx playwright test
