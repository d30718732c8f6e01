"""The critic panel: V chat models, each asked for the nine-field verdict of one tuple.

Critics of a tuple are asked concurrently. An answer that is not a valid verdict (not one JSON
object, a field missing, extra or of the wrong type) is re-asked once with the problems named;
a second malformed answer makes that critic a :class:`~cuagym.filter._vote.CriticFailure` — a reject
with the reason. A provider error (after the client's own retries) is different: it says
nothing about the tuple, so the tuple stays undecided (:class:`CriticsUnavailable`) and a later
run asks again, reusing the verdicts already bought (cached per critic under the work folder).
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from cuagym.core import Bundle
from cuagym.filter._answers import ask_json, validate_object
from cuagym.filter._critic_prompt import (
    CRITIC_SYSTEM,
    critic_message,
    elements_digest,
    retry_message,
)
from cuagym.filter._files import write_json_atomically
from cuagym.filter._vote import CriticFailure, CriticVerdict
from cuagym.llm import ChatClient, LlmError, Message, ModelSpec, PriceTable, make_client

__all__ = [
    "Critic",
    "CriticBallot",
    "CriticPanel",
    "CriticsUnavailable",
    "parse_critic",
    "parse_verdict",
]


class CriticsUnavailable(RuntimeError):
    """Some critic could not be asked (provider error): the tuple stays undecided."""


def parse_critic(text: str) -> tuple[ModelSpec, str | None]:
    """``PROVIDER:NAME`` or ``PROVIDER:NAME@URL`` (an OpenAI-compatible server's base URL).

    Only an ``@`` followed by ``http://`` or ``https://`` starts a URL, so model names with
    ``@`` (``claude-3-5-sonnet@20240620``) stay whole.
    """
    name, sep, url = text.strip().rpartition("@")
    if sep and url.startswith(("http://", "https://")):
        return ModelSpec.parse(name), url
    return ModelSpec.parse(text), None


def parse_verdict(text: str) -> tuple[CriticVerdict | None, str]:
    """The verdict in a critic's answer, or None and the problems, one per line.

    The answer must be one JSON object; a Markdown fence around it, or prose before and after
    a single object, is tolerated (transport, not content). The object itself must be exact.
    """
    return validate_object(CriticVerdict, text)


class CriticBallot(BaseModel):
    """One critic's part in a vote, as recorded in meta.json."""

    model_config = ConfigDict(frozen=True)

    critic: str = Field(description="provider:model as given (with @URL for a custom server)")
    model: str = Field("", description="the model name the provider reported")
    verdict: CriticVerdict | None = None
    error: str | None = Field(None, description="why this critic counts as a reject")
    asked: int = Field(1, ge=1, description="requests made: 2 when the first answer was malformed")
    malformed: list[str] = Field(default_factory=list, description="malformed answers, clipped")
    tokens_in: int = Field(0, ge=0)
    tokens_out: int = Field(0, ge=0)
    cached_in: int = Field(0, ge=0)
    cost_usd: float = Field(0.0, ge=0.0)
    price_known: bool = True
    latency_s: float = Field(0.0, ge=0.0)

    def as_vote(self) -> CriticVerdict | CriticFailure:
        if self.verdict is not None:
            return self.verdict
        return CriticFailure(critic=self.critic, reason=self.error or "no verdict")


@dataclass
class Critic:
    """A named chat client; ``label`` is what meta.json records."""

    label: str
    client: ChatClient


class CriticPanel:
    """V critics that judge tuples; safe to share between concurrent tuples."""

    def __init__(
        self,
        critics: Sequence[Critic],
        *,
        prices: PriceTable | None = None,
        max_chars: int = 60_000,
    ) -> None:
        if not critics:
            raise ValueError("the panel needs at least one critic")
        if max_chars < 1000:
            raise ValueError("max_chars must be at least 1000")
        self.critics = list(critics)
        self.prices = prices or PriceTable()
        self.max_chars = max_chars

    @classmethod
    def from_specs(
        cls,
        specs: Sequence[str],
        *,
        prices: PriceTable | None = None,
        max_chars: int = 60_000,
        **client_options: Any,
    ) -> CriticPanel:
        """Clients for ``--critic`` values (``provider:name[@url]``); options go to
        :func:`cuagym.llm.make_client` (max_tokens, temperature, retry, api_key_env...)."""
        critics = []
        for text in specs:
            spec, url = parse_critic(text)
            client = make_client(spec, base_url=url, **client_options)
            critics.append(Critic(text.strip(), client))
        return cls(critics, prices=prices, max_chars=max_chars)

    @property
    def labels(self) -> list[str]:
        return [c.label for c in self.critics]

    async def aclose(self) -> None:
        await asyncio.gather(*(c.client.aclose() for c in self.critics), return_exceptions=True)

    async def review(self, bundle: Bundle, cache: Path | None = None) -> list[CriticBallot]:
        """Every critic's ballot for ``bundle``, in panel order.

        Raises :class:`CriticsUnavailable` naming each critic that hit a provider error; the
        ballots of the others are cached in ``cache`` (a folder) for the next attempt.
        """
        results = await asyncio.gather(
            *(self._ask_cached(i, bundle, cache) for i in range(len(self.critics))),
            return_exceptions=True,
        )
        failures = []
        ballots: list[CriticBallot] = []
        for critic, result in zip(self.critics, results, strict=True):
            if isinstance(result, LlmError):
                failures.append(f"{critic.label}: {result}")
            elif isinstance(result, BaseException):
                raise result
            else:
                ballots.append(result)
        if failures:
            raise CriticsUnavailable("; ".join(failures))
        return ballots

    async def _ask_cached(self, i: int, bundle: Bundle, cache: Path | None) -> CriticBallot:
        critic = self.critics[i]
        digest = elements_digest(bundle, critic.label, self.max_chars)
        path = cache / f"critic-{i + 1}.json" if cache is not None else None
        if path is not None and path.is_file():
            try:
                saved = json.loads(path.read_text(encoding="utf-8"))
                if saved.get("digest") == digest:
                    return CriticBallot.model_validate(saved["ballot"])
            except (OSError, ValueError, KeyError, TypeError):
                pass  # a damaged cache entry is only a lost saving: ask again
        ballot = await self.ask(critic, bundle)
        if path is not None:
            write_json_atomically(
                path, {"digest": digest, "ballot": ballot.model_dump(mode="json")}
            )
        return ballot

    async def ask(self, critic: Critic, bundle: Bundle) -> CriticBallot:
        """One critic on one tuple: ask, and re-ask once if the answer is malformed."""
        messages = [Message(role="user", content=critic_message(bundle, self.max_chars))]
        got = await ask_json(critic.client, CRITIC_SYSTEM, messages, parse_verdict, retry_message)
        spec = critic.client.spec
        error = None if got.value is not None else f"malformed verdict, twice:\n{got.problems}"
        return CriticBallot(
            critic=critic.label, model=got.model, verdict=got.value, error=error,
            asked=got.asked, malformed=got.malformed, tokens_in=got.usage.tokens_in,
            tokens_out=got.usage.tokens_out, cached_in=got.usage.cached_in,
            cost_usd=self.prices.cost(spec, got.usage), price_known=not self.prices.unknown(spec),
            latency_s=round(got.latency_s, 6),
        )  # fmt: skip
