"""One person across mail, team-chat, issue-tracker and crm: the worlds the mail <-> chat,
mail <-> tracker and crm <-> chat families share, whichever app is their home.

The mailbox owner (Nora Castellanos of Fernhill Analytics) is the person of every such task:

- in the chat, the workspace becomes the mailbox's company (the people's addresses move to its
  domain, so a colleague who mails Nora is the colleague she chats with) and Nora is a member,
  signed in (:func:`office_chat`);
- in the tracker, the signed-in user becomes Nora (:func:`owner_in_tracker`), as the CRM's
  does in :mod:`._mailcrm`.

A task writes all its apps' worlds in one hub session (:mod:`._web_cross`); the golden patch
writes only the apps the task changes (:func:`cross_scripts`). Only the apps' public surfaces
are used, so families homed in mail, team-chat and issue-tracker all build on this module.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Mapping, Sequence
from typing import Any

from cuagym.apps.issue_tracker import CURRENT_USER
from cuagym.apps.team_chat import base_world, channel_id, ensure_member
from cuagym.core import TaskConfig
from cuagym.families._family import GeneratedScripts
from cuagym.families.cross._web_cross import patch_script, record_edits, setup_script
from cuagym.scripts import WEB_LIBRARIES
from cuagym.scripts import reward_script as compose_reward

__all__ = [
    "CHAT",
    "CRM",
    "MAIL",
    "OWNER_HANDLE",
    "OWNER_ID",
    "TRACKER",
    "cross_reward",
    "cross_scripts",
    "office_chat",
    "owner_in_tracker",
]

State = dict[str, Any]
MAIL, CHAT, TRACKER, CRM = "mail", "team-chat", "issue-tracker", "crm"
#: The mailbox owner's chat account (the seed's people are ``u-<first name>``).
OWNER_ID = "u-nora"
OWNER_HANDLE = "nora.castellanos"


def office_chat(rng: random.Random, account: Mapping[str, str]) -> State:
    """The chat seed, varied by ``rng``, as the workspace of the mailbox ``account``'s company:
    its people's addresses on the mailbox's domain, the owner a member of #general, signed in."""
    world = base_world(rng, OWNER_ID)
    old = world["workspace"]
    slug = account["email"].split("@", 1)[1].split(".", 1)[0]
    world["workspace"] = {"name": account["company"], "slug": slug}
    for user in world["users"].values():
        user["email"] = user["email"].replace(f"@{old['slug']}.", f"@{slug}.")
    # The chatter names the company by its first word ("the Northgate offsite").
    was, now = old["name"].split()[0], account["company"].split()[0]
    for msgs in world["messages"].values():
        for m in msgs:
            m["text"] = re.sub(rf"\b{re.escape(was)}\b", now, m["text"])
    world["users"][OWNER_ID] = {
        "id": OWNER_ID,
        "name": OWNER_HANDLE,
        "displayName": account["name"],
        "title": account.get("title", ""),
        "email": account["email"],
        "timezone": account.get("timezone", "America/Chicago"),
        "avatarColor": "#475569",
        "statusText": "",
        "isAdmin": False,
    }
    ensure_member(world, channel_id(world, "general"), OWNER_ID)
    return world


def owner_in_tracker(tracker: State, account: Mapping[str, str]) -> None:
    """Make the tracker's signed-in user the mailbox ``account``'s owner (in place)."""
    user = tracker["users"][CURRENT_USER]
    user["displayName"] = account["name"]
    user["name"] = account["email"].split("@", 1)[0].split(".", 1)[0].lower()
    user["email"] = account["email"]
    user["title"] = account.get("title", user.get("title", ""))


def cross_scripts(
    task: TaskConfig, worlds: Mapping[str, State], golds: Mapping[str, State]
) -> GeneratedScripts:
    """``initial_setup.py`` sets every app's world (app id -> state) in the session;
    ``golden_patch.py`` turns each app of ``golds`` into its gold state, the others untouched."""
    return GeneratedScripts(
        initial_setup=setup_script(worlds, task.task_id),
        golden_patch=patch_script(
            {app: record_edits(worlds[app], gold) for app, gold in golds.items()}, task.task_id
        ),
    )


def cross_reward(
    task: TaskConfig,
    read: str,
    libraries: Sequence[str],
    body: str,
    imports: str = "import json\n",
) -> str:
    """``reward.py``: the shared frame and hub libraries, the apps' reward ``libraries``
    (texts), ``P`` (the task's params), the ``read`` of the apps' ``/go`` and the family's
    checks (``body``)."""
    params = json.dumps(dict(task.params or {}), sort_keys=True)
    return compose_reward(
        header=f"# reward.py - {task.task_id}",
        imports=imports,
        libraries=[*WEB_LIBRARIES, *libraries],
        constants=f"P = json.loads({params!r})",
        read=read,
        body=body,
    )
