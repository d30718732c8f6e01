"""issue-tracker: a mock project issue tracker (projects, sprints, board, backlog, issues).

The app's SKILL.md (beside this file) documents the state layout and the task scripts;
``taxonomy.yaml`` is its feature tree and its task families live in ``cuagym.families``.
"""

from __future__ import annotations

from pathlib import Path

from cuagym.apps._registry import AppSpec, Release
from cuagym.apps.issue_tracker import edits
from cuagym.apps.issue_tracker._app import IssueTracker
from cuagym.apps.issue_tracker._invariants import check_invariants
from cuagym.apps.issue_tracker._ops import category
from cuagym.apps.issue_tracker._schema import IssueTrackerState
from cuagym.apps.issue_tracker._seed import CURRENT_USER, build_seed

# The public surface (DESIGN.md §11): the spec, the state model and its rules, the seed a
# family starts from, a reader (a status's category) and ``edits`` (the UI's own state edits,
# for golden states).
__all__ = [
    "CURRENT_USER",
    "IssueTracker",
    "IssueTrackerState",
    "app",
    "build_seed",
    "category",
    "check_invariants",
    "edits",
]

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
