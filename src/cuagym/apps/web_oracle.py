"""A kit for GUI oracles of web apps (UI skills): stages that check the page, then act through
the screen. Apps build their UI skills on it; task families their oracles.

An oracle knows its task's params (privileged knowledge) and reads the page Chromium shows
through the environment's read-only DevTools view (``env.find_elements``, ``env.page_url``),
but changes the world only through the ``computer_use`` calls of its answers, which the rollout
loop executes like any model's. It satisfies ``cuagym.agent.Policy`` structurally.

An oracle is a list of :class:`Stage`\\ s. Each turn the current stage's ``done`` check reads the
page: when it holds, the next stage is checked in the same turn; when it does not, the stage's
``act`` answers with the next action towards it (open a page, fill a field, press save). Nothing
is assumed to have worked: every effect is read back from the page on the next turn, and a
stage that does not get done within its tries ends the episode with ``terminate failure``.

Changes that cannot be repeated safely (posting, creating, toggling) are *commits*: after one,
a stage that is not yet done waits for the page to show the change (``confirm_s``) instead of
acting again, so a slow page load on a loaded machine never turns into a duplicate post.
"""

from __future__ import annotations

import json
import time
from abc import ABC, abstractmethod
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from datetime import date
from typing import Any, ClassVar, Literal, cast
from urllib.parse import urlsplit

from cuagym.core import Environment, GUIEnvironment, Observation, TaskConfig

__all__ = ["Act", "Element", "FormOracle", "PageBusy", "Stage", "WebOracle", "answer", "call"]

Element = dict[str, Any]


def call(action: str, **arguments: Any) -> dict[str, Any]:
    """One ``computer_use`` call's arguments."""
    return {"action": action, **arguments}


def answer(thought: str, calls: Sequence[dict[str, Any]]) -> str:
    """An answer in the model's format: one "Action:" sentence, then the tool calls."""
    blocks = "".join(
        "<tool_call>"
        + json.dumps({"name": "computer_use", "arguments": c}, ensure_ascii=False)
        + "</tool_call>"
        for c in calls
    )
    return f"Action: {thought}\n{blocks}"


@dataclass(frozen=True)
class Act:
    """A stage's next step: a thought, its calls, and whether it commits a change."""

    thought: str
    calls: tuple[dict[str, Any], ...]
    commits: bool = False

    @classmethod
    def of(cls, thought: str, *calls: dict[str, Any], commits: bool = False) -> Act:
        return cls(thought, tuple(calls), commits)


@dataclass
class Stage:
    """One goal of the task: ``done`` reads the page, ``act`` moves towards it."""

    name: str
    done: Callable[[], Awaitable[bool]]
    act: Callable[[], Awaitable[Act]]
    tries: int = 6


@dataclass
class _Progress:
    stage: int = 0
    tries: int = 0
    waits: int = 0
    committed_at: float | None = None
    log: list[str] = field(default_factory=list)


class PageBusy(RuntimeError):
    """The page cannot be read right now (it is loading): wait and look again."""


class WebOracle(ABC):
    """The shared engine of web GUI oracles (see the module docstring)."""

    name: ClassVar[str] = "oracle"
    coordinate_space: ClassVar[Literal["pixels"]] = "pixels"
    image: ClassVar[None] = None
    #: how long a committed change may take to show on the page before the stage acts again
    confirm_s: ClassVar[float] = 20.0
    #: turns spent waiting for a page in a row before giving up
    max_waits: ClassVar[int] = 12
    wait_s: ClassVar[float] = 1.0

    def __init__(self, task: TaskConfig) -> None:
        raw = task.params
        if not isinstance(raw, dict):
            raise ValueError(f"task {task.task_id} has no params: no oracle can solve it")
        self.task = task
        self.p: dict[str, Any] = raw
        self._env: GUIEnvironment | None = None
        self._stages: list[Stage] = []
        self._progress = _Progress()
        self._seen: dict[str, list[Element]] = {}
        self._url: str | None = None

    # -- the policy protocol ------------------------------------------------------------------
    @property
    def env(self) -> GUIEnvironment:
        """The episode's environment, between ``begin`` and ``end``."""
        if self._env is None:
            raise RuntimeError(f"{type(self).__name__}: no environment before begin()")
        return self._env

    async def begin(self, task: TaskConfig, env: Environment) -> None:
        if not hasattr(env, "find_elements") or not hasattr(env, "page_url"):
            raise TypeError("a web oracle reads the page: it needs a GUI environment")
        self._env = cast(GUIEnvironment, env)
        self._stages = self.stages()
        self._progress = _Progress()

    async def end(self) -> None:
        self._env = None

    async def step(self, observation: Observation) -> str:
        # One look at the page per turn: the same query within a turn reads the same page
        # (nothing acts between a stage's check and its act), so it is asked once.
        self.forget_page()
        prog = self._progress
        while prog.stage < len(self._stages):
            stage = self._stages[prog.stage]
            try:
                done = await stage.done()
            except PageBusy as exc:
                return self._wait(f"the page is not ready ({exc})")
            except Exception as exc:  # the DevTools view fails while a page is replaced
                return self._wait(f"the page is loading ({type(exc).__name__})")
            if done:
                prog.log.append(f"{stage.name}: done")
                prog.stage, prog.tries, prog.waits, prog.committed_at = prog.stage + 1, 0, 0, None
                continue
            if prog.committed_at is not None and time.monotonic() - prog.committed_at < (
                self.confirm_s
            ):
                # Not a stuck page: the change was sent and the page has yet to show it.
                return self._wait(f"waiting for the page to show: {stage.name}", counted=False)
            if prog.tries >= stage.tries:
                return answer(
                    f"{stage.name} did not work after {prog.tries} tries: give up.",
                    [call("terminate", status="failure")],
                )
            try:
                act = await stage.act()
            except PageBusy as exc:
                return self._wait(f"the page is not ready ({exc})")
            except Exception as exc:
                return self._wait(f"the page is loading ({type(exc).__name__})")
            prog.tries += 1
            prog.waits = 0
            prog.committed_at = time.monotonic() if act.commits else None
            return answer(act.thought, act.calls)
        return answer(
            "everything the task asks is on the page: done.", [call("terminate", status="success")]
        )

    def _wait(self, why: str, *, counted: bool = True) -> str:
        prog = self._progress
        prog.waits += counted
        if prog.waits > self.max_waits:
            return answer(f"{why}, for too long: give up.", [call("terminate", status="failure")])
        return answer(f"{why}.", [call("wait", time=self.wait_s)])

    @abstractmethod
    def stages(self) -> list[Stage]:
        """The task's goals, in order (built at the start of each episode)."""

    # -- reading the page ---------------------------------------------------------------------
    def forget_page(self) -> None:
        """Drop what was read of the page: each turn looks at it afresh (an oracle made of
        other oracles' stages forgets for them too)."""
        self._seen.clear()
        self._url = None

    async def all(self, selector: str) -> list[Element]:
        """Every element matching ``selector`` (visible or not), as the page is this turn."""
        if selector not in self._seen:
            self._seen[selector] = list(await self.env.find_elements(selector))
        return self._seen[selector]

    async def visible(self, selector: str) -> list[Element]:
        return [e for e in await self.all(selector) if e.get("visible")]

    async def one(self, selector: str) -> Element | None:
        """The first visible match, or None."""
        found = await self.visible(selector)
        return found[0] if found else None

    async def path(self) -> str:
        """The page's path and query (``/team-chat/c/c-general``)."""
        if self._url is None:
            self._url = str(await self.env.page_url())
        url = urlsplit(self._url)
        return url.path + (f"?{url.query}" if url.query else "")

    # -- acting -------------------------------------------------------------------------------
    @staticmethod
    def click(element: Element) -> dict[str, Any]:
        return call("left_click", coordinate=list(element["center"]))

    @staticmethod
    def hover(element: Element) -> dict[str, Any]:
        return call("mouse_move", coordinate=list(element["center"]))

    @classmethod
    def fill(cls, element: Element, text: str) -> tuple[dict[str, Any], ...]:
        """Replace what a text field holds with ``text`` (click into it, select all, type)."""
        return (cls.click(element), call("key", keys=["ctrl", "a"]), call("type", text=text))

    async def choose(self, selector: str, label: str) -> tuple[dict[str, Any], ...]:
        """Pick the option labelled ``label`` in the drop-down ``selector``: open its list,
        type the label when no other option starts with it (the list jumps there), else walk
        to it with the arrow keys ("High" would land on "Highest"); then Enter. Options a
        script hid or disabled are not in the list."""
        box = await self.one(selector)
        if box is None:
            raise PageBusy(f"no drop-down {selector}")
        options = [
            " ".join(str(o["text"]).split())
            for o in await self.all(f"{selector} option")
            if "hidden" not in o["attrs"] and "disabled" not in o["attrs"]
        ]
        if label not in options:
            raise PageBusy(f"the drop-down offers no {label!r}")
        enter = call("key", keys=["enter"])
        if sum(o.casefold().startswith(label.casefold()) for o in options) == 1:
            return (self.click(box), call("type", text=label), enter)
        current = " ".join(str(box.get("selected_text") or "").split())
        steps = options.index(label) - (options.index(current) if current in options else 0)
        if abs(steps) > 7:  # an answer holds at most 10 calls
            raise PageBusy(f"{label!r} is ambiguous and far down the list")
        arrow = call("key", keys=["down" if steps > 0 else "up"])
        return (self.click(box), *([arrow] * abs(steps)), enter)

    async def scroll_to(self, element: Element, area: str = "#main") -> dict[str, Any]:
        """Scroll the page (the wheel over ``area``) towards an element out of view."""
        box = await self.one(area)
        if box is None:
            raise PageBusy(f"no {area} to scroll")
        return self.scroll_towards(element, box)

    @staticmethod
    def scroll_towards(element: Element, box: Element) -> dict[str, Any]:
        """Scroll ``box`` (a scrolled container) so that ``element`` comes into it."""
        up = element["y"] < box["y"]
        distance = abs(element["center"][1] - box["center"][1])
        pixels = max(100, min(1200, distance))
        return call("scroll", coordinate=list(box["center"]), pixels=pixels if up else -pixels)

    @staticmethod
    def inside(element: Element, box: Element) -> bool:
        """Is ``element`` wholly inside ``box`` (a scrolled container's visible area)?"""
        return bool(
            element["y"] >= box["y"]
            and element["y"] + element["height"] <= box["y"] + box["height"]
            and element.get("clickable", True)
        )


class FormOracle(WebOracle):
    """A web oracle that brings an element into reach before it acts on it, and fills fields.

    The skills every form-heavy app's oracle had copied: an element is acted on only when it is
    in view and nothing covers it (else the act is one scroll towards it), and a text field is
    filled only when it does not already hold the value (an oracle's turn is idempotent). How the
    page scrolls is each app's own: :meth:`bring` (where the wheel goes, how far) is abstract.
    """

    @staticmethod
    def reachable(element: Element) -> bool:
        """In view and not covered: a click lands on it."""
        return bool(element.get("in_view") and element.get("clickable"))

    @abstractmethod
    def bring(self, element: Element) -> dict[str, Any]:
        """The one call that scrolls the page towards ``element`` (out of reach)."""

    def press(self, element: Element, thought: str, *, commits: bool = False) -> Act:
        """Click ``element``, or scroll towards it first."""
        if not self.reachable(element):
            return Act.of("scroll to it.", self.bring(element))
        return Act.of(thought, self.click(element), commits=commits)

    async def set_text(self, selector: str, want: str, what: str) -> Act | None:
        """An act that makes the field ``selector`` hold ``want``, or None when it does."""
        box = await self.one(selector)
        if box is None:
            raise PageBusy(f"no field {selector}")
        if box.get("value") == want:
            return None
        if not self.reachable(box):
            return Act.of("scroll to it.", self.bring(box))
        return Act.of(f"fill in the {what}: {want}", *self.fill(box, want))

    async def set_date(self, selector: str, iso: str, what: str) -> Act | None:
        """A date field: click its first (month) segment, type MMDDYYYY; read back the value."""
        box = await self.one(selector)
        if box is None:
            raise PageBusy(f"no field {selector}")
        if box.get("value") == iso:
            return None
        if not self.reachable(box):
            return Act.of("scroll to it.", self.bring(box))
        day = date.fromisoformat(iso)
        at = [box["x"] + min(14, max(4, box["width"] // 12)), box["center"][1]]
        typed = f"{day.month:02d}{day.day:02d}{day.year:04d}"
        return Act.of(
            f"enter the {what}: {iso}", call("left_click", coordinate=at), call("type", text=typed)
        )

    async def set_choice(self, selector: str, label: str, what: str) -> Act | None:
        """A drop-down: pick the option shown as ``label``; None when it is picked already."""
        box = await self.one(selector)
        if box is None:
            raise PageBusy(f"no drop-down {selector}")
        if _exact(box.get("selected_text")) == _exact(label):
            return None
        if not self.reachable(box):
            return Act.of("scroll to it.", self.bring(box))
        return Act.of(f"pick the {what}: {label}", *await self.choose(selector, label))

    async def set_check(self, selector: str, want: bool, what: str) -> Act | None:
        """A checkbox ticked (``want``) or not; None when it is already."""
        box = await self.one(selector)
        if box is None:
            raise PageBusy(f"no checkbox {selector}")
        if bool(box.get("checked")) == want:
            return None
        return self.press(box, f"{'tick' if want else 'untick'} {what}.")

    async def fill_form(self, fields: Sequence[tuple[str, str, str]]) -> Act | None:
        """The first of ``fields`` (selector, wanted value, how: text, date, choice, check)
        that does not hold its value yet, as an act; None when all do."""
        for selector, want, how in fields:
            if how == "date":
                step = await self.set_date(selector, want, "date")
            elif how == "choice":
                step = await self.set_choice(selector, want, "option")
            elif how == "check":
                step = await self.set_check(selector, want == "on", "the box")
            else:
                step = await self.set_text(selector, want, "field")
            if step is not None:
                return step
        return None


def _exact(text: Any) -> str:
    """A text as shown: whitespace runs are one space (an option's label, a selected value)."""
    return " ".join(str(text if text is not None else "").split())
