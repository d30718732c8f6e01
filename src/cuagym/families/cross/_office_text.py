"""The words the office families' golden states write and their oracles type, in one place so
that a family and its oracle read them without importing each other (:mod:`._office`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import date
from typing import Any

__all__ = [
    "announcement_text",
    "digest_label",
    "digest_text",
    "money",
    "request_body",
    "status_body",
]


def announcement_text(p: Mapping[str, Any]) -> str:
    """The chat post of ``mail-announcement-to-channel``: the event, when and where."""
    return f"{p['event']}: {p['date']}, {p['time']}, {p['place']}."


def request_body(p: Mapping[str, Any]) -> str:
    """The email of ``chat-request-by-mail``: both facts the thread settled."""
    return (
        f"Hello {p['contact_name'].split()[0]}, as requested: the {p['fact_a']} is "
        f"{p['value_a']} and the {p['fact_b']} is {p['value_b']}."
    )


def status_body(keys: Sequence[str], statuses: Mapping[str, str]) -> str:
    """The reply of ``issue-status-by-mail``: one ``KEY: Status`` line per asked issue."""
    return "\n".join(f"{key}: {statuses[key]}" for key in keys)


def money(cents: int) -> str:
    """Whole dollars as the digest writes them: ``$1,250,000``."""
    return f"${cents // 100:,}"


def digest_label(kind: str, key: str, threshold_cents: int) -> str:
    """The digest's opening words: which deals it lists."""
    amount = money(threshold_cents)
    if kind == "month":
        day = date.fromisoformat(key + "-01")
        return f"Open deals closing in {day:%B} {day.year} at {amount} or more"
    if kind == "owner":
        return f"{key}'s open deals at {amount} or more"
    return f"{key} deals at {amount} or more"


def digest_text(label: str, names: Sequence[str], total_cents: int) -> str:
    """The #sales post of ``pipeline-digest-to-chat``."""
    return f"{label}: {'; '.join(names)}. Total {money(total_cents)}"
