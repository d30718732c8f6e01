"""Model specs, the price table, and cost arithmetic."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cuagym.llm import ModelSpec, PriceTable, TokenUsage
from cuagym.llm._client import resolve_api_key
from cuagym.llm._prices import DEFAULT_PRICES


@pytest.mark.parametrize(
    ("text", "provider", "name"),
    [
        ("openai:gpt-4.1", "openai", "gpt-4.1"),
        ("anthropic:claude-sonnet-4", "anthropic", "claude-sonnet-4"),
        (" OpenAI:Qwen/Qwen3-32B ", "openai", "Qwen/Qwen3-32B"),
        ("openai:llama3:70b", "openai", "llama3:70b"),
    ],
)
def test_model_spec_parses(text: str, provider: str, name: str) -> None:
    spec = ModelSpec.parse(text)
    assert (spec.provider, spec.name) == (provider, name)
    assert str(spec) == f"{provider}:{name}"


@pytest.mark.parametrize(
    ("text", "needle"),
    [
        ("gpt-4.1", "PROVIDER:NAME"),
        ("openai:", "PROVIDER:NAME"),
        ("google:gemini", "unknown provider"),
    ],
)
def test_model_spec_rejects(text: str, needle: str) -> None:
    with pytest.raises(ValueError, match=needle):
        ModelSpec.parse(text)


def test_default_prices_and_snapshots() -> None:
    table = PriceTable()
    assert table.price("openai:gpt-4.1") == DEFAULT_PRICES["gpt-4.1"]
    # a dated snapshot uses its base model's price; a different model with a shared prefix does not
    assert table.price("anthropic:claude-sonnet-4-20250514") == DEFAULT_PRICES["claude-sonnet-4"]
    assert table.price("openai:gpt-4.1-mini-2025-04-14") == DEFAULT_PRICES["gpt-4.1-mini"]
    assert table.price("anthropic:claude-opus-4-7") is None
    assert table.unknown("openai:Qwen/Qwen3-32B")
    assert table.cost("openai:Qwen/Qwen3-32B", TokenUsage(tokens_in=10**6, tokens_out=10**6)) == 0.0


def test_cost_matches_the_papers_figure() -> None:
    # Spec: ~10k in / 5k out per accepted tuple at $3 / $15 per 1M -> 0.030 + 0.075 = $0.105.
    cost = PriceTable().cost(
        "anthropic:claude-sonnet-4-6", TokenUsage(tokens_in=10_000, tokens_out=5_000)
    )
    assert cost == pytest.approx(0.105)


def test_cached_tokens_priced_separately() -> None:
    usage = TokenUsage(tokens_in=1_000_000, tokens_out=0, cached_in=400_000)
    # gpt-4.1: 600k at $2 + 400k at $0.5
    assert PriceTable().cost("openai:gpt-4.1", usage) == pytest.approx(1.2 + 0.2)


def test_load_toml_overlays_defaults(tmp_path: Path) -> None:
    path = tmp_path / "prices.toml"
    path.write_text(
        '[models."openai:Qwen/Qwen3-32B"]\ninput = 0.2\noutput = 0.6\n'
        '[models."gpt-4.1"]\ninput = 1.0\noutput = 4.0\n'
    )
    table = PriceTable.load(path)
    assert table.price("openai:Qwen/Qwen3-32B") is not None
    assert table.cost("openai:gpt-4.1", TokenUsage(tokens_in=10**6)) == pytest.approx(1.0)
    assert table.price("anthropic:claude-sonnet-4") == DEFAULT_PRICES["claude-sonnet-4"]


def test_load_json_replace_defaults(tmp_path: Path) -> None:
    path = tmp_path / "prices.json"
    path.write_text(
        json.dumps({"replace_defaults": True, "models": {"m": {"input": 1, "output": 2}}})
    )
    table = PriceTable.load(path)
    assert set(table.models) == {"m"}
    assert table.unknown("openai:gpt-4.1")


def test_load_errors_name_the_file(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"models": {"m": {"input": -1, "output": 2}}}))
    with pytest.raises(ValueError, match=r"bad\.json"):
        PriceTable.load(bad)
    with pytest.raises(ValueError, match=r"missing\.toml"):
        PriceTable.load(tmp_path / "missing.toml")


def test_api_key_resolution_never_shows_values() -> None:
    spec = ModelSpec.parse("openai:gpt-4.1")
    assert resolve_api_key(spec, environ={"OPENAI_API_KEY": "sk-x"}) == "sk-x"
    assert resolve_api_key(spec, api_key_env="MY_KEY", environ={"MY_KEY": "k2"}) == "k2"
    # a local OpenAI-compatible server needs no key
    assert resolve_api_key(spec, base_url="http://localhost:8000/v1", environ={}) == "EMPTY"
    with pytest.raises(ValueError, match="OPENAI_API_KEY"):
        resolve_api_key(spec, environ={})
    with pytest.raises(ValueError, match="ANTHROPIC_API_KEY"):
        resolve_api_key(ModelSpec.parse("anthropic:claude-sonnet-4"), environ={})
