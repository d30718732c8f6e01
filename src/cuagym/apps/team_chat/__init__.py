"""team-chat: a mock workspace chat app (channels, DMs, threads, reactions) on the cuagym hub.

The app's SKILL.md (beside this file) documents the state layout and the task scripts;
taxonomy.yaml is its feature tree, and its task families live in ``cuagym.families``.
"""

from __future__ import annotations

from pathlib import Path

from cuagym.apps._registry import AppSpec, Release
from cuagym.apps.team_chat._app import TeamChat
from cuagym.apps.team_chat._schema import EMOJI, TeamChatState
from cuagym.apps.team_chat._seed import build_seed

__all__ = ["EMOJI", "TeamChat", "TeamChatState", "app", "build_seed"]

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
