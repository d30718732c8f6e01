"""The llm backend (Task-Gen through cuagym.llm), driven by the scripted test double of the
chat API: prompts carry the leaf, the cell and the skills; answers are validated, linted and
deduplicated; rejected drafts are asked again with a "diversify" instruction."""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from cuagym.domains import load_domains
from cuagym.llm.scripted import Reply, ScriptedChatApi, ScriptedRequest
from cuagym.taskgen import (
    BackendFailing,
    Catalog,
    LlmDrafts,
    TaskgenOptions,
    TaskgenResult,
    build_catalog,
    run_taskgen,
    task_type_of,
)
from cuagym.taskgen._dedup_models import DedupConfig
from cuagym.taskgen._embed import MiniLMEmbedder
from cuagym.taskgen._lint import lint_instruction
from cuagym.taskgen._llm_gen import parse_task
from cuagym.taskgen._offers import llm_offers
from cuagym.taskgen._prompts import TASKGEN_SYSTEM
from tests.llm.fakes import scripted_client
from tests.taskgen.scripted_pool import POOL


def user_text(req: ScriptedRequest) -> str:
    messages = req.body["messages"]
    last = messages[-1]["content"]
    return last if isinstance(last, str) else "".join(b.get("text", "") for b in last)


def cell_of(text: str) -> tuple[list[str], str]:
    apps = re.search(r"^Apps, in use order: ([^(]+) \(", text, re.M)
    difficulty = re.search(r"^Difficulty: (\w+):", text, re.M)
    assert apps and difficulty, text[:400]
    return [a.strip() for a in apps.group(1).split(",")], difficulty.group(1)


def answering(pool: Iterator[str]) -> Callable[[ScriptedRequest], Reply]:
    """The double's rule: the next pool instruction, with the apps and difficulty asked for."""

    def reply(req: ScriptedRequest) -> Reply:
        apps, difficulty = cell_of(user_text(req))
        task = {"instruction": next(pool), "context": "The files and records named exist.",
                "apps": apps, "difficulty": difficulty}  # fmt: skip
        return Reply(text="```json\n" + json.dumps(task) + "\n```")

    return reply


def run(api: ScriptedChatApi, n: int, embedder: MiniLMEmbedder | None, **kw: Any) -> TaskgenResult:
    client = scripted_client(api)

    def drafts(catalog: Catalog) -> LlmDrafts:
        return LlmDrafts(client, catalog, seed=0, concurrency=4,
                         assets={"calc": ["sales_q2.xlsx (4120 bytes)"]})  # fmt: skip

    options = TaskgenOptions(domains="all", n=n, seed=0, backend="llm", batch_size=4, **kw)
    return asyncio.run(run_taskgen(options, drafts=drafts, embedder=embedder))


@pytest.mark.slow
def test_a_planned_llm_corpus_meets_the_constraints(minilm: MiniLMEmbedder) -> None:
    api = ScriptedChatApi(answering(iter(POOL)))
    result = run(api, 40, minilm)
    report = result.report
    assert report.constraints_met, report.describe()
    assert report.stats.tasks == 40 and report.drafts == len(api.requests) == 40
    assert report.tokens_in > 0 and report.tokens_out > 0
    for entry in result.task_list():
        assert "family" not in entry and "params" not in entry
        assert re.fullmatch(r"[a-z-]+--tg-s0-\d{6}", str(entry["task_id"]))
        cell = entry["cell"]
        assert isinstance(cell, dict)
        assert cell["difficulty"] == entry["difficulty"]
        assert cell["task_type"] == task_type_of(entry["apps"])  # type: ignore[arg-type]
        assert cell["taxonomy_path"][0] == entry["domain"]
    first = api.requests[0]
    assert first.system == TASKGEN_SYSTEM
    text = user_text(first)
    assert "Feature (taxonomy leaf):" in text and "UI elements:" in text
    assert "--- SKILL.md of " in text and "Scenario:" in text and "Work category:" in text
    assert any("sales_q2.xlsx" in user_text(r) for r in api.requests if "calc" in
               cell_of(user_text(r))[0])  # fmt: skip
    assert any("Make it an edge case" in user_text(r) for r in api.requests)


def test_rejected_drafts_are_asked_again_with_the_reasons() -> None:
    good = iter(POOL)
    replies = iter([
        Reply(text="Sure! Here is a task about formatting."),
        "Make the spreadsheet look nice.",
        None,
    ])  # fmt: skip

    def script(req: ScriptedRequest) -> Reply:
        planned = next(replies, None)
        if isinstance(planned, Reply):
            return planned
        apps, difficulty = cell_of(user_text(req))
        instruction = planned if isinstance(planned, str) else next(good)
        task = {"instruction": instruction, "context": "", "apps": apps,
                "difficulty": difficulty}  # fmt: skip
        return Reply(text=json.dumps(task))

    api = ScriptedChatApi(script)
    result = run(api, 1, None, constraints=None, dedup=DedupConfig(cosine=None))
    assert result.report.stats.tasks == 1
    assert result.report.rejected == {"invalid": 1, "lint": 1}
    assert result.report.lint_kinds == {"vague": 1}
    texts = [user_text(r) for r in api.requests]
    assert len(texts) == 3 and "Diversify" not in texts[0]
    assert "Diversify" in texts[1] and "not one JSON object" in texts[1]
    assert "Diversify" in texts[2] and "vague" in texts[2]
    assert lint_instruction(result.tasks[0].task.instruction).ok


def test_replies_are_validated_against_the_cell() -> None:
    catalog = build_catalog(load_domains())
    offer = next(o for o in llm_offers(catalog, ["calc", "writer"])
                 if o.apps == ("calc", "writer") and o.cell.difficulty == "hard")  # fmt: skip
    ok = {"instruction": "Copy the totals into report.docx.", "context": "c",
          "apps": ["calc", "writer"], "difficulty": "hard"}  # fmt: skip
    task, error = parse_task(json.dumps(ok), offer, "calc--tg-s0-000001")
    assert task is not None and not error and task.apps == ["calc", "writer"]
    for bad, needle in [
        ({**ok, "apps": ["writer", "calc"]}, "field 'apps'"),
        ({**ok, "difficulty": "easy"}, "field 'difficulty'"),
        ({**ok, "instruction": ""}, "field 'instruction'"),
        ({**ok, "answer": 3}, "unexpected field"),
    ]:
        assert parse_task(json.dumps(bad), offer, "x")[1].startswith(needle.split()[0]), needle
        assert needle in parse_task(json.dumps(bad), offer, "x")[1]
    assert parse_task("[1, 2]", offer, "x")[0] is None
    assert parse_task("text {" + json.dumps(ok)[1:] + " more", offer, "x")[0] is not None


def test_a_failing_model_stops_the_run() -> None:
    api = ScriptedChatApi(lambda req: Reply(status=400, error="model not found"))
    with pytest.raises(BackendFailing, match=r"6 drafts in a row.*model not found"):
        run(api, 5, None, constraints=None, dedup=DedupConfig(cosine=None),
            max_attempts=2, max_backend_failures=6)  # fmt: skip
    assert len(api.requests) == 8  # two batches of 4, not every offer
