"""What the reward checks of the mail -> crm families have in scope: the shared stand-ins
(:mod:`cuagym.scripts.check_scope`), the app's reward library and what its read block adds."""

# ruff: noqa: F403
from typing import Any

from cuagym.apps.crm.reward_lib import *
from cuagym.scripts.check_scope import *

#: the mailbox's ``/go``, which the task only reads
minit: Any = None
mdiff: Any = None
