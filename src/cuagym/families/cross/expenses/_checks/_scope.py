"""What the reward checks of expenses' cross-app families have in scope: the shared stand-ins,
the expense app's reward library, and the other app's ``/go`` (mail ``minit``/``mdiff``, chat
``cinit``/``ccur``/``cdiff``/``cme``, tracker ``tinit``/``tcur``/``tdiff``)."""

# ruff: noqa: F403
from typing import Any

from cuagym.apps.expenses.reward_lib import *
from cuagym.scripts.check_scope import *

minit: Any = None
mdiff: Any = None
cinit: Any = None
ccur: Any = None
cdiff: Any = None
cme: str = ""
tinit: Any = None
tcur: Any = None
tdiff: Any = None
