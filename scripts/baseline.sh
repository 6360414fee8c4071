#!/usr/bin/env bash
# Builds the `dame` binary as of a commit, once, and prints its path: the kept baseline that a new
# engine is measured against with `dame match --engine-a … --engine-b …` (docs/protocol.md). The default is the engine as of issue 10's start (the protocol in, the search and
# evaluation unchanged). Usage: scripts/baseline.sh [COMMIT]
set -euo pipefail
cd "$(dirname "$0")/.."
rev=$(git rev-parse --verify "${1:-075b0d4}^{commit}")
out="target/baseline/$rev"
if [ ! -x "$out/dame" ]; then
  tmp=$(mktemp -d)
  trap 'git worktree remove --force "$tmp" 2>/dev/null || rm -rf "$tmp"' EXIT
  git worktree add --quiet --detach "$tmp" "$rev"
  # The baseline's own build directory under target/, kept for the next build of another commit.
  CARGO_TARGET_DIR="$PWD/target/baseline/build" cargo build --release --quiet --bin dame --manifest-path "$tmp/Cargo.toml"
  mkdir -p "$out"
  cp "target/baseline/build/release/dame" "$out/dame"
fi
echo "$out/dame"
