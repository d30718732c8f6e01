"""The statements of the browser domain's ``golden_patch.py``: edit the profile as the
browser's own dialogs would, with the browser closed.

Script text, read by :func:`cuagym.scripts.inlined`: ``HOME``, ``PROFILE`` and ``OPS`` are the
script's constants, written before this text (empty here). A folder is named by its path of
names below a root (``bar/Reading/Security``; roots ``bar`` and ``other``). Operations:

- ``["mkdir", folder]``: a new, empty folder at the end of its parent;
- ``["add", folder, name, url]``: a bookmark at the end of ``folder``;
- ``["move", folder, name, to]``: the first item named ``name`` of ``folder`` to the end of
  ``to``; ``["rename", folder, name, new]``; ``["delete", folder, name]``;
- ``["set", dotted key, value]``: a setting of ``Default/Preferences``;
- ``["copy", src, dst]``: a download: the bytes of a file of the home saved at ``dst``.

The Bookmarks file is written without its checksum (Chromium recomputes it), and the
encrypted copy newer Chromiums keep beside it is removed so that it cannot win over ours.
"""

import json
import os
import shutil
from typing import Any

HOME = "/home/user"
PROFILE = "/home/user/.config/chromium-task"
OPS: list[list[Any]] = []

# -- inlined into reward.py --
ROOT_KEYS = {"bar": "bookmark_bar", "other": "other"}
marks_path = os.path.join(PROFILE, "Default", "Bookmarks")
prefs_path = os.path.join(PROFILE, "Default", "Preferences")
with open(marks_path, encoding="utf-8") as fh:
    marks = json.load(fh)
with open(prefs_path, encoding="utf-8") as fh:
    prefs = json.load(fh)
marks.pop("checksum", None)
ids = [0]


def walk_ids(item: dict[str, Any]) -> None:
    ids[0] = max(ids[0], int(item.get("id", "0")))
    for child in item.get("children", []):
        walk_ids(child)


for top in marks["roots"].values():
    walk_ids(top)


def folder_at(path: str) -> dict[str, Any]:
    first, *rest = path.split("/")
    here: dict[str, Any] = marks["roots"][ROOT_KEYS[first]]
    for name in rest:
        here = next(c for c in here["children"] if c["type"] == "folder" and c["name"] == name)
    return here


def new_node(name: str, url: str | None) -> dict[str, Any]:
    ids[0] += 1
    made: dict[str, Any] = {"id": str(ids[0]), "name": name, "date_added": "13385300000000000"}
    if url is None:
        made.update(type="folder", date_modified="0", children=[])
    else:
        made.update(type="url", url=url)
    return made


def take(folder: dict[str, Any], name: str) -> dict[str, Any]:
    item: dict[str, Any] = next(c for c in folder["children"] if c["name"] == name)
    folder["children"].remove(item)
    return item


for op in OPS:
    kind = op[0]
    if kind == "mkdir":
        parent, _, name = op[1].rpartition("/")
        folder_at(parent)["children"].append(new_node(name, None))
    elif kind == "add":
        folder_at(op[1])["children"].append(new_node(op[2], op[3]))
    elif kind == "move":
        folder_at(op[3])["children"].append(take(folder_at(op[1]), op[2]))
    elif kind == "rename":
        next(c for c in folder_at(op[1])["children"] if c["name"] == op[2])["name"] = op[3]
    elif kind == "delete":
        take(folder_at(op[1]), op[2])
    elif kind == "set":
        *parents, last = op[1].split(".")
        here = prefs
        for part in parents:
            here = here.setdefault(part, {})
        here[last] = op[2]
    elif kind == "copy":
        dst = os.path.join(HOME, op[2])
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        shutil.copyfile(os.path.join(HOME, op[1]), dst)
    else:
        raise SystemExit("unknown op " + kind)
with open(marks_path, "w", encoding="utf-8") as fh:
    json.dump(marks, fh, indent=3)
with open(prefs_path, "w", encoding="utf-8") as fh:
    json.dump(prefs, fh, separators=(",", ":"), sort_keys=True)  # compact, as Chromium writes
encrypted = os.path.join(PROFILE, "Default", "EncryptedBookmarks2")
if os.path.exists(encrypted):
    os.remove(encrypted)
print(len(OPS), "profile edits")
