"""The role prompts: the spec's rules for the Generator and the Discriminator, as system prompts,
and the first user message (the task, the skill file, the last review).

The rules are the paper's (spec: roles, consensus conditions, forbidden patterns, REVIEW.md):
what each role must build, what it may and may not see, and how it is judged. The barrier
itself is enforced by the system; the prompt only tells the model where the walls are so it
does not waste turns on them.
"""

from __future__ import annotations

from importlib import resources

__all__ = ["DISCRIMINATOR_SYSTEM", "GENERATOR_SYSTEM", "ROLE_OUTPUTS", "first_message"]

ROLE_OUTPUTS: dict[str, tuple[str, ...]] = {
    "generator": ("initial_setup.py", "golden_patch.py"),
    "discriminator": ("reward.py", "REVIEW.md"),
}

_ENVIRONMENT = """\
## Where scripts run
Every script runs as `python3 SCRIPT` in a fresh environment (the paper's VM): a non-root user,
cwd `/home/user`, the environment's own Python (openpyxl, python-docx, python-pptx, pymupdf,
requests, ...), no network except the cuagym hub. For web apps the hub's app lives at
`$CUAGYM_HUB/<app_id>` for the session `$CUAGYM_SID` (also in `/home/user/.cuagym/sid`), bearer
`$CUAGYM_HUB_TOKEN`; SKILL.md documents the app's state and its API. SKILL.md is the domain's
reference: read its templates and, above all, its bitter lessons before writing code."""


def _role_prompt(filename: str) -> str:
    """A role's system prompt, kept as a text file beside this module, with the shared
    environment section put in its place."""
    text = resources.files("cuagym.synth").joinpath(filename).read_text(encoding="utf-8")
    return text.replace("{environment}", _ENVIRONMENT)


GENERATOR_SYSTEM = _role_prompt("_generator_system.md")

DISCRIMINATOR_SYSTEM = _role_prompt("_discriminator_system.md")


def first_message(role: str, round_: int, task_config: str, skill: str, review: str | None) -> str:
    """The opening user message: everything the role's workspace holds, inline."""
    parts = [
        f"Round {round_}. Your workspace holds task_config.json, SKILL.md"
        + (" and REVIEW.md (the last round's review)." if review is not None else "."),
        f"Write: {', '.join(ROLE_OUTPUTS[role])}.",
        "\n## task_config.json\n```json\n" + task_config.strip() + "\n```",
        "\n## SKILL.md\n" + (skill.strip() or "(empty)"),
    ]
    if review is not None:
        parts.append("\n## REVIEW.md (last round)\n" + review.strip())
    return "\n".join(parts)
