#!/usr/bin/env bash
# Trains a preset's network on the results of Mittel's games against itself, as the networks of
# Standard, Russian and Blasen in data/learned/ were (docs/engine.md, "Networks for the presets
# without an outside engine"): two runs of self-play side by side (seeds 11 and 12), then 10
# epochs of training. Decide the result by a match against the engine without it (CONTRIBUTING.md).
# Usage: scripts/lab/preset-net.sh PRESET [GAMES_PER_RUN=6000] [OUT=PRESET-net.bin] [WORKDIR=.]
# DAME=path/to/dame uses that binary instead of building this checkout's.
set -euo pipefail
preset=${1:?usage: scripts/lab/preset-net.sh PRESET [GAMES_PER_RUN] [OUT] [WORKDIR]}
games=${2:-6000}
out=${3:-$preset-net.bin}
work=${4:-.}
if [ -z "${DAME:-}" ]; then
  (cd "$(dirname "$0")/../.." && cargo build --release --quiet --bin dame)
  DAME="$(cd "$(dirname "$0")/../.." && pwd)/target/release/dame"
fi
mkdir -p "$work"
pids=()
for seed in 11 12; do
  "$DAME" learn --rules "$preset" --level 3 --games "$games" --seed "$seed" \
    --write-positions "$work/$preset-positions-$seed.txt" --epochs 1 --out /dev/null \
    >"$work/$preset-selfplay-$seed.log" 2>&1 &
  pids+=($!)
done
for pid in "${pids[@]}"; do wait "$pid"; done
cat "$work/$preset-positions-11.txt" "$work/$preset-positions-12.txt" >"$work/$preset-positions.txt"
"$DAME" learn --rules "$preset" --positions "$work/$preset-positions.txt" --model net \
  --hidden 64 --epochs 10 --rate 0.001 --out "$out"
