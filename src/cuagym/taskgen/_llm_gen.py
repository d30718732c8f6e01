"""The ``llm`` draft backend: Task-Gen through a chat model (``cuagym.llm``).

Each slot is one chat call: the taxonomy leaf, the cell, the SKILL.md of every app of the task
and the asset list go in; one JSON object ``{instruction, context, apps, difficulty}`` comes
out. The answer is validated (JSON, fields, apps and difficulty as the cell says) before the
linter and the dedup checks see it; a draft that fails anything is asked for again with the
reasons and a "diversify" instruction. The task has no family and no params: ``cuagym synth
--backend llm --tasks`` takes it as it is.
"""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from cuagym.core import TaskConfig
from cuagym.llm import ChatClient, LlmError, Message, PriceTable
from cuagym.taskgen._backends import Draft
from cuagym.taskgen._catalog import Catalog
from cuagym.taskgen._offers import Offer, llm_offers
from cuagym.taskgen._planner import Slot
from cuagym.taskgen._prompts import TASKGEN_SYSTEM, taskgen_message

__all__ = ["LlmDrafts", "assets_by_domain", "list_assets"]

_SCENARIOS = {
    "commercial": "a business at work: customers, sales, operations, finance",
    "educational": "a school, course or training: teachers, students, grades, syllabi",
    "scientific": "research: experiments, measurements, papers, lab schedules",
    "personal": "someone's own life: household, travel, hobbies, personal finance",
}
_FENCE = re.compile(r"```(?:json)?\s*(.*?)```", re.S)
_MAX_ASSETS = 200


def list_assets(folder: Path) -> list[str]:
    """Asset file names (with sizes) under ``folder``, for the prompt."""
    if not folder.is_dir():
        raise ValueError(f"assets folder {folder} does not exist")
    found = sorted(p for p in folder.rglob("*") if p.is_file())[:_MAX_ASSETS]
    return [f"{p.relative_to(folder)} ({p.stat().st_size} bytes)" for p in found]


def assets_by_domain(folder: Path) -> dict[str, list[str]]:
    """``LlmDrafts``'s ``assets`` from one folder: its top-level files go to every task
    (key ``*``), ``folder/<domain>/`` to that domain's tasks."""
    if not folder.is_dir():
        raise ValueError(f"assets folder {folder} does not exist")
    top = sorted(p for p in folder.iterdir() if p.is_file())[:_MAX_ASSETS]
    found = {"*": [f"{p.name} ({p.stat().st_size} bytes)" for p in top]}
    for sub in sorted(p for p in folder.iterdir() if p.is_dir()):
        found[sub.name] = list_assets(sub)
    return found


class LlmDrafts:
    """Drafts tasks with ``client``; ``concurrency`` calls at a time."""

    name = "llm"

    def __init__(
        self,
        client: ChatClient,
        catalog: Catalog,
        *,
        seed: int,
        assets: Mapping[str, Sequence[str]] | None = None,
        prices: PriceTable | None = None,
        concurrency: int = 8,
    ) -> None:
        self.client = client
        self.catalog = catalog
        self.seed = seed
        self.assets = {k: list(v) for k, v in (assets or {}).items()}
        self.prices = prices or PriceTable()
        self._gate = asyncio.Semaphore(max(1, concurrency))

    def offers(self, catalog: Catalog, domains: Iterable[str]) -> list[Offer]:
        return llm_offers(catalog, domains)

    async def draft(self, slots: Sequence[Slot], numbers: Sequence[int]) -> list[Draft]:
        pairs = zip(slots, numbers, strict=True)
        return list(await asyncio.gather(*(self._one(s, k) for s, k in pairs)))

    async def _one(self, slot: Slot, number: int) -> Draft:
        offer = slot.offer
        skills = []
        for app in dict.fromkeys(offer.apps):
            entry = self.catalog.domains.get(app)
            if entry is not None and entry.domain.skill:
                skills.append((app, entry.domain.skill))
        assets = [a for app in dict.fromkeys(offer.apps) for a in self.assets.get(app, [])]
        assets += self.assets.get("*", [])
        text = taskgen_message(
            offer, scenario_hint=_SCENARIOS[offer.cell.scenario], skills=skills, assets=assets,
            edge=slot.edge, feedback=slot.feedback,
        )  # fmt: skip
        try:
            async with self._gate:
                response = await self.client.complete(
                    TASKGEN_SYSTEM, [Message(role="user", content=text)]
                )
        except LlmError as exc:
            return Draft(None, error=f"model call failed: {str(exc).splitlines()[0][:300]}")
        usage = response.usage
        cost = self.prices.cost(self.client.spec, usage)
        task_id = f"{offer.leaf.domain}--tg-s{self.seed}-{number:06d}"
        task, error = parse_task(response.message.text, offer, task_id)
        return Draft(task, error=error, tokens_in=usage.tokens_in, tokens_out=usage.tokens_out,
                     cost_usd=cost)  # fmt: skip


def parse_task(reply: str, offer: Offer, task_id: str) -> tuple[TaskConfig | None, str]:
    """The task in a model's reply, or None and what is wrong with the reply."""
    data = _json_object(reply)
    if data is None:
        return None, "the reply is not one JSON object"
    instruction = data.get("instruction")
    context = data.get("context", "")
    if not isinstance(instruction, str) or not instruction.strip():
        return None, "field 'instruction' must be a non-empty string"
    if not isinstance(context, str):
        return None, "field 'context' must be a string"
    apps = data.get("apps", list(offer.apps))
    if apps != list(offer.apps):
        return None, f"field 'apps' must be {list(offer.apps)} (the cell's apps, in order)"
    difficulty = data.get("difficulty", offer.cell.difficulty)
    if difficulty != offer.cell.difficulty:
        return None, f"field 'difficulty' must be {offer.cell.difficulty!r} (the cell's)"
    extra = sorted(set(data) - {"instruction", "context", "apps", "difficulty"})
    if extra:
        return None, f"unexpected field(s) {extra}: give only instruction, context, apps, " \
                     "difficulty"  # fmt: skip
    try:
        task = TaskConfig(
            task_id=task_id, instruction=instruction.strip(), context=context.strip(),
            domain=offer.leaf.domain, apps=list(offer.apps), difficulty=offer.cell.difficulty,
        )  # fmt: skip
    except ValidationError as exc:
        return None, f"not a valid task: {exc.errors(include_url=False)[0]['msg']}"
    return task, ""


def _json_object(reply: str) -> dict[str, Any] | None:
    text = reply.strip()
    fenced = _FENCE.search(text)
    if fenced:
        text = fenced.group(1).strip()
    try:
        data = json.loads(text)
    except json.JSONDecodeError:
        start, end = text.find("{"), text.rfind("}")
        if start < 0 or end <= start:
            return None
        try:
            data = json.loads(text[start : end + 1])
        except json.JSONDecodeError:
            return None
    return data if isinstance(data, dict) else None
