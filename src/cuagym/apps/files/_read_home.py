"""The read block of every files ``reward.py``: the home before and after, and one walk.

Script text, read by :func:`cuagym.scripts.inlined` and never imported: it becomes the first
statements of the reward's ``main`` (a home that cannot be read scores 0). It leaves
``start`` (the initial home), ``before`` / ``after`` (its tree and the home's now: path ->
(kind, sha256 or link target)), ``changes`` (the paths that differ), ``files`` (path relative
to the home -> sha256, size, mtime, detected kind) and ``dirs`` for the family's checks.
Top-level hidden folders (trash, app settings) are not walked.
"""

import hashlib
import os
from typing import Any

from cuagym.apps.files._reward_lib import kind_of
from cuagym.scripts._home import HOME, initial_home, tree, tree_changes

# What the block leaves for the checks, typed here (the script's own lines carry no annotations).
files: dict[str, dict[str, Any]]
dirs: set[str]

# -- inlined into reward.py --
start = initial_home()
before = tree(start)  # the home as setup left it: path -> (kind, sha256 / link target)
after = tree(HOME)
changes = tree_changes(before, after, start, HOME)
files = {}  # path relative to HOME -> {"sha", "size", "mtime", "kind"}
dirs = set()
for root, dnames, fnames in os.walk(HOME):
    rel = os.path.relpath(root, HOME).replace(os.sep, "/")
    if rel == ".":
        rel = ""
        dnames[:] = [d for d in dnames if not d.startswith(".")]  # trash, app state
    for d in dnames:
        dirs.add(d if not rel else rel + "/" + d)
    for f in fnames:
        full = os.path.join(root, f)
        with open(full, "rb") as fh:
            data = fh.read()
        files[f if not rel else rel + "/" + f] = {
            "sha": hashlib.sha256(data).hexdigest(),
            "size": len(data),
            "mtime": os.stat(full).st_mtime,
            "kind": kind_of(data[:8]),
        }
