"""What the reward checks of shop's cross-app families have in scope: the shared stand-ins,
the shop's reward library, and the mailbox's ``/go`` (``minit``, ``mdiff``)."""

# ruff: noqa: F403
from typing import Any

from cuagym.apps.shop.reward_lib import *
from cuagym.scripts.check_scope import *

minit: Any = None
mdiff: Any = None
