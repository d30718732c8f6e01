"""What the reward checks of code-host's cross families have in scope: the forge's reward
library and the shared stand-ins, plus the chat's half of the read block."""

# ruff: noqa: F403
from typing import Any

from cuagym.apps.code_host.reward_lib import *
from cuagym.scripts.check_scope import *

#: the chat's ``/go``: initial and current state and their diff; the signed-in chat user
cinit: Any = None
ccur: Any = None
cdiff: Any = None
cme: str = ""
