"""The statements of the terminal domain's ``initial_setup.py``: write the home.

Script text, read by :func:`cuagym.scripts.inlined`: ``HOME``, ``DIRS`` (folders, made first)
and ``ENTRIES`` are the script's constants, written before this text (empty here). An entry is
``{"path", "text", "mode"?, "mtime"?}`` (a text file), ``{"path", "link"}`` (a symbolic link
to ``link``, relative or absolute, written as given) or ``{"path", "sheet", "mtime"?}`` (an
xlsx workbook: ``sheet`` is ``{"title", "rows"}``). Modes are octal text (``"644"``); files
without one get 644, so the start does not depend on the runner's umask.
"""

import datetime
import os
from typing import Any

import openpyxl  # type: ignore[import-untyped, unused-ignore]

HOME = "/home/user"
DIRS: list[str] = []
ENTRIES: list[dict[str, Any]] = []

# -- inlined into reward.py --
for folder in DIRS:
    os.makedirs(os.path.join(HOME, folder), exist_ok=True)
for entry in ENTRIES:
    path = os.path.join(HOME, entry["path"])
    os.makedirs(os.path.dirname(path), exist_ok=True)
    if "link" in entry:
        os.symlink(entry["link"], path)
        continue
    if "sheet" in entry:
        book = openpyxl.Workbook()
        sheet = book.active
        sheet.title = entry["sheet"]["title"]
        for row in entry["sheet"]["rows"]:
            sheet.append(row)
        book.save(path)
    else:
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(entry["text"])
    os.chmod(path, int(entry.get("mode", "644"), 8))
    stamp = datetime.datetime.fromisoformat(entry.get("mtime", "2025-05-02T09:00:00")).timestamp()
    os.utime(path, (stamp, stamp))
for folder in DIRS:
    os.chmod(os.path.join(HOME, folder), 0o755)
print(len(ENTRIES), "entries written")
