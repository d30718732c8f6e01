"""The browser's GUI solver base: what a person does in Chromium, as ``computer_use`` turns.

Every plan works through the address bar (chrome://bookmarks/?id=<folder>, chrome://settings/
<page>), the bookmark manager's menus and dialogs, the settings pages' controls and the GTK
file dialogs, at the places a 1280x800 screen shows them (the layouts are Chromium's own and
fixed for its build; waits cover slow renders). It reads nothing but the window title and,
for a download, the home's files; at the end it closes the browser, which writes Bookmarks,
Preferences and History at once instead of seconds later.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import TYPE_CHECKING, Any, ClassVar

from cuagym.core import TaskConfig
from cuagym.families._family import family_rng
from cuagym.families._gui_oracle import OracleStuck, PlannedOracle, answer, call, key

if TYPE_CHECKING:
    from cuagym.families.browser._base import BrowserFamily

__all__ = ["BrowserOracle", "folder_ids"]

#: the bookmark manager: the Organize menu (top right) and its items, the list's rows
ORGANIZE = (1247, 148)
ADD_BOOKMARK = (1183, 211)
ADD_FOLDER = (1171, 247)
ROW_X, ROW_Y, ROW_H = 450, 228, 40
ROW_MENU_X = 1219
#: an empty part of the manager's list: a click there leaves the search box
LIST_BLANK = (760, 720)


def folder_ids(world: dict[str, Any]) -> dict[str, str]:
    """Each folder's id as setup numbers the nodes (``_write_profile``: depth first from 4,
    the bar's then Other bookmarks'), by path (``bar/Reading``); Chromium keeps the ids."""
    ids = {"bar": "1", "other": "2"}
    count = [4]

    def walk(nodes: list[dict[str, Any]], where: str) -> None:
        for node in nodes:
            mine = str(count[0])
            count[0] += 1
            if "children" in node:
                ids[f"{where}/{node['name']}"] = mine
                walk(node["children"], f"{where}/{node['name']}")

    walk(world["bookmarks"]["bar"], "bar")
    walk(world["bookmarks"]["other"], "other")
    return ids


class BrowserOracle(PlannedOracle):
    """A browser task's GUI solver: helpers over Chromium's pages and dialogs."""

    patience_s: ClassVar[float] = 45.0

    def __init__(self, task: TaskConfig, family: BrowserFamily) -> None:
        super().__init__(task)
        self.world = family.build(self.p, family_rng(task, "world"))
        self.ids = folder_ids(self.world)

    async def go(self, url: str, title: str, settle_s: float = 1.5) -> AsyncIterator[str]:
        """Open ``url`` from the address bar; wait for a title containing ``title``."""
        yield answer(
            f"open {url} from the address bar.",
            key("ctrl", "l"),
            call("wait", time=0.5),
            call("type", text=url + "\n"),
        )
        async for turn in self.until_title(lambda t: title in t, url):
            yield turn
        yield answer("let the page finish rendering.", call("wait", time=settle_s))

    async def manager_on(self, path: str) -> AsyncIterator[str]:
        """The bookmark manager on the folder at ``path`` (``bar/Reading``)."""
        async for turn in self.go(f"chrome://bookmarks/?id={self.ids[path]}", "Bookmarks"):
            yield turn

    async def organize(self, item: tuple[int, int], what: str) -> AsyncIterator[str]:
        """An item of the manager's Organize menu (its dialog then has the input focus)."""
        yield answer("open the Organize menu.", call("left_click", coordinate=list(ORGANIZE)),
                     call("wait", time=0.8))  # fmt: skip
        yield answer(f"choose {what}.", call("left_click", coordinate=list(item)),
                     call("wait", time=1.0))  # fmt: skip

    @staticmethod
    def row(i: int) -> list[int]:
        return [ROW_X, ROW_Y + ROW_H * i]

    async def until_gone(self, what: str) -> AsyncIterator[str]:
        async for turn in self.until_title(lambda t: "Chromium" not in t, what):
            yield turn

    async def close_browser(self) -> AsyncIterator[str]:
        """Close the window (the browser exits and writes its profile)."""
        yield answer("wait for the bookmarks to be saved.", call("wait", time=3.0))
        yield answer("close the browser window.", key("ctrl", "shift", "w"))
        async for turn in self.until_gone("the browser to close"):
            yield turn

    async def wait_for_file(self, path: str) -> AsyncIterator[str]:
        for _ in range(int(self.patience_s / self.poll_s)):
            if await self.read_file(path) is not None:
                return
            yield answer(f"wait for {path}.", call("wait", time=self.poll_s))
        raise OracleStuck(f"{path} never appeared")
