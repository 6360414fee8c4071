#!/usr/bin/env python3
"""Writes varied English openings for training games: each ACF ballot with random plies added.

    openings.py --plies N --per-ballot K --seed S [--exclude FILE ...] [--dame PATH] > OUT

Each line is an opening in dame's internal notation, as `dame match --openings` reads it: a
ballot of data/openings/english-3move.txt and N plies chosen at random among the legal turns
(`dame moves`). K different lines a ballot where there are so many; a line of an --exclude file
(earlier training openings, a screen's openings) is never written, so that training games and
measuring games do not begin alike. The same seed gives the same file.
"""
import argparse
import os
import random
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def ballots():
    with open(os.path.join(ROOT, "data/openings/english-3move.txt")) as f:
        return [line.split() for line in f if line.strip() and not line.startswith("#")]


def native(move):
    """Internal notation -> ACF (square s is 33 - s)."""
    out, num = "", ""
    for ch in move + " ":
        if ch.isdigit():
            num += ch
            continue
        if num:
            out += str(33 - int(num))
            num = ""
        out += ch
    return out.strip()


def final_fens(dame, lines):
    """The position after each line, through `dame pdn` (one process for all of them)."""
    games = []
    for moves in lines:
        text = " ".join(f"{i // 2 + 1}. {native(m)}" if i % 2 == 0 else native(m) for i, m in enumerate(moves))
        games.append(f'[GameType "21"]\n{text} *\n')
    with tempfile.NamedTemporaryFile("w", suffix=".pdn", delete=False) as f:
        f.write("\n".join(games))
        name = f.name
    try:
        out = subprocess.run([dame, "pdn", name, "--rules", "english"], capture_output=True, text=True, check=True)
    finally:
        os.unlink(name)
    fens = out.stdout.split()
    if len(fens) != len(lines):
        sys.exit(f"dame pdn gave {len(fens)} positions for {len(lines)} openings: {out.stderr}")
    return fens


def legal(dame, fen):
    out = subprocess.run([dame, "moves", "--rules", "english", "--fen", fen], capture_output=True, text=True, check=True)
    return out.stdout.split()


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--plies", type=int, required=True)
    ap.add_argument("--per-ballot", type=int, default=1)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--exclude", action="append", default=[])
    ap.add_argument("--dame", default=os.path.join(ROOT, "target/release/dame"))
    args = ap.parse_args()
    rng = random.Random(args.seed)
    excluded = set()
    for name in args.exclude:
        with open(name) as f:
            excluded |= {" ".join(line.split()) for line in f if line.strip() and not line.startswith("#")}
    written = set()
    for _ in range(args.per_ballot):
        lines = [list(b) for b in ballots()]
        for _ in range(args.plies):
            fens = final_fens(args.dame, lines)
            for moves, fen in zip(lines, fens):
                turns = legal(args.dame, fen)
                if turns:
                    moves.append(rng.choice(turns))
        for moves in lines:
            key = " ".join(moves)
            if key not in excluded and key not in written:
                written.add(key)
                print(key)


if __name__ == "__main__":
    main()
