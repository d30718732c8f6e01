"""What the cross layer may build on from the team-chat families (DESIGN.md §11).

A cross-app family that has a chat half writes the chat's world and golden state with these:
the family base and its parameter reader, the reward's lookup lines, the chat's setup and
golden-patch scripts, and the chat oracle whose page helpers a cross oracle uses as a part.
"""

from __future__ import annotations

from cuagym.families.team_chat._base import (
    LOOKUPS,
    ChatFamily,
    ChatParams,
    params_of,
    quote,
    validate,
)
from cuagym.families.team_chat._messaging import pick_people
from cuagym.families.team_chat._oracle import THREAD, ChatOracle
from cuagym.families.team_chat._scripts import golden_script, patch_ops, setup_script

__all__ = [
    "LOOKUPS",
    "THREAD",
    "ChatFamily",
    "ChatOracle",
    "ChatParams",
    "golden_script",
    "params_of",
    "patch_ops",
    "pick_people",
    "quote",
    "setup_script",
    "validate",
]
