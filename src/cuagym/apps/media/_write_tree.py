"""The statements of the media domain's ``initial_setup.py``: write the folders and files.

Script text, read by :func:`cuagym.scripts.inlined`: ``HOME``, ``DIRS`` (empty folders) and
``FILES`` (media specs, see :mod:`._world`) are the script's constants, written before this text
(empty here), and :func:`~cuagym.apps.media._writers.media_bytes` is inlined above it.
"""

# mypy: disable-error-code="no-untyped-call"
# (media_bytes is pasted unannotated into setup scripts: see _writers)
import datetime
import os
from typing import Any

from cuagym.apps.media._writers import media_bytes

HOME = "/home/user"
DIRS: list[str] = []
FILES: list[dict[str, Any]] = []

# -- inlined into reward.py --
for folder in DIRS:
    os.makedirs(os.path.join(HOME, folder), exist_ok=True)
for spec in FILES:
    path = os.path.join(HOME, spec["path"])
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as fh:
        fh.write(media_bytes(spec))
    stamp = datetime.datetime.fromisoformat(spec["mtime"]).timestamp()
    os.utime(path, (stamp, stamp))
print(len(FILES), "files written")
