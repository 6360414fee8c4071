#!/usr/bin/env bash
# Installs what is missing, then runs every test: formatting, lints, native unit, rules,
# perft and property tests, and the doc examples.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n== %s\n' "$*"; }

step "toolchain"
for component in rustfmt clippy; do
  rustup component list --installed 2>/dev/null | grep -q "^$component" \
    || rustup component add "$component"
done

step "cargo fmt --check"
cargo fmt --all -- --check

step "cargo clippy"
cargo clippy --workspace --all-targets -- -D warnings

step "native tests"
cargo test --workspace --all-targets
cargo test --workspace --doc

step "dame-core as a library: cargo doc without warnings, cargo package"
RUSTDOCFLAGS="-D warnings" cargo doc --workspace --no-deps
cargo package -p dame-core --allow-dirty

# ---------------------------------------------------------------- the browser game
step "web: set-up (installs what is missing)"
./scripts/setup-web.sh
export PATH="$PWD/node_modules/.bin:$PATH"
export TRUNK_SKIP_VERSION_CHECK=true

step "web: type-check www/ (tsc --noEmit)"
tsc --noEmit
tsc --noEmit -p tsconfig.worker.json
# page.waitForFunction takes a promise for a truthy value and returns at once: an async
# condition must use waitForAsync (tests/browser/helpers.mjs).
if grep -rn 'waitForFunction(async' tests/browser; then echo 'use waitForAsync for an async condition' >&2; exit 1; fi

step "web: clippy for wasm32 (the crates the page compiles; never the lab)"
cargo clippy --target wasm32-unknown-unknown -p dame-core -p dame-engine -p dame-web --all-targets --features dame-web/worker -- -D warnings
cargo clippy --target wasm32-unknown-unknown -p dame-web --lib --bin dame-web -- -D warnings # the page's module, without the worker

step "web: wasm-bindgen tests of the binding layer in headless Chromium"
CHROMEDRIVER=/usr/bin/chromedriver cargo test --target wasm32-unknown-unknown -p dame-web --features worker --test wasm_web
# The network's values again, built with WebAssembly SIMD as the page's SIMD worker is
# (scripts/simd-worker.sh; its own target directory).
CHROMEDRIVER=/usr/bin/chromedriver CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS="-C target-feature=+simd128" \
  cargo test --target wasm32-unknown-unknown --target-dir target/wasm-simd -p dame-web --features worker --test wasm_web -- the_network

step "web: trunk build --release"
trunk build --release
cargo build --release -p dame-web --bin dame-web # the native side of the search-speed figure

step "web: Playwright end-to-end tests (Chromium, mouse and touch)"
PORT=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
python3 -m http.server "$PORT" --bind 127.0.0.1 --protocol HTTP/1.1 --directory dist >/dev/null 2>&1 &
SERVER_PID=$!
trap 'kill "$SERVER_PID" 2>/dev/null || true' EXIT
for _ in $(seq 50); do
  python3 -c "import urllib.request, sys; urllib.request.urlopen(sys.argv[1])" "http://127.0.0.1:$PORT/" 2>/dev/null && break
  sleep 0.1
done
export BASE_URL="http://127.0.0.1:$PORT/"
node --test tests/browser/
echo "screenshots: test-artifacts/*.png"

step "web: figures (measured, not pass/fail)"
node tests/browser/figures.mjs

echo
echo "all tests passed"
