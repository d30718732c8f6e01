"""View models: what templates show, derived from the state (never stored).

Formatting (money, dates, names of linked records), list filtering and sorting, related lists
and the page shell live here so templates stay declarative and every screen shows a value the
same way.
"""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

from markupsafe import Markup, escape

from cuagym.apps.crm._entities import ENTITIES, EntityType, record_title
from cuagym.apps.crm._fields import FieldSpec, format_money, format_money_short, money_input
from cuagym.apps.crm._invariants import COLLECTION_OF
from cuagym.apps.webkit.tables import Column, table_view

__all__ = [
    "display",
    "edit_value",
    "field_choices",
    "fmt_date",
    "fmt_ts",
    "initials",
    "link_to",
    "list_rows",
    "related_lists",
    "shell",
    "user_name",
]

State = dict[str, Any]
NAV = (
    ("home", "Home", "/"),
    ("leads", "Leads", "/leads"),
    ("accounts", "Accounts", "/accounts"),
    ("contacts", "Contacts", "/contacts"),
    ("opportunities", "Opportunities", "/opportunities"),
    ("pipeline", "Pipeline", "/pipeline"),
    ("tasks", "Tasks", "/tasks"),
    ("reports", "Reports", "/reports"),
)


def initials(name: str) -> str:
    parts = [p for p in name.replace(".", " ").split() if p]
    return "".join(p[0] for p in parts[:2]).upper() or "?"


def user_name(state: State, uid: str | None) -> str:
    user = state["users"].get(uid or "")
    return str(user["name"]) if user else "—"


def fmt_date(value: str | None) -> str:
    """``2026-12-18`` -> ``Dec 18, 2026``."""
    if not value:
        return ""
    day = date.fromisoformat(value)
    return f"{day:%b} {day.day}, {day.year}"


def fmt_ts(value: str | None) -> str:
    """A stored UTC timestamp as ``Nov 20, 2026, 3:00 PM``."""
    if not value:
        return ""
    moment = datetime.fromisoformat(value)
    clock = f"{moment.hour % 12 or 12}:{moment.minute:02d} {'AM' if moment.hour < 12 else 'PM'}"
    return f"{moment:%b} {moment.day}, {moment.year}, {clock}"


def link_to(state: State, kind: str, rid: str | None, base: str) -> Markup:
    """An anchor to a record's detail page, showing its name ('—' for none or a missing id)."""
    if not rid:
        return Markup("—")
    record = state[COLLECTION_OF[kind]].get(rid)
    if record is None:
        return Markup("—")
    url = f"{base}/{ENTITIES[kind].path}/{rid}"
    return Markup('<a href="{}" data-testid="record-link">{}</a>').format(
        url, record_title(kind, record)
    )


def display(state: State, spec: FieldSpec, value: Any, base: str) -> Markup:
    """A stored value as the detail page shows it."""
    if value is None or value == "":
        return Markup("")
    if spec.kind == "money":
        return Markup(escape(format_money(value)))
    if spec.kind == "percent":
        return Markup(f"{int(value)}%")
    if spec.kind == "int":
        return Markup(f"{int(value):,}")
    if spec.kind == "date":
        return Markup(escape(fmt_date(value)))
    if spec.kind == "email":
        return Markup('<a href="mailto:{0}">{0}</a>').format(value)
    if spec.kind == "url":
        href = value if "://" in value else "https://" + value
        return Markup('<a href="{}" rel="noopener noreferrer">{}</a>').format(href, value)
    if spec.kind == "ref":
        kind = {"accounts": "account", "contacts": "contact"}[spec.ref]
        return link_to(state, kind, value, base)
    if spec.kind == "user":
        return Markup(escape(user_name(state, value)))
    if spec.kind == "textarea":
        return Markup("<br>").join(escape(line) for line in str(value).split("\n"))
    return Markup(escape(str(value)))


def edit_value(spec: FieldSpec, value: Any) -> str:
    """A stored value as an input shows it for editing."""
    if value is None:
        return ""
    if spec.kind == "money":
        return money_input(value)
    return str(value)


def field_choices(
    spec: FieldSpec, options: dict[str, list[tuple[str, str]]]
) -> list[tuple[str, str]]:
    """A drop-down's (value, label) choices: a picklist's values or the records a reference
    may point to, after a blank first choice where the field may stay empty."""
    if spec.kind == "picklist":
        listed = [(o, o) for o in spec.choices]
    else:
        listed = list(options[spec.ref or "users"])
    if not spec.required:
        return [("", "--None--"), *listed]
    return [("", "Select…"), *listed] if spec.kind == "ref" else listed


def _sort_key(state: State, ent: EntityType, key: str, record: dict[str, Any]) -> Any:
    if key == "_title":
        return record_title(ent.kind, record).lower()
    value = record.get(key)
    if key == "ownerId":
        return user_name(state, value).lower()
    if key == "accountId":
        return state["accounts"].get(value or "", {}).get("name", "").lower()
    if key == "stage":
        return list(ENTITIES["opportunity"].spec("stage").options).index(str(value))
    if isinstance(value, str):
        return value.lower()
    return value


#: rows on one page of a list view: every seeded record fits on the first
PER_PAGE = 50
_NUMERIC = {"amountCents", "annualRevenueCents", "probability"}


def list_rows(state: State, ent: EntityType, params: dict[str, str]) -> dict[str, Any]:
    """A list view's table (the kit's): the view (all/mine/converted), then its filters,
    search and sort; empty values sort last either way."""
    me = state["currentUser"]
    scope = params.get("view", "all")
    query = dict(params)
    if query.pop("dir", None) == "desc":  # the CRM's older ``?sort=..&dir=desc`` links
        query["desc"] = "1"
    desc = query.get("desc") == "1"
    rows = []
    for record in state[ent.collection].values():
        if scope == "mine" and record.get("ownerId") != me:
            continue
        if ent.kind == "lead" and scope != "converted" and record["status"] == "Converted":
            continue  # converted leads leave the working views, as in real CRMs
        if scope == "converted" and record.get("status") != "Converted":
            continue
        rows.append(record)

    def order(record: dict[str, Any], key: str) -> tuple[bool, Any]:
        blank = key != "_title" and record.get(key) is None
        return (blank != desc, None if blank else _sort_key(state, ent, key, record))

    table = table_view(
        rows,
        query,
        [Column(key, header, numeric=key in _NUMERIC) for key, header in ent.columns],
        search=ent.search,
        filters=[key for key, _ in ent.filters],
        per_page=PER_PAGE,
        default_sort="_title",
        sort_key=order,
    )
    # not "active": that is the shell's selected tab, which this would shadow
    return {"table": table, "q": table.search, "view": scope, "active_filters": table.filters}


def related_lists(state: State, kind: str, rid: str) -> dict[str, Any]:
    """Open tasks, activity history and notes attached to one record, newest first."""
    acts = [
        a
        for a in state["activities"].values()
        if a["relatedType"] == kind and a["relatedId"] == rid
    ]
    open_ = sorted(
        (a for a in acts if a["status"] == "Open"),
        key=lambda a: (a["dueDate"] is None, a["dueDate"] or "", a["id"]),
    )
    done = sorted(
        (a for a in acts if a["status"] == "Completed"),
        key=lambda a: (a["dueDate"] or a["createdAt"][:10], a["id"]),
        reverse=True,
    )
    notes = sorted(
        (n for n in state["notes"].values() if n["relatedType"] == kind and n["relatedId"] == rid),
        key=lambda n: (n["createdAt"], n["id"]),
        reverse=True,
    )
    return {"open_tasks": open_, "history": done, "notes": notes}


def shell(state: State, active: str) -> dict[str, Any]:
    """Context every screen needs: org, current user, the navigation tabs."""
    me = state["users"].get(state["currentUser"], {"name": "Unknown", "avatarColor": "#5b6470"})
    return {
        "org": state["org"],
        "me": {**me, "initials": initials(me["name"])},
        "nav": NAV,
        "active": active,
        "today": date.today().isoformat(),
        "fmt_date": fmt_date,
        "fmt_ts": fmt_ts,
        "money": format_money,
        "money_short": format_money_short,
        "user_name": lambda uid: user_name(state, uid),
        "title_of": record_title,
        "field_choices": field_choices,
        "account_names": {aid: a["name"] for aid, a in state["accounts"].items()},
    }
