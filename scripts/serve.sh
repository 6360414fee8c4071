#!/usr/bin/env bash
# Builds the game and its command-line tool. (The browser page does not exist yet: until it does,
# this builds the rules core and the `dame` tool and shows how to use it.)
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release
echo
echo "Built target/release/dame. Try:"
echo "  target/release/dame moves --rules blasen"
echo "  target/release/dame perft --rules english --depth 11"
