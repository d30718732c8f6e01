"""What a critic is told: the rubric (system prompt) and the tuple's four elements.

The critic stands outside the information barrier by design: it reads the instruction and
context, initial_setup.py, golden_patch.py and reward.py together, so it can see what no role
could — a setup, patch and reward that agree with each other but not with the instruction.
"""

from __future__ import annotations

import hashlib
import json

from cuagym.core import Bundle

__all__ = ["CRITIC_SYSTEM", "PROMPT_VERSION", "critic_message", "elements_digest", "retry_message"]

# Bumped whenever the rubric or the message layout changes, so cached verdicts of an older
# prompt are not reused (the digest below includes it).
PROMPT_VERSION = "critic-1"

CRITIC_SYSTEM = """\
You are a critic auditing one verified training tuple of a computer-use-agent dataset before it
is released. The tuple has four elements:

* the task: an instruction t (what the agent is told) and its context c (what the environment
  holds and why);
* initial_setup.py, which builds the state the agent starts from (s_init);
* golden_patch.py, which turns s_init into the state a perfect agent would leave (s_gold);
* reward.py, which scores the agent's final state in [0, 1] from state alone.

The tuple already passed automatic checks: the scripts run, r(s_gold) = 1, r(s_init) = 0, and
the reward is deterministic and free of hard-coded success. Those checks prove the elements are
consistent with each other; they do not prove that the instruction is unambiguous, that it
states everything an agent needs, that the golden state is what the instruction asks for, or
that the reward accepts every correct solution and rejects wrong ones. That is your job.

Judge, in this order:
1. The instruction: is it clear and complete for an agent that sees only it and the screen?
   Does it leave out context the reward depends on (names, values, formats, locations)? Is it
   harmfully ambiguous (two readings, only one of which the reward accepts)? Does it leak the
   procedure in a way that biases evaluation (dictating clicks instead of the goal)?
2. Setup and reward: does the golden state do what the instruction asks, and nothing the
   instruction does not? Would the reward accept other correct solutions (another UI path, an
   equivalent format) and reject wrong or partial ones? Are there environment defects (missing
   data, broken files) an agent cannot work around?
3. Training value: is this a realistic, non-trivial task worth training on?

Severity (P0 is the worst) and the verdict it usually implies:
* P0 — reject: a fatal defect of setup, reward or environment, or an inconsistency among the
  three elements that no rewrite of the instruction can fix.
* P1 — modify_query: the instruction lacks required context, is harmfully ambiguous, or leaks
  procedure in a way that biases evaluation; a rewritten instruction fixes it.
* P2 — keep or modify_query: a non-fatal quality issue; usable, but not ideal.
* P3 — keep: nothing meaningful beyond surface style.

Answer with exactly one JSON object and nothing else (no prose, no Markdown fence), with
exactly these nine fields:
{
  "verdict": "keep" | "modify_query" | "reject",
  "severity": "P0" | "P1" | "P2" | "P3",
  "can_fix_with_query_only": true | false,
  "query_issues": ["problems of the instruction itself", ...],
  "setup_reward_risks": ["risks on the setup, golden patch or reward side", ...],
  "training_pool_fit": true | false,
  "confidence": a number from 0 to 1,
  "reasoning_summary": "two or three sentences",
  "revised_query": "the full rewritten instruction" or null
}
revised_query is required (a complete instruction, not a diff) when the verdict is
modify_query; it must keep the task's goal and everything the reward checks, and add only what
the instruction needs. Otherwise it is null. Empty lists are fine where there is nothing to
report."""


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
