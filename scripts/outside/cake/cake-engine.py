#!/usr/bin/env python3
"""Adapter: makes Cake++ 1.22 ($CAKE_DIR/cake-cli, built by build.sh beside this file; GPL-2, never
committed) speak the `dame engine` line protocol, so that `dame match` can play it.

The driver cake-cli (cakecli.c beside this file) takes `new`, `go <bm> <bk> <wm> <wk> <b|w> <ms>`
(hex bitboards; answers `info <Cake's search line>` and `bestmove <notation> value <v> after <bm>
<bk> <wm> <wk>`), `perft …` and `quit`. It runs from $CAKE_DIR/cake (Cake opens ./xbook.bin).

The adapter keeps the game itself: it replays `position … moves …` with its own English move
generator, sends Cake the current position only, and finds Cake's move among the legal moves by
the position Cake returns, so that a capture is written with every landing square (Cake's notation
gives only its first and last square).

Numbering: dame square s <-> standard square 33-s; dame's first mover Red (`W` in its FEN, on
21-32) <-> standard Black (on 1-12, Cake's `b`); dame Black (`B`) <-> standard White (`w`). Cake's
bit i is standard square 4*(i//4) + 4 - i%4.
"""
import os
import re
import sys
import time

# the shared part (engine_pipe.py) is in scripts/outside/, the parent of this file's directory
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.realpath(__file__))))
sys.dont_write_bytecode = True  # no __pycache__ left in the repository
from engine_pipe import (AdapterError, EnginePipe, LineAdapter, go_limits, main,  # noqa: E402
                         position_words, say)

CAKE_DIR = os.environ.get("CAKE_DIR", os.path.expanduser("~/.cache/dame-outside/cake"))
CAKE = os.path.join(CAKE_DIR, "cake-cli")
LOG = os.environ.get("CAKE_ADAPTER_LOG")  # optional: a file to append one line per search
DAME_START = "W:W21-32:B1-12"
MOVE_RE = re.compile(r"^\d{1,2}([-x]\d{1,2})+$")
# Time kept back from `go movetime` for the pipe and this adapter (measured: a few ms).
MARGIN_MS = lambda ms: max(4, ms // 20)


# ---- the board, in standard numbering (square s is bit s-1); first mover = Black ----------------

BLACK, WHITE = 0, 1  # Black moves first, on 1-12, towards 32


def _geometry():
    def rc(s):
        r, k = divmod(s - 1, 4)
        return r, 2 * k + (1 if r % 2 == 0 else 0)

    at = {rc(s): s for s in range(1, 33)}
    step, jump = {}, {}
    for s in range(1, 33):
        r, c = rc(s)
        for dr in (1, -1):
            for dc in (1, -1):
                step[s, dr, dc] = at.get((r + dr, c + dc))
                jump[s, dr, dc] = at.get((r + 2 * dr, c + 2 * dc))
    return step, jump


STEP, JUMP = _geometry()
CROWN = {BLACK: set(range(29, 33)), WHITE: set(range(1, 5))}
AHEAD = {BLACK: 1, WHITE: -1}


class Pos:
    """men[c], kings[c]: frozensets of standard squares; side: the colour to move."""

    __slots__ = ("men", "kings", "side")

    def __init__(self, men, kings, side):
        self.men, self.kings, self.side = men, kings, side

    def key(self):
        return (self.men[0], self.kings[0], self.men[1], self.kings[1], self.side)

    def cake(self):
        """Cake's words: bm bk wm wk b|w (standard Black is Cake's black)."""
        def bits(squares):
            return "%x" % sum(1 << (4 * ((s - 1) // 4) + 3 - (s - 1) % 4) for s in squares)
        return "%s %s %s %s %s" % (bits(self.men[0]), bits(self.kings[0]), bits(self.men[1]),
                                   bits(self.kings[1]), "bw"[self.side])

    @staticmethod
    def from_cake(words, side):
        def squares(h):
            v = int(h, 16)
            return frozenset(4 * (i // 4) + 4 - i % 4 for i in range(32) if v >> i & 1)
        bm, bk, wm, wk = (squares(w) for w in words)
        return Pos((bm, wm), (bk, wk), side)

    def moves(self):
        """The legal moves: (path of standard squares, is_capture, position after)."""
        me, you = self.side, 1 - self.side
        occupied = self.men[0] | self.men[1] | self.kings[0] | self.kings[1]
        enemy = self.men[you] | self.kings[you]
        pieces = [(s, False) for s in sorted(self.men[me])] + [(s, True) for s in sorted(self.kings[me])]
        captures = []
        for start, king in pieces:
            dirs = [(dr, dc) for dr in ((1, -1) if king else (AHEAD[me],)) for dc in (1, -1)]
            empty = lambda s: s is not None and (s not in occupied or s == start)

            def extend(sq, path, taken):
                more = False
                if king or sq not in CROWN[me]:  # a man crowned ends the move
                    for dr, dc in dirs:
                        mid, land = STEP[sq, dr, dc], JUMP[sq, dr, dc]
                        if mid in enemy and mid not in taken and empty(land):
                            more = True
                            extend(land, path + [land], taken | {mid})
                if not more and len(path) > 1:
                    captures.append((path, taken))

            extend(start, [start], frozenset())
        out = []
        if captures:
            for path, taken in captures:
                out.append((path, True, self._after(path[0], path[-1], taken)))
        else:
            for start, king in pieces:
                for dr in ((1, -1) if king else (AHEAD[me],)):
                    for dc in (1, -1):
                        to = STEP[start, dr, dc]
                        if to is not None and to not in occupied:
                            out.append(([start, to], False, self._after(start, to, frozenset())))
        return out

    def _after(self, start, end, taken):
        me, you = self.side, 1 - self.side
        men, kings = [set(self.men[0]), set(self.men[1])], [set(self.kings[0]), set(self.kings[1])]
        men[you] -= taken
        kings[you] -= taken
        if start in kings[me]:
            kings[me].discard(start)
            kings[me].add(end)
        else:
            men[me].discard(start)
            (kings if end in CROWN[me] else men)[me].add(end)
        return Pos((frozenset(men[0]), frozenset(men[1])), (frozenset(kings[0]), frozenset(kings[1])), you)


def dame_text(path, capture):
    """A standard path as a dame move (dame square = 33 - standard square)."""
    return ("x" if capture else "-").join(str(33 - s) for s in path)


def dame_order(path):
    return [33 - s for s in path]


def parse_squares(items, what):
    out = []
    for item in items.split(","):
        item = item.strip()
        if not item:
            continue
        king = item[0] in "Kk"
        if king:
            item = item[1:]
        m = re.fullmatch(r"(\d{1,2})(?:-(\d{1,2}))?", item)
        if not m:
            raise AdapterError(f"bad FEN square '{item}' in {what}")
        a = int(m.group(1))
        z = int(m.group(2) or a)
        if not (1 <= a <= z <= 32):
            raise AdapterError(f"bad FEN square '{item}' in {what}")
        out.extend((s, king) for s in range(a, z + 1))
    return out


def parse_fen(fen):
    """dame FEN (Red = W moves first, on 21-32) -> Pos in standard numbering (Red = Black)."""
    fen = fen.strip().rstrip(".")
    fields = fen.split(":")
    if len(fields) < 2 or fields[0].upper() not in ("W", "R", "B"):
        raise AdapterError(f"bad FEN '{fen[:40]}'")
    red, black = [], []
    for field in fields[1:]:
        if not field:
            continue
        c = field[0].upper()
        if c in ("W", "R"):
            red += parse_squares(field[1:], fen)
        elif c == "B":
            black += parse_squares(field[1:], fen)
        else:
            raise AdapterError(f"bad FEN field '{field[:40]}' (English has no huffs)")
    squares = [s for s, _ in red + black]
    if len(set(squares)) != len(squares):
        raise AdapterError(f"bad FEN '{fen[:40]}': a square given twice")
    men = tuple(frozenset(33 - s for s, k in side if not k) for side in (red, black))
    kings = tuple(frozenset(33 - s for s, k in side if k) for side in (red, black))
    return Pos(men, kings, BLACK if fields[0].upper() in ("W", "R") else WHITE)


def play(pos, text):
    """Plays the dame move `text` in pos; returns the new position or raises AdapterError."""
    if not MOVE_RE.match(text):
        raise AdapterError("unreadable")
    nums = [int(n) for n in re.split(r"[-x]", text)]
    if not all(1 <= n <= 32 for n in nums):
        raise AdapterError("unreadable")
    path = [33 - n for n in nums]
    moves = pos.moves()
    for p, capture, after in moves:
        if p == path and capture == ("x" in text):
            return after
    # a capture written with its first and last square only (`22x15` for a longer capture)
    if len(path) == 2 and "x" in text:
        found = {after.key(): after for p, capture, after in moves
                 if capture and p[0] == path[0] and p[-1] == path[-1]}
        if len(found) == 1:
            return next(iter(found.values()))
    raise AdapterError("illegal")


# ---- Cake ---------------------------------------------------------------------------------------

class Cake(EnginePipe):
    def __init__(self):
        super().__init__("Cake", CAKE, cwd=os.path.join(CAKE_DIR, "cake"),
                         hint=" (build it with scripts/outside/cake/build.sh)")
        if self.ask("new") != "ok":
            raise AdapterError(f"{CAKE} did not start")


def info_line(text, move):
    """Cake's search line (`best: 8-11 depth 15/32 nodes 608872 value 0 time 0.17s …`) as ours."""
    d = re.search(r"depth (\d+)", text)
    n = re.search(r"nodes (\d+)", text)
    v = re.search(r"value[<>]?(-?\d+)", text) or re.search(r"value (-?\d+)", text)
    t = re.search(r"time (\d+\.\d+)s", text)
    if not (d and n and v):
        return None
    value, nodes = int(v.group(1)), int(n.group(1))
    if abs(value) >= 4500:  # Cake: a win is 5000 - plies
        value = (30000 - (5000 - abs(value))) * (1 if value > 0 else -1)
    secs = float(t.group(1)) if t else 0.0
    nps = int(nodes / secs) if secs > 0 else 0
    return f"info depth {d.group(1)} score {value} nodes {nodes} nps {nps} pv {move}"


class Adapter(LineAdapter):
    def __init__(self):
        self.engine = Cake()
        self.game = [parse_fen(DAME_START)]  # the positions of the game, from its start
        self.start_fen = DAME_START
        self.turns = []  # the game's turns in dame notation
        self.searched = None  # (fen, turns) when Cake last searched; its move appended

    def position_cmd(self, words):
        fen, turns = position_words(words)
        fen = DAME_START if fen is None else fen
        if fen == self.start_fen and turns[:len(self.turns)] == self.turns:
            game, done = list(self.game), len(self.turns)  # the same game, longer: replay the rest
        else:
            game, done = [parse_fen(fen)], 0
        for k, t in enumerate(turns[done:], done + 1):
            try:
                game.append(play(game[-1], t))
            except AdapterError as e:
                raise AdapterError(f"turn {k} '{t[:40]}': {e}")
        self.start_fen, self.game, self.turns = fen, game, list(turns)

    def go(self, words):
        limits = go_limits(words, "usage: go depth <d> | movetime <ms> | nodes <n>", quote=lambda s: s[:40])
        began = time.monotonic()
        ms = limits.get("movetime", 1000)  # Cake's driver knows time only
        pos = self.game[-1]
        moves = pos.moves()
        if not moves:
            say("bestmove none")
            return
        # Cake keeps the positions of its earlier searches for repetitions only if this is the
        # same game two plies on; otherwise it starts afresh.
        if self.searched != (self.start_fen, self.turns[:-1]):
            if self.engine.ask("new") != "ok":
                raise AdapterError("Cake refused `new`")
        self.engine.send(f"go {pos.cake()} {max(1, ms - MARGIN_MS(ms))}")
        info = None
        while True:
            line = self.engine.read()
            if line.startswith("info "):
                info = line[5:]
            elif line.startswith("bestmove "):
                break
            elif line.startswith("error"):
                raise AdapterError(f"Cake: {line[6:]}")
        w = line.split()
        after = Pos.from_cake(w[-4:], 1 - pos.side)
        found = [(dame_order(p), dame_text(p, c)) for p, c, a in moves if a.key() == after.key()]
        if not found:  # the driver checks Cake's answers; this is a last net
            sys.stderr.write(f"cake-engine: warning: Cake played an illegal move ({line}); "
                             "playing the first legal move\n")
            sys.stderr.flush()
            found = [(dame_order(p), dame_text(p, c)) for p, c, a in moves[:1]]
            info = None
        move = min(found)[1]
        self.searched = (self.start_fen, self.turns + [move])
        text = info_line(info, move) if info and info != "book" else None
        if text:
            say(text)
        say(f"bestmove {move}")
        if LOG:
            with open(LOG, "a") as f:
                used = (time.monotonic() - began) * 1000
                f.write(f"movetime {ms} used {used:.0f} bestmove {move} cake {info}\n")

    def command(self, cmd, args, received):
        if cmd == "quit":
            return False
        elif cmd == "isready":
            say("readyok")
        elif cmd == "rules":
            if args != ["english"]:
                say("error only english (Cake plays English checkers)")
        elif cmd == "newgame":
            self.position_cmd(["startpos"])
            self.searched = None
        elif cmd == "position":
            self.position_cmd(args)
        elif cmd == "go":
            self.go(args)
        elif cmd in ("stop", "egdb"):
            pass
        else:
            say(f"error unknown command '{cmd[:40]}' (rules, newgame, position, go, stop, isready, quit)")
        return True


if __name__ == "__main__":
    main(Adapter)
