"""The chat half that the tracker <-> chat families share, whichever app is their home.

Both apps keep their state in one hub session; the tracker's signed-in person is a member of
the chat workspace too (same person, two apps). The words a family's golden state writes and
its oracle types (:func:`reply_text`, :func:`status_text`) live here, so that family and
oracle read them from one place without importing each other.
"""

from __future__ import annotations

import random
from typing import Any

from cuagym.apps.team_chat import base_world, channel_id, ensure_member

__all__ = [
    "CHAT",
    "CHAT_HELPERS",
    "ME_CHAT",
    "REPORTERS",
    "REPORTS",
    "chat_base",
    "reply_text",
    "status_text",
]

CHAT = "team-chat"
#: The tracker's signed-in person is a member of the chat workspace too (same person, two apps).
ME_CHAT = {"id": "u-nina", "name": "nina.alvarez", "title": "Engineering Lead"}

# (project, channel, issue title, the report as posted). No title exists in the tracker's seed.
REPORTS: tuple[tuple[str, str, str, str], ...] = (
    (
        "WEB",
        "customer-feedback",
        "Promo code field rejects lower-case codes",
        "Two customers told me the promo code box at checkout rejects codes typed in lower "
        "case, so spring10 fails while SPRING10 works.",
    ),
    (
        "WEB",
        "customer-feedback",
        "Confirmation email shows the wrong delivery date",
        "The order confirmation email quotes a delivery date one day earlier than the order "
        "page does, and customers are calling support about it.",
    ),
    (
        "WEB",
        "customer-feedback",
        "Size filter resets when paging through results",
        "On the storefront, picking a size filter and then going to page 2 of the results "
        "silently drops the filter again.",
    ),
    (
        "MOB",
        "customer-feedback",
        "Saved routes vanish after an app update",
        "A hiker lost every saved route after updating the trail app to the latest version "
        "on Android, and two more reviews mention the same thing.",
    ),
    (
        "MOB",
        "customer-feedback",
        "Recorded track drifts while the screen is locked",
        "Several users say the recorded GPS track drifts by hundreds of metres whenever the "
        "phone screen is locked during a hike.",
    ),
    (
        "OPS",
        "incidents",
        "Nightly backup job reports success on failure",
        "Last night the backup job posted a green status even though its database dump step "
        "failed with a disk full error.",
    ),
)
REPORTERS: tuple[str, ...] = ("u-sofia", "u-liam", "u-maya", "u-tomas", "u-priya", "u-amara")


def reply_text(key: str) -> str:
    """What the thread reply says once the issue exists."""
    return f"Filed as {key}"


def status_text(sprint_name: str, label: str, keys: list[str]) -> str:
    """The message: ``WEB Sprint 23 open bugs: WEB-9, WEB-12``."""
    return f"{sprint_name} {label}: " + ", ".join(keys)


def chat_base(rng: random.Random, display_name: str) -> dict[str, Any]:
    """The chat seed, varied, with the tracker's user in it, signed in, a member of #general."""
    me = ME_CHAT["id"]
    world = base_world(rng, me)
    slug = world["workspace"]["slug"]
    world["users"][me] = {
        "id": me,
        "name": ME_CHAT["name"],
        "displayName": display_name,
        "title": ME_CHAT["title"],
        "email": f"{ME_CHAT['name']}@{slug}.example",
        "timezone": "Europe/Berlin",
        "avatarColor": "#475569",
        "statusText": "",
        "isAdmin": False,
    }
    ensure_member(world, channel_id(world, "general"), me)
    return world


CHAT_HELPERS = """
def chat_uid(state, display_name):
    users = state["users"].values()
    return next((u["id"] for u in users if u["displayName"] == display_name), None)


def norm(text):
    # Finding the message the task names by its opening words: case does not matter.
    return " ".join(str(text).split()).casefold()
"""
