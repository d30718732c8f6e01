"""UI skills of the social app: how an oracle reads its pages and works them, on the web oracle
kit (:mod:`cuagym.apps.web_oracle`).

A task family's oracle subclasses :class:`SocialOracle` and lists its stages; the skills here
know the pages (their test ids, what a loaded page shows), never a task. A change counts as
done only once the server rendered it (a post's page, the queue, a conversation).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cuagym.apps.web_oracle import Act, Element, FormOracle, PageBusy, Stage, call
from cuagym.core import TaskConfig

__all__ = ["SocialOracle"]

#: A point of the page that the mouse wheel scrolls (the document scrolls, not a container).
_WHEEL_AT = (640, 420)


def _css_string(value: str) -> str:
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


class SocialOracle(FormOracle):
    """What every social oracle reads and does: pages by path, forms, posts and threads."""

    css = staticmethod(_css_string)

    def __init__(self, task: TaskConfig) -> None:
        super().__init__(task)
        self._memo: dict[str, Any] = {}

    # -- where we are -------------------------------------------------------------------------
    async def loaded(self) -> bool:
        """Has the whole page been parsed? (app.js is the last thing base.html renders.)"""
        return bool(await self.all('script[src$="app.js"]'))

    async def at(self, path: str) -> bool:
        """Is the loaded page ``/social<path>`` (query ignored unless ``path`` has one)?"""
        here = await self.path()
        if "?" not in path:
            here = here.split("?")[0]
        return here.rstrip("/") == ("/social" + path).rstrip("/") and await self.loaded()

    async def on_post(self, pid: str) -> bool:
        return await self.at(f"/posts/{pid}") and bool(
            await self.all(f'[data-testid="post-detail"][data-post={_css_string(pid)}]')
        )

    # -- acting on elements that may be out of view ---------------------------------------------
    def bring(self, element: Element) -> dict[str, Any]:
        """Scroll the page towards an element out of view, a third of the way at a time: a
        wheel step moves the page by more than its nominal pixels on some displays, and a
        full step overshoots back and forth."""
        offset = element["center"][1] - _WHEEL_AT[1]
        pixels = max(60, min(400, abs(offset) // 3))
        return call("scroll", coordinate=list(_WHEEL_AT), pixels=-pixels if offset > 0 else pixels)

    async def press_one(self, selector: str, thought: str, *, commits: bool = False) -> Act:
        element = await self.one(selector)
        if element is None:
            raise PageBusy(f"no {selector}")
        return self.press(element, thought, commits=commits)

    async def set_time(self, selector: str, hhmm: str, what: str) -> Act | None:
        """A time field (24-hour): click its hour segment, type HHMM (and AM/PM if shown)."""
        box = await self.one(selector)
        if box is None:
            raise PageBusy(f"no field {selector}")
        if box.get("value") == hhmm:
            return None
        if not self.reachable(box):
            return Act.of("scroll to it.", self.bring(box))
        hour, minute = int(hhmm[:2]), int(hhmm[3:5])
        at = [box["x"] + min(14, max(4, box["width"] // 12)), box["center"][1]]
        # Chromium's en-US time field has an AM/PM segment after the minutes.
        typed = f"{hour % 12 or 12:02d}{minute:02d}{'AM' if hour < 12 else 'PM'}"
        return Act.of(
            f"enter the {what}: {hhmm}", call("left_click", coordinate=at), call("type", text=typed)
        )

    async def form_step(
        self, fields: Sequence[tuple[str, str, str]], save: str, thought: str
    ) -> Act:
        """Fill the first of ``fields`` (selector, wanted input, how: ``text``, ``date``,
        ``time`` or ``choice``) that does not hold its value yet; when all do, press the
        button ``save`` (a selector; a commit)."""
        for selector, want, how in fields:
            if how == "date":
                step = await self.set_date(selector, want, "date")
            elif how == "time":
                step = await self.set_time(selector, want, "time")
            elif how == "choice":
                step = await self.set_choice(selector, want, "option")
            else:
                step = await self.set_text(selector, want, "text")
            if step is not None:
                return step
        return await self.press_one(save, thought, commits=True)

    # -- navigation ---------------------------------------------------------------------------
    async def go_nav(self, key: str, label: str) -> Act:
        """Open a screen of the side bar (``home``, ``studio``, ``messages``...)."""
        return await self.press_one(f'[data-testid="nav-{key}"]', f"open {label}.")

    async def search(self, query: str) -> Act:
        """Run the header's search for ``query``."""
        box = await self.one('[data-testid="global-search"]')
        if box is None:
            raise PageBusy("no search box")
        if not self.reachable(box):
            return Act.of("scroll up to the search box.", self.bring(box))
        return Act.of(f"search for {query}.", *self.fill(box, query), call("key", keys=["enter"]))

    async def open_post_from_results(self, pid: str, query: str) -> Act:
        """Open the post ``pid``: its card's time link when a list shows it, else search."""
        link = await self.one(f'[data-post={_css_string(pid)}] [data-testid="post-link"]')
        if link is not None:
            return self.press(link, "open the post.")
        return await self.search(query)

    def post_stage(self, pid: str, query: str) -> Stage:
        """Be on the page of post ``pid`` (found with the search for ``query``)."""

        async def done() -> bool:
            return await self.on_post(pid)

        async def act() -> Act:
            return await self.open_post_from_results(pid, query)

        return Stage(f"open post {pid}", done, act, tries=8)
