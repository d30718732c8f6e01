"""What the reward checks of travel's cross-app families have in scope: the shared stand-ins,
the travel site's reward library, and the other app's half of the read block (the mailbox's
``minit``/``mdiff``, or the chat's ``cinit``/``ccur``/``cdiff``/``cme``)."""

# ruff: noqa: F403
from typing import Any

from cuagym.apps.travel.reward_lib import *
from cuagym.scripts.check_scope import *

minit: Any = None
mdiff: Any = None
cinit: Any = None
ccur: Any = None
cdiff: Any = None
cme: str = ""
