"""The read block of every calc ``reward.py``: the workbook, and its views before and after.

Script text, read by :func:`cuagym.scripts.inlined` and never imported: it becomes the first
statements of the reward's ``main`` (a workbook that cannot be read, or a runner that gave no
initial home, scores 0). It leaves ``wb`` (the workbook with its formulas), ``vals`` (the cached
values LibreOffice saved), ``start`` (the initial home) and ``before`` / ``after`` (the
workbook's comparable views in the initial home and now) for the family's checks.
"""

import openpyxl  # type: ignore[import-untyped, unused-ignore]

from cuagym.scripts._home import initial_home, initial_path, office_view
from cuagym.scripts._reward_names import P

# -- inlined into reward.py --
wb = openpyxl.load_workbook(P["path"])
vals = openpyxl.load_workbook(P["path"], data_only=True)
start = initial_home()
before = office_view(initial_path(P["path"]))
after = office_view(P["path"])
