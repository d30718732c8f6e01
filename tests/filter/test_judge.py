"""The VLM judge through the scripted chat double (a test double that decodes the image it is
sent, not a model): the checklist, the image on the wire, malformed answers, provider errors."""

from __future__ import annotations

import json

import pytest

from cuagym.core import Bundle, TaskConfig
from cuagym.filter import VlmJudge
from cuagym.filter._judge import CHECKLIST_SYSTEM, JUDGE_SYSTEM, JudgeError
from cuagym.llm import PriceTable
from cuagym.llm._prices import ModelPrice
from cuagym.llm._types import LlmRequestError
from cuagym.llm.scripted import Reply, ScriptedChatApi
from tests.filter.helpers import CORPUS, client, user_text
from tests.filter.teacher_helpers import CRITERIA, GREEN, RED, judge_script, screen

PRICES = PriceTable(models={"scripted-double": ModelPrice(input=2.0, output=8.0)})


@pytest.fixture
def task() -> TaskConfig:
    return Bundle.load(CORPUS / "calc-total-row").task


@pytest.mark.parametrize("model", ["openai:scripted-double", "anthropic:scripted-double"])
async def test_checklist_then_judgements(task: TaskConfig, model: str) -> None:
    api = ScriptedChatApi(judge_script)
    judge = VlmJudge(client(api, model), prices=PRICES)
    checklist = await judge.checklist(task)
    assert checklist.criteria == CRITERIA and checklist.spend.judge == model
    assert checklist.spend.cost_usd == pytest.approx((300 * 2 + 40 * 8) / 1e6)
    first = api.requests[0]
    assert first.system == CHECKLIST_SYSTEM
    assert task.instruction in user_text(first) and task.context in user_text(first)

    ok = await judge.judge(task, checklist.criteria, screen(GREEN))
    bad = await judge.judge(task, checklist.criteria, screen(RED))
    assert (ok.score, bad.score) == (1, 0)
    assert ok.criteria == [True, True] and bad.criteria == [False, True]
    assert "green" in ok.description and "red" in bad.description
    # the image went over the wire as an image (resized to the policy-image rules), with the
    # instruction and the numbered checklist before it
    req = api.requests[1]
    assert req.system == JUDGE_SYSTEM
    text = user_text(req)
    assert task.instruction in text and f"1. {CRITERIA[0]}" in text and f"2. {CRITERIA[1]}" in text
    w, h = ok.image_size
    assert w * h >= 65536 and (w, h) != (64, 48)
    body = json.dumps(req.body)
    assert ("data:image/png;base64," in body) == model.startswith("openai:")
    assert ('"media_type": "image/png"' in body) == model.startswith("anthropic:")
    assert ok.spend.tokens_in == 1200 and ok.spend.asked == 1


async def test_a_malformed_judgement_is_asked_again_then_refused(task: TaskConfig) -> None:
    wrong_length = json.dumps({"description": "x", "criteria": [True], "score": 1})
    api = ScriptedChatApi([Reply(text=wrong_length),
                           Reply(text=json.dumps({"description": "x", "criteria": [True, True],
                                                  "score": 1}))])  # fmt: skip
    judge = VlmJudge(client(api))
    got = await judge.judge(task, CRITERIA, screen(GREEN))
    assert got.score == 1 and got.spend.asked == 2
    assert (
        "criteria: 1 values for 2 checklist items"
        in api.requests[1].body["messages"][-1]["content"]
    )
    twice = ScriptedChatApi([Reply(text='{"score": true}'), Reply(text="yes, done")])
    with pytest.raises(JudgeError, match="no valid judgement, twice"):
        await VlmJudge(client(twice)).judge(task, CRITERIA, screen(GREEN))
    empty = ScriptedChatApi([Reply(text='{"criteria": []}'), Reply(text='{"criteria": [" "]}')])
    with pytest.raises(JudgeError, match="no valid checklist"):
        await VlmJudge(client(empty)).checklist(task)


async def test_the_score_must_be_0_or_1(task: TaskConfig) -> None:
    for score in (0.5, 2, True, "1"):
        answer = json.dumps({"description": "x", "criteria": [True, True], "score": score})
        api = ScriptedChatApi([Reply(text=answer), Reply(text=answer)])
        with pytest.raises(JudgeError, match="score"):
            await VlmJudge(client(api)).judge(task, CRITERIA, screen(GREEN))


async def test_provider_errors_propagate(task: TaskConfig) -> None:
    api = ScriptedChatApi([Reply(status=400, error="image too large")])
    with pytest.raises(LlmRequestError, match="image too large"):
        await VlmJudge(client(api)).judge(task, CRITERIA, screen(GREEN))
