#!/usr/bin/env python3
"""DarkHorse as a judge of our moves: where lost games go wrong, and a move-quality suite.

    judge.py losses PDN... [--seconds 0.3] [--plies 70] [--jobs 2] [--dame BIN]
    judge.py build DIR PDN... [--positions 1500] [--seed 1] [--dame BIN]
    judge.py run DIR NAME --engine "CMD" [--movetime 200]
    judge.py judge DIR NAME... [--seconds 1.0] [--jobs 2]
    judge.py report DIR BASE NAME...

The PDN files are `dame match` records with our engine as A (their games name it "A: ..." in the
White or Black tag). DarkHorse is built outside the repository (see label.py), and `dame` is
target/release/dame unless --dame says otherwise.

`losses` has DarkHorse search every position (up to --plies) of each game A lost and prints, per
game, the first turn of A's that gave away more than 0.15 of its chance of winning and the first
ply at which that chance was below 0.3; then the mean chance by ply, for A as Red and as Black,
and the chance given away per ten plies.

The suite measures the quality of single turns at the time a match plays, with far fewer CPU
minutes than a match: `build` picks positions with A to move (plies 6-49, at least two legal
turns) from the games and writes every legal turn's resulting position; `run` has an engine
(protocol, docs/protocol.md; `newgame` before each position) choose a turn in each; `judge` has
DarkHorse search each chosen turn's resulting position (each position once, kept in DIR); `report`
compares engines with BASE on the positions where their turns differ: how many turns DarkHorse
judges better and worse (by more than 0.005 of a chance of winning), a sign test, and the mean
difference with each position's clipped to +-0.05 and its 95 % margin.
"""
import argparse
import json
import math
import os
import random
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import label  # noqa: E402

SCALE = 688  # DarkHorse's units per logistic unit of a chance of winning (label.py's fit)


def chance(score):
    """A score for the side to move, as its chance of winning."""
    return label.sigmoid(score / SCALE)


def games(path):
    """(tags, moves in PDN notation) of each game of a PDN file."""
    for block in re.split(r"\n(?=\[Event )", open(path).read()):
        tags = dict(re.findall(r'\[(\w+) "([^"]*)"\]', block))
        body = re.sub(r"\{[^}]*\}", "", re.sub(r"\[[^\]]*\]", "", block))
        moves = [t for t in body.split() if re.fullmatch(r"\d+(?:[-x]\d+)+", t)]
        if tags:
            yield tags, moves


def a_is_red(tags):
    return tags.get("Black", "").startswith("A:")  # PDN's Black moves first: our Red


def final_fens(dame, prefixes):
    """The position after each list of PDN moves from the start, by `dame pdn`."""
    text = ""
    for moves in prefixes:
        body = "".join((f"{i // 2 + 1}. " if i % 2 == 0 else "") + m + " " for i, m in enumerate(moves))
        text += f'[GameType "21"]\n[Rules "english"]\n[Result "*"]\n\n{body}*\n\n'
    out = subprocess.run([dame, "pdn", "--rules", "english"], input=text, capture_output=True, text=True)
    fens = [line.strip() for line in out.stdout.splitlines() if line.strip()]
    if len(fens) != len(prefixes):
        raise SystemExit(f"dame pdn read {len(fens)} of {len(prefixes)} games: {out.stderr[:300]}")
    return fens


def searched(fens, seconds, jobs):
    """DarkHorse's score of each FEN for the side to move, in `jobs` processes."""
    parts = [fens[i::jobs] for i in range(jobs)]
    with ThreadPoolExecutor(jobs) as pool:
        answers = list(pool.map(lambda part: label.darkhorse_search(part, seconds, lambda: None), parts))
    scores = [0] * len(fens)
    for i, part in enumerate(answers):
        scores[i::jobs] = part
    return scores


def losses(args):
    lost = []
    for path in args.pdn:
        for number, (tags, moves) in enumerate(games(path), 1):
            red = a_is_red(tags)
            if tags.get("Result") == ("1-0" if red else "0-1"):
                plies = min(len(moves), args.plies)
                fens = final_fens(args.dame, [moves[:k] for k in range(plies + 1)])
                lost.append(dict(name=f"{os.path.basename(path)} {number}", red=red, moves=moves, fens=fens))
    every = [f for game in lost for f in game["fens"]]
    print(f"{len(lost)} lost games, {len(every)} positions", file=sys.stderr)
    scores = iter(searched(every, args.seconds, args.jobs))
    by_ply = {True: {}, False: {}}
    given = {}
    for game in lost:
        # A's chance of winning in each position
        ours = []
        for fen in game["fens"]:
            c = chance(next(scores))
            ours.append(c if label.red_to_move(fen) == game["red"] else 1 - c)
        first, below = None, next((k for k, c in enumerate(ours) if c < 0.3), None)
        for k in range(3, len(ours) - 1):  # the ballot's three plies are nobody's choice
            if label.red_to_move(game["fens"][k]) == game["red"]:
                drop = ours[k] - ours[k + 1]
                given.setdefault(k // 10 * 10, []).append(drop)
                if first is None and drop > 0.15:
                    first = f"ply {k + 1} {game['moves'][k]} ({ours[k]:.2f} -> {ours[k + 1]:.2f})"
        for k, c in enumerate(ours):
            by_ply[game["red"]].setdefault(k, []).append(c)
        print(f"{game['name']:40s} A {'Red  ' if game['red'] else 'Black'}  first turn giving away > 0.15: "
              f"{first or '-'};  below 0.3 from ply {below if below is not None else '-'}")
    for red in (True, False):
        rows = by_ply[red]
        if rows:
            print(f"A as {'Red' if red else 'Black'}, mean chance of winning by ply: " + ", ".join(
                f"{k}: {sum(rows[k]) / len(rows[k]):.2f}" for k in (3, 6, 10, 15, 20, 25, 30, 40, 50) if k in rows))
    print("chance given away by A's turns, per ten plies: " + ", ".join(
        f"{k}-{k + 9}: {sum(v):.2f} in {len(v)} turns" for k, v in sorted(given.items())))


def build(args):
    candidates = []
    for path in args.pdn:
        for tags, moves in games(path):
            red = a_is_red(tags)
            candidates += [moves[:k] for k in range(6, min(len(moves), 50)) if (k % 2 == 0) == red]
    random.Random(args.seed).shuffle(candidates)
    candidates = candidates[:4 * args.positions]
    seen, suite = set(), []
    for prefix, fen in zip(candidates, final_fens(args.dame, candidates)):
        if fen in seen:
            continue
        seen.add(fen)
        legal = subprocess.run([args.dame, "moves", "--rules", "english", "--fen", fen],
                               capture_output=True, text=True, check=True).stdout.split()
        if len(legal) >= 2:
            suite.append(dict(fen=fen, prefix=prefix, legal=legal))
            if len(suite) == args.positions:
                break
    # a turn in PDN numbering: dame's square s is 33 - s
    pdn_turn = lambda turn: re.sub(r"\d+", lambda m: str(33 - int(m.group())), turn)  # noqa: E731
    afters = iter(final_fens(args.dame, [s["prefix"] + [pdn_turn(t)] for s in suite for t in s["legal"]]))
    for s in suite:
        s["after"] = {t: next(afters) for t in s["legal"]}
    os.makedirs(args.dir, exist_ok=True)
    json.dump(suite, open(os.path.join(args.dir, "suite.json"), "w"))
    print(f"{len(suite)} positions, {sum(len(s['legal']) for s in suite)} turns")


def load(directory, name=None):
    path = os.path.join(directory, f"picks-{name}.json" if name else "suite.json")
    return json.load(open(path))


def run(args):
    suite = load(args.dir)
    engine = subprocess.Popen(args.engine, shell=True, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    engine.stdin.write("rules english\n")
    picks = []
    for s in suite:
        engine.stdin.write(f"newgame\nposition fen {s['fen']}\ngo movetime {args.movetime}\n")
        engine.stdin.flush()
        while True:
            words = engine.stdout.readline().split()
            if not words or words[0] == "error":
                raise SystemExit(f"the engine failed at {s['fen']}: {' '.join(words)}")
            if words[0] == "bestmove":
                picks.append(" ".join(words[1:]))
                break
    engine.stdin.write("quit\n")
    engine.stdin.close()
    engine.wait()
    json.dump(picks, open(os.path.join(args.dir, f"picks-{args.name}.json"), "w"))


def judged_path(directory):
    return os.path.join(directory, "judged.json")


def judge(args):
    suite, path = load(args.dir), judged_path(args.dir)
    known = json.load(open(path)) if os.path.exists(path) else {}
    todo = sorted({s["after"][t] for name in args.name for s, t in zip(suite, load(args.dir, name))} - known.keys())
    print(f"{len(todo)} positions to judge", file=sys.stderr)
    known.update(zip(todo, searched(todo, args.seconds, args.jobs)))
    json.dump(known, open(path, "w"))


def report(args):
    suite, known = load(args.dir), json.load(open(judged_path(args.dir)))
    names = [args.base] + args.name
    picks = {name: load(args.dir, name) for name in names}
    # the resulting position has the opponent to move
    value = {name: [1 - chance(known[s["after"][t]]) for s, t in zip(suite, picks[name])] for name in names}
    for name in names:
        diff = [a - b for a, b, x, y in zip(value[name], value[args.base], picks[name], picks[args.base]) if x != y]
        better, worse = sum(d > 0.005 for d in diff), sum(d < -0.005 for d in diff)
        z = (better - worse) / math.sqrt(max(1, better + worse))
        clipped = [max(-0.05, min(0.05, d)) for d in diff] + [0.0] * (len(suite) - len(diff))
        mean = sum(clipped) / len(clipped)
        sd = math.sqrt(sum((d - mean) ** 2 for d in clipped) / (len(clipped) - 1))
        print(f"{name:12s} chance after its turns {sum(value[name]) / len(suite):.4f}; against {args.base}: "
              f"{len(diff)} turns differ, {better} better, {worse} worse (sign test z {z:+.2f}), "
              f"clipped mean {1000 * mean:+.2f} +- {1960 * sd / math.sqrt(len(clipped)):.2f} per mille")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="command", required=True)
    dame = dict(default="target/release/dame", help="the dame program")
    p = sub.add_parser("losses")
    p.add_argument("pdn", nargs="+")
    p.add_argument("--seconds", type=float, default=0.3)
    p.add_argument("--plies", type=int, default=70)
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--dame", **dame)
    p.set_defaults(func=losses)
    p = sub.add_parser("build")
    p.add_argument("dir")
    p.add_argument("pdn", nargs="+")
    p.add_argument("--positions", type=int, default=1500)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--dame", **dame)
    p.set_defaults(func=build)
    p = sub.add_parser("run")
    p.add_argument("dir")
    p.add_argument("name")
    p.add_argument("--engine", required=True)
    p.add_argument("--movetime", type=int, default=200)
    p.set_defaults(func=run)
    p = sub.add_parser("judge")
    p.add_argument("dir")
    p.add_argument("name", nargs="+")
    p.add_argument("--seconds", type=float, default=1.0)
    p.add_argument("--jobs", type=int, default=2)
    p.set_defaults(func=judge)
    p = sub.add_parser("report")
    p.add_argument("dir")
    p.add_argument("base")
    p.add_argument("name", nargs="*")
    p.set_defaults(func=report)
    args = ap.parse_args()
    args.func(args)


if __name__ == "__main__":
    main()
