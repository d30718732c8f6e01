"""Record screens shared by leads, accounts, contacts and opportunities.

List view (views, filters, search, sort), create form, detail page with inline edit, the
status/stage path, and the activity composer (new task, logged call, note) on every record.
"""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import Route

from cuagym.apps.crm._entities import ENTITIES, EntityType, entity_by_path, record_title
from cuagym.apps.crm._fields import ACTIVITY_FIELDS, NOTE_FIELDS, FieldSpec, parse_fields
from cuagym.apps.crm._ops import (
    ActionError,
    create_activity,
    create_note,
    create_record,
    remember_visit,
    set_activity_status,
    update_record,
)
from cuagym.apps.crm._schema import LEAD_STATUSES, STAGES
from cuagym.apps.crm._ui_common import (
    State,
    act,
    field,
    flash_redirect,
    form_dict,
    load,
    not_found,
    page,
    rejected,
    safe_next,
    show_error,
)
from cuagym.apps.crm._views import display, edit_value, list_rows, related_lists
from cuagym.hub import InvalidState

__all__ = ["routes"]


def _entity(request: Request) -> EntityType | None:
    return entity_by_path(request.path_params["path"])


def _refs(state: State) -> dict[str, Any]:
    return {"accounts": state["accounts"], "contacts": state["contacts"], "users": state["users"]}


def _options(state: State) -> dict[str, list[tuple[str, str]]]:
    """(id, label) choices of the reference pickers, sorted by label."""
    return {
        "accounts": sorted(
            ((a["id"], a["name"]) for a in state["accounts"].values()), key=lambda p: p[1].lower()
        ),
        "contacts": sorted(
            ((c["id"], record_title("contact", c)) for c in state["contacts"].values()),
            key=lambda p: p[1].lower(),
        ),
        "users": sorted(
            ((u["id"], u["name"]) for u in state["users"].values()), key=lambda p: p[1]
        ),
    }


# -- list views ---------------------------------------------------------------------------------
async def list_view(request: Request) -> Response:
    _, state = await load(request)
    ent = _entity(request)
    if ent is None:
        return not_found(request, state, "There is no such page.")
    params = dict(request.query_params)
    context = {"ent": ent, **list_rows(state, ent, params), "params": params}
    return page(request, state, "list.html", context, active=ent.path)


# -- create -------------------------------------------------------------------------------------
def _form_context(
    state: State, ent: EntityType, values: dict[str, str], errors: dict[str, str]
) -> dict[str, Any]:
    return {"ent": ent, "values": values, "errors": errors, "options": _options(state)}


def _defaults(state: State, ent: EntityType, params: dict[str, str]) -> dict[str, str]:
    values = {"ownerId": state["currentUser"]}
    if ent.kind == "lead":
        values["status"] = "New"
    if ent.kind == "opportunity":
        values["stage"] = "Prospecting"
    for key in ("accountId", "contactId"):  # "New contact" from an account page
        if params.get(key):
            values[key] = params[key]
    return values


async def new_form(request: Request) -> Response:
    _, state = await load(request)
    ent = _entity(request)
    if ent is None:
        return not_found(request, state, "There is no such page.")
    values = _defaults(state, ent, dict(request.query_params))
    return page(request, state, "form.html", _form_context(state, ent, values, {}), ent.path)


async def create(request: Request) -> Response:
    """Validate every field; on errors re-show the form with messages and the typed values."""
    ui, state = await load(request)
    ent = _entity(request)
    if ent is None:
        return not_found(request, state, "There is no such page.")
    raw = form_dict(await request.form())
    values, errors = parse_fields(ent.fields, raw, _refs(state))
    made: list[str] = []
    if not errors:
        try:
            await ui.mutate(lambda s: made.append(create_record(s, ent.collection, values)))
        except ActionError as exc:
            errors["_form"] = str(exc)
        except InvalidState as exc:
            errors["_form"] = "; ".join(rejected(exc))
    if errors:
        context = _form_context(state, ent, raw, errors)
        return page(request, state, "form.html", context, ent.path, status_code=400)
    return flash_redirect(ui, f"/{ent.path}/{made[0]}", f"{ent.singular} created")


# -- detail -------------------------------------------------------------------------------------
def _sections(
    state: State, ent: EntityType, record: dict[str, Any], raw: dict[str, str] | None, base: str
) -> list[dict[str, Any]]:
    out = []
    for title, keys in ent.sections:
        rows = []
        for key in keys:
            spec = ent.spec(key)
            rows.append(
                {
                    "spec": spec,
                    "shown": display(state, spec, record.get(key), base),
                    "input": raw[key] if raw is not None and key in raw else
                    edit_value(spec, record.get(key)),
                }
            )  # fmt: skip
        out.append({"title": title, "rows": rows})
    return out


def _path_steps(ent: EntityType, record: dict[str, Any]) -> dict[str, Any] | None:
    if ent.kind == "lead":
        return {"field": "status", "steps": LEAD_STATUSES, "current": record["status"]}
    if ent.kind == "opportunity":
        return {"field": "stage", "steps": STAGES, "current": record["stage"]}
    return None


def _children(state: State, ent: EntityType, rid: str) -> dict[str, Any]:
    """Related records listed on the detail page (an account's contacts and deals, ...)."""
    out: dict[str, Any] = {}
    if ent.kind == "account":
        out["contacts"] = sorted(
            (c for c in state["contacts"].values() if c["accountId"] == rid),
            key=lambda c: (c["lastName"], c["firstName"]),
        )
        out["opportunities"] = sorted(
            (o for o in state["opportunities"].values() if o["accountId"] == rid),
            key=lambda o: o["closeDate"],
        )
    elif ent.kind == "contact":
        out["opportunities"] = sorted(
            (o for o in state["opportunities"].values() if o["contactId"] == rid),
            key=lambda o: o["closeDate"],
        )
    return out


def detail_context(
    state: State,
    ent: EntityType,
    record: dict[str, Any],
    base: str,
    edit: bool = False,
    raw: dict[str, str] | None = None,
    errors: dict[str, str] | None = None,
    tab: str = "",
) -> dict[str, Any]:
    related = related_lists(state, ent.kind, record["id"])
    return {
        "ent": ent,
        "record": record,
        "title": record_title(ent.kind, record),
        "sections": _sections(state, ent, record, raw, base),
        "edit": edit,
        "errors": errors or {},
        "path_bar": _path_steps(ent, record),
        "related": related,
        "tab": tab,
        "children": _children(state, ent, record["id"]),
        "options": _options(state),
        "activity_fields": ACTIVITY_FIELDS,
        "read_only": ent.kind == "lead" and record["status"] == "Converted",
        "converted_opportunity": state["opportunities"]
        .get(record.get("convertedOpportunityId") or "", {})
        .get("name", "—"),
    }


async def detail(request: Request) -> Response:
    ui, state = await load(request)
    ent = _entity(request)
    rid = request.path_params["rid"]
    record = state[ent.collection].get(rid) if ent else None
    if ent is None or record is None:
        return not_found(request, state, f"There is no record {rid!r}.")
    if not state["ui"]["recentItems"] or state["ui"]["recentItems"][0] != {
        "type": ent.kind,
        "id": rid,
    }:
        state = await ui.mutate(lambda s: remember_visit(s, ent.kind, rid))
    edit = request.query_params.get("edit") == "1"
    tab = request.query_params.get("tab", "")
    context = detail_context(state, ent, record, ui.base, edit=edit, tab=tab)
    context["focus"] = request.query_params.get("field", "")
    return page(request, state, "detail.html", context, active=ent.path)


async def edit(request: Request) -> Response:
    """Save the inline edit: only the fields the form sent; errors re-show the edit mode."""
    ui, state = await load(request)
    ent = _entity(request)
    rid = request.path_params["rid"]
    record = state[ent.collection].get(rid) if ent else None
    if ent is None or record is None:
        return not_found(request, state, f"There is no record {rid!r}.")
    raw = form_dict(await request.form())
    specs: list[FieldSpec] = [f for f in ent.fields if f.key in raw]
    values, errors = parse_fields(specs, raw, _refs(state))
    if not errors:
        try:

            def change(s: State) -> None:
                update_record(s, ent.collection, rid, values)

            await ui.mutate(change)
        except ActionError as exc:
            errors["_form"] = str(exc)
        except InvalidState as exc:
            errors["_form"] = "; ".join(rejected(exc))
    if errors:
        context = detail_context(state, ent, record, ui.base, edit=True, raw=raw, errors=errors)
        return page(request, state, "detail.html", context, ent.path, status_code=400)
    return flash_redirect(ui, f"/{ent.path}/{rid}", "Saved")


async def move_path(request: Request) -> Response:
    """The status/stage path: "Mark as current" (detail page) and the pipeline board."""
    ui, state = await load(request)
    ent = _entity(request)
    rid = request.path_params["rid"]
    if ent is None or ent.kind not in ("lead", "opportunity"):
        return not_found(request, state, "There is no such page.")
    form = await request.form()
    target = field(form, "value")
    here = f"/{ent.path}/{rid}"
    back = safe_next(field(form, "next"), here)
    key = "status" if ent.kind == "lead" else "stage"
    allowed = LEAD_STATUSES[:-1] if ent.kind == "lead" else STAGES
    if target not in allowed:
        if ent.kind == "lead" and target == "Converted":
            return RedirectResponse(ui.url(f"{here}/convert"), status_code=303)
        return show_error(request, state, [f"Choose one of: {', '.join(allowed)}."], back)

    def change(s: State) -> None:
        update_record(s, ent.collection, rid, {key: target})

    flash = f"{'Status' if ent.kind == 'lead' else 'Stage'} set to {target}"
    return await act(request, ui, change, back, back, flash=flash)


# -- activities and notes -----------------------------------------------------------------------
async def add_activity(request: Request) -> Response:
    """``kind`` = ``task`` (open, with a due date) or ``log`` (a completed call/email/meeting)."""
    ui, state = await load(request)
    ent = _entity(request)
    rid = request.path_params["rid"]
    if ent is None or rid not in state[ent.collection]:
        return not_found(request, state, f"There is no record {rid!r}.")
    raw = form_dict(await request.form())
    here = f"/{ent.path}/{rid}"
    logged = raw.get("kind") == "log"
    if logged:
        raw.setdefault("priority", "Normal")
        raw.setdefault("type", "Call")
    values, errors = parse_fields(ACTIVITY_FIELDS, raw)
    if errors:
        return show_error(request, state, list(errors.values()), here)

    def change(s: State) -> None:
        create_activity(s, ent.kind, rid, values, completed=logged)

    flash = "Activity logged" if logged else "Task created"
    return await act(request, ui, change, here, here, flash=flash)


async def add_note(request: Request) -> Response:
    ui, state = await load(request)
    ent = _entity(request)
    rid = request.path_params["rid"]
    if ent is None or rid not in state[ent.collection]:
        return not_found(request, state, f"There is no record {rid!r}.")
    raw = form_dict(await request.form())
    here = f"/{ent.path}/{rid}"
    values, errors = parse_fields(NOTE_FIELDS, raw)
    if errors:
        return show_error(request, state, list(errors.values()), here)

    def change(s: State) -> None:
        create_note(s, ent.kind, rid, values["title"], values["body"])

    return await act(request, ui, change, here, here, flash="Note saved")


async def activity_status(request: Request) -> Response:
    """Complete or reopen a task (``done`` = ``1`` / ``0``) from any list that shows it."""
    ui, state = await load(request)
    aid = request.path_params["aid"]
    form = await request.form()
    activity = state["activities"].get(aid)
    if activity is None:
        return not_found(request, state, f"There is no task {aid!r}.")
    home = f"/{ENTITIES[activity['relatedType']].path}/{activity['relatedId']}"
    back = safe_next(field(form, "next"), home)
    done = field(form, "done") != "0"

    def change(s: State) -> None:
        set_activity_status(s, aid, done)

    flash = "Task completed" if done else "Task reopened"
    return await act(request, ui, change, back, back, flash=flash)


def routes() -> list[Route]:
    return [
        Route("/activities/{aid}/status", activity_status, methods=["POST"]),
        Route("/{path}", list_view, methods=["GET"]),
        Route("/{path}/new", new_form, methods=["GET"]),
        Route("/{path}/new", create, methods=["POST"]),
        Route("/{path}/{rid}", detail, methods=["GET"]),
        Route("/{path}/{rid}/edit", edit, methods=["POST"]),
        Route("/{path}/{rid}/path", move_path, methods=["POST"]),
        Route("/{path}/{rid}/activities", add_activity, methods=["POST"]),
        Route("/{path}/{rid}/notes", add_note, methods=["POST"]),
    ]
