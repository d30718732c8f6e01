"""One office for the mail ↔ crm families: the mailbox and the CRM of the same person.

A cross-app task holds both apps' states in one hub session (:mod:`._web_cross`). Its two
worlds are each app's varied seed, drawn with the task's own ``world`` rng (as the single-app
families draw theirs), made to agree on who is working: the CRM's company and signed-in user
become the mailbox's owner (Nora Castellanos of Fernhill Analytics), so an email to Nora about a
deal is about a deal Nora owns in the CRM she is signed in to. Only the apps' public surfaces
are used: the cross families homed in mail and in crm share this module, never each other's
family packages.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from cuagym.apps import crm as crm_app
from cuagym.apps import mail as mail_app
from cuagym.core import TaskConfig
from cuagym.families._family import family_rng

__all__ = ["OWNER", "office_worlds", "owner_in_crm", "params_of"]

State = dict[str, Any]

#: The person both apps belong to: the mailbox's account owner.
OWNER = "Nora Castellanos"


def params_of(task: TaskConfig) -> dict[str, Any]:
    """The task's structured facts."""
    return dict(task.params or {})


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
    mail = mail_app.varied_seed(family_rng(task, "world"))
    crm = crm_app.varied_seed(family_rng(task, "world"), protect)
    owner_in_crm(crm, mail)
    return mail, crm
