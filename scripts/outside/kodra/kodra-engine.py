#!/usr/bin/env python3
"""Adapter: makes Kodra 1.0 (kodejuice/Kodra, MIT licence, a Russian-draughts engine) speak the
`dame engine` line protocol (docs/protocol.md), so that `dame match --rules russian` can play it.

The engine is `$KODRA_DIR/kodra-cli` (default ~/.cache/dame-outside/kodra), built by build.sh
beside this file from Kodra's sources and our driver kodracli.c, which takes `go <board> <w|b>
<movetime-ms>` and answers `info depth <d> eval <e> nodes <n> time <ms> stopped <0|1>` and
`bestmove <move> [captures <sq>,...]` (see kodracli.c).

Numbering: Kodra numbers the 32 squares exactly as dame's internal notation does (rules.md §1
and §7: 1-4 on the top row, the first mover - dame's Red, Kodra's White - on 21-32), so squares
map one to one; dame's Red is Kodra's `w`, Black its `b`.

The game itself is kept by dame: `position ...` is replayed by `dame pdn` (which checks every
turn and gives the final FEN), and the turn Kodra chooses is checked against the legal turns of
`dame moves --rules russian --fen <FEN>`; the turn that has Kodra's start, end and captured
pieces is answered in dame's spelling (every landing square: `27x18x11`). The `dame` program is
$DAME, else target/release/dame under the repository that holds this script.

Should Kodra ever choose a turn that is not legal under dame's rules (Kodra takes a captured
piece off at once, where Russian rules leave it on the board until the capture ends), the adapter
writes a warning on standard error and plays the legal turn closest to it (same start and end,
else the first legal turn); with KODRA_STRICT=1 it answers `error ...` instead, which stops a
match. KODRA_ADAPTER_LOG=<file> appends one line per search (movetime, time used, depth).

`go` uses `movetime` (default 1000 ms when only depth or nodes are given, which Kodra cannot
limit); `stop` ends a running search at once (the driver gets SIGUSR1).
"""
import os
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

# the shared part (engine_pipe.py) is in scripts/outside/, the parent of this file's directory
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.realpath(__file__))))
sys.dont_write_bytecode = True  # no __pycache__ left in the repository
from engine_pipe import (AdapterError, EnginePipe, LineAdapter, cut, go_limits, main,  # noqa: E402
                         position_words, say)

KODRA_DIR = os.environ.get("KODRA_DIR", os.path.expanduser("~/.cache/dame-outside/kodra"))
KODRA = os.path.join(KODRA_DIR, "kodra-cli")
ROOT = Path(__file__).resolve().parents[3]
DAME = os.environ.get("DAME") or str(ROOT / "target" / "release" / "dame")
LOG = os.environ.get("KODRA_ADAPTER_LOG")
STRICT = os.environ.get("KODRA_STRICT", "") not in ("", "0")
START_FEN = "W:W21-32:B1-12"
TURN_RE = re.compile(r"^\d{1,2}([-x]\d{1,2})+$")
COMMANDS = "rules, newgame, position, go, stop, isready, quit, egdb"

def warn(text):
    sys.stderr.write(f"kodra-engine: {text}\n")
    sys.stderr.flush()


# ---------------------------------------------------------------- board geometry (rules.md §1)

def rc(s):
    """Square 1-32 -> (row 0-7 from the top, column 0-7 from the left)."""
    r, i = divmod(s - 1, 4)
    return r, 2 * i + (1 if r % 2 == 0 else 0)


def square(r, c):
    if 0 <= r < 8 and 0 <= c < 8 and (r + c) % 2 == 1:
        return r * 4 + c // 2 + 1
    return None


def between(a, b):
    """The squares strictly between a and b on their diagonal (None when not on one)."""
    (r1, c1), (r2, c2) = rc(a), rc(b)
    dr, dc = r2 - r1, c2 - c1
    if dr == 0 or abs(dr) != abs(dc):
        return None
    sr, sc = (1 if dr > 0 else -1), (1 if dc > 0 else -1)
    return [square(r1 + k * sr, c1 + k * sc) for k in range(1, abs(dr))]


def parse_fen(fen):
    """dame FEN (numbers, as `dame pdn` writes it) -> (board {square: 'w'|'W'|'b'|'B'}, side 'w'|'b')."""
    fields = fen.strip().rstrip(".").split(":")
    if len(fields) < 2 or fields[0].upper() not in ("W", "R", "B"):
        raise AdapterError(f"bad FEN '{cut(fen)}'")
    side = "b" if fields[0].upper() == "B" else "w"
    board = {}
    for field in fields[1:]:
        if not field:
            continue
        colour = field[0].upper()
        if colour not in ("W", "R", "B"):
            raise AdapterError(f"bad FEN field '{cut(field)}'")
        man = "w" if colour in ("W", "R") else "b"
        for item in field[1:].split(","):
            item = item.strip()
            if not item:
                continue
            king = item[0] in "Kk"
            m = re.fullmatch(r"(\d{1,2})(?:-(\d{1,2}))?", item[1:] if king else item)
            if not m or not (1 <= int(m.group(1)) <= int(m.group(2) or m.group(1)) <= 32):
                raise AdapterError(f"bad FEN square '{cut(item)}'")
            for s in range(int(m.group(1)), int(m.group(2) or m.group(1)) + 1):
                board[s] = man.upper() if king else man
    return board, side


def kodra_board(board):
    return "".join(board.get(s, ".") for s in range(1, 33))


def captured_by(board, turn):
    """(start, end, frozenset of captured squares) of a dame turn on `board` (Russian: captured
    pieces stay on the board until the capture ends; the start square is empty once left)."""
    squares = [int(x) for x in re.split(r"[-x]", turn)]
    taken = set()
    if "x" in turn:
        for a, b in zip(squares, squares[1:]):
            line = between(a, b) or []
            taken.update(s for s in line if s in board and s != squares[0])
    return squares[0], squares[-1], frozenset(taken)


# ---------------------------------------------------------------- dame (rules keeper)

def run_dame(args, stdin_text=None):
    try:
        p = subprocess.run([DAME] + args, input=stdin_text, capture_output=True, text=True, timeout=60)
    except (OSError, subprocess.TimeoutExpired) as e:
        raise AdapterError(f"cannot run {DAME}: {e}")
    return p.returncode, p.stdout, p.stderr


def replay(fen, turns):
    """Checks `turns` from `fen` (None: the start position) with `dame pdn`: the final FEN."""
    for k, t in enumerate(turns, 1):
        if not TURN_RE.match(t):
            raise AdapterError(f"turn {k} '{cut(t)}': not a turn of the internal notation (22-18, 22x15x6)")
    head = ['[Rules "russian"]']
    black_first = False
    if fen is not None:
        if '"' in fen or "]" in fen:
            raise AdapterError(f"bad FEN '{cut(fen)}'")
        head += ['[SetUp "1"]', f'[FEN "{fen}"]']
        black_first = fen.strip()[:1].upper() == "B"
    lines = list(head)
    for k, t in enumerate(turns):
        ply = k + (1 if black_first else 0)  # 0 = a Red turn of move 1
        number = ply // 2 + 1
        if ply % 2 == 0:
            lines.append(f"{number}. {t}")
        elif k == 0:
            lines.append(f"{number}... {t}")
        else:
            lines.append(t)
    lines.append("*")
    code, out, err = run_dame(["pdn", "--rules", "russian"], "\n".join(lines) + "\n")
    if code != 0:
        msg = err.strip().splitlines()[-1] if err.strip() else f"dame pdn failed ({code})"
        msg = re.sub(r"^dame: error: (game 1: )?", "", msg)
        m = re.search(r"move \d+(?:\.\.\.)? '([^']*)' \(line (\d+)\): (.*)", msg)
        if m:
            k = int(m.group(2)) - len(head)
            if 1 <= k <= len(turns):
                raise AdapterError(f"turn {k} '{cut(turns[k - 1])}': {m.group(3)}")
        raise AdapterError(cut(msg, 200))
    fens = out.strip().splitlines()
    if len(fens) != 1:
        raise AdapterError(f"dame pdn gave {len(fens)} lines")
    return fens[0].strip()


# ---------------------------------------------------------------- Kodra

class Kodra(EnginePipe):
    def __init__(self):
        if not os.path.exists(KODRA):
            raise AdapterError(f"{KODRA} is missing: build it with scripts/outside/kodra/build.sh")
        super().__init__("Kodra", KODRA)
        about = self.ask("about")
        if not about.startswith("about"):
            raise AdapterError(f"{KODRA} did not start: {cut(about)}")

    def interrupt(self):
        try:
            self.proc.send_signal(signal.SIGUSR1)
        except OSError:
            pass


class Adapter(LineAdapter):
    def __init__(self):
        if not os.path.exists(DAME):
            raise AdapterError(f"cannot find dame at {DAME}: set DAME or build target/release/dame")
        self.engine = Kodra()
        self.fen = replay(None, [])
        self.search = None  # the thread of a running search
        self.started = threading.Event()  # set when Kodra's search has begun (`started`)

    # -- commands

    def position(self, words):
        fen, turns = position_words(words)
        if fen is not None:
            parse_fen(fen)  # a first check, for a clear message
        self.fen = replay(fen, turns)

    def go(self, words, received):
        limits = go_limits(words, "usage: go [depth <d>] [movetime <ms>] [nodes <n>]",
                           names_hint=" (depth, movetime, nodes)")
        ms = limits.get("movetime", 1000)
        self.started.clear()
        self.search = threading.Thread(target=self.search_thread, args=(self.fen, ms, received), daemon=True)
        self.search.start()

    def search_thread(self, fen, ms, received):
        try:
            self.think(fen, ms, received)
        except AdapterError as e:
            say(f"error {e}")
        except Exception as e:  # never leave the driver without an answer
            say(f"error adapter: {type(e).__name__}: {cut(str(e), 80)}")

    def think(self, fen, ms, started):
        """One search: `started` is when `go` was read, from which the movetime counts."""
        board, side = parse_fen(fen)
        # the legal turns, worked out by dame while Kodra searches
        legal_proc = subprocess.Popen([DAME, "moves", "--rules", "russian", "--fen", fen],
                                      stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        left = max(1, int(ms - (time.monotonic() - started) * 1000))  # what is left of the movetime
        self.engine.send(f"go {kodra_board(board)} {side} {left}")
        info = {}
        while True:
            line = self.engine.read()
            words = line.split()
            if not words:
                continue
            if words[0] == "started":
                self.started.set()
            elif words[0] == "info":
                info = dict(zip(words[1::2], words[2::2]))
            elif words[0] == "bestmove":
                break
            elif words[0] == "error":
                legal_proc.kill()
                raise AdapterError(f"Kodra: {line[6:]}")
        out, err = legal_proc.communicate()
        if legal_proc.returncode != 0:
            raise AdapterError(f"dame moves: {cut(err.strip(), 120)}")
        legal = out.split()
        answer, note = self.choose(board, legal, words[1:])
        if note:
            if STRICT:
                raise AdapterError(note)
            warn(f"{note} (position {fen})")
        if info and answer != "none":
            depth = int(info.get("depth", 0))
            nodes = int(info.get("nodes", 0))
            used = max(int(info.get("time", 0)), 1)
            say(f"info depth {depth} score {score(int(info.get('eval', 0)), depth)} nodes {nodes} "
                f"nps {nodes * 1000 // used} pv {answer}")
        say(f"bestmove {answer}")
        if LOG:
            total = (time.monotonic() - started) * 1000
            with open(LOG, "a") as f:
                f.write(f"movetime {ms} kodra {info.get('time', '-')} adapter {total:.0f} "
                        f"depth {info.get('depth', '-')} stopped {info.get('stopped', '-')} "
                        f"bestmove {answer}{' NOTE' if note else ''}\n")

    @staticmethod
    def choose(board, legal, reply):
        """dame's spelling of Kodra's reply (`22x15x6 captures 18,10`), and a note when it is
        not one of the legal turns."""
        if not legal:
            return "none", (None if reply[:1] == ["none"] else f"Kodra played {' '.join(reply)} with no legal turn")
        if not reply or reply[0] == "none" or not TURN_RE.match(reply[0]):
            return legal[0], f"Kodra gave no move ({' '.join(reply)}); played {legal[0]}"
        path = [int(x) for x in re.split(r"[-x]", reply[0])]
        taken = frozenset()
        if len(reply) >= 3 and reply[1] == "captures":
            taken = frozenset(int(x) for x in reply[2].split(","))
        keys = {t: captured_by(board, t) for t in legal}
        exact = [t for t, k in keys.items() if k == (path[0], path[-1], taken)]
        if len(exact) == 1:
            return exact[0], None
        # not legal under dame's rules: the closest legal turn (same start, most of the same
        # captured pieces, same end), in the order dame lists them
        def closeness(t):
            start, end, caps = keys[t]
            return (start == path[0], len(caps & taken), end == path[-1])
        best = max(legal, key=closeness)
        what = f"{reply[0]}" + (f" (captures {','.join(map(str, sorted(taken)))})" if taken else "")
        return best, f"Kodra's {what} is not a legal turn under dame's rules; played {best}"

    def stop(self):
        """Ends a running search at once (once Kodra has begun it, so that the signal counts)."""
        while self.search is not None and self.search.is_alive():
            if self.started.wait(0.005):
                self.engine.interrupt()
                break
        self.wait()

    def wait(self):
        if self.search is not None:
            self.search.join()
            self.search = None

    def command(self, cmd, args, received):
        if cmd == "isready":
            say("readyok")
            return True
        if cmd == "stop":
            self.stop()
            return True
        self.wait()  # every other command waits for a running search
        if cmd == "quit":
            return False
        elif cmd == "rules":
            if len(args) != 1:
                raise AdapterError("usage: rules <preset>")
            if args[0] != "russian":
                raise AdapterError(f"Kodra plays only russian, not '{cut(args[0])}'")
            self.fen = replay(None, [])
        elif cmd == "newgame":
            self.fen = replay(None, [])
        elif cmd == "position":
            self.position(args)
        elif cmd == "go":
            self.go(args, received)
        elif cmd == "egdb":
            pass  # Kodra has no endgame databases
        else:
            raise AdapterError(f"unknown command '{cut(cmd)}' ({COMMANDS})")
        return True

    def close(self):
        self.stop()
        self.engine.quit()


def score(eval_, depth):
    """Kodra's evaluation (side to move's view; a man = 200, a won game 5000 - plies) -> the
    protocol's score (hundredths of a man; a forced win 30000 - plies, here approximate)."""
    mate = 5000
    if abs(eval_) >= mate - 60:
        plies = max(1, depth - (mate - abs(eval_)))
        return (30000 - plies) if eval_ > 0 else -(30000 - plies)
    return eval_ // 2 if eval_ >= 0 else -((-eval_) // 2)


if __name__ == "__main__":
    main(Adapter)
