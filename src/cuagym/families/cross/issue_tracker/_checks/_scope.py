"""What the reward checks of the chat-and-tracker families have in scope: the tracker's
(:mod:`cuagym.families.issue_tracker._checks._scope`), the chat's state as the read block
names it and the functions of :data:`cuagym.families.cross._chat_tracker.CHAT_HELPERS`."""

# ruff: noqa: F403
import re as re  # what estimate-from-thread's reward imports
from typing import Any

from cuagym.families.issue_tracker._checks._scope import *

#: the chat's ``/go``: its initial and current state and their diff; the signed-in user's id
cinit: Any = None
ccur: Any = None
cdiff: Any = None
me: str = ""
#: ``CHAT_HELPERS``' functions: a chat user's id by display name, text for finding
chat_uid: Any = None
norm: Any = None
