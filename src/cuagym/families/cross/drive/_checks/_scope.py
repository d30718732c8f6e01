"""What the reward checks of the drive cross families have in scope: the shared stand-ins
(:mod:`cuagym.scripts.check_scope`), the drive's reward library, the other app's read."""

# ruff: noqa: F403
from typing import Any

from cuagym.apps.drive.reward_lib import *
from cuagym.scripts.check_scope import *

#: the other app's /go as the read block binds it
minit: Any = None
mdiff: Any = None
cdiff: Any = None
