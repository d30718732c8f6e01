"""The critic panel through the scripted double of the chat APIs (a test double, not a model):
what a critic reads, concurrency, usage and cost, malformed verdicts, provider errors."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from cuagym.core import Bundle
from cuagym.filter import CriticPanel, aggregate, parse_critic
from cuagym.filter._critic_prompt import CRITIC_SYSTEM
from cuagym.filter._critics import CriticsUnavailable
from cuagym.filter._vote import CriticFailure
from cuagym.llm import PriceTable
from cuagym.llm._prices import ModelPrice
from cuagym.llm.scripted import Reply, ScriptedChatApi
from tests.filter.helpers import CORPUS, critic, user_text, verdict

PRICES = PriceTable(models={"scripted-double": ModelPrice(input=3.0, output=15.0)})


@pytest.fixture
def bundle() -> Bundle:
    return Bundle.load(CORPUS / "files-csv-dedupe")


async def test_each_critic_reads_the_four_elements(bundle: Bundle) -> None:
    apis = [ScriptedChatApi([Reply(text=verdict("keep"), tokens_in=1000, tokens_out=200)])
            for _ in range(2)]  # fmt: skip
    panel = CriticPanel(
        [critic(apis[0]), critic(apis[1], "anthropic:scripted-double")], prices=PRICES
    )
    ballots = await panel.review(bundle)
    assert [b.critic for b in ballots] == ["openai:scripted-double", "anthropic:scripted-double"]
    for api in apis:
        (req,) = api.requests
        assert req.system == CRITIC_SYSTEM
        text = user_text(req)
        assert bundle.task.instruction in text and bundle.task.context in text
        for script in (bundle.initial_setup, bundle.golden_patch, bundle.reward):
            assert script is not None
            assert max(script.splitlines(), key=len) in text
        assert "## initial_setup.py" in text and "## reward.py" in text
    for b in ballots:
        assert b.verdict is not None and b.verdict.verdict == "keep" and b.asked == 1
        assert b.tokens_in == 1000 and b.tokens_out == 200 and b.price_known
        assert b.cost_usd == pytest.approx((1000 * 3 + 200 * 15) / 1e6)
        assert b.model == "scripted-double"


async def test_critics_of_a_tuple_are_asked_concurrently(bundle: Bundle) -> None:
    barrier = asyncio.Barrier(3)  # no answer until all three requests are in flight
    apis = [ScriptedChatApi(lambda _r: Reply(text=verdict("keep"))) for _ in range(3)]
    panel = CriticPanel([critic(a, gate=barrier.wait) for a in apis])
    ballots = await asyncio.wait_for(panel.review(bundle), 10)
    assert len(ballots) == 3 and all(len(a.requests) == 1 for a in apis)


async def test_a_malformed_answer_is_asked_again_once(bundle: Bundle) -> None:
    bad = verdict("modify_query", revised=None)  # modify_query without a revised query
    api = ScriptedChatApi([Reply(text=bad), Reply(text=verdict("modify_query", revised="Do X."))])
    (ballot,) = await CriticPanel([critic(api)]).review(bundle)
    assert ballot.verdict is not None and ballot.verdict.revised_query == "Do X."
    assert ballot.asked == 2 and ballot.malformed == [bad] and ballot.error is None
    second = api.requests[1].body["messages"]
    assert second[-2] == {"role": "assistant", "content": bad}
    assert "not a valid verdict" in second[-1]["content"]
    assert (
        "- revised_query must be a non-empty instruction when verdict is modify_query"
        in (second[-1]["content"])
    )


async def test_twice_malformed_counts_as_a_reject_with_the_reason(bundle: Bundle) -> None:
    api = ScriptedChatApi(
        [Reply(text="Looks good to me!"), Reply(text=verdict("keep", severity="P5"))]
    )
    keeps = [ScriptedChatApi([Reply(text=verdict("keep"))]) for _ in range(2)]
    panel = CriticPanel([critic(api), critic(keeps[0]), critic(keeps[1])])
    ballots = await panel.review(bundle)
    bad = ballots[0]
    assert bad.verdict is None and bad.asked == 2 and len(bad.malformed) == 2
    assert bad.error is not None and bad.error.startswith("malformed verdict, twice")
    assert "severity" in bad.error
    vote = bad.as_vote()
    assert isinstance(vote, CriticFailure) and vote.reason == bad.error
    decision = aggregate([b.as_vote() for b in ballots], bundle.task.instruction)
    assert decision.decision == "reject" and decision.votes == {
        "keep": 2, "modify_query": 0, "reject": 1,
    }  # fmt: skip


async def test_a_transient_provider_error_is_retried(bundle: Bundle) -> None:
    api = ScriptedChatApi([Reply(status=503), Reply(status=429), Reply(text=verdict("keep"))])
    (ballot,) = await CriticPanel([critic(api, "anthropic:scripted-double")]).review(bundle)
    assert ballot.verdict is not None and len(api.requests) == 3


async def test_provider_errors_leave_the_tuple_undecided(bundle: Bundle, tmp_path: Path) -> None:
    ok = ScriptedChatApi(lambda _r: Reply(text=verdict("keep", severity="P2")))
    refused = ScriptedChatApi([Reply(status=401, error="invalid x-api-key")])
    down = ScriptedChatApi(lambda _r: Reply(status=500, error="overloaded"))
    panel = CriticPanel([critic(ok), critic(refused, "anthropic:scripted-double"), critic(down)])
    cache = tmp_path / "cache"
    with pytest.raises(CriticsUnavailable) as info:
        await panel.review(bundle, cache)
    message = str(info.value)
    assert "anthropic:scripted-double: HTTP 401" in message and "invalid x-api-key" in message
    assert "gave up after 3 attempts" in message and "overloaded" in message
    assert "sk-test-secret" not in message
    assert (cache / "critic-1.json").is_file() and not (cache / "critic-2.json").exists()

    # The next attempt reuses the verdict already bought and asks only the others.
    fixed = [ScriptedChatApi([Reply(text=verdict("reject", severity="P0"))]) for _ in range(2)]
    again = CriticPanel([critic(ok), critic(fixed[0], "anthropic:scripted-double"),
                         critic(fixed[1])])  # fmt: skip
    ballots = await again.review(bundle, cache)
    assert len(ok.requests) == 1 and all(len(f.requests) == 1 for f in fixed)
    assert [b.verdict.severity for b in ballots if b.verdict] == ["P2", "P0", "P0"]


async def test_a_cached_verdict_is_not_reused_for_changed_elements(
    bundle: Bundle, tmp_path: Path
) -> None:
    api = ScriptedChatApi(lambda _r: Reply(text=verdict("keep")))
    panel = CriticPanel([critic(api)])
    await panel.review(bundle, tmp_path)
    await panel.review(bundle, tmp_path)
    assert len(api.requests) == 1
    changed = bundle.model_copy(update={"reward": (bundle.reward or "") + "\n# changed\n"})
    await panel.review(changed, tmp_path)
    assert len(api.requests) == 2
    (tmp_path / "critic-1.json").write_text("{not json", encoding="utf-8")
    await panel.review(changed, tmp_path)  # a damaged cache entry only costs a request
    assert len(api.requests) == 3
    saved = json.loads((tmp_path / "critic-1.json").read_text(encoding="utf-8"))
    assert saved["ballot"]["verdict"]["verdict"] == "keep"


async def test_long_scripts_are_clipped_head_and_tail(tmp_path: Path) -> None:
    bundle = Bundle.load(CORPUS / "crm--update-lead-status--0")
    assert bundle.initial_setup is not None and len(bundle.initial_setup) > 20_000
    api = ScriptedChatApi(lambda _r: Reply(text=verdict("keep")))
    await CriticPanel([critic(api)], max_chars=5000).review(bundle)
    text = user_text(api.requests[0])
    assert "characters left out ...]" in text and len(text) < 20_000
    assert bundle.initial_setup.splitlines()[0] in text  # the head
    assert bundle.initial_setup.rstrip().splitlines()[-1] in text  # the tail


def test_critic_specs() -> None:
    spec, url = parse_critic("openai:Qwen/Qwen3-32B@http://gpu:8000/v1")
    assert str(spec) == "openai:Qwen/Qwen3-32B" and url == "http://gpu:8000/v1"
    spec, url = parse_critic("anthropic:claude-3-5-sonnet@20240620")
    assert spec.name == "claude-3-5-sonnet@20240620" and url is None
    with pytest.raises(ValueError, match="unknown provider"):
        parse_critic("gemini:pro")
    with pytest.raises(ValueError, match="at least one critic"):
        CriticPanel([])
