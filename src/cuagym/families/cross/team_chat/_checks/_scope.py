"""What the reward checks of the cross families homed in team-chat have in scope: the
chat-and-tracker names (:mod:`cuagym.families.cross.issue_tracker._checks._scope`) and, for
the workbook report, the chat's lookups, the home folder and the figure library."""

# ruff: noqa: F403
import os as os
from typing import Any

from cuagym.families.cross.issue_tracker._checks._scope import *
from cuagym.scripts._figures import figures_in as figures_in
from cuagym.scripts._figures import states_figure as states_figure
from cuagym.scripts._globs import uncovered as uncovered
from cuagym.scripts._home import HOME as HOME
from cuagym.scripts._home import tree as tree
from cuagym.scripts._home import tree_changes as tree_changes
from cuagym.scripts.check_scope import P as P

#: ``LOOKUPS``' user lookup (``norm`` and ``exact`` are the same functions as the tracker's)
uid: Any = None
#: the home folder as the task found it; the workbook (``openpyxl``) as the task found it
start: str = ""
book: Any = None
