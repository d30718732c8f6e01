"""Retries with exponential backoff and jitter, for transient chat-API failures only.

The SDKs' own retry loops are switched off (``max_retries=0``) so that this is the only policy:
bounded attempts, delays that honour a server's ``Retry-After``, jitter so that many workers
hit by the same rate limit do not come back in lockstep, and a deadline (the role's time
budget) that no sleep may cross. Clock, sleep and randomness are injected for tests.
"""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TypeVar

from pydantic import BaseModel, ConfigDict, Field

from cuagym.llm._types import LlmRetriesExhausted

__all__ = ["Clock", "RetryPolicy", "Transient", "with_retries"]

T = TypeVar("T")


class Transient(Exception):
    """A failure worth retrying: HTTP 408/429/5xx, a timeout, a dropped connection."""

    def __init__(self, why: str, retry_after: float | None = None) -> None:
        super().__init__(why)
        self.why = why
        self.retry_after = retry_after


class RetryPolicy(BaseModel):
    model_config = ConfigDict(frozen=True)

    max_attempts: int = Field(6, ge=1, description="tries in all, the first included")
    base_delay_s: float = Field(1.0, ge=0.0, description="delay before the first retry")
    max_delay_s: float = Field(60.0, ge=0.0, description="cap of any single delay")
    jitter: float = Field(0.5, ge=0.0, le=1.0, description="share of each delay randomised")

    def delay(self, retry: int, rng: random.Random, retry_after: float | None = None) -> float:
        """Delay before retry number ``retry`` (1-based): base * 2^(retry-1), capped, with the
        top ``jitter`` share drawn uniformly; never shorter than the server's Retry-After."""
        ceiling = min(self.max_delay_s, self.base_delay_s * 2 ** (retry - 1))
        wait: float = ceiling * (1 - self.jitter) + rng.uniform(0, ceiling * self.jitter)
        if retry_after is not None:
            wait = max(wait, min(retry_after, self.max_delay_s))
        return wait


@dataclass
class Clock:
    """Time as the retry loop sees it; tests swap in a fake that advances on sleep."""

    now: Callable[[], float] = time.monotonic
    sleep: Callable[[float], Awaitable[None]] = asyncio.sleep
    rng: random.Random = field(default_factory=random.Random)


async def with_retries(
    call: Callable[[], Awaitable[T]],
    policy: RetryPolicy,
    clock: Clock,
    *,
    what: str,
    deadline: float | None = None,
) -> tuple[T, int]:
    """Run ``call`` until it returns or raises something other than :class:`Transient`.

    Returns (result, attempts). Raises :class:`LlmRetriesExhausted` naming ``what``, the
    attempts and the last error once the attempts run out or the next wait would pass
    ``deadline`` (a ``clock.now()`` value).
    """
    start = clock.now()
    attempt = 0
    while True:
        attempt += 1
        try:
            return await call(), attempt
        except Transient as exc:
            last = exc
        elapsed = clock.now() - start
        if attempt >= policy.max_attempts:
            raise LlmRetriesExhausted(
                f"{what}: gave up after {attempt} attempts in {elapsed:.1f} s; "
                f"last error: {last.why}",
                attempt,
            )
        wait = policy.delay(attempt, clock.rng, last.retry_after)
        if deadline is not None and clock.now() + wait > deadline:
            raise LlmRetriesExhausted(
                f"{what}: gave up after {attempt} attempts in {elapsed:.1f} s (the next retry "
                f"would pass the time budget); last error: {last.why}",
                attempt,
            )
        await clock.sleep(wait)
