"""Families over the browser's settings: the pages it opens at start, its home page and home
button, where downloads go and whether it asks."""

from __future__ import annotations

import random
from typing import Any, ClassVar

from cuagym.apps.browser import INTRANET, TEAM_PAGES, World, page, page_url, world
from cuagym.core import Difficulty, TaskConfig
from cuagym.families._family import TaskParams
from cuagym.families.browser._base import BrowserFamily, Op, quote

__all__ = ["SET_GUARDS", "DownloadSettings", "SetHomePage", "SetStartupPages"]

#: the guards of a settings family: only the settings in ``allowed`` changed, the bookmarks
#: and the home's visible files are as they were
SET_GUARDS = """
moved = settings_off(settings_before, settings, allowed)
checks.append(("other_settings_unchanged", 0, not moved, "changed: " + listing(moved)))
off = marks_off(marks, marks_before, marks_before)
checks.append(("bookmarks_unchanged", 0, not off, "changed: " + listing(off)))
checks.append(("home_files_unchanged", 0, not changes, "changed: " + listing(changes)))
checks.append(("profile_as_the_browser_writes_it", 0, not malformed,
               "not the browser's writing: " + listing(malformed)))
"""

_SECTIONS = ("Start your day", "Every morning", "Your daily tabs", "First thing each day")


class SetStartupParams(TaskParams):
    handbook: str
    section: str
    pages: list[str]


class SetStartupPages(BrowserFamily):
    id: ClassVar[str] = "set-startup-pages"
    difficulty: ClassVar[Difficulty] = "hard"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("settings", "startup", "specific-pages")
    params_type: ClassVar[type[TaskParams] | None] = SetStartupParams

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        section = rng.choice(_SECTIONS)
        slugs = rng.sample(sorted(TEAM_PAGES), 3)
        pages = [f"{INTRANET}/{s}.html" for s in slugs]
        handbook = f"{INTRANET}/handbook.html"
        instruction = rng.choice(
            [
                f"Make the browser open, every time it starts, exactly the three pages the "
                f"onboarding handbook (~/{handbook}) lists under {quote(section)}.",
                f"Set the startup pages: when the browser starts it should open the three "
                f"intranet pages listed in the {quote(section)} part of ~/{handbook}, and "
                "nothing else.",
                f"The handbook at ~/{handbook} recommends three pages under {quote(section)}. "
                "Configure the browser so that those three open on startup.",
                f"I want the pages from the {quote(section)} list of ~/{handbook} to open "
                "automatically whenever I launch the browser, instead of my last session.",
                f"Change what the browser does at launch: open the specific pages that "
                f"~/{handbook} names under {quote(section)} (all three, no others).",
            ]
        )
        return self.make_task(
            task_id,
            instruction,
            f"The browser shows the intranet's front page (home /home/user); it restores the "
            f"last session at start. ~/{handbook} lists under {quote(section)} the pages "
            + ", ".join(f"~/{p}" for p in pages)
            + "; its other sections list other pages.",
            handbook=handbook,
            section=section,
            pages=pages,
        )

    def build(self, p: dict[str, Any], rng: random.Random) -> World:
        wanted = [pg.split("/", 1)[1] for pg in p["pages"]]
        rest = [f"{s}.html" for s in sorted(TEAM_PAGES) if f"{s}.html" not in wanted]
        rng.shuffle(rest)
        titles = {f"{s}.html": t for s, t in TEAM_PAGES.items()}
        first = [(href, titles[href]) for href in rest[:3]]
        later = [(href, titles[href]) for href in rest[3:5]]
        handbook = page(
            p["handbook"],
            "Onboarding handbook",
            [
                "Welcome! This handbook collects what you need in your first weeks.",
                "<b>Your first week</b>: read these once.",
            ],
            first,
        )
        # The section the task names, then another one after it: links the task does not want.
        handbook["html"] = handbook["html"].replace(
            "</body>",
            f"<h2>{p['section']}</h2>\n<p>Open these pages at the start of every day:</p>\n<ul>\n"
            + "".join(f'<li><a href="{h}">{titles[h]}</a></li>\n' for h in wanted)
            + "</ul>\n<h2>Once a month</h2>\n<ul>\n"
            + "".join(f'<li><a href="{h}">{t}</a></li>\n' for h, t in later)
            + "</ul>\n</body>",
        )
        return world(rng, extra_pages=[handbook])

    def solve(self, p: dict[str, Any], world: World) -> list[Op]:
        return [
            ["set", "session.restore_on_startup", 4],
            ["set", "session.startup_urls", [page_url(pg) for pg in p["pages"]]],
        ]

    def checks(self, p: dict[str, Any]) -> str:
        return (
            """
allowed = ["session.restore_on_startup", "session.startup_urls"]
wanted = sorted("file:///home/user/" + pg for pg in P["pages"])
mode = settings["session.restore_on_startup"]
checks.append(("opens_specific_pages", 1, mode == 4, "restore_on_startup=" + str(mode)))
urls = settings["session.startup_urls"]
got = sorted(str(u).rstrip("/") for u in urls) if isinstance(urls, list) else []
checks.append(("the_three_pages", 2, got == wanted, "startup pages: " + listing(got)))
"""
            + SET_GUARDS
        )


class SetHomePageParams(TaskParams):
    page: str
    title: str


class SetHomePage(BrowserFamily):
    id: ClassVar[str] = "set-home-page"
    difficulty: ClassVar[Difficulty] = "easy"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("settings", "appearance", "home-button")
    params_type: ClassVar[type[TaskParams] | None] = SetHomePageParams

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        slug = rng.choice(sorted(TEAM_PAGES))
        target, title = f"{INTRANET}/{slug}.html", TEAM_PAGES[slug]
        instruction = rng.choice(
            [
                f"Show the Home button in the browser's toolbar and make it open the "
                f"{quote(title)} page (~/{target}).",
                f"I want a Home button next to the address bar that takes me to ~/{target} "
                f"({quote(title)}). Set that up.",
                f"Make ~/{target}, the {quote(title)} page, the browser's home page, and turn "
                "on the toolbar's Home button.",
                f"Turn on the Home button and point it at the intranet's {quote(title)} page "
                f"(~/{target}) instead of the front page.",
                f"Set the home page to ~/{target} ({quote(title)}) and have the Home button "
                "shown next to the address bar.",
            ]
        )
        return self.make_task(
            task_id,
            instruction,
            "The browser shows the intranet's front page (home /home/user). Its home page is "
            "that front page and the Home button is hidden.",
            page=target,
            title=title,
        )

    def build(self, p: dict[str, Any], rng: random.Random) -> World:
        return world(rng)

    def solve(self, p: dict[str, Any], world: World) -> list[Op]:
        return [
            ["set", "browser.show_home_button", True],
            ["set", "homepage_is_newtabpage", False],
            ["set", "homepage", page_url(p["page"])],
        ]

    def checks(self, p: dict[str, Any]) -> str:
        return (
            """
allowed = ["browser.show_home_button", "homepage_is_newtabpage", "homepage"]
shown = settings["browser.show_home_button"] is True
checks.append(("home_button_shown", 1, shown, "show_home_button=" + str(shown)))
url = "file:///home/user/" + P["page"]
home = str(settings["homepage"]).rstrip("/")
opens = home == url and settings["homepage_is_newtabpage"] is False
checks.append(("home_page_set", 2, opens, "home page: " + home))
"""
            + SET_GUARDS
        )


class DownloadSettingsParams(TaskParams):
    folder: str


class DownloadSettings(BrowserFamily):
    id: ClassVar[str] = "download-settings"
    difficulty: ClassVar[Difficulty] = "medium"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("settings", "downloads", "location-and-ask")
    params_type: ClassVar[type[TaskParams] | None] = DownloadSettingsParams

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        target = rng.choice(["Documents/Incoming", "Documents/Web", "Inbox", "Work/Downloads",
                             "Documents/Browser"])  # fmt: skip
        instruction = rng.choice(
            [
                f"Downloads should go to ~/{target} from now on, and the browser should ask "
                "me where to save each file before downloading.",
                f"Change the browser's download location to ~/{target} and turn on asking "
                "where to save every file.",
                f"Set up downloads: default folder ~/{target}, and a prompt for the location "
                "of each download.",
                f"Make the browser save downloads in ~/{target} (the folder exists) and always "
                "ask where to save a file first.",
                f"Point the browser's downloads at ~/{target} instead of ~/Downloads, and "
                "enable the question where to save each file.",
            ]
        )
        return self.make_task(
            task_id,
            instruction,
            f"The browser shows the intranet's front page (home /home/user). It saves "
            f"downloads to ~/Downloads without asking; ~/{target} exists and is empty.",
            folder=target,
        )

    def build(self, p: dict[str, Any], rng: random.Random) -> World:
        made = world(rng)
        made["dirs"].append(p["folder"])
        return made

    def solve(self, p: dict[str, Any], world: World) -> list[Op]:
        return [
            ["set", "download.default_directory", f"/home/user/{p['folder']}"],
            ["set", "download.prompt_for_download", True],
        ]

    def checks(self, p: dict[str, Any]) -> str:
        return (
            """
allowed = ["download.default_directory", "download.prompt_for_download"]
where = str(settings["download.default_directory"]).rstrip("/")
want = "/home/user/" + P["folder"]
checks.append(("download_folder", 2, where == want, "downloads go to " + where))
asks = settings["download.prompt_for_download"] is True
checks.append(("asks_where_to_save", 1, asks, "prompt_for_download=" + str(asks)))
"""
            + SET_GUARDS
        )
