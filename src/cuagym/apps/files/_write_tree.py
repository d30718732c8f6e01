"""The statements of the files domain's ``initial_setup.py``: write the folders and files.

Script text, read by :func:`cuagym.scripts.inlined`: ``HOME``, ``DIRS`` (empty folders) and
``FILES`` (``{"path", "kind", "text", "mtime", "mode"?}``) are the script's constants, written
before this text (empty here), and :func:`~cuagym.apps.files._writers.content`
is inlined above it. Each file gets its content, its permission bits when the spec sets them,
and its modification time.
"""

# mypy: disable-error-code="no-untyped-call"
# (content is pasted unannotated into setup scripts: see _writers)
import datetime
import os
from typing import Any

from cuagym.apps.files._writers import content

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
        fh.write(content(spec))
    if "mode" in spec:  # permission bits in octal, e.g. "644"
        os.chmod(path, int(spec["mode"], 8))
    stamp = datetime.datetime.fromisoformat(spec["mtime"]).timestamp()
    os.utime(path, (stamp, stamp))
print(len(FILES), "files written")
