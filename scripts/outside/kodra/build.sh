#!/bin/sh
# Builds Kodra 1.0 (kodejuice/Kodra, MIT licence, Sochima Biereagu), a Russian-draughts engine,
# as an outside sparring partner for `dame match --rules russian`. Built outside the
# repository; nothing of Kodra is committed, only our driver kodracli.c and the adapter
# kodra-engine.py beside this script.
#
#   build.sh GITDIR [OUTDIR]
#     GITDIR  a git directory of the public repository kodejuice/Kodra on GitHub (a bare clone
#             or mirror)
#     OUTDIR  where the engine goes (default ~/.cache/dame-outside/kodra; kodra-engine.py looks
#             there, or in $KODRA_DIR)
#
# Prints the path of the program (OUTDIR/kodra-cli) on standard output, everything else on
# standard error. Work already done (the sources extracted and fixed, the program built from
# the same driver) is skipped. About 2 s of CPU.
#
# The commit is d538dd6 (the last one, 2019). Its src/ is a Windows DLL for CheckerBoard; our
# driver kodracli.c #includes src/ai.c (which includes game.c and move.c) and replaces main.c.
# Two local fixes to src/move.c:
#   1. init_board_hash fills zobristNumbers[32][17] for i <= 32: an out-of-bounds write that
#      crashes the program on Linux; the loop stops at i < 32.
#   2. a move list holds 50 moves and counts them in a 7-bit field: a position with many kings
#      (62 turns: W:WK1,K2,K3,K4,K12,K13,K18,K20,K21,K28,K31,29,30:B5) overflows it and the
#      search crashes; the list holds 192 and counts in a plain short.
set -eu
GITDIR="${1:?usage: build.sh GITDIR [OUTDIR]}"
OUT="${2:-$HOME/.cache/dame-outside/kodra}"
HERE="$(cd "$(dirname "$0")" && pwd)"
COMMIT=d538dd6
say() { echo "$*" >&2; }

command -v git >/dev/null 2>&1 || { say "build.sh: git is missing (needed to extract Kodra)"; exit 1; }
command -v gcc >/dev/null 2>&1 || { say "build.sh: gcc is missing: install a C compiler (Debian: apt-get install gcc)"; exit 1; }
git --git-dir="$GITDIR" rev-parse --verify -q "$COMMIT^{commit}" >/dev/null 2>&1 ||
  { say "build.sh: $GITDIR is not a git directory of kodejuice/Kodra with commit $COMMIT"; exit 1; }
mkdir -p "$OUT"

# 1. the sources, extracted and fixed once (a stamp names the commit and the fixes)
STAMP="$OUT/src/.dame-extracted"
WANT="$COMMIT fix1 fix2"
if [ -f "$STAMP" ] && [ "$(cat "$STAMP")" = "$WANT" ]; then
  say "Kodra $COMMIT already extracted and fixed in $OUT/src"
else
  say "extracting Kodra $COMMIT into $OUT"
  rm -rf "$OUT/src"
  git --git-dir="$GITDIR" archive "$COMMIT" src LICENSE | tar -x -C "$OUT"
  M="$OUT/src/move.c"
  sed -i 's/for (short i = 0; i <= BOARD_SIZE; i += 1) {/for (short i = 0; i < BOARD_SIZE; i += 1) {/' "$M"
  sed -i 's/^#define MAXMOVES 50$/#define MAXMOVES 192/; s/^\tshort length: 7;$/\tshort length;/' "$M"
  grep -q 'for (short i = 0; i < BOARD_SIZE; i += 1) {' "$M" && ! grep -q 'for (short i = 0; i <= BOARD_SIZE; i += 1) {' "$M" ||
    { say "build.sh: fix 1 did not apply"; exit 1; }
  grep -q '^#define MAXMOVES 192$' "$M" && grep -q "^$(printf '\t')short length;$" "$M" ||
    { say "build.sh: fix 2 did not apply"; exit 1; }
  echo "$WANT" > "$STAMP"
fi

# 2. the program, built again only when the driver or the fixes changed
BIN="$OUT/kodra-cli"
SUM="$(cat "$HERE/kodracli.c" "$STAMP" | cksum)"
if [ -x "$BIN" ] && [ -f "$OUT/.dame-built" ] && [ "$(cat "$OUT/.dame-built")" = "$SUM" ]; then
  say "$BIN is up to date"
else
  say "gcc kodracli.c (with Kodra's src/ai.c)"
  rm -f "$OUT/.dame-built"
  gcc -O2 -std=gnu99 -w -I"$OUT/src" "$HERE/kodracli.c" -o "$BIN.tmp" -lm
  mv "$BIN.tmp" "$BIN"
  # a quick check: the seven opening moves, and a search that answers one of them
  N="$(printf 'moves bbbbbbbbbbbb........wwwwwwwwwwww w\nquit\n' | "$BIN" | grep -c '^move ')"
  [ "$N" = 7 ] || { say "build.sh: $BIN lists $N moves from the start, not 7"; exit 1; }
  printf 'go bbbbbbbbbbbb........wwwwwwwwwwww w 100\nquit\n' | "$BIN" | grep -q '^bestmove 2[1-4]-' ||
    { say "build.sh: $BIN does not answer a search"; exit 1; }
  echo "$SUM" > "$OUT/.dame-built"
  say "built $BIN (7 moves from the start, a search answered)"
fi
say "play it: dame match --rules russian --engine-a \"target/release/dame engine --egdb off\" --engine-b \"python3 $HERE/kodra-engine.py\" --games 200 --movetime 200 --threads 2"
echo "$BIN"
