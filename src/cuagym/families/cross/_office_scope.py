"""What the reward checks of the office families (:mod:`._office`) have in scope: the shared
stand-ins (:mod:`cuagym.scripts.check_scope`), mail's reward library, the chat's helpers, and
the names their read blocks give each app's ``/go``. Nothing imports it at
run time (see :mod:`cuagym.scripts.check_scope`)."""

# ruff: noqa: F403
from typing import Any

from cuagym.apps.mail.reward_lib import *
from cuagym.scripts.check_scope import *

#: mail's ``/go`` and the owner's address (lower case)
minit: Any = None
mcur: Any = None
mdiff: Any = None
me_mail: str = ""
#: team-chat's ``/go`` and the signed-in user's id
cinit: Any = None
ccur: Any = None
cdiff: Any = None
me_chat: str = ""
#: issue-tracker's ``/go``
tinit: Any = None
tcur: Any = None
tdiff: Any = None
#: crm's ``/go`` (the task only reads it)
rinit: Any = None
rdiff: Any = None
#: the chat helpers (``CHAT_HELPERS``): a user's id by display name, text for finding
chat_uid: Any = None
norm: Any = None
