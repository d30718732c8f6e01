"""Families over the bookmarks: add pages to a folder, rename bookmarks, file a reading list by
topic into a new subfolder."""

from __future__ import annotations

import random
from typing import Any, ClassVar

from cuagym.apps.browser import ARTICLES, INTRANET, TEAM_PAGES, World, folder, link, page_url, world
from cuagym.core import Difficulty, TaskConfig
from cuagym.families._family import TaskParams
from cuagym.families.browser._base import BrowserFamily, Op, quote

__all__ = ["GUARDS", "SHORT_NAMES", "BookmarkPages", "FileReadingByTopic", "RenameBookmarks"]

#: slug -> the short name a person gives the page's bookmark
SHORT_NAMES: dict[str, str] = {
    "expenses": "Expenses", "helpdesk": "Helpdesk", "holidays": "Holidays",
    "org-chart": "People", "travel": "Travel", "benefits": "Benefits",
    "security": "Security rules", "office-map": "Map", "onboarding": "Onboarding",
    "releases": "Releases", "status": "Status", "style-guide": "Brand",
    "payroll": "Payroll", "parking": "Parking", "canteen": "Lunch",
}  # fmt: skip
_FOLDERS = ("Team", "Work", "Daily", "Office", "Company")

#: the guards every bookmarks family ends with: the bookmarks match the plan (``plan``), the
#: home's visible files and the settings are as they were
GUARDS = """
off = marks_off(marks, marks_before, plan)
checks.append(("bookmarks_as_planned", 0, not off, "unplanned: " + listing(off)))
checks.append(("home_files_unchanged", 0, not changes, "changed: " + listing(changes)))
moved = settings_off(settings_before, settings)
checks.append(("settings_unchanged", 0, not moved, "changed: " + listing(moved)))
checks.append(("profile_as_the_browser_writes_it", 0, not malformed,
               "not the browser's writing: " + listing(malformed)))
"""


def _team_url(slug: str) -> str:
    return page_url(f"{INTRANET}/{slug}.html")


class BookmarkPagesParams(TaskParams):
    folder: str
    pages: list[dict[str, str]]


class BookmarkPages(BrowserFamily):
    id: ClassVar[str] = "bookmark-pages"
    difficulty: ClassVar[Difficulty] = "easy"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("bookmarks", "add", "into-folder")
    params_type: ClassVar[type[TaskParams] | None] = BookmarkPagesParams

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        target = rng.choice(_FOLDERS)
        slugs = rng.sample(sorted(TEAM_PAGES), 6)
        pages = [
            {"path": f"{INTRANET}/{s}.html", "name": SHORT_NAMES[s]}
            for s in slugs[: rng.randint(2, 3)]
        ]
        wanted = ", ".join(f"~/{p['path']} as {quote(p['name'])}" for p in pages)
        instruction = rng.choice(
            [
                f"Bookmark these intranet pages in the {quote(target)} folder on the bookmarks "
                f"bar, with these names: {wanted}.",
                f"Add bookmarks for {wanted} to my {quote(target)} bookmarks folder (it is on "
                "the bookmarks bar). Use exactly those names.",
                f"I keep work pages in the {quote(target)} folder of the bookmarks bar. Put "
                f"{wanted} there as new bookmarks, named as I wrote.",
                f"Save {wanted} as bookmarks inside the bookmarks-bar folder {quote(target)}; "
                "each bookmark gets the name given.",
                f"In the browser, bookmark {wanted}. They belong in the {quote(target)} folder "
                "on the bookmarks bar and should carry those names.",
            ]
        )
        return self.make_task(
            task_id,
            instruction,
            f"The browser shows the intranet's front page (~/intranet/index.html, home "
            f"/home/user). The bookmarks bar has a folder {quote(target)} with two other "
            "intranet pages; the pages to bookmark are not bookmarked anywhere yet.",
            folder=target,
            pages=pages,
        )

    def build(self, p: dict[str, Any], rng: random.Random) -> World:
        taken = {page["path"].rsplit("/", 1)[-1][:-5] for page in p["pages"]}
        rest = [s for s in sorted(TEAM_PAGES) if s not in taken]
        rng.shuffle(rest)
        inside = [link(TEAM_PAGES[s], _team_url(s)) for s in rest[:2]]
        bar = [link("Intranet", page_url(f"{INTRANET}/index.html")), folder(p["folder"], inside),
               link(TEAM_PAGES[rest[2]], _team_url(rest[2]))]  # fmt: skip
        other = [link(TEAM_PAGES[s], _team_url(s)) for s in rest[3:5]]
        return world(rng, bar, other)

    def solve(self, p: dict[str, Any], world: World) -> list[Op]:
        return [
            ["add", f"bar/{p['folder']}", pg["name"], page_url(pg["path"])] for pg in p["pages"]
        ]

    def checks(self, p: dict[str, Any]) -> str:
        return (
            """
where = "bar/" + P["folder"]
adds = [(where, pg["name"], "file:///home/user/" + pg["path"]) for pg in P["pages"]]
plan = planned_marks(marks_before, adds=adds)
for i, pg in enumerate(P["pages"]):
    url = "file:///home/user/" + pg["path"]
    got = [name for folder, name, u in marks if folder == where and u == url]
    checks.append(("page_%d_bookmarked" % (i + 1), 1, got == [pg["name"]],
                   pg["path"] + " in " + where + ": " + listing(got)))
"""
            + GUARDS
        )


class RenameBookmarksParams(TaskParams):
    folder: str
    renames: list[dict[str, str]]
    listed: list[str]


class RenameBookmarks(BrowserFamily):
    id: ClassVar[str] = "rename-bookmarks"
    difficulty: ClassVar[Difficulty] = "medium"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("bookmarks", "edit", "rename")
    params_type: ClassVar[type[TaskParams] | None] = RenameBookmarksParams

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        target = rng.choice(_FOLDERS)
        slugs = rng.sample(sorted(TEAM_PAGES), 5)
        renames = [
            {"old": TEAM_PAGES[s], "new": SHORT_NAMES[s]} for s in slugs[: rng.randint(2, 3)]
        ]
        told = "; ".join(f"{quote(r['old'])} to {quote(r['new'])}" for r in renames)
        listed = ", ".join(quote(TEAM_PAGES[s]) for s in slugs)
        instruction = rng.choice(
            [
                f"The bookmark names in my {quote(target)} folder on the bookmarks bar are too "
                f"long. Rename {told}.",
                f"Rename these bookmarks in the {quote(target)} bookmarks-bar folder: {told}. "
                "Keep them where they are.",
                f"Shorten some bookmark names in the {quote(target)} folder of the bookmarks "
                f"bar: {told}.",
                f"In the bookmarks bar's {quote(target)} folder, change the bookmark names "
                f"{told}; nothing else about them changes.",
                f"Give these bookmarks of the {quote(target)} folder (bookmarks bar) shorter "
                f"names: {told}.",
            ]
        )
        return self.make_task(
            task_id,
            instruction,
            f"The browser shows the intranet's front page (home /home/user). The bookmarks "
            f"bar's folder {quote(target)} holds five bookmarks named after their pages: "
            f"{listed}.",
            folder=target,
            renames=renames,
            listed=[TEAM_PAGES[s] for s in slugs],
        )

    def build(self, p: dict[str, Any], rng: random.Random) -> World:
        by_title = {title: slug for slug, title in TEAM_PAGES.items()}
        inside = [link(t, _team_url(by_title[t])) for t in p["listed"]]
        rest = [s for s in sorted(TEAM_PAGES) if TEAM_PAGES[s] not in p["listed"]]
        bar = [link("Intranet", page_url(f"{INTRANET}/index.html")), folder(p["folder"], inside)]
        other = [link(TEAM_PAGES[s], _team_url(s)) for s in rng.sample(rest, 2)]
        return world(rng, bar, other)

    def solve(self, p: dict[str, Any], world: World) -> list[Op]:
        return [["rename", f"bar/{p['folder']}", r["old"], r["new"]] for r in p["renames"]]

    def checks(self, p: dict[str, Any]) -> str:
        return (
            """
where = "bar/" + P["folder"]
plan = planned_marks(marks_before, renames=[(where, r["old"], r["new"]) for r in P["renames"]])
here = named(marks, where)
was = named(marks_before, where)
for i, r in enumerate(P["renames"]):
    done = here.get(r["new"]) == was.get(r["old"]) and r["old"] not in here
    checks.append(("renamed_%d" % (i + 1), 1, done, r["old"] + " -> " + r["new"]))
"""
            + GUARDS
        )


class FileReadingParams(TaskParams):
    topic: str
    subfolder: str
    reading: list[str]


class FileReadingByTopic(BrowserFamily):
    id: ClassVar[str] = "file-reading-by-topic"
    difficulty: ClassVar[Difficulty] = "hard"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("bookmarks", "organize", "subfolder-by-topic")
    params_type: ClassVar[type[TaskParams] | None] = FileReadingParams

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        topic = rng.choice(sorted(ARTICLES))
        subfolder = rng.choice([topic, f"{topic} reads", f"{topic} articles"])
        reading = [title for _, title in ARTICLES[topic][: rng.randint(3, 4)]]
        for other in sorted(ARTICLES):
            if other != topic:
                reading += [title for _, title in rng.sample(ARTICLES[other], 2)]
        rng.shuffle(reading)
        instruction = rng.choice(
            [
                f"My {quote('Reading')} bookmarks folder is a mess. Make a subfolder "
                f"{quote(subfolder)} inside it and move every bookmark there that is about "
                f"{topic.lower()}; the others stay in Reading.",
                f"Create a folder {quote(subfolder)} within the {quote('Reading')} folder on "
                f"the bookmarks bar and file all the {topic.lower()} articles of Reading into "
                "it. Leave the rest where it is.",
                f"Sort the {topic.lower()} bookmarks out of {quote('Reading')} (bookmarks bar) "
                f"into a new subfolder of it called {quote(subfolder)}.",
                f"Everything in my {quote('Reading')} bookmarks that deals with "
                f"{topic.lower()} should live in a new subfolder {quote(subfolder)} of Reading. "
                "Set that up; the other bookmarks stay put.",
                f"Group the reading list by topic, starting with {topic.lower()}: a new folder "
                f"{quote(subfolder)} inside {quote('Reading')} holding every {topic.lower()} "
                "bookmark from Reading.",
            ]
        )
        return self.make_task(
            task_id,
            instruction,
            "The browser shows the intranet's front page (home /home/user). The bookmarks "
            "bar has a Reading folder of articles on several topics: "
            + "; ".join(quote(t) for t in reading)
            + ". It has no subfolders yet.",
            topic=topic,
            subfolder=subfolder,
            reading=reading,
        )

    def build(self, p: dict[str, Any], rng: random.Random) -> World:
        urls = {
            title: page_url(f"{INTRANET}/reading/{slug}.html")
            for items in ARTICLES.values()
            for slug, title in items
        }
        team = rng.sample(sorted(TEAM_PAGES), 3)
        bar = [link("Intranet", page_url(f"{INTRANET}/index.html")),
               folder("Reading", [link(t, urls[t]) for t in p["reading"]]),
               link(TEAM_PAGES[team[0]], _team_url(team[0]))]  # fmt: skip
        other = [link(TEAM_PAGES[s], _team_url(s)) for s in team[1:]]
        return world(rng, bar, other)

    def solve(self, p: dict[str, Any], world: World) -> list[Op]:
        about = {title for _, title in ARTICLES[p["topic"]]}
        target = f"bar/Reading/{p['subfolder']}"
        ops: list[Op] = [["mkdir", target]]
        ops += [["move", "bar/Reading", t, target] for t in p["reading"] if t in about]
        return ops

    def checks(self, p: dict[str, Any]) -> str:
        about = sorted(t for _, t in ARTICLES[p["topic"]] if t in p["reading"])
        return (
            f"""
about = {about!r}
target = "bar/Reading/" + P["subfolder"]
moves = [("bar/Reading", t, target) for t in about]
plan = planned_marks(marks_before, adds=[("bar/Reading", P["subfolder"], None)], moves=moves)
made = ("bar/Reading", P["subfolder"], None) in marks
checks.append(("subfolder_made", 1, made, "a folder " + P["subfolder"] + " in Reading"))
inside = named(marks, target)
left = named(marks, "bar/Reading")
filed = [t for t in about if t in inside and t not in left]
checks.append(("topic_filed", 2, filed == about, "%d of %d filed" % (len(filed), len(about))))
stray = sorted(set(inside) - set(about))
checks.append(("only_the_topic", 1, made and not stray, "also filed: " + listing(stray)))
"""
            + GUARDS
        )
