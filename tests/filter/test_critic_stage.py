"""Stage 1 over a corpus of real accepted bundles, with the scripted chat double as critics:
buckets, the instruction rewrite, meta.json's release metadata, resume, provider errors."""

from __future__ import annotations

import hashlib
import json
import shutil
from pathlib import Path

import pytest

from cuagym.core import Bundle
from cuagym.filter import (
    CriticPanel,
    CriticsOptions,
    FilterBusy,
    InputError,
    collect_inputs,
    run_critics,
)
from cuagym.filter._store import FilterStore
from cuagym.llm import PriceTable
from cuagym.llm._prices import ModelPrice
from cuagym.llm.scripted import Reply, ScriptedChatApi
from tests.filter.helpers import CORPUS_IDS, by_model_and_task, corpus, critic, verdict

PRICES = PriceTable(
    models={m: ModelPrice(input=3.0, output=15.0) for m in ("critic-a", "critic-b", "critic-c")}
)
REVISED = "In Documents/budget.xlsx, add a final row labelled 'Total' summing the Amount column."


def _hashes(folder: Path) -> dict[str, str]:
    return {
        str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


def _panel(*apis: ScriptedChatApi) -> CriticPanel:
    models = ["openai:critic-a", "anthropic:critic-b", "openai:critic-c"]
    return CriticPanel([critic(a, m) for a, m in zip(apis, models, strict=False)], prices=PRICES)


def _scripts() -> tuple[ScriptedChatApi, ScriptedChatApi, ScriptedChatApi]:
    answers = {
        # calc-total-row: 2 modify_query (the more confident one is adopted), 1 keep
        ("critic-a", "calc-total-row"): verdict("modify_query", "P1", 0.6, "less confident"),
        ("critic-b", "calc-total-row"): verdict("modify_query", "P1", 0.9, REVISED),
        ("critic-c", "calc-total-row"): verdict("keep", "P2"),
        # files-csv-dedupe: one reject with P0 — 2 of 3 pass, quorum is 3: dropped
        ("critic-b", "files-csv-dedupe"): verdict("reject", "P0", 0.7),
        # writer-title-heading: critic-c answers nonsense twice — a reject with the reason
        ("critic-c", "writer-title-heading"): "I would keep it.",
    }
    script = by_model_and_task(answers)
    return ScriptedChatApi(script), ScriptedChatApi(script), ScriptedChatApi(script)


async def test_the_vote_places_every_tuple_and_records_why(tmp_path: Path) -> None:
    final = corpus(tmp_path)
    before = _hashes(final.parent)
    out = tmp_path / "out"
    a, b, c = _scripts()
    summary, outcomes = await run_critics(
        collect_inputs([final]), _panel(a, b, c), CriticsOptions(out=out, workers=3)
    )
    assert _hashes(final.parent) == before  # the input corpus is never modified
    by_id = {o.task_id: o for o in outcomes}
    assert [o.task_id for o in outcomes] == CORPUS_IDS
    assert by_id["calc-total-row"].decision == "modify_query"
    assert by_id["files-csv-dedupe"].decision == "reject"
    assert by_id["writer-title-heading"].decision == "reject"
    kept = sorted(p.name for p in (out / "kept").iterdir())
    dropped = sorted(p.name for p in (out / "dropped").iterdir())
    assert dropped == ["files-csv-dedupe", "writer-title-heading"]
    assert kept == sorted(set(CORPUS_IDS) - set(dropped))
    assert summary.decided == len(CORPUS_IDS) and summary.errors == 0
    assert summary.buckets == {"kept": len(kept), "dropped": 2, "offline": 0}
    assert summary.decisions["critics"] == {
        "keep": len(kept) - 1, "modify_query": 1, "reject": 2,
    }  # fmt: skip
    assert summary.severity["P0"] == 1 and summary.severity["P1"] == 1

    # modify_query: the instruction is rewritten in task_config.json and config.json, the
    # bundle still loads (they must agree), and meta.json keeps the original and every verdict
    modified = Bundle.load(out / "kept" / "calc-total-row")
    original = Bundle.load(final / "calc-total-row")
    assert modified.task.instruction == REVISED and modified.config is not None
    assert modified.config.instruction == REVISED
    assert modified.reward == original.reward and modified.review == original.review
    record = (modified.meta.model_extra or {})["filter"]
    assert record["bucket"] == "kept"
    vote = record["critics"]
    assert vote["decision"] == "modify_query" and vote["severity"] == "P1"
    assert vote["instruction_original"] == original.task.instruction
    assert vote["instruction"] == REVISED and vote["adopted_from"] == "anthropic:critic-b"
    assert vote["quorum"] == 3 and vote["votes"] == {"keep": 1, "modify_query": 2, "reject": 0}
    assert [x["critic"] for x in vote["ballots"]] == [
        "openai:critic-a", "anthropic:critic-b", "openai:critic-c",
    ]  # fmt: skip
    for ballot in vote["ballots"]:
        assert ballot["tokens_in"] > 0 and ballot["tokens_out"] > 0
        assert ballot["cost_usd"] == pytest.approx(
            (ballot["tokens_in"] * 3 + ballot["tokens_out"] * 15) / 1e6
        )
    assert vote["tokens_in"] == sum(x["tokens_in"] for x in vote["ballots"])
    assert vote["cost_usd"] == pytest.approx(sum(x["cost_usd"] for x in vote["ballots"]))
    # the synthesis bookkeeping is untouched
    assert modified.meta.tokens_in == original.meta.tokens_in
    assert modified.meta.rounds == original.meta.rounds

    # reject: the bundle is dropped unchanged but for meta.json, worst severity recorded
    dropped_bundle = Bundle.load(out / "dropped" / "files-csv-dedupe")
    assert dropped_bundle.task == Bundle.load(final / "files-csv-dedupe").task
    vote = (dropped_bundle.meta.model_extra or {})["filter"]["critics"]
    assert vote["decision"] == "reject" and vote["severity"] == "P0"
    assert vote["instruction"] == vote["instruction_original"]
    # the malformed critic: a reject with the reason and both answers kept for analysis
    vote = json.loads((out / "dropped" / "writer-title-heading" / "meta.json").read_text())
    bad = vote["filter"]["critics"]["ballots"][2]
    assert bad["verdict"] is None and bad["asked"] == 2
    assert bad["error"].startswith("malformed verdict, twice")
    assert bad["malformed"] == ["I would keep it.", "I would keep it."]
    assert vote["filter"]["critics"]["severity"] == "P3"  # the two valid verdicts' worst
    # nothing is left behind in the work folders
    assert not any((out / ".cuagym-filter" / "critics").glob("*/*"))
    assert not (out / ".cuagym-tmp").exists() or not any((out / ".cuagym-tmp").iterdir())


async def test_a_rerun_asks_nobody_again(tmp_path: Path) -> None:
    final = corpus(tmp_path, ["calc-total-row", "files-csv-dedupe"])
    out = tmp_path / "out"
    apis = _scripts()
    await run_critics(collect_inputs([final]), _panel(*apis), CriticsOptions(out=out))
    asked = [len(a.requests) for a in apis]
    summary, outcomes = await run_critics(
        collect_inputs([final]), _panel(*apis), CriticsOptions(out=out)
    )
    assert [len(a.requests) for a in apis] == asked
    assert [o.status for o in outcomes] == ["earlier", "earlier"]
    assert [o.decision for o in outcomes] == ["modify_query", "reject"]
    assert summary.decided == 0 and summary.earlier == 2
    assert summary.decisions["critics"]["modify_query"] == 1
    # OUT's own kept/ bundles are valid inputs too (their vote is found)
    again = collect_inputs([out / "kept"])
    _, outcomes = await run_critics(again, _panel(*apis), CriticsOptions(out=out))
    assert [o.status for o in outcomes] == ["earlier"]


async def test_a_provider_error_leaves_only_that_tuple_undecided(tmp_path: Path) -> None:
    final = corpus(tmp_path, ["calc-total-row", "files-csv-dedupe", "writer-title-heading"])
    out = tmp_path / "out"

    def flaky(req: object) -> Reply:
        text = json.dumps(getattr(req, "body", {}))
        if "files-csv-dedupe" in text:
            return Reply(status=401, error="key revoked")
        return Reply(text=verdict("keep"))

    good = ScriptedChatApi(lambda _r: Reply(text=verdict("keep")))
    bad = ScriptedChatApi(flaky)
    summary, outcomes = await run_critics(
        collect_inputs([final]), _panel(good, bad), CriticsOptions(out=out)
    )
    status = {o.task_id: o.status for o in outcomes}
    assert status == {"calc-total-row": "decided", "files-csv-dedupe": "error",
                      "writer-title-heading": "decided"}  # fmt: skip
    err = next(o for o in outcomes if o.status == "error")
    assert "left undecided" in err.detail and "HTTP 401" in err.detail
    assert FilterStore(out).locate("files-csv-dedupe") is None
    assert summary.errors == 1
    asked_good = len(good.requests)

    fixed = ScriptedChatApi(lambda _r: Reply(text=verdict("keep")))
    summary, outcomes = await run_critics(
        collect_inputs([final]), _panel(good, fixed), CriticsOptions(out=out)
    )
    assert [o.status for o in outcomes] == ["earlier", "decided", "earlier"]
    assert len(good.requests) == asked_good  # its verdict on the failed tuple was cached
    assert len(fixed.requests) == 1
    assert summary.errors == 0 and summary.buckets["kept"] == 3


async def test_one_command_per_output_folder(tmp_path: Path) -> None:
    final = corpus(tmp_path, ["calc-total-row"])
    store = FilterStore(tmp_path / "out")
    api = ScriptedChatApi(lambda _r: Reply(text=verdict("keep")))
    with store.lock(), pytest.raises(FilterBusy, match="another cuagym filter"):
        await run_critics(collect_inputs([final]), _panel(api, api), CriticsOptions(out=store.root))
    assert api.requests == []


def test_inputs_are_checked_before_anything_runs(tmp_path: Path) -> None:
    final = corpus(tmp_path, ["calc-total-row", "files-csv-dedupe"])
    (tmp_path / "empty").mkdir()
    rejected = tmp_path / "corpus" / "rejected" / "calc-total-row"
    rejected.parent.mkdir()
    shutil.copytree(final / "calc-total-row", rejected)
    review = (rejected / "REVIEW.md").read_text()
    (rejected / "REVIEW.md").write_text(review.replace("**PASS**", "**FAIL**"))
    with pytest.raises(InputError) as info:
        collect_inputs([final / "calc-total-row", tmp_path / "empty", rejected])
    text = str(info.value)
    assert f"invalid bundle {tmp_path / 'empty'}" in text
    assert "verdict" in text and str(rejected) in text
    other = tmp_path / "copy" / "calc-total-row"
    shutil.copytree(final / "calc-total-row", other)
    with pytest.raises(InputError, match="given twice"):
        collect_inputs([final, other])
    # the same folder twice is one tuple; a folder of bundles expands in name order
    got = collect_inputs([final / "files-csv-dedupe", final, final / "calc-total-row"])
    assert [t.task_id for t in got] == ["files-csv-dedupe", "calc-total-row"]
    with pytest.raises(InputError, match="no bundles"):
        collect_inputs([])
