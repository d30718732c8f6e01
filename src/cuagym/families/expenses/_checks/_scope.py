"""What the reward checks of the expenses families have in scope: the shared stand-ins
(:mod:`cuagym.scripts.check_scope`), the app's reward library."""

# ruff: noqa: F403
from cuagym.apps.expenses.reward_lib import *
from cuagym.scripts.check_scope import *
