"""What the reward checks of the code-host families have in scope: the shared stand-ins
(:mod:`cuagym.scripts.check_scope`), the app's reward library."""

# ruff: noqa: F403
from cuagym.apps.code_host.reward_lib import *
from cuagym.scripts.check_scope import *
