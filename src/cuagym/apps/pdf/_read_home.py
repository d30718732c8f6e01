"""The read block of every pdf ``reward.py``: the home before and after, and what changed.

Script text, read by :func:`cuagym.scripts.inlined` and never imported: it becomes the first
statements of the reward's ``main`` (a home that cannot be read scores 0). It leaves ``start``
(the initial home), ``before`` / ``after`` (path -> (kind, sha256 or link target)) and
``changes`` (the paths that differ); checks read PDFs with ``pdf_pages`` on ``start`` (the
source as setup wrote it) and ``HOME`` (what the user exported).
"""

from cuagym.scripts._home import HOME, initial_home, tree, tree_changes

# -- inlined into reward.py --
start = initial_home()
before = tree(start)
after = tree(HOME)
changes = tree_changes(before, after, start, HOME)
