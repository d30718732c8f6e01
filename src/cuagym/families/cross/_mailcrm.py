"""One office for the mail ↔ crm families: the mailbox and the CRM of the same person.

A cross-app task holds both apps' states in one hub session (:mod:`._web_cross`). Its two
worlds are each domain's own per-task world (mail's perturbed seed mailbox, crm's varied seed
CRM) made to agree on who is working: the CRM's company and signed-in user become the
mailbox's owner (Nora Castellanos of Fernhill Analytics), so an email to Nora about a deal is
about a deal Nora owns in the CRM she is signed in to.

Both domains' families use this module; it imports their internals lazily, inside the
functions, because each domain's package imports its families at import time (a module-level
import here would close a cycle mail → here → crm → here).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from cuagym.core import TaskConfig

__all__ = ["OWNER", "office_worlds", "owner_in_crm"]

State = dict[str, Any]

#: The person both apps belong to: the mailbox's account owner.
OWNER = "Nora Castellanos"


def owner_in_crm(crm: State, mail: State) -> None:
    """Make ``crm``'s company and signed-in user the mailbox owner of ``mail`` (in place)."""
    account = mail["account"]
    crm["org"]["name"] = account["company"]
    user = crm["users"][crm["currentUser"]]
    user["name"] = account["name"]
    user["email"] = account["email"]
    user["title"] = account.get("title", user.get("title", ""))


def office_worlds(task: TaskConfig, protect: Iterable[str] = ()) -> tuple[State, State]:
    """``(mail, crm)``: the task's mailbox and CRM, owned by the same person. ``protect``: crm
    record ids the CRM's per-task variation must leave alone (see crm's ``build_world``)."""
    from cuagym.families.crm._common import build_world
    from cuagym.families.mail._world import base_world

    mail = base_world(task)
    crm = build_world(task, protect=protect)
    owner_in_crm(crm, mail)
    return mail, crm
