"""The read block of every code-editor ``reward.py``: the home before and after.

Script text, read by :func:`cuagym.scripts.inlined` and never imported: it becomes the first
statements of the reward's ``main`` (a home that cannot be read scores 0). It leaves ``start``
(the initial home), ``before`` / ``after`` (its tree and the home's now: path -> (kind,
sha256 or link target)) and ``changes`` (the paths that differ, an office app's lock file
beside an open workbook or document left out) for the family's checks, which read texts with
:func:`~cuagym.apps.code_editor._reward_lib.text_in`.
"""

from cuagym.apps.code_editor._reward_lib import is_lock_file
from cuagym.scripts._home import HOME, initial_home, tree, tree_changes

# -- inlined into reward.py --
start = initial_home()
before = tree(start)  # the home as setup left it: path -> (kind, sha256 / link target)
after = tree(HOME)
changes = [p for p in tree_changes(before, after, start, HOME) if not is_lock_file(p)]
