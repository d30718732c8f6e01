"""JSON schemas of the bundle's JSON files, for tools outside Python (DESIGN.md §2)."""

from __future__ import annotations

from typing import Any

from cuagym.core._osworld import OSWorldConfig
from cuagym.core._task import TaskConfig, TaskMeta

__all__ = ["JSON_SCHEMA_DIALECT", "schemas"]

JSON_SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema"


def schemas() -> dict[str, dict[str, Any]]:
    """The JSON schema of each JSON file of a bundle, keyed by file name.

    Schemas describe what a file may hold (pydantic's validation mode). Checks that span files
    (e.g. meta.domain equals task_config.domain) are not expressible here; ``Bundle.load``
    does them.
    """
    out: dict[str, dict[str, Any]] = {}
    for name, model in (
        ("task_config.json", TaskConfig),
        ("meta.json", TaskMeta),
        ("config.json", OSWorldConfig),
    ):
        out[name] = {"$schema": JSON_SCHEMA_DIALECT, **model.model_json_schema()}
    return out
