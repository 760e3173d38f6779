#!/usr/bin/env bash
# `npm run test:react-host`: a small React app that imports the package's React edition by its name,
# type-checked against the emitted declarations (dist/react/types), built with Vite and real React, then
# rendered in Chromium against the real API on another origin. Ports 18251 (API) and 18252 (app).
set -euo pipefail
cd "$(dirname "$0")/../.."

if [ ! -f dist/react/index.js ]; then
  echo "react-host: dist/react is missing; building the React edition (npm run build:react)"
  npm run build:react
fi

# The package as a consumer installs it: node_modules/vendor-portal, here a link to the repository, so
# `vendor-portal/react` resolves through package.json "exports" to dist/react, never into the sources.
mkdir -p test/react-host/node_modules
ln -sfn ../../.. test/react-host/node_modules/vendor-portal

echo "react-host: type check against dist/react/types"
npx tsc -p test/react-host/tsconfig.json

echo "react-host: vite build"
npx vite build -c test/react-host/vite.config.ts

echo "react-host: render in Chromium"
mkdir -p reports/tests
npx playwright test -c test/react-host/playwright.config.ts
