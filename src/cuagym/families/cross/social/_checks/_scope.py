"""What the reward checks of social's cross-app families have in scope: the shared stand-ins
(:mod:`cuagym.scripts.check_scope`), social's reward library and the other app's ``/go``."""

# ruff: noqa: F403
from typing import Any

from cuagym.apps.social.reward_lib import *
from cuagym.scripts.check_scope import *

#: the other app's ``/go`` (team chat or the issue tracker), which the task only reads
oinit: Any = None
odiff: Any = None
