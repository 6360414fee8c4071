#!/usr/bin/env bash
# Installs what is missing, builds the browser game and serves it on http://127.0.0.1:8080/
# (PORT=… to choose another port). Also builds the `dame` command-line tool.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup-web.sh
export PATH="$PWD/node_modules/.bin:$PATH"
export TRUNK_SKIP_VERSION_CHECK=true
cargo build --release --bin dame
PORT="${PORT:-8080}"
echo
echo "The game: http://127.0.0.1:$PORT/"
echo "  e.g. http://127.0.0.1:$PORT/?rules=english&opponent=human"
echo "The command-line tool: target/release/dame moves --rules blasen"
echo
# Its own output directory, so that a running server and scripts/test.sh (dist/) do not collide.
exec trunk serve --release --dist target/serve-dist --address 127.0.0.1 --port "$PORT"
