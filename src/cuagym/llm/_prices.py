"""The price table: USD per million tokens, per model, loadable from a TOML or JSON file.

Defaults cover a few hosted models at their list prices when this table was written; prices
change, so a research team running at scale should keep its own file::

    # prices.toml                       (or the same shape as JSON)
    [models."gpt-4.1"]
    input = 2.0                         # USD per 1M input tokens
    output = 8.0                        # USD per 1M output tokens
    cached_input = 0.5                  # optional: cache hits (default: the input price)

    [models."openai:Qwen/Qwen3-32B"]    # a provider-qualified key wins over a bare name
    input = 0.0
    output = 0.0

A file's entries are laid over the defaults (``replace_defaults = true`` drops them). A model
with no entry costs **0** and is listed in :meth:`PriceTable.unknown` so a summary can say that
its cost is not known, rather than pretending it is free. Dated snapshots
(``claude-sonnet-4-20250514``, ``gpt-4.1-2025-04-14``) and ``-latest`` aliases use their base
model's entry; other suffixes do not (``claude-opus-4-5`` is not priced as ``claude-opus-4``).
"""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field

from cuagym.llm._types import ModelSpec, TokenUsage

__all__ = ["DEFAULT_PRICES", "ModelPrice", "PriceTable"]

_SNAPSHOT_SUFFIX = re.compile(r"^(-\d{4}-?\d{2}-?\d{2}|-latest|@\d{8})$")


class ModelPrice(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    input: float = Field(ge=0.0, description="USD per 1M input tokens")
    output: float = Field(ge=0.0, description="USD per 1M output tokens")
    cached_input: float | None = Field(
        None, ge=0.0, description="USD per 1M cached input tokens (default: input)"
    )


DEFAULT_PRICES: dict[str, ModelPrice] = {
    name: ModelPrice(input=i, output=o, cached_input=c)
    for name, (i, o, c) in {
        # OpenAI list prices
        "gpt-4.1": (2.0, 8.0, 0.5),
        "gpt-4.1-mini": (0.4, 1.6, 0.1),
        "gpt-4.1-nano": (0.1, 0.4, 0.025),
        "gpt-4o": (2.5, 10.0, 1.25),
        "gpt-4o-mini": (0.15, 0.6, 0.075),
        # Anthropic list prices (cache reads at 10% of input); the spec's figures use Sonnet
        "claude-sonnet-4": (3.0, 15.0, 0.3),
        "claude-sonnet-4-5": (3.0, 15.0, 0.3),
        "claude-sonnet-4-6": (3.0, 15.0, 0.3),
        "claude-opus-4": (15.0, 75.0, 1.5),
        "claude-opus-4-1": (15.0, 75.0, 1.5),
        "claude-haiku-4-5": (1.0, 5.0, 0.1),
        "claude-3-5-haiku": (0.8, 4.0, 0.08),
    }.items()
}


class PriceTable(BaseModel):
    """Model name -> price. Keys are bare names or ``provider:name``."""

    model_config = ConfigDict(extra="forbid")

    models: dict[str, ModelPrice] = Field(default_factory=lambda: dict(DEFAULT_PRICES))

    @classmethod
    def load(cls, path: str | Path) -> PriceTable:
        """Read a ``.toml`` or ``.json`` file (see the module docstring); errors name the file."""
        path = Path(path)
        try:
            raw = path.read_bytes()
            data = tomllib.loads(raw.decode()) if path.suffix == ".toml" else json.loads(raw)
        except (OSError, ValueError) as exc:
            raise ValueError(f"price table {path}: {exc}") from None
        if not isinstance(data, dict):
            raise ValueError(f"price table {path}: expected an object with 'models'")
        replace = bool(data.pop("replace_defaults", False))
        try:
            given = cls.model_validate(data)
        except ValueError as exc:
            raise ValueError(f"price table {path}: {exc}") from None
        return given if replace else cls(models={**DEFAULT_PRICES, **given.models})

    def price(self, model: ModelSpec | str) -> ModelPrice | None:
        spec = ModelSpec.parse(model) if isinstance(model, str) else model
        for key in (str(spec), spec.name):
            if key in self.models:
                return self.models[key]
        # A dated snapshot of a priced model: the longest priced prefix, if the rest is a date.
        best: str | None = None
        for key in self.models:
            if ":" in key:
                continue
            rest = spec.name[len(key) :]
            if spec.name.startswith(key) and _SNAPSHOT_SUFFIX.match(rest):
                best = key if best is None or len(key) > len(best) else best
        return self.models[best] if best is not None else None

    def cost(self, model: ModelSpec | str, usage: TokenUsage) -> float:
        """USD for ``usage`` on ``model``; 0.0 for a model the table does not know."""
        price = self.price(model)
        if price is None:
            return 0.0
        cached = min(usage.cached_in, usage.tokens_in)
        cached_rate = price.input if price.cached_input is None else price.cached_input
        usd = (
            (usage.tokens_in - cached) * price.input
            + cached * cached_rate
            + usage.tokens_out * price.output
        ) / 1e6
        return round(usd, 8)

    def unknown(self, model: ModelSpec | str) -> bool:
        return self.price(model) is None
