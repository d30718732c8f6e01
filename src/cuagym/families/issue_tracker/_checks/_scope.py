"""What the reward checks of the issue-tracker families have in scope: the shared stand-ins
(:mod:`cuagym.scripts.check_scope`), the task's ``PARAMS`` and the functions of
:data:`cuagym.families.issue_tracker._common.TRACKER_HELPERS` inlined before ``main``."""

# ruff: noqa: F403
from typing import Any

from cuagym.scripts.check_scope import *

#: the task's params (the script's module constant)
PARAMS: Any = None
#: ``TRACKER_HELPERS``' functions: ids by display name, status or sprint name; done-ness; text
user_named: Any = None
status_named: Any = None
sprint_named: Any = None
is_done: Any = None
exact: Any = None
