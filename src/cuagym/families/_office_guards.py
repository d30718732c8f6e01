"""The whole-home guard of every office reward: files outside the task's targets as setup left them.

Inlined after the desktop libraries (:data:`cuagym.scripts.DESKTOP_LIBRARIES`), whose functions
it uses.
"""

# mypy: allow-untyped-defs, allow-untyped-calls
# The text below the marker is pasted into task scripts as it is (their bytes are part of
# every generated task): untyped, hand-wrapped lines kept, so ruff's formatter stays off.
# fmt: off
from cuagym.scripts._globs import uncovered
from cuagym.scripts._home import HOME, initial_home, tree, tree_changes


# -- inlined into reward.py --
def is_lock_file(path):
    """LibreOffice's ".~lock.<name>#" beside a document it holds open: the app's, not the user's
    (the reward runs while the app still shows the document)."""
    name = path.rsplit("/", 1)[-1]
    return name.startswith(".~lock.") and name.endswith("#")


def home_strays(allowed):
    """Paths of the home added, removed or changed since setup that ``allowed`` (patterns over
    '/'-paths relative to the home) does not cover; an office file saved without edits and
    LibreOffice's lock files do not count."""
    start = initial_home()
    moved = tree_changes(tree(start), tree(HOME), start, HOME)
    return [p for p in uncovered(moved, allowed, "/") if not is_lock_file(p)]


def home_relative(path):
    return path[len(HOME) + 1 :] if path.startswith(HOME + "/") else path
