#!/usr/bin/env python3
"""Labels positions with an engine's scores, for `dame learn --positions`.

    label.py IN OUT --engine "CMD" --go "depth 8" [--rules english] [--jobs N] [--scale S] [--blend B]
    label.py IN OUT --darkhorse-eval [--scale S] [--blend B]
    label.py IN OUT --darkhorse-search SECONDS [--jobs N] [--scale S] [--blend B]

IN holds lines `<Red's result> <dame FEN>` (written by `dame learn --write-positions`); OUT gets
the same positions with the label replaced by

    (1 - B) * sigmoid(e / S) + B * result

where `e` is the engine's score of the position for Red and S the scale that turns a score into
a chance of winning. Without --scale, S is fitted to the results in IN (the scale whose logistic
curve predicts them best) and printed.

--engine runs any program that speaks the engine protocol of docs/protocol.md (`dame engine`,
or an outside engine's adapter in scripts/outside/) with `go <--go>` on each position, in
--jobs processes side by side; `e` is the score of its last finished iteration.
--darkhorse-eval asks DarkHorse's network for its static score instead (its CLI's `eval`
command; DarkHorse is built outside the repository by ../shared/outside/darkhorse/build.sh into
$DARKHORSE_DIR, default ~/.cache/dame-outside/darkhorse): thousands of positions a second.
--darkhorse-search has DarkHorse search each position for SECONDS (its CLI's `go`), without
the protocol adapter's overhead; `e` is its last finished iteration's score.
"""
import argparse
import math
import os
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

DARKHORSE = os.path.join(
    os.environ.get("DARKHORSE_DIR", os.path.expanduser("~/.cache/dame-outside/darkhorse")), "darkhorse")
CLAMP = 3000  # scores beyond (won or lost games) count as this


def squares(field):
    out = []
    for item in filter(None, (i.strip() for i in field.split(","))):
        king = item[0] in "Kk"
        m = re.fullmatch(r"(\d{1,2})(?:-(\d{1,2}))?", item[1:] if king else item)
        if not m:
            raise ValueError(f"bad square '{item}'")
        a, z = int(m.group(1)), int(m.group(2) or m.group(1))
        out += [(s, king) for s in range(a, z + 1)]
    return out


def red_to_move(fen):
    return fen.strip()[0].upper() in ("W", "R")


def standard_fen(fen):
    """dame FEN -> DarkHorse's (standard numbering: dame square s is 33 - s, dame's Red is Black)."""
    fields = fen.strip().rstrip(".").split(":")
    red, black = [], []
    for f in fields[1:]:
        if f and f[0].upper() in ("W", "R"):
            red += squares(f[1:])
        elif f and f[0].upper() == "B":
            black += squares(f[1:])

    def std(pieces):
        return ",".join(("K" if k else "") + str(33 - s) for s, k in sorted(pieces, key=lambda p: 33 - p[0]))

    return f"{'B' if red_to_move(fen) else 'W'}:W{std(black)}:B{std(red)}"


def darkhorse_search(fens, seconds, report):
    """DarkHorse's search's score of each dame FEN, for the side to move."""
    proc = subprocess.Popen([DARKHORSE], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    scores = []
    for fen in fens:
        proc.stdin.write(f"fen {standard_fen(fen)}\ngo {seconds}\n")
        proc.stdin.flush()
        ok = proc.stdout.readline().strip()
        if ok != "ok":
            raise SystemExit(f"DarkHorse refused {fen}: {ok}")
        score = 0
        while True:
            words = proc.stdout.readline().split()
            if not words:
                raise SystemExit(f"DarkHorse ended at {fen}")
            if words[0] == "info":
                score = int(words[words.index("eval") + 1])
            elif words[0] == "bestmove":
                break
        scores.append(max(-CLAMP, min(CLAMP, score)))
        report()
    proc.stdin.write("quit\n")
    proc.stdin.close()
    proc.wait()
    return scores


def darkhorse_eval(fens):
    """DarkHorse's network's score of each dame FEN, for the side to move."""
    proc = subprocess.Popen([DARKHORSE], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    scores, chunk = [], 400
    for i in range(0, len(fens), chunk):
        batch = fens[i:i + chunk]
        proc.stdin.write("".join(f"fen {standard_fen(f)}\neval\n" for f in batch))
        proc.stdin.flush()
        for fen in batch:
            ok, answer = proc.stdout.readline().strip(), proc.stdout.readline().strip()
            if ok != "ok" or not answer.startswith("eval "):
                raise SystemExit(f"DarkHorse refused {fen}: {ok} / {answer}")
            scores.append(int(answer.split()[1]))
    proc.stdin.write("quit\n")
    proc.stdin.close()
    proc.wait()
    return scores


def engine_scores(command, rules, go, fens, report):
    """The score (side to move) of a protocol engine's search of each FEN."""
    proc = subprocess.Popen(command, shell=True, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    proc.stdin.write(f"rules {rules}\n")
    scores = []
    for fen in fens:
        proc.stdin.write(f"position fen {fen}\ngo {go}\n")
        proc.stdin.flush()
        score = 0
        while True:
            line = proc.stdout.readline()
            if not line:
                raise SystemExit(f"the engine ended at {fen}")
            words = line.split()
            if words[:1] == ["error"]:
                raise SystemExit(f"the engine refused {fen}: {line.strip()}")
            if words[:1] == ["info"] and "score" in words:
                score = int(words[words.index("score") + 1])
            if words[:1] == ["bestmove"]:
                break
        scores.append(max(-CLAMP, min(CLAMP, score)))
        report()
    proc.stdin.write("quit\n")
    proc.stdin.close()
    proc.wait()
    return scores


def sigmoid(x):
    return 1 / (1 + math.exp(-max(-60.0, min(60.0, x))))


def loss(scale, scores, results):
    total = 0.0
    for e, r in zip(scores, results):
        p = min(max(sigmoid(e / scale), 1e-9), 1 - 1e-9)
        total -= r * math.log(p) + (1 - r) * math.log(1 - p)
    return total / len(scores)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("input")
    ap.add_argument("output")
    ap.add_argument("--engine", help="a protocol engine's command line")
    ap.add_argument("--go", default="depth 8", help="what follows `go` for each position")
    ap.add_argument("--rules", default="english")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--darkhorse-eval", action="store_true")
    ap.add_argument("--darkhorse-search", type=float, metavar="SECONDS")
    ap.add_argument("--scale", type=float)
    ap.add_argument("--blend", type=float, default=0.0)
    args = ap.parse_args()
    if sum([bool(args.engine), args.darkhorse_eval, args.darkhorse_search is not None]) != 1:
        ap.error("give one of --engine, --darkhorse-eval, --darkhorse-search")
    rows = [line.split(" ", 1) for line in open(args.input) if line.strip()]
    results = [float(r) for r, _ in rows]
    fens = [f.strip() for _, f in rows]
    if args.darkhorse_eval:
        mover = darkhorse_eval(fens)
    else:
        done = [0]

        def report():
            done[0] += 1
            if done[0] % 5000 == 0:
                print(f"{done[0]} / {len(fens)} labelled", file=sys.stderr)

        if args.engine:
            def label(part):
                return engine_scores(args.engine, args.rules, args.go, part, report)
        else:
            def label(part):
                return darkhorse_search(part, args.darkhorse_search, report)

        parts = [fens[i::args.jobs] for i in range(args.jobs)]
        with ThreadPoolExecutor(args.jobs) as pool:
            answers = list(pool.map(label, parts))
        mover = [0] * len(fens)
        for i, part in enumerate(answers):
            mover[i::args.jobs] = part
    scores = [e if red_to_move(f) else -e for e, f in zip(mover, fens)]
    scale = args.scale
    if scale is None:
        scale = min((10 * 1.1 ** i for i in range(60)), key=lambda s: loss(s, scores, results))
    print(f"scale {scale:.1f}: loss {loss(scale, scores, results):.5f} against the results "
          f"({len(rows)} positions)", file=sys.stderr)
    with open(args.output, "w") as out:
        for e, r, fen in zip(scores, results, fens):
            out.write(f"{(1 - args.blend) * sigmoid(e / scale) + args.blend * r:.4f} {fen}\n")


if __name__ == "__main__":
    main()
