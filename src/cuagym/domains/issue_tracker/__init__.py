"""issue-tracker: a mock project issue tracker (projects, sprints, board, backlog, issues).

The domain's SKILL.md (beside this file) documents the state layout and the task scripts;
``taxonomy.yaml`` is its feature tree and ``_families`` its procedural task families.
"""

from __future__ import annotations

from pathlib import Path

from cuagym.domains._registry import Domain
from cuagym.domains.issue_tracker._app import IssueTracker
from cuagym.domains.issue_tracker._families import FAMILIES
from cuagym.domains.issue_tracker._schema import IssueTrackerState
from cuagym.domains.issue_tracker._seed import build_seed

__all__ = ["IssueTracker", "IssueTrackerState", "build_seed", "domain"]

domain = Domain(
    id="issue-tracker",
    title="Issue Tracker",
    platform="web",
    skill_file=Path(__file__).with_name("SKILL.md"),
    web_app=IssueTracker(),
    taxonomy_file=Path(__file__).with_name("taxonomy.yaml"),
    families=FAMILIES,
)
