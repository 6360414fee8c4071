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
cargo clippy --all-targets -- -D warnings

step "native tests"
cargo test --all-targets
cargo test --doc

echo
echo "all tests passed"
