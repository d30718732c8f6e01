"""What the reward checks of the issue-tracker families have in scope: the shared stand-ins
(:mod:`cuagym.scripts.check_scope`), the task's ``PARAMS`` and the functions of
:data:`cuagym.families.issue_tracker._common.TRACKER_HELPERS` inlined before ``main``."""

from typing import Any

from cuagym.scripts.check_scope import cur as cur
from cuagym.scripts.check_scope import diff as diff
from cuagym.scripts.check_scope import diff_outside as diff_outside
from cuagym.scripts.check_scope import hub_state as hub_state
from cuagym.scripts.check_scope import init as init
from cuagym.scripts.check_scope import listing as listing
from cuagym.scripts.check_scope import records_changed as records_changed

#: ``(name, points, passed, detail)``: a detail may be the value a check read (the frame prints
#: it as text)
checks: list[tuple[str, int, bool, Any]] = []
#: the task's params (the script's module constant)
PARAMS: Any = None
#: ``TRACKER_HELPERS``' functions: ids by display name, status or sprint name; done-ness; text
user_named: Any = None
status_named: Any = None
sprint_named: Any = None
is_done: Any = None
exact: Any = None
