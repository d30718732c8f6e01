"""What the reward checks of the mail families have in scope: the shared stand-ins
(:mod:`cuagym.scripts.check_scope`), the app's reward library and what its read block adds."""

# ruff: noqa: F403
from cuagym.apps.mail.reward_lib import *
from cuagym.scripts.check_scope import *

#: the account owner's address, lower case (mail's read block)
me: str = ""
