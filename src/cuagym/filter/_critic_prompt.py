"""What a critic is told: the rubric (system prompt) and the tuple's four elements.

The critic stands outside the information barrier by design: it reads the instruction and
context, initial_setup.py, golden_patch.py and reward.py together, so it can see what no role
could — a setup, patch and reward that agree with each other but not with the instruction.
"""

from __future__ import annotations

import hashlib
import json
from importlib import resources

from cuagym.core import Bundle

__all__ = ["CRITIC_SYSTEM", "PROMPT_VERSION", "critic_message", "elements_digest", "retry_message"]

# Bumped whenever the rubric or the message layout changes, so cached verdicts of an older
# prompt are not reused (the digest below includes it).
PROMPT_VERSION = "critic-1"

CRITIC_SYSTEM = (
    resources.files("cuagym.filter").joinpath("_critic_system.md").read_text(encoding="utf-8")
)


def _clip(text: str, max_chars: int) -> str:
    """``text`` within ``max_chars``: the head and the tail, with a note of what was left out
    (long setup scripts are mostly embedded data; the code is at both ends)."""
    if len(text) <= max_chars:
        return text
    keep = max(0, max_chars - 80)
    head, tail = text[: keep * 2 // 3], text[len(text) - keep // 3 :]
    return f"{head}\n[... {len(text) - len(head) - len(tail)} characters left out ...]\n{tail}"


def _task_view(bundle: Bundle) -> str:
    task = bundle.task.model_dump(mode="json")
    shown = {k: task[k] for k in ("task_id", "instruction", "context", "domain", "apps")}
    shown["difficulty"] = task["difficulty"]
    return json.dumps(shown, indent=2, ensure_ascii=False)


def critic_message(bundle: Bundle, max_chars: int = 60_000) -> str:
    """The user message: the four elements, each script within ``max_chars``."""
    parts = [
        "Audit this tuple and answer with the nine-field JSON verdict.",
        "\n## Task (instruction and context)\n```json\n" + _task_view(bundle) + "\n```",
    ]
    for name, text in (
        ("initial_setup.py", bundle.initial_setup),
        ("golden_patch.py", bundle.golden_patch),
        ("reward.py", bundle.reward),
    ):
        body = _clip(text, max_chars) if text is not None else "(missing)"
        parts.append(f"\n## {name}\n```python\n{body.rstrip()}\n```")
    return "\n".join(parts)


def retry_message(problems: str) -> str:
    """The one re-ask after a malformed answer: what was wrong, and the format again."""
    return (
        "Your answer is not a valid verdict:\n"
        f"{problems}\n"
        "Answer again with exactly one JSON object with the nine fields verdict, severity, "
        "can_fix_with_query_only, query_issues, setup_reward_risks, training_pool_fit, "
        "confidence, reasoning_summary, revised_query — and nothing else."
    )


def elements_digest(bundle: Bundle, critic: str, max_chars: int) -> str:
    """What a cached verdict was given: the four elements, the critic, the prompt version."""
    h = hashlib.sha256()
    for part in (PROMPT_VERSION, critic, str(max_chars), critic_message(bundle, max_chars)):
        h.update(part.encode("utf-8"))
        h.update(b"\0")
    return h.hexdigest()
