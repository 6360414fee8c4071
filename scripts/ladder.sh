#!/usr/bin/env bash
# Measures the strength ladder: each level against the one below, colours alternated over the
# preset's openings, the top level at 0.1 s a move and Stark scaled with it (docs/engine.md, "The computer
# player"). Prints one markdown row per pair, a column per preset.
# Usage: scripts/ladder.sh [GAMES=200] [PRESET...]   (default presets: english blasen russian)
# DAME=path/to/dame uses that binary instead of building this checkout's.
set -euo pipefail
cd "$(dirname "$0")/.."
games=${1:-200}
shift || true
if [ $# -gt 0 ]; then presets=("$@"); else presets=(english blasen russian); fi
if [ -z "${DAME:-}" ]; then
  cargo build --release --quiet --bin dame
  DAME=target/release/dame
fi
names=(Anfänger Leicht Mittel Stark Meister)
declare -A cell
for preset in "${presets[@]}"; do
  for upper in 2 3 4 5; do
    lower=$((upper - 1))
    out=$("$DAME" match --rules "$preset" --a "$upper" --b "$lower" \
      --games "$games" --movetime 100 --threads 2 2>/dev/null)
    elo=$(sed -n 's/^elo \(.*\) (95%)$/\1/p' <<<"$out")
    cell[$preset,$upper]=${elo:-"$(tail -1 <<<"$out")"}
    echo "$preset ${names[$upper-1]} − ${names[$lower-1]}: $(head -1 <<<"$out")" >&2
  done
done
printf '| pair |'; printf ' %s |' "${presets[@]}"; echo
printf '| --- |'; printf ' --- |%.0s' "${presets[@]}"; echo
for upper in 2 3 4 5; do
  printf '| %s − %s |' "${names[$upper-1]}" "${names[$upper-2]}"
  for preset in "${presets[@]}"; do printf ' %s |' "${cell[$preset,$upper]}"; done
  echo
done
