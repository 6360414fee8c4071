#!/bin/sh
# Builds Cake++ 1.22 (Martin Fierz, Linux port by Peter Chiocchetti; GPL-2), an English-checkers
# engine with an opening book, as an outside opponent for `dame match`. Built outside the
# repository; nothing of Cake is committed. Only our driver cakecli.c (beside this file) is ours.
#
#   build.sh GITDIR [OUTDIR]
#     GITDIR  a git directory of the public repository hungerburg/capers on GitHub (a bare clone or
#             mirror); its directory cake/ holds the engine
#     OUTDIR  where it goes (default ~/.cache/dame-outside/cake; cake-engine.py looks there, or in
#             $CAKE_DIR): OUTDIR/cake/ the engine's files, OUTDIR/cake-cli the program, which must
#             run from OUTDIR/cake/ (it opens ./xbook.bin)
#
# Cake's four C files compile unchanged with cakecli.c (a few seconds of CPU). Work already done
# is skipped (the same commit extracted, the same driver and flags compiled). Progress goes to
# standard error; the last line on standard output is the program's path. Without gcc it builds
# nothing, says so and exits with status 77 (skipped).
set -eu
GITDIR="${1:?usage: build.sh GITDIR [OUTDIR]}"
OUT="${2:-$HOME/.cache/dame-outside/cake}"
COMMIT=90cf1769b8ae935e304994f0f3155c218c42ce39 # "add README" (Dec 2014), the last commit; cake/ is Cake++ 1.22
CFLAGS='-O2 -w -pthread -DSYS_UNIX -DVERSION=1.22 -DDBINI="db.ini" -DXBOOK="xbook.bin"'
# Cake's call of booklookup() goes to cakecli.c's __wrap_booklookup, which drops the book's illegal
# moves (xbook.bin has about 11,100 of them); Cake's book.c is compiled and called unchanged.
LDFLAGS='-Wl,--wrap=booklookup'

say() { echo "$*" >&2; }

if ! command -v gcc >/dev/null 2>&1; then
  say "build.sh: skipped: gcc is missing (apt-get install gcc); Cake is not built"
  exit 77
fi
HERE="$(cd "$(dirname "$0")" && pwd)"
mkdir -p "$OUT"

# 1. the sources
if [ "$(cat "$OUT/cake.commit" 2>/dev/null || true)" = "$COMMIT" ] && [ -f "$OUT/cake/cakepp.c" ]; then
  say "cake/ of $COMMIT already in $OUT"
else
  git --git-dir="$GITDIR" rev-parse --verify -q "$COMMIT^{commit}" >/dev/null \
    || { say "build.sh: $GITDIR has no commit $COMMIT (is it a git directory of hungerburg/capers?)"; exit 1; }
  say "extracting cake/ of $COMMIT into $OUT"
  rm -f "$OUT/cake.commit"
  git --git-dir="$GITDIR" archive "$COMMIT" cake | tar -x -C "$OUT"
  echo "$COMMIT" > "$OUT/cake.commit"
fi

# 2. the program
STAMP="$COMMIT $(cksum < "$HERE/cakecli.c") $CFLAGS $LDFLAGS"
if [ -x "$OUT/cake-cli" ] && [ "$(cat "$OUT/cake-cli.stamp" 2>/dev/null || true)" = "$STAMP" ]; then
  say "cake-cli already built"
else
  say "gcc cakepp.c db.c movegen.c book.c cakecli.c"
  rm -f "$OUT/cake-cli.stamp"
  # shellcheck disable=SC2086 # CFLAGS and LDFLAGS are lists of words
  (cd "$OUT/cake" && gcc $CFLAGS -I. cakepp.c db.c movegen.c book.c "$HERE/cakecli.c" $LDFLAGS -o "$OUT/cake-cli.new")
  mv "$OUT/cake-cli.new" "$OUT/cake-cli"
  echo "$STAMP" > "$OUT/cake-cli.stamp"
fi

# 3. a check: Cake's move generator from the start (perft 8 = 845931), and one move
ANSWER="$(cd "$OUT/cake" && printf 'perft fff 0 fff00000 0 b 8\ngo fff 0 fff00000 0 b 100\nquit\n' | "$OUT/cake-cli")"
echo "$ANSWER" | grep -qx 'perft 845931' || { say "build.sh: perft 8 from the start is wrong: $ANSWER"; exit 1; }
echo "$ANSWER" | grep -q '^bestmove ' || { say "build.sh: no move from the start: $ANSWER"; exit 1; }
say "checked: perft 8 = 845931, a first move"
echo "$OUT/cake-cli"
