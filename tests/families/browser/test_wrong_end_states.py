"""Wrong end states of every browser family score below 1.0, and for the stated reason.

Each case is a plausible end state of a policy — mostly the gold state followed by a small
edit of the profile (a duplicate bookmark, a wrong name or folder, a collateral setting), some
from the initial state. It runs for real (setup, the ``initial`` snapshot, the scripts, the
reward in a sandbox) and must score < 1.0 with the named check failing.
"""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass
from typing import Any

import pytest

from cuagym.domains import load_domain
from tests.families.desktop_harness import score_end_states

domain = load_domain("browser")

pytestmark = pytest.mark.slow

_EDIT = """
import json, os, shutil
P = json.loads({params!r})
PROF = "/home/user/.config/chromium-task/Default"
with open(PROF + "/Bookmarks") as fh:
    marks = json.load(fh)
with open(PROF + "/Preferences") as fh:
    prefs = json.load(fh)
def folder(path):
    first, *rest = path.split("/")
    node = marks["roots"][{{"bar": "bookmark_bar", "other": "other"}}[first]]
    for name in rest:
        node = next(c for c in node["children"] if "children" in c and c["name"] == name)
    return node
def item(path, name):
    return next(c for c in folder(path)["children"] if c["name"] == name)
def add(path, name, url=None):
    node = {{"id": str(900 + len(str(marks))), "name": name, "date_added": "0"}}
    node.update({{"type": "url", "url": url}} if url else {{"type": "folder", "children": []}})
    folder(path)["children"].append(node)
def take(path, name):
    node = item(path, name)
    folder(path)["children"].remove(node)
    return node
os.chdir("/home/user")
{body}
with open(PROF + "/Bookmarks", "w") as fh:
    json.dump(marks, fh, indent=3)
with open(PROF + "/Preferences", "w") as fh:
    json.dump(prefs, fh, separators=(",", ":"), sort_keys=True)
"""


def edit(body: str) -> Any:
    """A change script: ``body`` edits ``marks`` / ``prefs`` (or the home) with ``P``."""
    return lambda p: _EDIT.format(params=json.dumps(p), body=body)


@dataclass(frozen=True)
class Case:
    family: str
    seed: int
    why: str
    script: Any
    fails: str
    from_gold: bool = True


URL = '"file:///home/user/" + {}'
CASES = [
    Case("bookmark-pages", 0, "a page bookmarked twice", edit(
        'pg = P["pages"][0]\nadd("bar/" + P["folder"], pg["name"], '
        + URL.format('pg["path"]') + ")"),
        "bookmarks_as_planned"),
    Case("bookmark-pages", 1, "the pages went to Other bookmarks", edit(
        'for pg in P["pages"]:\n    add("other", pg["name"], ' + URL.format('pg["path"]') + ")"),
        "page_1_bookmarked", from_gold=False),
    Case("bookmark-pages", 2, "a neighbour in the folder deleted", edit(
        'f = folder("bar/" + P["folder"])\nf["children"].pop(0)'), "bookmarks_as_planned"),
    Case("rename-bookmarks", 0, "renamed and moved to Other bookmarks", edit(
        'r = P["renames"][0]\nfolder("other")["children"].append(take("bar/" + P["folder"], '
        'r["new"]))'), "bookmarks_as_planned"),
    Case("rename-bookmarks", 1, "new bookmarks made, the old ones kept", edit(
        'for r in P["renames"]:\n    add("bar/" + P["folder"], r["new"], item("bar/" + P["folder"],'
        ' r["old"])["url"])'), "renamed_1", from_gold=False),
    Case("rename-bookmarks", 2, "the home button turned on too", edit(
        'prefs.setdefault("browser", {})["show_home_button"] = True'), "settings_unchanged"),
    Case("file-reading-by-topic", 0, "an article of another topic filed too", edit(
        'sub = "bar/Reading/" + P["subfolder"]\nother = [c for c in '
        'folder("bar/Reading")["children"] if "url" in c][0]\n'
        'folder(sub)["children"].append(take("bar/Reading", other["name"]))'),
        "bookmarks_as_planned"),
    Case("file-reading-by-topic", 1, "the subfolder made on the bar, not in Reading", edit(
        'node = take("bar/Reading", P["subfolder"])\nfolder("bar")["children"].append(node)'),
        "bookmarks_as_planned"),
    Case("file-reading-by-topic", 2, "the folder made, nothing filed", edit(
        'add("bar/Reading", P["subfolder"])'), "topic_filed", from_gold=False),
    Case("set-startup-pages", 0, "pages listed but the last session restored", edit(
        'prefs["session"]["restore_on_startup"] = 1'), "opens_specific_pages"),
    Case("set-startup-pages", 1, "a page of another section added too", edit(
        'prefs["session"]["startup_urls"].append("file:///home/user/intranet/canteen.html")'),
        "the_three_pages"),
    Case("set-startup-pages", 2, "the home page changed on the way", edit(
        'prefs["homepage"] = prefs["session"]["startup_urls"][0]'), "other_settings_unchanged"),
    Case("set-home-page", 0, "the home page set, the button still hidden", edit(
        'prefs["browser"]["show_home_button"] = False'), "home_button_shown"),
    Case("set-home-page", 1, "the button opens the New Tab page", edit(
        'prefs["homepage_is_newtabpage"] = True'), "home_page_set"),
    Case("set-home-page", 2, "the front page bookmark removed", edit(
        'take("bar", "Intranet")'), "bookmarks_unchanged"),
    Case("download-settings", 0, "a folder of the same name under Downloads", edit(
        'prefs["download"]["default_directory"] = "/home/user/Downloads/" + P["folder"]'),
        "download_folder"),
    Case("download-settings", 1, "the folder set, asking still off", edit(
        'prefs["download"]["prompt_for_download"] = False'), "asks_where_to_save"),
    Case("download-settings", 2, "the bookmarks bar hidden too", edit(
        'prefs["bookmark_bar"]["show_on_all_tabs"] = False'), "other_settings_unchanged"),
    Case("save-newest-report", 0, "the oldest report saved", edit(
        'old = min(P["reports"], key=lambda r: r["date"])["file"]\nos.makedirs(P["folder"], '
        'exist_ok=True)\nshutil.copy("intranet/files/" + old, P["folder"] + "/" + old)'),
        "newest_saved", from_gold=False),
    Case("save-newest-report", 1, "saved into ~/Downloads", edit(
        'new = max(P["reports"], key=lambda r: r["date"])["file"]\nshutil.copy("intranet/files/"'
        ' + new, "Downloads/" + new)'), "nothing_else_saved", from_gold=False),
    Case("save-newest-report", 2, "every report saved", edit(
        'for r in P["reports"]:\n    shutil.copy("intranet/files/" + r["file"], P["folder"] + "/"'
        ' + r["file"])'), "nothing_else_saved"),
    Case("download-folder-from-sheet", 0, "another team's folder", edit(
        'prefs["download"]["default_directory"] = "/home/user/Teams/" + ("Finance" if P["team"] '
        '!= "Finance" else "Sales") + "/Incoming"'), "download_folder"),
    Case("download-folder-from-sheet", 1, "the ask choice the other way round", edit(
        'prefs["download"]["prompt_for_download"] = not P["ask"]'), "ask_as_the_sheet_says"),
    Case("download-folder-from-sheet", 2, "the sheet deleted", edit('os.remove(P["sheet"])'),
        "home_files_unchanged"),
    Case("bookmark-from-memo", 0, "the pages on the bar, no folder", edit(
        'for pg in P["pages"]:\n    add("bar", pg["name"], ' + URL.format('pg["path"]') + ")"),
        "folder_made", from_gold=False),
    Case("bookmark-from-memo", 1, "the folder in Other bookmarks", edit(
        'folder("other")["children"].append(take("bar", P["folder"]))'), "bookmarks_as_planned"),
    Case("bookmark-from-memo", 2, "the pages named after their titles", edit(
        'for c in folder("bar/" + P["folder"])["children"]:\n    c["name"] = c["name"].upper()'),
        "page_1_bookmarked"),
]  # fmt: skip


def test_every_family_has_three_wrong_end_states() -> None:
    for family in domain.families:
        assert sum(c.family == family.id for c in CASES) >= 3, family.id


@pytest.mark.parametrize("family", domain.families, ids=lambda f: f.id)
def test_wrong_end_states_score_below_one(family: Any) -> None:
    cases = [c for c in CASES if c.family == family.id]
    for seed in sorted({c.seed for c in cases}):
        mine = [c for c in cases if c.seed == seed]
        task = family.sample(seed)
        gold = family.generate(task).golden_patch
        states = [((gold,) if c.from_gold else ()) + (c.script(task.params),) for c in mine]
        outputs = asyncio.run(score_end_states(family, seed, states))
        for case, out in zip(mine, outputs, strict=True):
            failed = {c.name for c in out.checks if not c.passed}
            assert out.reward is not None and out.reward < 1.0, (case.why, out.checks)
            assert case.fails in failed, (case.why, failed)
