#!/usr/bin/env bash
# Installs what the browser game needs, skipping whatever is already there in the right version:
# the wasm target, Trunk, wasm-bindgen-cli, npm packages (playwright-core, binaryen for wasm-opt,
# typescript for the type check of www/) and Debian's Chromium. Safe to run again: a second run only checks versions.
# Source it (`. scripts/setup-web.sh`) or run it; either way node_modules/.bin goes first on PATH.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

TRUNK_VERSION=0.21.14
WASM_BINDGEN_VERSION=0.2.130

say() { printf '  setup: %s\n' "$*"; }

if ! rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
  say "adding rust target wasm32-unknown-unknown"
  rustup target add wasm32-unknown-unknown
fi

if [ "$(trunk --version 2>/dev/null | awk '{print $2}')" != "$TRUNK_VERSION" ]; then
  # A debug build without default features (TLS, update check: Trunk never downloads here)
  # installs in about 4 minutes instead of 12 and builds the page as fast (docs/web.md).
  say "installing trunk $TRUNK_VERSION (takes ~4 min on a fresh machine)"
  cargo install --locked trunk --version "$TRUNK_VERSION" --debug --no-default-features
fi

if [ "$(wasm-bindgen --version 2>/dev/null | awk '{print $2}')" != "$WASM_BINDGEN_VERSION" ] \
  || ! command -v wasm-bindgen-test-runner >/dev/null; then
  say "installing wasm-bindgen-cli $WASM_BINDGEN_VERSION (takes ~1.5 min on a fresh machine)"
  # Without --locked: its lockfile wants a crate version the registry mirror lacks. A debug
  # build without TLS (the test runner uses the installed chromedriver) installs in about
  # 1.5 minutes instead of 11 (docs/web.md).
  cargo install wasm-bindgen-cli --version "$WASM_BINDGEN_VERSION" --debug --no-default-features
fi

if [ ! -x node_modules/.bin/wasm-opt ] || [ ! -d node_modules/playwright-core ] \
  || [ ! -x node_modules/.bin/tsc ] \
  || ! node_modules/.bin/wasm-opt --version 2>/dev/null | grep -q 'version_123'; then
  say "installing npm packages (playwright-core, binaryen@123, typescript)"
  if [ -f package-lock.json ]; then npm ci --no-audit --no-fund; else npm install --no-audit --no-fund; fi
fi
export PATH="$PWD/node_modules/.bin:$PATH"

if [ ! -x /usr/bin/chromium ] || [ ! -x /usr/bin/chromedriver ]; then
  say "installing chromium and chromium-driver from apt"
  SUDO=""
  if [ "$(id -u)" != 0 ]; then SUDO="sudo"; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium chromium-driver >/dev/null
fi
say "ready: $(trunk --version), wasm-bindgen $(wasm-bindgen --version | awk '{print $2}'), wasm-opt $(wasm-opt --version | awk '{print $3}'), $(/usr/bin/chromium --version 2>/dev/null | head -1)"
