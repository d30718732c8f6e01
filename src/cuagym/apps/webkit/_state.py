"""The pieces every web app's state schema and invariants share.

A state is a strict pydantic model with camelCase keys; its ids are "simple keys" so that every
``state_diff`` path stays dotted (``channels.c-general.name``); a violation names its place in
that same path syntax, so the author of a task that got a 422 finds the value where ``/go``
shows it.
"""

from __future__ import annotations

import json
import re
from datetime import datetime
from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field
from pydantic.alias_generators import to_camel

__all__ = ["HexColor", "Id", "Name80", "StateModel", "Timestamp", "diff_path", "parse_ts"]

# Ids appear as keys in diff paths; the "simple key" alphabet keeps every path dotted.
Id = Annotated[str, Field(pattern=r"^[A-Za-z0-9_-]{1,64}$")]
# ISO-8601 in UTC, e.g. 2025-03-03T09:15:00Z (fractional seconds and +00:00 accepted).
Timestamp = Annotated[
    str,
    Field(pattern=r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?(Z|\+00:00)$"),
]
HexColor = Annotated[str, Field(pattern=r"^#[0-9a-fA-F]{6}$")]
Name80 = Annotated[str, Field(min_length=1, max_length=80)]

_SIMPLE_KEY = re.compile(r"^[A-Za-z0-9_-]+$")


class StateModel(BaseModel):
    """Base of every model in a web app's state (camelCase keys on the wire)."""

    # strict: no "1" -> 1 or 0 -> False coercion; forbid: a misspelt key is an error, not a no-op.
    model_config = ConfigDict(
        alias_generator=to_camel,
        populate_by_name=False,
        extra="forbid",
        strict=True,
    )


def parse_ts(ts: str) -> datetime:
    """Parse a schema-valid timestamp (``...Z`` or ``...+00:00``) into an aware datetime."""
    return datetime.fromisoformat(ts)


def diff_path(*keys: str) -> str:
    """A diff path: dotted for simple keys, ``["..."]`` for any other key."""
    out = ""
    for key in keys:
        if _SIMPLE_KEY.match(key):
            out = f"{out}.{key}" if out else key
        else:
            out = f"{out}[{json.dumps(key, ensure_ascii=False)}]"
    return out
