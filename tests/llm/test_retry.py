"""Retries: backoff with jitter on 429/5xx/timeouts, bounded, deadline-aware, keys scrubbed."""

from __future__ import annotations

import random

import httpx2
import pytest

from cuagym.llm import Message, RetryPolicy, make_client
from cuagym.llm._types import LlmRequestError, LlmRetriesExhausted
from cuagym.llm.scripted import Reply, ScriptedChatApi
from tests.llm.fakes import FakeTime, scripted_client

HI = [Message(role="user", content="hi")]


def test_delay_grows_exponentially_with_bounded_jitter() -> None:
    policy = RetryPolicy(base_delay_s=1.0, max_delay_s=10.0, jitter=0.5)
    rng = random.Random(7)
    for retry, ceiling in [(1, 1.0), (2, 2.0), (3, 4.0), (4, 8.0), (5, 10.0), (9, 10.0)]:
        d = policy.delay(retry, rng)
        assert ceiling / 2 <= d <= ceiling
    assert policy.delay(1, rng, retry_after=7.0) == 7.0  # the server's Retry-After wins
    assert policy.delay(1, rng, retry_after=99.0) == 10.0  # ... up to the cap


@pytest.mark.parametrize("model", ["openai:scripted-double", "anthropic:scripted-double"])
async def test_429_then_success(model: str) -> None:
    fake = FakeTime()
    api = ScriptedChatApi(
        [
            Reply(status=429, error="rate limited", headers={"retry-after": "3"}),
            Reply(status=503, error="overloaded"),
            Reply(text="ok", tokens_in=10, tokens_out=2),
        ]
    )
    client = scripted_client(api, model, clock=fake.clock(), retry=RetryPolicy(base_delay_s=1.0))
    got = await client.complete("", HI)
    assert got.message.content == "ok" and got.attempts == 3
    assert len(api.requests) == 3
    assert fake.sleeps[0] == pytest.approx(3.0)  # honoured Retry-After
    assert 1.0 <= fake.sleeps[1] <= 2.0  # second backoff: ceiling 2 s, half of it jittered
    assert got.latency_s == pytest.approx(sum(fake.sleeps))


@pytest.mark.parametrize("model", ["openai:scripted-double", "anthropic:scripted-double"])
async def test_500_exhausts_retries_with_a_clear_error(model: str) -> None:
    fake = FakeTime()
    api = ScriptedChatApi(lambda req: Reply(status=500, error="boom (key sk-test-secret)"))
    client = scripted_client(api, model, clock=fake.clock(), retry=RetryPolicy(max_attempts=4))
    with pytest.raises(LlmRetriesExhausted) as info:
        await client.complete("", HI)
    assert info.value.attempts == 4 and len(api.requests) == 4 and len(fake.sleeps) == 3
    text = str(info.value)
    assert "gave up after 4 attempts" in text and "HTTP 500" in text and "boom" in text
    assert "scripted-double" in text
    assert "sk-test-secret" not in text  # the key never shows, even if the server echoes it


async def test_client_errors_are_not_retried() -> None:
    fake = FakeTime()
    api = ScriptedChatApi([Reply(status=400, error="bad schema"), Reply(text="never")])
    client = scripted_client(api, clock=fake.clock())
    with pytest.raises(LlmRequestError) as info:
        await client.complete("", HI)
    assert info.value.status == 400 and len(api.requests) == 1 and not fake.sleeps


async def test_a_retry_never_sleeps_past_the_deadline() -> None:
    fake = FakeTime()
    api = ScriptedChatApi(lambda req: Reply(status=429, error="slow down"))
    client = scripted_client(api, clock=fake.clock(), retry=RetryPolicy(base_delay_s=4.0))
    with pytest.raises(LlmRetriesExhausted, match="time budget"):
        await client.complete("", HI, deadline=fake.t + 10.0)
    assert sum(fake.sleeps) <= 10.0


async def test_timeouts_and_connection_errors_are_retried() -> None:
    fake = FakeTime()
    calls = {"n": 0}

    def handler(request: httpx2.Request) -> httpx2.Response:
        calls["n"] += 1
        if calls["n"] == 1:
            raise httpx2.ReadTimeout("slow", request=request)
        if calls["n"] == 2:
            raise httpx2.ConnectError("refused", request=request)
        return ScriptedChatApi([Reply(text="ok")])._handle(request)

    client = make_client(
        "openai:m",
        api_key="k",
        base_url="http://scripted.invalid/v1",
        http_client=httpx2.AsyncClient(transport=httpx2.MockTransport(handler)),
        clock=fake.clock(),
    )
    got = await client.complete("", HI)
    assert got.attempts == 3 and got.message.content == "ok"
