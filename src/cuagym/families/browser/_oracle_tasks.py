"""Each browser family's GUI solver (``ORACLES``: family id -> oracle class)."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from typing import TYPE_CHECKING

from cuagym.apps.browser import ARTICLES, page_url
from cuagym.core import Policy, TaskConfig
from cuagym.families._gui_oracle import answer, call, key
from cuagym.families.browser._oracle import (
    ADD_BOOKMARK,
    ADD_FOLDER,
    LIST_BLANK,
    ROW_H,
    ROW_MENU_X,
    ROW_Y,
    BrowserOracle,
)

if TYPE_CHECKING:
    from cuagym.families.browser._base import BrowserFamily

__all__ = ["ORACLES"]

#: chrome://settings controls (1280x800, Chromium's layout)
STARTUP_SPECIFIC = (381, 380)
ADD_PAGE_LINK = (459, 432)
STARTUP_PAGE_H = 49
HOME_TOGGLE = (999, 455)
HOME_URL_FIELD = (590, 553)
DOWNLOAD_CHANGE = (973, 292)
DOWNLOAD_ASK = (999, 349)
FOLDER_SELECT = (1152, 772)
#: the GTK save dialog's Save button (where the folder chooser has Select)
SAVE_BUTTON = FOLDER_SELECT
#: the reports page's table: first link row and its height
REPORT_X, REPORT_Y, REPORT_H = 100, 283, 29


class BookmarkPagesOracle(BrowserOracle):
    """The manager on the folder; Organize > Add new bookmark per page (name, URL)."""

    async def plan(self) -> AsyncIterator[str]:
        async for turn in self.manager_on(f"bar/{self.p['folder']}"):
            yield turn
        async for turn in self.add_bookmarks(self.p["pages"]):
            yield turn
        async for turn in self.close_browser():
            yield turn

    async def add_bookmarks(self, pages: list[dict[str, str]]) -> AsyncIterator[str]:
        for page in pages:
            async for turn in self.organize(ADD_BOOKMARK, "Add new bookmark"):
                yield turn
            yield answer(
                f"name it {page['name']} and give its address.",
                call("type", text=page["name"]),
                key("tab"),
                call("type", text=page_url(page["path"])),
                key("enter"),
                call("wait", time=1.0),
            )


class RenameBookmarksOracle(BrowserOracle):
    """The manager on the folder; each row's menu > Edit, a new name."""

    async def plan(self) -> AsyncIterator[str]:
        async for turn in self.manager_on(f"bar/{self.p['folder']}"):
            yield turn
        for rename in self.p["renames"]:
            i = self.p["listed"].index(rename["old"])
            yield answer(
                f"open the menu of {rename['old']}.",
                call("left_click", coordinate=[ROW_MENU_X, ROW_Y + ROW_H * i]),
                call("wait", time=0.8),
            )
            yield answer("choose Edit.", key("enter"), call("wait", time=1.0))
            yield answer(
                f"rename it to {rename['new']}.",
                key("ctrl", "a"),
                call("type", text=rename["new"]),
                key("enter"),
                call("wait", time=1.0),
            )
        async for turn in self.close_browser():
            yield turn


class FileReadingOracle(BrowserOracle):
    """The manager on Reading: a new folder, the topic's rows selected with ctrl and cut,
    the new folder opened, the rows pasted into it."""

    async def plan(self) -> AsyncIterator[str]:
        async for turn in self.manager_on("bar/Reading"):
            yield turn
        async for turn in self.organize(ADD_FOLDER, "Add new folder"):
            yield turn
        yield answer(
            f"name the folder {self.p['subfolder']}.",
            call("type", text=self.p["subfolder"]),
            key("enter"),
            call("wait", time=1.0),
        )
        about = {title for _, title in ARTICLES[self.p["topic"]]}
        rows = [i for i, title in enumerate(self.p["reading"]) if title in about]
        yield answer(
            f"select the {self.p['topic'].lower()} bookmarks and cut them.",
            # A plain click first: the new folder is selected, and ctrl+click adds to that.
            call("left_click", coordinate=self.row(rows[0])),
            call("key_down", keys=["ctrl"]),
            *[call("left_click", coordinate=self.row(i)) for i in rows[1:]],
            call("key_up", keys=["ctrl"]),
            key("ctrl", "x"),
            call("wait", time=1.0),
        )
        left = len(self.p["reading"]) - len(rows)
        yield answer(
            f"open the folder {self.p['subfolder']}.",
            call("double_click", coordinate=self.row(left)),
            call("wait", time=1.5),
        )
        yield answer(
            "paste the bookmarks into it.",
            call("left_click", coordinate=list(LIST_BLANK)),
            key("ctrl", "v"),
            call("wait", time=1.0),
        )
        async for turn in self.close_browser():
            yield turn


class StartupPagesOracle(BrowserOracle):
    """Settings > On startup: "Open a specific page or set of pages", then each page through
    "Add a new page"."""

    async def plan(self) -> AsyncIterator[str]:
        async for turn in self.go("chrome://settings/onStartup", "On startup", 2.5):
            yield turn
        yield answer(
            "choose to open specific pages.",
            call("left_click", coordinate=list(STARTUP_SPECIFIC)),
            call("wait", time=1.0),
        )
        for k, page in enumerate(self.p["pages"]):
            x, y = ADD_PAGE_LINK
            yield answer(
                "add a new page.",
                call("left_click", coordinate=[x, y + STARTUP_PAGE_H * k]),
                call("wait", time=1.0),
            )
            yield answer(
                f"enter {page}.",
                call("type", text=page_url(page)),
                call("wait", time=0.5),
                key("enter"),
                call("wait", time=1.0),
            )
        async for turn in self.close_browser():
            yield turn


class HomePageOracle(BrowserOracle):
    """Settings > Appearance: the Show home button toggle, then the custom address."""

    async def plan(self) -> AsyncIterator[str]:
        async for turn in self.go("chrome://settings/appearance", "Appearance", 2.5):
            yield turn
        yield answer(
            "turn on the home button.",
            call("left_click", coordinate=list(HOME_TOGGLE)),
            call("wait", time=1.0),
        )
        yield answer(
            f"set its address to {self.p['page']}.",
            call("triple_click", coordinate=list(HOME_URL_FIELD)),
            key("ctrl", "a"),
            call("type", text=page_url(self.p["page"])),
            key("tab"),
            call("wait", time=1.0),
        )
        async for turn in self.close_browser():
            yield turn


class DownloadSettingsOracle(BrowserOracle):
    """Settings > Downloads: Change (a GTK folder chooser: the path typed, Select), then the
    "Ask where to save" toggle."""

    async def plan(self) -> AsyncIterator[str]:
        async for turn in self.choose_download_folder(self.p["folder"]):
            yield turn
        yield answer(
            "turn on asking where to save each file.",
            call("left_click", coordinate=list(DOWNLOAD_ASK)),
            call("wait", time=1.0),
        )
        async for turn in self.close_browser():
            yield turn

    async def choose_download_folder(self, folder: str) -> AsyncIterator[str]:
        async for turn in self.go("chrome://settings/downloads", "Downloads", 3.0):
            yield turn
        yield answer("change the location.", call("left_click", coordinate=list(DOWNLOAD_CHANGE)))
        async for turn in self.until_title(lambda t: "Settings" not in t, "the folder chooser"):
            yield turn
        yield answer(
            f"type ~/{folder} and select it.",
            call("wait", time=1.0),
            key("ctrl", "l"),
            call("type", text=f"/home/user/{folder}/"),
            call("wait", time=0.8),
            call("left_click", coordinate=list(FOLDER_SELECT)),
        )
        async for turn in self.until_title(lambda t: "Settings" in t, "the settings page"):
            yield turn
        yield answer("let the page update.", call("wait", time=1.0))


class SaveReportOracle(BrowserOracle):
    """The newest report's link: context menu > Save link as… (K), its full path typed."""

    async def plan(self) -> AsyncIterator[str]:
        newest = max(self.p["reports"], key=lambda r: r["date"])
        i = self.p["reports"].index(newest)
        target = f"/home/user/{self.p['folder']}/{newest['file']}"
        for _ in range(3):  # a right-click under load may open its menu after the key came
            yield answer(
                f"open the context menu of {newest['file']} and choose Save link as.",
                key("esc"),
                call("right_click", coordinate=[REPORT_X, REPORT_Y + REPORT_H * i]),
                call("wait", time=1.2),
                key("k"),
                call("wait", time=2.0),
            )
            if "Save" in await self.title():
                break
        async for turn in self.until_title(lambda t: "Save" in t, "the save dialog"):
            yield turn
        yield answer(
            f"save it as {target}.",
            call("wait", time=0.8),
            key("ctrl", "a"),
            call("type", text=target),
            call("wait", time=0.8),
            # The name field's completion popup takes a Return: the Save button does not.
            call("left_click", coordinate=list(SAVE_BUTTON)),
        )
        async for turn in self.wait_for_file(target):
            yield turn
        async for turn in self.close_browser():
            yield turn


ORACLES: dict[str, Callable[[TaskConfig, BrowserFamily], Policy]] = {
    "bookmark-pages": BookmarkPagesOracle,
    "rename-bookmarks": RenameBookmarksOracle,
    "file-reading-by-topic": FileReadingOracle,
    "set-startup-pages": StartupPagesOracle,
    "set-home-page": HomePageOracle,
    "download-settings": DownloadSettingsOracle,
    "save-newest-report": SaveReportOracle,
}
