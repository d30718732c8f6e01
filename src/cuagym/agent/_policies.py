"""Policies by name: ``oracle``, ``openai:MODEL``, ``anthropic:MODEL`` (DESIGN.md §6 CLI).

:class:`PolicyConfig` is the picklable description (what a Ray actor receives);
:func:`make_policies` turns it into :class:`Policies`, which owns the shared SDK client and
makes one policy per episode.
"""

from __future__ import annotations

import importlib
import os
from typing import TYPE_CHECKING

from pydantic import BaseModel, ConfigDict, Field

from cuagym._extras import needs_extra
from cuagym.agent._anthropic_policy import TOOL_VERSIONS, AnthropicPolicy, AnthropicSampler
from cuagym.agent._context import DEFAULT_INTERVAL
from cuagym.agent._openai_policy import OpenAIPolicy, OpenAISampler
from cuagym.core import ImageSpec, Policy, TaskConfig
from cuagym.core.policy import CoordinateSpace, PolicyError
from cuagym.domains import DomainError, load_domain

if TYPE_CHECKING:
    import httpx2

__all__ = ["NoOracle", "Policies", "PolicyConfig", "make_policies", "oracle_policy"]

_KEY_ENV = {"openai": "OPENAI_API_KEY", "anthropic": "ANTHROPIC_API_KEY"}


class NoOracle(PolicyError):
    """The task's family has no GUI oracle (yet)."""


class PolicyConfig(BaseModel):
    """Which policy, and how it samples. Picklable: executors send it to their workers."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    policy: str = Field(description="oracle, openai:MODEL or anthropic:MODEL")
    base_url: str | None = Field(None, description="the server (OpenAI-compatible or Anthropic)")
    api_key_env: str | None = Field(None, description="variable holding the API key")
    temperature: float | None = Field(None, ge=0)
    top_p: float | None = Field(None, gt=0, le=1)
    max_tokens: int = Field(2048, ge=1, description="new tokens per turn")
    logprobs: bool = Field(True, description="openai: ask for token logprobs (kept if given)")
    image: ImageSpec | None = Field(None, description="screenshot resolution (None: default)")
    coordinate_space: CoordinateSpace = "pixels"
    interval: int = Field(DEFAULT_INTERVAL, ge=1, description="screenshot collapse interval")
    tool_version: str = Field(TOOL_VERSIONS[0], description="anthropic: computer tool type")
    request_timeout_s: float = Field(300.0, gt=0)

    def kind(self) -> str:
        """``oracle``, ``openai`` or ``anthropic``; raises ValueError for anything else."""
        if self.policy == "oracle":
            return "oracle"
        provider, sep, model = self.policy.partition(":")
        if not sep or not model.strip() or provider not in _KEY_ENV:
            raise ValueError(
                f"policy {self.policy!r}: use oracle, openai:MODEL (any OpenAI-compatible "
                "server, with --base-url) or anthropic:MODEL"
            )
        return provider

    def require_installed(self) -> str:
        """:meth:`kind`, after checking that what an episode of this policy imports is
        installed: the screen of the virtual display (the gui extra) for every policy, the
        provider's SDK (the llm extra) for a model. Raises
        :class:`~cuagym._extras.MissingExtra` before any environment starts."""
        kind = self.kind()
        with needs_extra("gui"):
            importlib.import_module("mss")  # screenshots: every policy sees the screen
        if kind != "oracle":
            with needs_extra("llm"):
                importlib.import_module(kind)  # the provider's SDK: openai or anthropic
        return kind

    @property
    def model(self) -> str | None:
        return None if self.policy == "oracle" else self.policy.partition(":")[2].strip()


def oracle_policy(task: TaskConfig) -> Policy:
    """The GUI oracle of ``task``'s family (``TaskFamily.oracle``); :class:`NoOracle` if none."""
    family_id = task.family
    if not isinstance(family_id, str):
        raise NoOracle(f"task {task.task_id} names no task family, so it has no GUI oracle")
    try:
        family = load_domain(task.domain).family(family_id)
    except DomainError as exc:
        raise NoOracle(f"task {task.task_id}: {exc}") from None
    oracle = family.oracle(task)
    if oracle is None:
        raise NoOracle(f"family {family_id} of domain {task.domain} has no GUI oracle yet")
    if not isinstance(oracle, Policy):
        raise PolicyError(
            f"the oracle of family {family_id} is a {type(oracle).__name__}, which lacks the "
            "Policy members (name, coordinate_space, image, begin, step, end)"
        )
    return oracle


class Policies:
    """Makes the policy of each episode; owns the SDK client they share."""

    def __init__(
        self, config: PolicyConfig, sampler: OpenAISampler | AnthropicSampler | None = None
    ) -> None:
        self.config = config
        self.sampler = sampler

    @property
    def name(self) -> str:
        return self.config.policy

    def __call__(self, task: TaskConfig) -> Policy:
        cfg = self.config
        if self.sampler is None:
            return oracle_policy(task)
        if isinstance(self.sampler, OpenAISampler):
            return OpenAIPolicy(
                self.sampler, image=cfg.image, coordinate_space=cfg.coordinate_space,
                interval=cfg.interval,
            )  # fmt: skip
        return AnthropicPolicy(self.sampler, image=cfg.image, interval=cfg.interval)

    async def aclose(self) -> None:
        if self.sampler is not None:
            await self.sampler.aclose()


def make_policies(
    config: PolicyConfig,
    *,
    http_client: httpx2.AsyncClient | None = None,
    api_key: str | None = None,
) -> Policies:
    """The policy factory ``config`` names. ``http_client`` replaces the SDK's transport
    (tests pass the scripted double's); ``api_key`` overrides the environment variable."""
    kind = config.require_installed()
    if kind == "oracle":
        return Policies(config)
    model = config.model or ""
    key = api_key if api_key is not None else _api_key(config, kind)
    if kind == "openai":
        sampler: OpenAISampler | AnthropicSampler = OpenAISampler(
            model, base_url=config.base_url, api_key=key, http_client=http_client,
            temperature=config.temperature, top_p=config.top_p, max_tokens=config.max_tokens,
            logprobs=config.logprobs, request_timeout_s=config.request_timeout_s,
        )  # fmt: skip
    else:
        if config.tool_version not in TOOL_VERSIONS:
            raise ValueError(
                f"unknown computer tool {config.tool_version!r} (known: {', '.join(TOOL_VERSIONS)})"
            )
        sampler = AnthropicSampler(
            model, base_url=config.base_url, api_key=key, http_client=http_client,
            temperature=config.temperature, top_p=config.top_p, max_tokens=config.max_tokens,
            tool_version=config.tool_version,
            request_timeout_s=config.request_timeout_s,
        )  # fmt: skip
    return Policies(config, sampler)


def _api_key(config: PolicyConfig, kind: str) -> str:
    name = config.api_key_env or _KEY_ENV[kind]
    key = os.environ.get(name, "").strip()
    if key:
        return key
    if kind == "openai" and config.base_url and config.api_key_env is None:
        return "EMPTY"  # vLLM, SGLang and Ollama check no key
    raise ValueError(
        f"policy {config.policy}: no API key — set the environment variable {name}"
        + ("" if config.base_url else " (or give --base-url for a server that needs none)")
    )
