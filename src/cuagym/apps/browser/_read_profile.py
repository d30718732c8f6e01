"""The read block of every browser ``reward.py``: the profile and the home, before and after.

Script text, read by :func:`cuagym.scripts.inlined` and never imported: it becomes the first
statements of the reward's ``main`` (a state that cannot be read scores 0). It waits out a
running browser's pending writes, then leaves ``start`` (the initial home), ``marks_before`` /
``marks`` (:func:`~cuagym.apps.browser._reward_lib.bookmarks_of`), ``settings_before`` /
``settings`` (:func:`~cuagym.apps.browser._reward_lib.settings_of`), ``malformed`` (what of
the final profile files Chromium would not have written: ``profile_problems``), ``before`` /
``after`` (the home's visible trees) and ``changes`` (the paths that differ, but the running
apps' own temporary and lock files) for the family's checks. The profile itself is a hidden
folder: :func:`tree` leaves it out, the readers above cover it.
"""

from typing import Any

from cuagym.apps.browser._reward_lib import (
    Entry,
    app_bookkeeping,
    bookmarks_of,
    profile_problems,
    settings_of,
    wait_for_browser,
)
from cuagym.scripts._home import HOME, initial_home, tree, tree_changes

marks_before: list[Entry]
marks: list[Entry]
settings_before: dict[str, Any]
settings: dict[str, Any]
malformed: list[str]

# -- inlined into reward.py --
wait_for_browser(HOME)
start = initial_home()
marks_before = bookmarks_of(start)
marks = bookmarks_of(HOME)
settings_before = settings_of(start)
settings = settings_of(HOME)
malformed = profile_problems(HOME)
before = tree(start)
after = tree(HOME)
changes = [c for c in tree_changes(before, after, start, HOME) if not app_bookkeeping(c)]
