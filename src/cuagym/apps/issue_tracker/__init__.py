"""issue-tracker: a mock project issue tracker (projects, sprints, board, backlog, issues).

The app's SKILL.md (beside this file) documents the state layout and the task scripts;
``taxonomy.yaml`` is its feature tree and its task families live in ``cuagym.families``.
"""

from __future__ import annotations

from pathlib import Path

from cuagym.apps._registry import AppSpec, Release
from cuagym.apps.issue_tracker._app import IssueTracker
from cuagym.apps.issue_tracker._schema import IssueTrackerState
from cuagym.apps.issue_tracker._seed import build_seed

__all__ = ["IssueTracker", "IssueTrackerState", "app", "build_seed"]

app = AppSpec(
    app_id="issue-tracker",
    title="Issue Tracker",
    kind="web",
    skill_file=Path(__file__).with_name("SKILL.md"),
    web_app=IssueTracker(),
    taxonomy_file=Path(__file__).with_name("taxonomy.yaml"),
    category="Project management",
    paper_domain="Project Management",
    release=Release(generic_name="Issue Tracker"),
    surface="cuagym.apps.issue_tracker",
)
