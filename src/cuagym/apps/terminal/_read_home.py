"""The read block of every terminal ``reward.py``: the whole home before and after.

Script text, read by :func:`cuagym.scripts.inlined` and never imported: it becomes the first
statements of the reward's ``main`` (a home that cannot be read scores 0). It leaves ``start``
(the initial home), ``before`` / ``after`` (:func:`home_state` of each: every entry, hidden
ones included, as (kind, sha256 or link target, permission bits)) and ``changes`` (the paths
whose entry differs: content, kind, link target or mode) for the family's checks.
"""

from cuagym.apps.terminal._reward_lib import home_state
from cuagym.scripts._home import HOME, initial_home

# -- inlined into reward.py --
start = initial_home()
before = home_state(start)  # the home as setup left it
after = home_state(HOME)
changes = sorted(p for p in before.keys() | after.keys() if before.get(p) != after.get(p))
