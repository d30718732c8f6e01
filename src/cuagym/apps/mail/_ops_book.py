"""Contacts, templates and settings operations (see ``_ops`` for the conventions)."""

from __future__ import annotations

import re

from cuagym.apps.mail._ops import ActionError, State, new_id

__all__ = [
    "create_contact",
    "create_template",
    "delete_contact",
    "delete_template",
    "parse_groups",
    "set_density",
    "update_contact",
    "update_settings",
    "update_template",
]

_EMAIL = re.compile(r"^[^@\s<>,;\"()]+@[^@\s<>,;\"()]+\.[^@\s<>,;\"()]+$")


def parse_groups(raw: str) -> list[str]:
    """``"Customers, VIP accounts"`` -> ``["customers", "vip-accounts"]`` (order kept)."""
    out: list[str] = []
    for part in raw.split(","):
        slug = re.sub(r"[^a-z0-9]+", "-", part.strip().lower()).strip("-")[:40]
        if slug and slug not in out:
            out.append(slug)
    return out


def _contact_fields(
    state: State,
    cid: str | None,
    name: str,
    email: str,
    company: str,
    phone: str,
    groups: str,
    notes: str,
) -> dict[str, object]:
    name, email = " ".join(name.split()), email.strip()
    if not name:
        raise ActionError("Please enter a name.", "name")
    if not _EMAIL.match(email) or len(email) > 254:
        raise ActionError(f"\u201c{email}\u201d is not a valid email address.", "email")
    for other_id, other in state["contacts"].items():
        if other_id != cid and other["email"].lower() == email.lower():
            raise ActionError(f"{other['name']} already has the address {other['email']}.", "email")
    if len(name) > 80 or len(company) > 120 or len(phone) > 40 or len(notes) > 1000:
        raise ActionError("A field is too long.")
    return {
        "name": name,
        "email": email,
        "company": " ".join(company.split()),
        "phone": " ".join(phone.split()),
        "groups": parse_groups(groups),
        "notes": notes.strip(),
    }


def create_contact(
    state: State,
    name: str,
    email: str,
    company: str = "",
    phone: str = "",
    groups: str = "",
    notes: str = "",
) -> str:
    values = _contact_fields(state, None, name, email, company, phone, groups, notes)
    cid = new_id(state, "contacts", "ct")
    state["contacts"][cid] = {"id": cid, **values}
    return cid


def update_contact(
    state: State,
    cid: str,
    name: str,
    email: str,
    company: str = "",
    phone: str = "",
    groups: str = "",
    notes: str = "",
) -> None:
    if cid not in state["contacts"]:
        raise ActionError("That contact no longer exists.")
    state["contacts"][cid].update(
        _contact_fields(state, cid, name, email, company, phone, groups, notes)
    )


def delete_contact(state: State, cid: str) -> None:
    if state["contacts"].pop(cid, None) is None:
        raise ActionError("That contact no longer exists.")


def _template_fields(
    state: State, tid: str | None, name: str, subject: str, body: str
) -> dict[str, str]:
    name = " ".join(name.split())
    body = body.strip("\n\r ")
    if not name:
        raise ActionError("Please name the template.", "name")
    if not body:
        raise ActionError("A template needs some text.", "body")
    if len(name) > 80 or len(subject) > 250 or len(body) > 10000:
        raise ActionError("A field is too long.")
    for other_id, other in state["templates"].items():
        if other_id != tid and other["name"].lower() == name.lower():
            raise ActionError(
                f"A template named \u201c{other['name']}\u201d already exists.", "name"
            )
    return {"name": name, "subject": " ".join(subject.split()), "body": body}


def create_template(state: State, name: str, subject: str, body: str) -> str:
    values = _template_fields(state, None, name, subject, body)
    tid = new_id(state, "templates", "tpl")
    state["templates"][tid] = {"id": tid, **values}
    return tid


def update_template(state: State, tid: str, name: str, subject: str, body: str) -> None:
    if tid not in state["templates"]:
        raise ActionError("That template no longer exists.")
    state["templates"][tid].update(_template_fields(state, tid, name, subject, body))


def delete_template(state: State, tid: str) -> None:
    if state["templates"].pop(tid, None) is None:
        raise ActionError("That template no longer exists.")


def update_settings(state: State, signature: str, mark_read_on_open: bool) -> None:
    signature = signature.strip("\n\r ")
    if len(signature) > 1000:
        raise ActionError("The signature can be at most 1000 characters.", "signature")
    state["settings"]["signature"] = signature
    state["settings"]["markReadOnOpen"] = mark_read_on_open


def set_density(state: State, density: str) -> None:
    """A purely visual preference, kept in the volatile ``ui`` block."""
    if density not in ("comfortable", "compact"):
        raise ActionError(f"Unknown density {density!r}.")
    state["ui"]["density"] = density
