#!/usr/bin/env bash
# `npm test`: unit and integration tests (PGlite, and PostgreSQL where a server answers), then the
# production build, then Playwright end to end with JavaScript on and off.
set -euo pipefail
cd "$(dirname "$0")/.."

npx react-router typegen
npx tsc
npx vitest run
npm run build
npx playwright test
