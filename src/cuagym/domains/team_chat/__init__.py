"""team-chat: a mock workspace chat app (channels, DMs, threads, reactions) on the cuagym hub.

The domain's SKILL.md (beside this file) documents the state layout and the task scripts;
taxonomy.yaml is its feature tree, and ``_families`` holds the procedural task families.
"""

from __future__ import annotations

from pathlib import Path

from cuagym.domains._registry import Domain
from cuagym.domains.team_chat._app import TeamChat
from cuagym.domains.team_chat._families import FAMILIES
from cuagym.domains.team_chat._schema import EMOJI, TeamChatState
from cuagym.domains.team_chat._seed import build_seed

__all__ = ["EMOJI", "FAMILIES", "TeamChat", "TeamChatState", "build_seed", "domain"]

domain = Domain(
    id="team-chat",
    title="Team Chat",
    platform="web",
    skill_file=Path(__file__).with_name("SKILL.md"),
    web_app=TeamChat(),
    taxonomy_file=Path(__file__).with_name("taxonomy.yaml"),
    families=FAMILIES,
)
