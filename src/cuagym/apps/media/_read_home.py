"""The read block of every media ``reward.py``: the home before and after, and what changed.

Script text, read by :func:`cuagym.scripts.inlined` and never imported: the first statements of
the reward's ``main`` (a home that cannot be read scores 0). It leaves ``start`` (the initial
home), ``before`` / ``after`` (its tree and the home's now: path -> (kind, sha256 or link
target)), ``changes`` (the paths that differ; an office app's lock file beside a workbook
it has open is not one) and ``added`` (the new regular files) for the
family's checks. Top-level hidden folders are walked too: VLC keeps its settings outside the
home, so anything there is the agent's doing.
"""

from cuagym.scripts._home import HOME, initial_home, tree, tree_changes

added: list[str]

# -- inlined into reward.py --
start = initial_home()
before = tree(start)  # the home as setup left it: path -> (kind, sha256 / link target)
after = tree(HOME)
changes = [p for p in tree_changes(before, after) if not p.rsplit("/", 1)[-1].startswith(".~lock.")]
added = sorted(p for p in changes if p not in before and after.get(p, ("",))[0] == "file")
