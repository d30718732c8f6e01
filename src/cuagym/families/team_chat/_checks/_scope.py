"""What the reward checks of the team-chat families have in scope: the shared stand-ins
(:mod:`cuagym.scripts.check_scope`), what the read block defines and the lookups
(:data:`cuagym.families.team_chat._base.LOOKUPS`) inlined before ``main``."""

# ruff: noqa: F403
from typing import Any

from cuagym.scripts.check_scope import *

#: the signed-in user's id (the read block's)
me: str = ""
#: ``LOOKUPS``' functions: a user's id by display name, text for finding, text as typed
uid: Any = None
norm: Any = None
exact: Any = None
