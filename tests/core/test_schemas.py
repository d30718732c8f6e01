"""JSON schemas of the bundle's JSON files, and the `cuagym schema` command."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import typer
from pydantic import BaseModel
from typer.testing import CliRunner

from cuagym.cli._schema import schema_command
from cuagym.core import TaskConfig, TaskMeta
from cuagym.core._osworld_names import OSWORLD_GETTERS, OSWORLD_SETUP_STEPS
from cuagym.core.files import schemas
from cuagym.core.osworld import OSWorldConfig
from tests.core.bundle_examples import final_bundle

MODELS: dict[str, type[BaseModel]] = {
    "task_config.json": TaskConfig,
    "meta.json": TaskMeta,
    "config.json": OSWorldConfig,
}


def test_one_schema_per_json_file() -> None:
    every = schemas()
    assert set(every) == set(MODELS)
    for schema in every.values():
        assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
        assert schema["type"] == "object"
    assert set(every["task_config.json"]["required"]) == {
        "task_id",
        "instruction",
        "domain",
        "apps",
        "difficulty",
    }
    assert every["task_config.json"]["additionalProperties"] is True
    task_id = every["task_config.json"]["properties"]["task_id"]
    assert task_id["pattern"] == "^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$"
    config = every["config.json"]
    assert config["additionalProperties"] is False  # no schema extensions
    assert set(config["required"]) == set(config["properties"])
    defs = config["$defs"]
    assert defs["SetupStep"]["properties"]["type"]["enum"] == sorted(OSWORLD_SETUP_STEPS)
    assert defs["GetterConfig"]["properties"]["type"]["enum"] == sorted(OSWORLD_GETTERS)


def test_example_files_validate(tmp_path: Path) -> None:
    # jsonschema is not a dependency; the models are what the schemas were generated from.
    path = final_bundle().write(tmp_path)
    every = schemas()
    for name, model in MODELS.items():
        data = json.loads((path / name).read_text())
        assert set(data) <= set(every[name]["properties"])
        assert set(every[name].get("required", [])) <= set(data)
        model.model_validate(data)


def _app() -> typer.Typer:
    app = typer.Typer()
    app.command("schema")(schema_command)

    @app.command("other")
    def _other() -> None:  # a second command keeps `schema` a subcommand, as in the real CLI
        pass

    return app


runner = CliRunner()


def test_cli_prints_every_schema() -> None:
    result = runner.invoke(_app(), ["schema"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout) == schemas()


@pytest.mark.parametrize(
    ("name", "key"),
    [
        ("meta.json", "meta.json"),
        ("meta", "meta.json"),
        ("task_config", "task_config.json"),
        ("CONFIG.JSON", "config.json"),
        ("osworld", "config.json"),
    ],
)
def test_cli_prints_one_schema(name: str, key: str) -> None:
    result = runner.invoke(_app(), ["schema", name])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout) == schemas()[key]


def test_cli_refuses_an_unknown_name() -> None:
    result = runner.invoke(_app(), ["schema", "reward.py"])
    assert result.exit_code == 2
    assert "unknown file 'reward.py'" in result.output
