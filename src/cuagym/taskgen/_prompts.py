"""The Task-Gen prompt: what the llm backend asks a chat model for one slot."""

from __future__ import annotations

from collections.abc import Sequence
from importlib import resources

from cuagym.taskgen._categories import CATEGORY_TITLES, EdgeKind
from cuagym.taskgen._offers import Offer

__all__ = ["TASKGEN_SYSTEM", "taskgen_message"]

TASKGEN_SYSTEM = (
    resources.files("cuagym.taskgen").joinpath("_taskgen_system.md").read_text(encoding="utf-8")
)

_DIFFICULTY = {
    "easy": "easy: at most 3 atomic actions",
    "medium": "medium: 3 to 10 steps",
    "hard": "hard: needs long-horizon planning, many steps over several screens",
}
_EDGE = {
    "long-horizon": "an edge case beyond one-shot solving: a long task whose steps depend on "
    "what the agent finds along the way",
    "unusual-app-order": "an edge case in app order: the work starts in the first listed app "
    "and ends in the last, an order tasks rarely take",
    "rare-primitive": "an edge case whose natural solution needs a rare input primitive of "
    "this feature (a drag, a key chord or several windows) — without naming it",
}


def taskgen_message(
    offer: Offer,
    *,
    scenario_hint: str,
    skills: Sequence[tuple[str, str]],
    assets: Sequence[str],
    edge: EdgeKind | None,
    feedback: Sequence[str],
) -> str:
    """The user message for one slot: leaf, cell, skills, assets, and earlier rejections."""
    leaf = offer.leaf
    cell = offer.cell
    parts = [
        "Write one task for this cell of the sampling matrix.",
        f"Feature (taxonomy leaf): {' / '.join(leaf.full_path)}",
        f"  what it is: {leaf.node.description}",
        f"  UI elements: {', '.join(leaf.node.ui_elements or [])}",
        f"Apps, in use order: {', '.join(offer.apps)} "
        f"({'one app' if cell.task_type == 'single' else 'the task must use every one of them'})",
        f"Platform: {cell.platform}",
        f"Work category: {CATEGORY_TITLES[cell.category]}",
        f"Difficulty: {_DIFFICULTY[cell.difficulty]}",
        f"Scenario: {cell.scenario} ({scenario_hint})",
    ]
    if edge is not None:
        parts.append(f"Make it {_EDGE[edge]}.")
    if assets:
        parts.append("Asset files the environment can hold:\n" + "\n".join(
            f"- {a}" for a in assets))  # fmt: skip
    for name, text in skills:
        parts.append(f"--- SKILL.md of {name} ---\n{text.strip()}")
    if feedback:
        parts.append(
            "Your earlier drafts for this slot were rejected:\n"
            + "\n".join(f"- {f}" for f in feedback[-3:])
            + "\nDiversify: write a task that differs from those and from the tasks quoted "
            "above in its goal, its entities and its wording, while staying in this cell."
        )
    return "\n\n".join(parts)
