"""The browser reward library on the host: profile readers, the bookmark plan and its guard."""

from __future__ import annotations

import json
from pathlib import Path

from cuagym.apps.browser._reward_lib import (
    SETTINGS,
    app_bookkeeping,
    bookmarks_of,
    marks_off,
    planned_marks,
    settings_of,
    settings_off,
)


def profile(home: Path, bar: list[dict[str, object]], prefs: dict[str, object]) -> str:
    folder = home / ".config/chromium-task/Default"
    folder.mkdir(parents=True)
    roots = {"bookmark_bar": {"type": "folder", "name": "Bookmarks bar", "children": bar},
             "other": {"type": "folder", "children": []}}  # fmt: skip
    (folder / "Bookmarks").write_text(json.dumps({"roots": roots, "checksum": "x"}))
    (folder / "Preferences").write_text(json.dumps(prefs))
    return str(home)


READING = {"type": "folder", "name": "Reading", "id": "5", "guid": "g",
           "children": [{"type": "url", "name": "A", "url": "u:a", "id": "6"}]}  # fmt: skip


def test_bookmarks_are_entries_without_bookkeeping(tmp_path: Path) -> None:
    home = profile(tmp_path, [READING, {"type": "url", "name": "B", "url": "u:b"}], {})
    assert bookmarks_of(home) == [("bar", "B", "u:b"), ("bar", "Reading", None),
                                  ("bar/Reading", "A", "u:a")]  # fmt: skip
    assert bookmarks_of(str(tmp_path / "nowhere")) == []


def test_settings_fill_chromium_defaults(tmp_path: Path) -> None:
    home = profile(tmp_path, [], {"download": {"prompt_for_download": True}})
    got = settings_of(home)
    assert got["download.prompt_for_download"] is True
    assert got["homepage_is_newtabpage"] is SETTINGS["homepage_is_newtabpage"] is True
    assert settings_off(got, {**got, "homepage": "x"}) == ["homepage"]
    assert settings_off(got, {**got, "homepage": "x"}, ["homepage"]) == []


def test_the_guard_allows_progress_and_catches_strays() -> None:
    before = [("bar", "Reading", None), ("bar/Reading", "A", "u:a"), ("bar/Reading", "B", "u:b")]
    plan = planned_marks(before, adds=[("bar/Reading", "Sub", None)],
                         moves=[("bar/Reading", "A", "bar/Reading/Sub")])  # fmt: skip
    assert ("bar/Reading/Sub", "A", "u:a") in plan and ("bar/Reading", "A", "u:a") not in plan
    assert marks_off(before, before, plan) == []  # nothing done yet: not an error
    assert marks_off(plan, before, plan) == []
    stray = [*plan, ("bar", "Sub", None)]
    assert marks_off(stray, before, plan) == ["+bar/Sub/"]
    lost = [e for e in plan if e[1] != "B"]
    assert marks_off(lost, before, plan) == ["-bar/Reading/B <u:b>"]
    renamed = planned_marks(before, renames=[("bar", "Reading", "Later")])
    assert ("bar/Later", "A", "u:a") in renamed


def test_app_bookkeeping_files() -> None:
    assert app_bookkeeping("Downloads/.org.chromium.Chromium.AbC123")
    assert app_bookkeeping("Documents/.~lock.memo.docx#")
    assert not app_bookkeeping("Reports/report.csv")


def test_only_the_browsers_own_layout_passes() -> None:
    from cuagym.apps.browser._reward_lib import layout_problems, node_problems

    chromium = '{\n   "roots": {\n      "synced": {\n         "children": [  ],\n         "id": "3"'
    chromium += '\n      }, {\n         "x": [ {\n         } ]\n      }\n   }\n}\n'
    assert layout_problems(chromium, True) == []
    assert layout_problems(chromium.replace('"id": "3"', '"id":"3"'), True)
    assert layout_problems(chromium.replace("\n   ", "\n    ", 1), True)
    assert layout_problems('{"a":[1,"b c"]}', False) == []
    assert layout_problems('{"a": [1]}', False) == ["line 1: whitespace ' '"]
    node = {"id": "4", "name": "A", "type": "url", "url": "u", "date_added": "1"}
    assert node_problems({"roots": {"bookmark_bar": {**node, "type": "folder"}}}) == []
    assert node_problems({"roots": {"other": {**node, "ID": "4"}}}) == ["A: key ID"]
    assert node_problems({"roots": {"other": {**node, "date_added": "1 2"}}}) == ["A: date_added"]


def test_a_mangled_preference_key_is_found() -> None:
    from cuagym.apps.browser._reward_lib import spaced_keys

    prefs = {"download": {"prompt_for_down load": False, "default_directory": "/a b"}}
    assert spaced_keys(prefs) == ["'prompt_for_down load'"]
    assert spaced_keys({"download": {"prompt_for_download": False}}) == []
