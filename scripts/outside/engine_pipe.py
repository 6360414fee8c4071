"""What the outside engines' adapters (cake/cake-engine.py, kodra/kodra-engine.py) share: the
`dame engine` line protocol's reading and answering (docs/protocol.md), and the engine's driver
run as a child process spoken to over a pipe. Written once here so that a fix to either reaches
both; what differs (the engine, its start check, its rules and notation) stays in the adapter.

Standard library only; an adapter puts this file's directory on sys.path from its own __file__.
"""
import subprocess
import sys
import threading
import time

_out_lock = threading.Lock()


def say(line):
    """One answer line, written whole and flushed at once (a driver waits for whole lines); the
    lock keeps a search thread's lines from mixing with the main loop's."""
    with _out_lock:
        sys.stdout.write(line + "\n")
        sys.stdout.flush()


class AdapterError(Exception):
    """A command that cannot be done: answered `error <text>`, the session goes on."""


def cut(text, n=40):
    """`text` shortened to n characters and an ellipsis, to quote input in an error line."""
    return text if len(text) <= n else text[:n] + "…"


class EnginePipe:
    """The engine's driver as a child process, one line at a time each way. `name` is the
    engine's name in `<name> ended`; `hint` follows the program in `cannot start <program>`."""

    def __init__(self, name, program, cwd=None, hint=""):
        self.name = name
        try:
            self.proc = subprocess.Popen([program], cwd=cwd, stdin=subprocess.PIPE,
                                         stdout=subprocess.PIPE, text=True, bufsize=1)
        except OSError as e:
            raise AdapterError(f"cannot start {program}{hint}: {e}")

    def send(self, line):
        try:
            self.proc.stdin.write(line + "\n")
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError):
            raise AdapterError(f"{self.name} ended")

    def read(self):
        line = self.proc.stdout.readline()
        if not line:
            raise AdapterError(f"{self.name} ended")
        return line.strip()

    def ask(self, line):
        self.send(line)
        return self.read()

    def quit(self):
        """Asks the driver to end, and kills it when it does not within 5 s."""
        try:
            self.send("quit")
            self.proc.wait(timeout=5)
        except Exception:
            self.proc.kill()


POSITION_USAGE = "usage: position startpos|fen <FEN> [moves <turn> ...]"


def position_words(words):
    """The words after `position` -> (FEN, or None for startpos; the list of turns). Everything
    between `fen` and `moves` is the FEN (protocol.md), joined without spaces."""
    if not words:
        raise AdapterError(POSITION_USAGE)
    if "moves" in words:
        i = words.index("moves")
        head, turns = words[:i], words[i + 1:]
    else:
        head, turns = words, []
    if head == ["startpos"]:
        return None, turns
    if len(head) >= 2 and head[0] == "fen":
        return "".join(head[1:]), turns
    raise AdapterError(POSITION_USAGE)


def go_limits(words, usage, quote=cut, names_hint=""):
    """The words after `go` -> {limit: whole number >= 1} for depth, movetime and nodes. The
    adapters word their errors each their own way: `usage`, `quote` for the quoted input, and
    `names_hint` after an unknown limit's name."""
    if not words or len(words) % 2:
        raise AdapterError(usage)
    limits = {}
    for name, value in zip(words[0::2], words[1::2]):
        if name not in ("depth", "movetime", "nodes"):
            raise AdapterError(f"go: unknown limit '{quote(name)}'{names_hint}")
        if not value.isdigit() or int(value) == 0:
            raise AdapterError(f"go {name}: '{quote(value)}' is not a whole number of at least 1")
        limits[name] = int(value)
    return limits


class LineAdapter:
    """The protocol loop over standard input. A subclass sets self.engine (an EnginePipe) and
    does each command in `command`; an AdapterError is answered `error …` and the loop goes on
    unless the engine has ended. The end of the input ends the session, as `quit` does."""

    def command(self, cmd, args, received):
        """Does one command (`received`: time.monotonic() when its line was read); False: quit."""
        raise NotImplementedError

    def close(self):
        """At the end of the session: the engine asked to quit."""
        self.engine.quit()

    def run(self):
        for raw in sys.stdin:
            received = time.monotonic()
            words = raw.split()
            if not words:
                continue
            try:
                if not self.command(words[0], words[1:], received):
                    break
            except AdapterError as e:
                say(f"error {e}")
                if self.engine.proc.poll() is not None:
                    break
        self.close()


def main(make_adapter):
    """Runs an adapter: `error <why>` and status 1 when it cannot start (engine missing)."""
    try:
        adapter = make_adapter()
    except AdapterError as e:
        say(f"error {e}")
        sys.exit(1)
    try:
        adapter.run()
    except KeyboardInterrupt:
        adapter.engine.quit()
