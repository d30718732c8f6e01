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

import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from cuagym.apps import crm as crm_app
from cuagym.apps import mail as mail_app
from cuagym.core import TaskConfig
from cuagym.families._family import GeneratedScripts, family_rng
from cuagym.families.cross._web_cross import patch_script, record_edits, setup_script
from cuagym.scripts import WEB_LIBRARIES, inlined
from cuagym.scripts import reward_script as compose_reward

__all__ = ["OWNER", "office_reward", "office_scripts", "office_worlds", "owner_in_crm", "params_of"]

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


def office_reward(
    task: TaskConfig, read: str, library: Path, body: str, imports: str = "import json\n"
) -> str:
    """``reward.py`` of an office task: the shared frame and hub libraries, the home app's
    reward ``library``, ``P`` (the task's params), the ``read`` of both apps' ``/go`` and the
    family's checks (``body``)."""
    return compose_reward(
        header=f"# reward.py - {task.task_id}",
        imports=imports,
        libraries=[*WEB_LIBRARIES, inlined(library)],
        constants=f"P = json.loads({json.dumps(params_of(task), sort_keys=True)!r})",
        read=read,
        body=body,
    )


def office_scripts(
    task: TaskConfig, mail: State, crm: State, changed: str, gold: State
) -> GeneratedScripts:
    """``initial_setup.py`` sets both worlds in the session; ``golden_patch.py`` turns the
    ``changed`` app's world (``"mail"`` or ``"crm"``) into ``gold``, leaving the other alone."""
    worlds = {"mail": mail, "crm": crm}
    return GeneratedScripts(
        initial_setup=setup_script(worlds, task.task_id),
        golden_patch=patch_script({changed: record_edits(worlds[changed], gold)}, task.task_id),
    )
