"""team-chat: a mock workspace chat app (channels, DMs, threads, reactions) on the cuagym hub.

The app's SKILL.md (beside this file) documents the state layout and the task scripts;
taxonomy.yaml is its feature tree, and its task families live in ``cuagym.families``.
"""

from __future__ import annotations

from pathlib import Path

from cuagym.apps._registry import AppSpec, Release
from cuagym.apps.team_chat import edits
from cuagym.apps.team_chat._app import TeamChat
from cuagym.apps.team_chat._invariants import check_invariants
from cuagym.apps.team_chat._schema import EMOJI, TeamChatState
from cuagym.apps.team_chat._seed import build_seed
from cuagym.apps.team_chat._world import (
    ACTIVE_CHANNELS,
    ADMINS,
    DISPLAY,
    HANDLES,
    PERSONAS,
    State,
    add_message,
    base_world,
    channel_id,
    days_before_newest,
    ensure_member,
    finish,
    gold_now,
    uid_of,
)

# The public surface (DESIGN.md §11): the spec, the state model and its rules, the world
# builders a family starts from, and ``edits`` (the UI's own state edits, for golden states).
__all__ = [
    "ACTIVE_CHANNELS",
    "ADMINS",
    "DISPLAY",
    "EMOJI",
    "HANDLES",
    "PERSONAS",
    "State",
    "TeamChat",
    "TeamChatState",
    "add_message",
    "app",
    "base_world",
    "build_seed",
    "channel_id",
    "check_invariants",
    "days_before_newest",
    "edits",
    "ensure_member",
    "finish",
    "gold_now",
    "uid_of",
]

app = AppSpec(
    app_id="team-chat",
    title="Team Chat",
    kind="web",
    skill_file=Path(__file__).with_name("SKILL.md"),
    web_app=TeamChat(),
    taxonomy_file=Path(__file__).with_name("taxonomy.yaml"),
    category="Communication / messaging",
    paper_domain="Communication",
    release=Release(generic_name="Team Chat"),
    surface="cuagym.apps.team_chat",
)
