"""A Writer memo lists intranet pages to bookmark into a new folder; a Calc sheet names the
team's download folder and whether the browser asks before saving."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator, Mapping
from typing import Any, ClassVar

from cuagym.apps.browser import INTRANET, TEAM_PAGES, World, page_url, world
from cuagym.core import Difficulty, Policy, StartWindow, TaskConfig
from cuagym.families._family import TaskParams
from cuagym.families._gui_oracle import answer, call
from cuagym.families.browser.kit import (
    ADD_BOOKMARK,
    ADD_FOLDER,
    DOWNLOAD_ASK,
    GUARDS,
    SET_GUARDS,
    SHORT_NAMES,
    BrowserFamily,
    BrowserOracle,
    DownloadSettingsOracle,
    Op,
    quote,
)

__all__ = ["BookmarkFromMemo", "DownloadFolderFromSheet"]

_PROJECTS = ("Atlas", "Harbor", "Nimbus", "Quarry", "Summit", "Beacon")
_TEAMS = ("Finance", "Design", "Support", "Platform", "Sales")


class BookmarkFromMemoParams(TaskParams):
    memo: str
    folder: str
    pages: list[dict[str, str]]


class BookmarkFromMemo(BrowserFamily):
    id: ClassVar[str] = "bookmark-from-memo"
    apps: ClassVar[tuple[str, ...]] = ("writer", "browser")
    difficulty: ClassVar[Difficulty] = "hard"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("bookmarks", "organize", "from-document")
    params_type: ClassVar[type[TaskParams] | None] = BookmarkFromMemoParams

    def start_windows(self, params: Mapping[str, Any]) -> list[StartWindow]:
        """The memo in Writer, then the browser on the intranet (on top: it changes)."""
        return [StartWindow(app="writer", path="/home/user/" + params["memo"]),
                StartWindow(app="browser", path=f"/home/user/{INTRANET}/index.html")]  # fmt: skip

    def oracle(self, task: TaskConfig) -> Policy | None:
        return MemoOracle(task, self)

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        project = rng.choice(_PROJECTS)
        memo = f"Documents/{project.lower()}-kickoff.docx"
        pages = [
            {"path": f"{INTRANET}/{s}.html", "name": SHORT_NAMES[s]}
            for s in rng.sample(sorted(TEAM_PAGES), 3)
        ]
        instruction = rng.choice(
            [
                f"The kickoff memo ~/{memo} lists the intranet pages the {project} team needs. "
                f"Bookmark each of them, under the name the memo gives, in a new folder "
                f"{quote(project)} on the bookmarks bar.",
                f"Make a bookmarks-bar folder {quote(project)} holding a bookmark for every "
                f"page listed in ~/{memo}, named as the memo names it.",
                f"Read ~/{memo} and set up the {project} bookmarks: a new folder "
                f"{quote(project)} on the bookmarks bar with the listed pages, using the "
                "memo's names.",
                f"Bookmark the pages from the memo ~/{memo} into a new {quote(project)} folder "
                "on the bookmarks bar; each bookmark takes the name written in the memo.",
                f"Put the intranet links of ~/{memo} on the bookmarks bar, inside a new folder "
                f"called {quote(project)}, with the memo's names for them.",
            ]
        )
        listed = "; ".join(f"{p['name']} - ~/{p['path']}" for p in pages)
        return self.make_task(
            task_id,
            instruction,
            f"Writer shows ~/{memo} (home /home/user), which lists these pages with their "
            f"names: {listed}. The browser shows the intranet's front page; its bookmarks bar "
            f"has no {quote(project)} folder and none of the pages is bookmarked.",
            memo=memo,
            folder=project,
            pages=pages,
        )

    def build(self, p: dict[str, Any], rng: random.Random) -> World:
        made = world(rng)
        taken = {page_url(pg["path"]) for pg in p["pages"]}
        for key in ("bar", "other"):
            made["bookmarks"][key] = [m for m in made["bookmarks"][key] if m["url"] not in taken]
        lines = [f"{p['folder']} kickoff - useful links", "Please bookmark these pages:"]
        lines += [f"{pg['name']}: file:///home/user/{pg['path']}" for pg in p["pages"]]
        lines.append("Questions to the project lead.")
        made["files"] = [{"path": p["memo"], "paragraphs": lines}]
        return made

    def solve(self, p: dict[str, Any], world: World) -> list[Op]:
        ops: list[Op] = [["mkdir", f"bar/{p['folder']}"]]
        ops += [["add", f"bar/{p['folder']}", pg["name"], page_url(pg["path"])]
                for pg in p["pages"]]  # fmt: skip
        return ops

    def checks(self, p: dict[str, Any]) -> str:
        return (
            """
where = "bar/" + P["folder"]
adds = [("bar", P["folder"], None)]
adds += [(where, pg["name"], "file:///home/user/" + pg["path"]) for pg in P["pages"]]
plan = planned_marks(marks_before, adds=adds)
made = ("bar", P["folder"], None) in marks
checks.append(("folder_made", 1, made, "a folder " + P["folder"] + " on the bookmarks bar"))
for i, pg in enumerate(P["pages"]):
    url = "file:///home/user/" + pg["path"]
    got = [name for folder, name, u in marks if folder == where and u == url]
    checks.append(("page_%d_bookmarked" % (i + 1), 1, got == [pg["name"]],
                   pg["path"] + " in " + where + ": " + listing(got)))
"""
            + GUARDS
        )


class MemoOracle(BrowserOracle):
    """The manager on the bar: Organize > Add new folder, the folder opened, then Organize >
    Add new bookmark per page of the memo."""

    async def plan(self) -> AsyncIterator[str]:
        async for turn in self.manager_on("bar"):
            yield turn
        async for turn in self.organize(ADD_FOLDER, "Add new folder"):
            yield turn
        yield answer(
            f"name it {self.p['folder']}.",
            call("type", text=self.p["folder"]),
            call("key", keys=["enter"]),
            call("wait", time=1.0),
        )
        last = len(self.world["bookmarks"]["bar"])
        yield answer(
            f"open the folder {self.p['folder']}.",
            call("double_click", coordinate=self.row(last)),
            call("wait", time=1.5),
        )
        for page in self.p["pages"]:
            async for turn in self.organize(ADD_BOOKMARK, "Add new bookmark"):
                yield turn
            yield answer(
                f"add {page['name']}.",
                call("type", text=page["name"]),
                call("key", keys=["tab"]),
                call("type", text=page_url(page["path"])),
                call("key", keys=["enter"]),
                call("wait", time=1.0),
            )
        async for turn in self.close_browser():
            yield turn


class DownloadFolderParams(TaskParams):
    sheet: str
    team: str
    folder: str
    ask: bool


class DownloadFolderFromSheet(BrowserFamily):
    id: ClassVar[str] = "download-folder-from-sheet"
    apps: ClassVar[tuple[str, ...]] = ("calc", "browser")
    difficulty: ClassVar[Difficulty] = "medium"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("settings", "downloads", "location-from-sheet")
    params_type: ClassVar[type[TaskParams] | None] = DownloadFolderParams

    def start_windows(self, params: Mapping[str, Any]) -> list[StartWindow]:
        """The sheet in Calc, then the browser (on top: it changes)."""
        return [StartWindow(app="calc", path="/home/user/" + params["sheet"]),
                StartWindow(app="browser", path=f"/home/user/{INTRANET}/index.html")]  # fmt: skip

    def oracle(self, task: TaskConfig) -> Policy | None:
        return SheetOracle(task, self)

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        team = rng.choice(_TEAMS)
        folder = f"Teams/{team}/Incoming"
        ask = rng.random() < 0.5
        sheet = "Documents/workstation-setup.xlsx"
        instruction = rng.choice(
            [
                f"Set up this browser for the {team} team as ~/{sheet} says: its download "
                "folder, and whether it asks where to save each file.",
                f"The workstation sheet ~/{sheet} has a row for the {team} team. Configure the "
                "browser's downloads to match that row (folder and the ask-before-saving "
                "choice).",
                f"Apply the {team} row of ~/{sheet} to the browser: download location and "
                "asking where to save.",
                f"Look up the {team} team in ~/{sheet} and make the browser's download "
                "settings (location, ask where to save) follow it.",
                f"Our team is {team}. Make the browser's downloads behave as the {team} line of "
                f"~/{sheet} prescribes.",
            ]
        )
        return self.make_task(
            task_id,
            instruction,
            f"Calc shows ~/{sheet} (home /home/user): per team a download folder and Yes/No "
            f"for asking where to save; the {team} row says ~/{folder} and "
            f"{'Yes' if ask else 'No'} (ask={ask}). The browser saves to ~/Downloads without "
            "asking; every team's folder exists.",
            sheet=sheet,
            team=team,
            folder=folder,
            ask=ask,
        )

    def build(self, p: dict[str, Any], rng: random.Random) -> World:
        made = world(rng)
        rows: list[list[str]] = [["Team", "Download folder", "Ask where to save"]]
        for team in _TEAMS:
            ask = p["ask"] if team == p["team"] else rng.choice([True, False])
            rows.append([team, f"~/Teams/{team}/Incoming", "Yes" if ask else "No"])
        made["files"] = [{"path": p["sheet"], "rows": rows}]
        made["dirs"] += [f"Teams/{team}/Incoming" for team in _TEAMS]
        return made

    def solve(self, p: dict[str, Any], world: World) -> list[Op]:
        ops: list[Op] = [["set", "download.default_directory", f"/home/user/{p['folder']}"]]
        if p["ask"]:
            ops.append(["set", "download.prompt_for_download", True])
        return ops

    def checks(self, p: dict[str, Any]) -> str:
        return (
            """
allowed = ["download.default_directory", "download.prompt_for_download"]
where = str(settings["download.default_directory"]).rstrip("/")
want = "/home/user/" + P["folder"]
checks.append(("download_folder", 2, where == want, "downloads go to " + where))
asks = settings["download.prompt_for_download"] is True
checks.append(("ask_as_the_sheet_says", 0, asks == P["ask"], "prompt_for_download=" + str(asks)))
"""
            + SET_GUARDS
        )


class SheetOracle(DownloadSettingsOracle):
    """Settings > Downloads: the folder the sheet names; the toggle only when it says Yes."""

    async def plan(self) -> AsyncIterator[str]:
        async for turn in self.choose_download_folder(self.p["folder"]):
            yield turn
        if self.p["ask"]:
            yield answer(
                "turn on asking where to save each file.",
                call("left_click", coordinate=list(DOWNLOAD_ASK)),
                call("wait", time=1.0),
            )
        async for turn in self.close_browser():
            yield turn
