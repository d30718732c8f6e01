"""What the reward checks of the social families have in scope: the shared stand-ins
(:mod:`cuagym.scripts.check_scope`) and the app's reward library."""

# ruff: noqa: F403
from cuagym.apps.social.reward_lib import *
from cuagym.scripts.check_scope import *
