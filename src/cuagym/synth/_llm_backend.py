"""The ``llm`` role backend: a tool-calling agent loop over a chat model plays each role.

The loop runs in the orchestrator's process (the API key never enters a jail) and acts only
through the :class:`~cuagym.synth._backends.RoleSession`: it reads the workspace the
orchestrator filled (task_config.json, SKILL.md, REVIEW.md), writes the role's outputs *as the
role* inside its jail, and reaches V_init / V_gold only through the role's environment API,
whose rights and denial log are the barrier (see :mod:`cuagym.synth._llm_roles`). Token use and
cost (from the price table) are returned per role turn; the orchestrator sums them per tuple
and per batch.

    make_backend("llm", model="openai:Qwen/Qwen3-32B", base_url="http://gpu:8000/v1")
    make_backend("llm", model="anthropic:claude-sonnet-4", prices="prices.toml")
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

from cuagym.llm import AgentLoop, AgentResult, ChatClient, PriceTable, RetryPolicy, make_client
from cuagym.synth._backends import (
    PREVIOUS_REWARD,
    TEACHER_REVIEW,
    RoleBackend,
    RoleSession,
    RoleTurn,
)
from cuagym.synth._llm_prompts import DISCRIMINATOR_SYSTEM, GENERATOR_SYSTEM, first_message
from cuagym.synth._llm_roles import missing_outputs, role_tools
from cuagym.synth._synth_models import RoleUsage

__all__ = ["LlmBackend", "make_llm_backend"]

# Options make_backend passes to every backend that belong to the command backend.
_OTHER_BACKENDS = frozenset({"generator_cmd", "discriminator_cmd", "pass_env"})
# Reminders to write a missing output before the loop accepts that the model is done.
_MAX_REMINDERS = 2
# Leave the orchestrator time to read the outputs before its own role timeout fires.
_BUDGET_MARGIN_S = 5.0


class LlmBackend(RoleBackend):
    """Both roles played by one chat model (``openai:NAME`` or ``anthropic:NAME``)."""

    name = "llm"
    # The loop runs on the host and only copies files into the jail with /bin/cp: the jail
    # needs no Python package, so none is bound into it.
    needs_package = False

    def __init__(
        self,
        model: str,
        *,
        base_url: str | None = None,
        api_key_env: str | None = None,
        max_turns: int = 40,
        prices: PriceTable | str | Path | dict[str, Any] | None = None,
        time_budget_s: float | None = None,
        max_tokens: int = 8192,
        temperature: float | None = None,
        retry: RetryPolicy | None = None,
        client: ChatClient | None = None,
    ) -> None:
        if max_turns < 1:
            raise ValueError("max_turns must be at least 1")
        self.client = client or make_client(
            model, base_url=base_url, api_key_env=api_key_env, max_tokens=max_tokens,
            temperature=temperature, retry=retry,
        )  # fmt: skip
        self.base_url = base_url
        self.max_turns = max_turns
        self.time_budget_s = time_budget_s
        self.prices = _prices(prices)

    def describe(self) -> str:
        where = f" at {self.base_url}" if self.base_url else ""
        unknown = " (no price: cost reported as 0)" if self.prices.unknown(self.client.spec) else ""
        return f"llm ({self.client.spec}{where}, max {self.max_turns} turns){unknown}"

    async def aclose(self) -> None:
        """Close the model client's connections (call once, when the batch is over)."""
        await self.client.aclose()

    async def run_role(self, session: RoleSession) -> RoleTurn:
        role = session.role
        task_config = await session.read_file("task_config.json")
        if task_config is None:
            task_config = session.task.model_dump_json(indent=2)
        skill = await session.read_file("SKILL.md") or ""
        review = await session.read_file("REVIEW.md") if role == "generator" else None
        system = GENERATOR_SYSTEM if role == "generator" else DISCRIMINATOR_SYSTEM
        offered, hidden = role_tools(session)
        budget = min(self.time_budget_s or math.inf, session.timeout_s)
        loop = AgentLoop(
            self.client, prices=self.prices, max_turns=self.max_turns,
            time_budget_s=max(1.0, budget - _BUDGET_MARGIN_S),
        )  # fmt: skip
        reminders = 0

        async def on_idle() -> str | None:
            nonlocal reminders
            missing = await missing_outputs(session)
            if not missing or reminders >= _MAX_REMINDERS:
                return None
            reminders += 1
            them = "it" if len(missing) == 1 else "them"
            return (
                f"You have not written {' and '.join(missing)} yet. Write {them} with write_file."
            )

        message = first_message(role, session.round, task_config, skill, review)
        if role == "discriminator":
            message += await _teacher_review(session)
        result = await loop.run(
            system,
            message,
            offered,
            hidden=hidden,
            on_idle=on_idle,
        )
        missing = await missing_outputs(session)
        return _turn(result, str(self.client.spec), missing)


async def _teacher_review(session: RoleSession) -> str:
    """A refinement's extra inputs (the teacher's review and the reward it is about), inline;
    empty in an ordinary round."""
    teacher = await session.read_file(TEACHER_REVIEW)
    if teacher is None:
        return ""
    previous = await session.read_file(PREVIOUS_REWARD) or "(missing)"
    return (
        f"\n\n## {TEACHER_REVIEW} (teacher rollouts disagree with your reward)\n"
        f"{teacher.strip()}\n\n## {PREVIOUS_REWARD} (your reward that the review is about)\n"
        f"```python\n{previous.rstrip()}\n```\n\nThis tuple was accepted earlier; teacher "
        "rollouts now show that reward.py and an independent judge of the final screen "
        "disagree. Decide from the task, not from either score, what the reward gets wrong "
        "(too narrow: it fails correct solutions; too loose: it passes wrong ones) and write a "
        "corrected reward.py that still scores the golden state 1.0 and the initial state 0.0."
    )


def _turn(result: AgentResult, model: str, missing: list[str]) -> RoleTurn:
    usage = RoleUsage(
        tokens_in=result.usage.tokens_in, tokens_out=result.usage.tokens_out,
        cost_usd=round(result.cost_usd, 6), model=model,
    )  # fmt: skip
    required_missing = [m for m in missing if m != "REVIEW.md"]
    if result.stop == "time_budget":
        code = 124
    elif result.stop == "error" or required_missing:
        code = 1
    else:
        code = 0
    why = {"done": "the model finished", "max_turns": "max_turns reached",
           "time_budget": "time budget spent", "error": "model error"}[result.stop]  # fmt: skip
    # The last line is what the orchestrator quotes in REVIEW.md when the role fails: it must
    # say why, and must never carry the role's outputs (the other role may read it).
    summary = (
        f"[llm] {why} after {result.turns} turns, {result.tool_calls} tool calls "
        f"({result.tool_errors} errors); {usage.tokens_in} tokens in / {usage.tokens_out} out, "
        f"${usage.cost_usd:.4f}"
        + (f"; missing {', '.join(missing)}" if missing else "")
        + (f"; {result.error.splitlines()[0][:200]}" if result.error else "")
    )
    tools = ", ".join(f"{k} {v:.2f}" for k, v in sorted(result.tool_time_s.items()))
    timing = (f"[llm] time: {result.wall_s:.2f} s = model {result.model_s:.2f} s "
              f"+ tools {result.tool_s:.2f} s ({tools}) + loop")  # fmt: skip
    return RoleTurn(
        exit_code=code, timed_out=result.stop == "time_budget",
        transcript="\n".join((result.transcript, timing, summary)), usage=usage,
    )  # fmt: skip


def _prices(given: PriceTable | str | Path | dict[str, Any] | None) -> PriceTable:
    if given is None:
        return PriceTable()
    if isinstance(given, PriceTable):
        return given
    if isinstance(given, dict):
        return PriceTable.model_validate(given)
    return PriceTable.load(given)


def make_llm_backend(**options: Any) -> LlmBackend:
    """The ``cuagym.synth_backends`` entry point: ``make_backend("llm", model=..., ...)``.

    Takes the options ``cuagym synth`` passes to every backend; the command backend's are
    ignored when empty, ``None`` values mean "default".
    """
    opts = {k: v for k, v in options.items() if v is not None}
    stray = [k for k in _OTHER_BACKENDS & opts.keys() if opts[k]]
    if stray:
        raise ValueError(f"the llm backend does not take {', '.join(sorted(stray))}")
    for k in _OTHER_BACKENDS:
        opts.pop(k, None)
    model = opts.pop("model", None)
    if not model:
        raise ValueError("the llm backend needs --model openai:NAME or anthropic:NAME")
    try:
        return LlmBackend(str(model), **opts)
    except TypeError as exc:  # an option this backend does not know
        raise ValueError(f"llm backend: {exc}") from None
