"""The Task-Gen prompt: what the llm backend asks a chat model for one slot."""

from __future__ import annotations

from collections.abc import Sequence

from cuagym.taskgen._categories import CATEGORY_TITLES, EdgeKind
from cuagym.taskgen._offers import Offer

__all__ = ["TASKGEN_SYSTEM", "taskgen_message"]

TASKGEN_SYSTEM = """\
You are Task-Gen. You write one task for training computer-use agents: an instruction t and a
context c. An agent will later try the instruction in a sandboxed desktop or web app, and a
program will check the end state, so the task must have exactly one correct end state.

Write the instruction as a goal, never as a method:
- no vague goals ("make the spreadsheet look nice", "format it properly", "clean up");
- no mechanical lists ("perform the following operations", numbered steps, cell-by-cell or
  click-by-click recipes, chains of "then ... then ...");
- no open-ended requests (free choices, "any name you like", "write a short story", questions);
- nothing infeasible (printing, phone calls, the internet, installing software, products
  other than the listed apps);
- no method: name no function ("use DSUM"), menu path ("Format > Cells"), dialog, button,
  click, key or shortcut. Say what must be true at the end, not how to get there.
Values the agent must type exactly (titles, messages, names) go in double quotes. The
instruction names concrete entities (files, sheets, people, channels, records) and states every
fact the end state depends on.

The context c says what the initial environment holds for the task to make sense (which
files, records, messages exist and anything about them the instruction relies on), without
giving away the answer. Use only the listed apps, in the given order.

Answer with one JSON object and nothing else:
{"instruction": "...", "context": "...", "apps": ["..."], "difficulty": "easy|medium|hard"}
"""

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
