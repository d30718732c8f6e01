"""GUI oracles of the office domains (writer, impress): keyboard-first solvers, one per family.

An oracle knows its task's params, but changes the world only through ``computer_use`` actions
that the rollout loop executes, answered in the model's own text protocol; it satisfies
``cuagym.agent.Policy`` structurally (domains do not import the agent layer). It works in
*rounds*: it plans the edits still missing from the document as it is on disk (at first as
setup wrote it), performs them move by move, saves through the app (Ctrl+S, then "Use Word /
PowerPoint format" in LibreOffice's "Keep current format" question), reads back what
LibreOffice wrote and plans again; it is done when nothing is missing, and gives up after
:attr:`OfficeOracle.rounds` rounds.

Between moves it looks before it acts: a move that opens a window (a dialog, another app) names
the window it expects, and the next move waits until the focused window's title says so
(resending the move when the window never comes); a move whose effect depends on a dialog's
state (a check box) reads that state from the screenshot. Keys are only typed into the window
they are meant for, so a slow machine delays an oracle but does not derail it.
"""

from __future__ import annotations

import io
import json
import os
import re
from collections import deque
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar, Literal, cast

from cuagym.core import Environment, GUIEnvironment, Observation, TaskConfig

__all__ = [
    "Call",
    "Dynamic",
    "FindDialog",
    "Move",
    "OfficeOracle",
    "answer",
    "checkboxes",
    "click",
    "export_pdf",
    "key",
    "match_case_box",
    "pause",
    "pdf_pages",
    "regex_escape",
    "text",
    "typed",
    "white",
]

Call = dict[str, Any]
#: A move computed when it is due: it may read the screen or the window title, queue more
#: moves in front of the rest (``oracle.queue.appendleft``) and returns its calls (none: skip).
Dynamic = Callable[["OfficeOracle", Any], Awaitable[list[Call]]]


def key(*keys: str) -> Call:
    return {"action": "key", "keys": list(keys)}


def text(value: str) -> Call:
    return {"action": "type", "text": value}


def typed(value: str, piece: int = 8) -> list[Call]:
    """``value`` typed in pieces of about ``piece`` characters, cut after a space where one
    is near: under load, LibreOffice Impress drops and reorders characters typed in one long
    burst; between pieces the loop waits for the screen to settle."""
    out: list[Call] = []
    rest = value
    while rest:
        cut = rest.rfind(" ", 1, piece + 1) + 1 if len(rest) > piece else len(rest)
        cut = cut if cut > 0 else min(piece, len(rest))
        out.append(text(rest[:cut]))
        rest = rest[cut:]
    return out


def pause(seconds: float) -> Call:
    return {"action": "wait", "time": seconds}


def click(x: int, y: int) -> Call:
    return {"action": "left_click", "coordinate": [x, y]}


def answer(thought: str, calls: Sequence[Call]) -> str:
    """An answer in the model's format: one short "Action:" sentence, then the calls."""
    blocks = "".join(
        "<tool_call>"
        + json.dumps({"name": "computer_use", "arguments": c}, ensure_ascii=False)
        + "</tool_call>"
        for c in calls
    )
    return f"Action: {thought}\n{blocks}"


_REGEX_SPECIAL = re.compile(r"([\\^$.|?*+()\[\]{}])")


def regex_escape(value: str) -> str:
    """``value`` as a literal in LibreOffice's (ICU) regular expressions."""
    return _REGEX_SPECIAL.sub(r"\\\1", value)


_RUN = re.compile(rb"([\x00-\xc8])\1{9}")  # ten equal dark pixels: a box's edge


def checkboxes(png: bytes) -> list[tuple[int, int, bool]]:
    """The GTK check boxes on the screen, as (left, top, ticked), top to bottom.

    A box is a 16-pixel square with rounded corners: a dark edge of one grey on all four sides
    (ticked: the theme's blue, filled; empty: a grey edge around white). Found by the edge's
    runs of equal pixels, so wherever a dialog opens."""
    from PIL import Image

    image = Image.open(io.BytesIO(png)).convert("RGB")
    grey = image.convert("L")
    width, height = grey.size
    data = grey.tobytes()
    found: list[tuple[int, int, bool]] = []
    for top in range(height - 16):
        row = data[top * width : (top + 1) * width]
        for run in _RUN.finditer(row):
            left = run.start() - 3
            if left < 1 or left + 16 >= width:
                continue
            edge = row[run.start()]

            def at(x: int, y: int) -> int:
                return data[y * width + x]

            if (
                at(left + 3, top + 15) == edge
                and at(left + 12, top + 15) == edge
                and all(at(left, top + dy) == edge for dy in range(4, 12))
                and all(at(left + 15, top + dy) == edge for dy in range(4, 12))
                and at(left + 8, top - 1) > 200
                and at(left - 1, top + 8) > 200
            ):
                r, g, b = image.getpixel((left + 4, top + 4))  # type: ignore[misc]
                if b > 180 and r < 140:
                    found.append((left, top, True))
                elif min(r, g, b) > 250:
                    found.append((left, top, False))
    return found


def match_case_box(png: bytes) -> tuple[int, int, bool] | None:
    """Find and Replace's Match case box, once the dialog is drawn: the check box with Whole
    words only on its right on the same row (in Writer and Impress alike; no other check box of
    their windows pairs so, e.g. Impress's sidebar's Master Background)."""
    boxes = checkboxes(png)
    for x, y, ticked in boxes:
        if any(abs(v - y) <= 2 and 100 <= u - x <= 130 for u, v, _ in boxes):
            return x, y, ticked
    return None


def white(obs: Any, points: Sequence[tuple[int, int]]) -> bool:
    """Are all ``points`` of the observation's screenshot white? (How an oracle sees that a
    popup covers a place it knows to be grey.) True when the screen is not the 1280x800 the
    points are for: there is nothing to check, the pause before carries it."""
    from PIL import Image

    if tuple(obs.screen_size) != (1280, 800):
        return True
    image = Image.open(io.BytesIO(obs.screenshot)).convert("RGB")
    return all(min(image.getpixel(p)) > 250 for p in points)  # type: ignore[arg-type]


@dataclass
class Move:
    """One turn of an oracle: its calls, and the window the next turn needs.

    ``expect``: a text the focused window's title must contain before the next move is sent
    (a dialog's title, or the document window's). ``dynamic``: computes the calls when the move
    is due instead. ``retries``: how often the move is sent again when ``expect`` never shows.
    """

    thought: str
    calls: list[Call] = field(default_factory=list)
    expect: str | None = None
    dynamic: Dynamic | None = None
    retries: int = 2


class FindDialog:
    """LibreOffice's Find and Replace dialog (Ctrl+H) as moves, with its options kept as wanted.

    Options (Match case, Regular expressions, Current selection only) live for the whole
    session: the dialog opens with them off in a fresh profile (Current selection only turns on
    by itself when text is selected), the oracle sets them with their mnemonics and reads their
    check boxes on the screen to confirm. ``offsets``: each option's box relative to the first
    box of the dialog (Match case); ``mnemonics``: the Alt+letter of each option and button.
    """

    def __init__(
        self,
        offsets: dict[str, tuple[int, int]],
        mnemonics: dict[str, str],
        fields: dict[str, tuple[int, int]] | None = None,
    ) -> None:
        self.offsets = offsets
        self.mnemonics = mnemonics
        #: where Find, Replace and Replace All are from the Match case box: Replace All clicks
        #: them (under load the Replace field's mnemonic let the keys after it reach the page)
        self.fields = fields
        self.state = {name: False for name in offsets}

    def open(self) -> Move:
        return Move("open Find and Replace.", [key("ctrl", "h")], expect="Find and Replace")

    def seen(self, png: bytes) -> dict[str, bool]:
        """The options' states as the screen shows them (those it shows)."""
        boxes = checkboxes(png)
        first = match_case_box(png)
        if first is None:
            return {}
        left, top, _ = first
        out = {}
        for name, (dx, dy) in self.offsets.items():
            for x, y, ticked in boxes:
                if abs(x - left - dx) <= 4 and abs(y - top - dy) <= 4:
                    out[name] = ticked
        return out

    def options(self, **wanted: bool) -> Move:
        async def ensure(oracle: OfficeOracle, obs: Any) -> list[Call]:
            seen = self.seen(obs.screenshot)
            if not seen and oracle.waited < oracle.patience:  # the window shows before its boxes
                oracle.waited += 1
                oracle.queue.appendleft(self.options(**wanted))
                return [pause(0.5)]
            oracle.waited = 0
            calls: list[Call] = []
            for name, want in wanted.items():
                now = seen.get(name, self.state[name])
                if now != want:
                    calls.append(key("alt", self.mnemonics[name]))
                self.state[name] = want
            if calls and oracle.checks_left > 0:
                oracle.checks_left -= 1
                oracle.queue.appendleft(self.options(**wanted))  # read the boxes again
            return calls

        return Move("set the search options.", dynamic=ensure)

    def search(self, pattern: str, *, every: bool = False, shown: str = "") -> Move:
        """Type ``pattern`` in Find and run Find Next (or Find All with ``every``)."""
        run = key("alt", self.mnemonics["find_all"]) if every else key("enter")
        return Move(
            f"find {shown or pattern}.",
            [key("alt", self.mnemonics["find"]), key("ctrl", "a"), text(pattern), run],
            expect="Find and Replace",
        )

    def replace_all(self, pattern: str, replacement: str) -> Move:
        if self.fields is not None:
            return self.replace_by_clicks(pattern, replacement, self.fields)
        return Move(
            f"replace every {pattern} with {replacement}.",
            [
                key("alt", self.mnemonics["find"]),
                key("ctrl", "a"),
                text(pattern),
                key("alt", self.mnemonics["replace"]),
                key("ctrl", "a"),
                text(replacement),
                key("alt", self.mnemonics["replace_all"]),
            ],
            expect="Find and Replace",
        )

    def replace_by_clicks(
        self, pattern: str, replacement: str, fields: dict[str, tuple[int, int]]
    ) -> Move:
        thought = f"replace every {pattern} with {replacement}."

        async def fill(oracle: OfficeOracle, obs: Any) -> list[Call]:
            box = match_case_box(obs.screenshot)
            if box is None:
                oracle.waited += 1
                if oracle.waited > oracle.patience * 2:
                    oracle.queue.clear()
                    return [oracle.finish("failure")]
                oracle.queue.appendleft(Move(thought, dynamic=fill))
                return [pause(0.5)]
            oracle.waited = 0
            x, y, _ = box
            (fx, fy), (rx, ry), (ax, ay) = fields["find"], fields["replace"], fields["replace_all"]
            return [
                click(x + fx, y + fy),
                key("ctrl", "a"),
                text(pattern),
                click(x + rx, y + ry),
                key("ctrl", "a"),
                text(replacement),
                click(x + ax, y + ay),
            ]

        return Move(thought, dynamic=fill)

    def close(self, window: str) -> Move:
        return Move("close the dialog.", [key("esc")], expect=window)


class OfficeOracle:
    """The round loop every office oracle shares; a family's oracle supplies the rest.

    Subclasses set ``app_title`` ("LibreOffice Writer") and implement :meth:`read` (parse the
    files it works on from the environment's home), :meth:`missing` (what the task still
    lacks in that state, as short texts; empty = done) and :meth:`plan` (the moves of one
    round). The default save is Ctrl+S on :attr:`path` and keeping the file's format.
    """

    name: ClassVar[str] = "oracle"
    coordinate_space: ClassVar[Literal["pixels"]] = "pixels"
    image: ClassVar[None] = None
    app_title: ClassVar[str] = "LibreOffice"
    #: plan, act and save at most this often
    rounds: ClassVar[int] = 3
    #: turns to wait for an expected window before the move is sent again
    patience: ClassVar[int] = 10
    #: calls in one answer (the text protocol's default limit)
    max_calls: ClassVar[int] = 10
    #: pixels the command search (Shift+Esc) covers in white, and a menu of the menu bar
    popup_points: ClassVar[tuple[tuple[int, int], ...]] = ()
    menu_points: ClassVar[tuple[tuple[int, int], ...]] = ()

    def __init__(self, task: TaskConfig) -> None:
        params = task.params
        if not isinstance(params, dict):
            raise ValueError(f"task {task.task_id} has no params")
        self.task = task
        self.p: dict[str, Any] = params
        self.path: str = str(params["path"])
        self._env: GUIEnvironment | None = None
        self._reset()

    def _reset(self) -> None:
        self.queue: deque[Move] = deque()
        self.round = 0
        self.expect: str | None = None
        self.last: Move | None = None
        self.waited = 0
        self.saved_at: dict[str, float] = {}
        self.checks_left = 6
        self.missed: list[str] = []
        self.settling = 0
        self.last_shot: bytes | None = None

    # -- what a family supplies --------------------------------------------------------------
    def read(self, home: Path) -> Any:
        """The state the oracle plans from: the files it edits, parsed (raise while unreadable)."""
        raise NotImplementedError

    def missing(self, state: Any) -> list[str]:
        """What the task still lacks in ``state`` (short texts); empty when it is done."""
        raise NotImplementedError

    def plan(self, state: Any) -> list[Move]:
        """The moves of one round, from ``state`` (the first round: the initial files)."""
        raise NotImplementedError

    def outputs(self) -> list[str]:
        """Files the round's save writes (absolute /home/user paths): read back after it."""
        return [self.path]

    # -- shared moves --------------------------------------------------------------------------
    @property
    def window(self) -> str:
        """The title of the document's window."""
        return f"{os.path.basename(self.path)} - {self.app_title}"

    def stamped(self, move: Move) -> Move:
        """``move``, noting the outputs' modification times first: it saves them (the round
        then waits for newer files)."""

        async def stamp(oracle: OfficeOracle, obs: Any) -> list[Call]:
            oracle.saved_at = {p: oracle.mtime(p) for p in oracle.outputs()}
            return move.calls

        return Move(move.thought, expect=move.expect, dynamic=stamp, retries=move.retries)

    def save(self, keep: str = "Confirm File Format") -> list[Move]:
        """Ctrl+S in the document's window, then keep the file's format when asked."""

        async def stamp(oracle: OfficeOracle, obs: Any) -> list[Call]:
            oracle.saved_at = {p: oracle.mtime(p) for p in oracle.outputs()}
            return [key("ctrl", "s")]

        async def confirm(oracle: OfficeOracle, obs: Any) -> list[Call]:
            title = await oracle.title()
            if keep in title:
                oracle.queue.appendleft(Move("wait for the save.", [pause(0.5)], oracle.window))
                return [key("enter")]  # the default button keeps the format
            if oracle.written():
                return []
            oracle.waited += 1
            if oracle.waited > oracle.patience:
                oracle.waited = 0
                oracle.queue.appendleft(Move("save again.", dynamic=stamp))
                oracle.queue.insert(1, Move("keep the format.", dynamic=confirm))
                return [pause(0.5)]
            oracle.queue.appendleft(Move("wait for the save question.", dynamic=confirm))
            return [pause(0.5)]

        return [
            Move("save the document.", dynamic=stamp),
            Move("keep the format.", dynamic=confirm),
        ]

    def command(self, name: str, window: str, points: Sequence[tuple[int, int]] = ()) -> list[Move]:
        """Run a menu command by its name through the command search (Shift+Esc), typed only
        once the search is seen open; ``window``: the window focused after it (a dialog it
        opens, or the document's)."""
        seen = points or self.popup_points

        async def typed(oracle: OfficeOracle, obs: Any) -> list[Call]:
            if white(obs, seen):
                oracle.queue.appendleft(
                    Move(f"run {name}.", [text(name), key("enter")], expect=window)
                )
                return []
            oracle.waited += 1
            if oracle.waited > oracle.patience:
                oracle.waited = 0
                oracle.queue.appendleft(Move("look for the command search.", dynamic=typed))
                return [key("esc"), key("shift", "esc")]
            oracle.queue.appendleft(Move("wait for the command search.", dynamic=typed))
            return [pause(0.5)]

        return [
            Move("open the command search.", [key("shift", "esc")]),
            Move("type the command.", dynamic=typed),
        ]

    def menu(self, letter: str, keys: list[Call], shown: str) -> list[Move]:
        """Open a menu of the menu bar (Alt+``letter``), see on the screen that it is open,
        then press ``keys`` inside it."""

        async def inside(oracle: OfficeOracle, obs: Any) -> list[Call]:
            if white(obs, oracle.menu_points):
                return keys
            oracle.waited += 1
            if oracle.waited > oracle.patience:
                return [key("esc"), key("esc")]  # not open: the round reads what is missing
            oracle.queue.appendleft(Move(f"choose {shown}.", dynamic=inside))
            return [pause(0.5)]

        return [
            Move(f"open the menu for {shown}.", [key("alt", letter)]),
            Move(f"choose {shown}.", dynamic=inside),
        ]

    # -- reading the world ------------------------------------------------------------------------
    async def title(self) -> str:
        title = await self.env.window_title() if hasattr(self.env, "window_title") else ""
        return str(title)

    def host(self, path: str) -> Path:
        """Where a /home/user path of the environment is on this machine (read only)."""
        rel = os.path.relpath(path, "/home/user")
        return Path(self.env.home) / rel

    def mtime(self, path: str) -> float:
        try:
            return self.host(path).stat().st_mtime
        except OSError:
            return 0.0

    def written(self) -> bool:
        return bool(self.saved_at) and all(self.mtime(p) > t for p, t in self.saved_at.items())

    def state(self) -> Any | None:
        try:
            return self.read(Path(self.env.home))
        except Exception:  # LibreOffice may still be writing it
            return None

    # -- the policy ---------------------------------------------------------------------------
    @property
    def env(self) -> GUIEnvironment:
        """The episode's environment, between ``begin`` and ``end``."""
        if self._env is None:
            raise RuntimeError(f"{type(self).__name__}: no environment before begin()")
        return self._env

    async def begin(self, task: TaskConfig, env: Environment) -> None:
        if not hasattr(env, "window_title") or not hasattr(env, "home"):
            raise TypeError("an office oracle needs a GUI environment with a home")
        self._env = cast(GUIEnvironment, env)
        self._reset()

    async def end(self) -> None:
        self._env = None

    async def step(self, observation: Observation) -> str:
        if self.expect is not None:
            if self.expect not in await self.title():
                self.waited += 1
                if self.waited <= self.patience:
                    return answer(f"wait for the {self.expect} window.", [pause(0.5)])
                last, self.expect, self.waited = self.last, None, 0
                if last is None or last.retries <= 0:
                    return self.give_up(f"the {last.expect if last else ''} window never came")
                last.retries -= 1
                self.queue.appendleft(last)  # its keys were lost or went elsewhere: again
            elif self.expect != self.window and not self.drawn(observation):
                return answer(f"let the {self.expect} window draw.", [pause(0.5)])
            self.expect, self.waited = None, 0
        while True:
            if not self.queue:
                done = await self.next_round()
                if done is not None:
                    return done
            move = self.queue.popleft()
            calls = await move.dynamic(self, observation) if move.dynamic else move.calls
            cut = self.cut(calls)
            if cut < len(calls):
                rest = Move(move.thought, calls[cut:], move.expect)
                self.queue.appendleft(rest)
                calls, move = calls[:cut], Move(move.thought, calls, None)
            if calls:
                self.expect, self.last = move.expect, move
                return answer(move.thought, calls)

    def drawn(self, observation: Any) -> bool:
        """Is the dialog whose title just showed drawn? Under load a dialog's window (and
        title) comes seconds before its widgets, and keys sent to it then are lost or reach
        the document: wait a turn, then until two screens in a row are the same."""
        shot = observation.screenshot
        if self.settling == 0 or (shot != self.last_shot and self.settling < self.patience):
            self.settling += 1
            self.last_shot = shot
            return False
        self.settling, self.last_shot = 0, None
        return True

    def cut(self, calls: list[Call]) -> int:
        """How many of ``calls`` go in this answer: at most :attr:`max_calls` (the parser's
        limit), and no key after typed text. LibreOffice (gtk3) takes typed characters in
        through its input method, which can lag behind keys pressed right after them: an Esc or
        Enter could overtake the text and land in the middle of it. The loop waits for a
        settled screen between turns, so the text is in before the next key. (Text typed in
        pieces stays in one answer: the loop lets the screen settle between its calls.)"""
        for i, call in enumerate(calls[: self.max_calls]):
            after = calls[i + 1] if i + 1 < len(calls) else None
            if call.get("action") == "type" and after is not None and after["action"] != "type":
                return i + 1
        return min(len(calls), self.max_calls)

    async def next_round(self) -> str | None:
        """Plan the next round, or finish: None when moves were queued, else the answer."""
        if self.round and not self.written():
            self.waited += 1
            if self.waited > self.patience * 2:
                return self.give_up("the document was never saved")
            self.queue.append(Move("wait for the file.", [pause(0.5)]))
            return None
        state = self.state()
        if state is None:
            self.waited += 1
            if self.waited > self.patience * 2:
                return self.give_up("the saved file cannot be read")
            self.queue.append(Move("wait for the file.", [pause(0.5)]))
            return None
        self.waited = 0
        if self.round:
            self.missed = self.missing(state)
            if not self.missed:
                return answer("the document is saved as asked: done.", [self.finish("success")])
            if self.round >= self.rounds:
                return self.give_up("still missing: " + "; ".join(self.missed[:3]))
        self.round += 1
        moves = self.plan(state)
        if not moves:  # nothing it can do (a save would find nothing modified)
            return self.give_up("still missing: " + "; ".join(self.missed[:3]))
        self.queue.extend(moves)
        self.queue.extend(self.save())
        return None

    def finish(self, status: str) -> Call:
        return {"action": "terminate", "status": status}

    def give_up(self, why: str) -> str:
        return answer(f"I cannot finish: {why}.", [self.finish("failure")])


def export_pdf(oracle: OfficeOracle, pdf: str) -> list[Move]:
    """File > Export as PDF from the command search, its options as they are (Export), then
    the file's full path in the Export dialog's name field. The Export move is stamped: the
    round then waits for ``pdf`` to be written (list it in the oracle's ``outputs``)."""
    return [
        Move("nothing selected.", [key("esc"), key("esc")]),
        *oracle.command("Export as PDF", "PDF Options"),
        oracle.stamped(Move("export with these options.", [key("enter")], expect="Export")),
        Move(f"name it {pdf}.", [key("ctrl", "a"), text(pdf)], expect="Export"),
        Move("export.", [key("enter")], expect=oracle.window),
    ]


def pdf_pages(path: Path) -> list[str]:
    """The text of each page of the PDF at ``path`` (a host path), whitespace collapsed and
    case folded; no pages when there is no file."""
    import importlib
    import unicodedata

    if not path.is_file():
        return []
    # typed as Any: PyMuPDF's bindings are generated and mostly unannotated
    pymupdf: Any = importlib.import_module("pymupdf")
    with pymupdf.open(str(path)) as doc:
        texts = [unicodedata.normalize("NFKC", page.get_text()) for page in doc]
    return [" ".join(t.split()).casefold() for t in texts]
