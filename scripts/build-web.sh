#!/bin/sh
# build-web.sh — builds the web app into a new folder, web/.builds/<time>-<pid>, and only then
# switches web/dist to it (scripts/switch-web.sh): `make build` beside a running server never
# leaves it serving a half-built app.
set -eu
cd "$(dirname "$0")/../web"
build=.builds/$(date +%Y%m%d-%H%M%S)-$$
npx tsc -b
# --manifest: .vite/manifest.json maps sources to chunks for the public-bundle test
# (web/e2e/public-bundle-size.mjs); the gateway serves no dot folder.
npx vite build --manifest --outDir "$build" --emptyOutDir
../scripts/switch-web.sh . "$build"
