"""The read block of every image ``reward.py``: the home before and after.

Script text, read by :func:`cuagym.scripts.inlined` and never imported: it becomes the first
statements of the reward's ``main`` (a home that cannot be read scores 0). It leaves ``start``
(the initial home's root), ``before`` / ``after`` (path -> (kind, sha256 or link target)) and
``changes`` (the paths that differ), and ``state`` (the three together, as the library's
functions take them) for the family's checks, which open images through the
reward library (:mod:`._reward_lib`). Top-level hidden folders are not walked.
"""

from cuagym.scripts._home import HOME, initial_home, tree, tree_changes

# -- inlined into reward.py --
start = initial_home()
before = tree(start)
after = tree(HOME)
changes = tree_changes(before, after, start, HOME)
state = {"start": start, "before": before, "after": after}
