"""The statements of the browser domain's ``initial_setup.py``: the intranet and the profile.

Script text, read by :func:`cuagym.scripts.inlined`: ``HOME``, ``PROFILE`` (the browser's
user-data folder) and ``WORLD`` (:data:`cuagym.apps.browser.World`) are the script's constants,
written before this text (empty here). It writes the pages and files of the home, then the
profile as Chromium keeps it (a file with ``paragraphs`` is a Word memo, one with ``rows`` a
workbook, for the cross-app tasks): ``Default/Bookmarks`` (JSON: three roots, ids in order, no
checksum — Chromium accepts a file without one and adds it on its next save) and
``Default/Preferences`` (JSON, the settings' dotted keys nested), with a ``Local State`` that
marks the first run done.
"""

import json
import os
from typing import Any

HOME = "/home/user"
PROFILE = "/home/user/.config/chromium-task"
WORLD: dict[str, Any] = {}

# -- inlined into reward.py --
# 2025-03-01 in Chromium's clock (microseconds since 1601), a minute apart per bookmark.
STAMP = 13385203200000000
for folder in WORLD["dirs"]:
    os.makedirs(os.path.join(HOME, folder), exist_ok=True)
for item in WORLD["pages"] + WORLD["files"]:
    path = os.path.join(HOME, item["path"])
    os.makedirs(os.path.dirname(path), exist_ok=True)
    if "paragraphs" in item:  # a memo another app opens: python-docx
        import docx

        memo = docx.Document()
        for line in item["paragraphs"]:
            memo.add_paragraph(line)
        memo.save(path)
    elif "rows" in item:  # a sheet another app opens: openpyxl
        import openpyxl  # type: ignore[import-untyped, unused-ignore]

        book = openpyxl.Workbook()
        for row in item["rows"]:
            book.active.append(row)
        book.save(path)
    else:
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(item.get("html", item.get("text", "")))
next_id = [4]


def node(spec: dict[str, Any]) -> dict[str, Any]:
    made: dict[str, Any] = {"id": str(next_id[0]), "name": spec["name"],
                            "date_added": str(STAMP + next_id[0] * 60000000)}  # fmt: skip
    next_id[0] += 1
    if "url" in spec:
        made.update(type="url", url=spec["url"])
    else:
        made.update(type="folder", date_modified="0", children=[node(c) for c in spec["children"]])
    return made


def root(rid: str, name: str, children: list[dict[str, Any]]) -> dict[str, Any]:
    return {"id": rid, "name": name, "type": "folder", "date_added": str(STAMP),
            "date_modified": "0", "children": [node(c) for c in children]}  # fmt: skip


marks = WORLD["bookmarks"]
roots = {
    "bookmark_bar": root("1", "Bookmarks bar", marks["bar"]),
    "other": root("2", "Other bookmarks", marks["other"]),
    "synced": root("3", "Mobile bookmarks", []),
}
prefs: dict[str, Any] = {}
for dotted, value in WORLD["settings"].items():
    *parents, last = dotted.split(".")
    here = prefs
    for part in parents:
        here = here.setdefault(part, {})
    here[last] = value
os.makedirs(os.path.join(PROFILE, "Default"), exist_ok=True)
with open(os.path.join(PROFILE, "Default", "Bookmarks"), "w", encoding="utf-8") as fh:
    json.dump({"roots": roots, "version": 1}, fh, indent=3)
with open(os.path.join(PROFILE, "Default", "Preferences"), "w", encoding="utf-8") as fh:
    json.dump(prefs, fh, separators=(",", ":"), sort_keys=True)  # compact, as Chromium writes
with open(os.path.join(PROFILE, "Local State"), "w", encoding="utf-8") as fh:
    json.dump({"browser": {"has_seen_welcome_page": True}}, fh)
print(len(WORLD["pages"]), "pages and a profile written")
