"""Management screens: labels, contacts, templates and settings."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from cuagym.apps.mail._ops import ActionError, create_label, delete_label, update_label
from cuagym.apps.mail._ops_book import (
    create_contact,
    create_template,
    delete_contact,
    delete_template,
    set_density,
    update_contact,
    update_settings,
    update_template,
)
from cuagym.apps.mail._schema import LABEL_COLORS
from cuagym.apps.mail._ui_common import State, act, field, load, not_found, page
from cuagym.apps.mail._views import shell
from cuagym.apps.webkit import FormInvalid
from cuagym.apps.webkit.tables import Column, table_view

__all__ = ["routes"]

T = TypeVar("T")

#: a form's error that is about no one field (shown above the form)
FORM = "form"


def _inline(op: Callable[[State], T]) -> Callable[[State], T]:
    """``op`` with its refusal shown beside the field it is about (or above the form)."""

    def run(state: State) -> T:
        try:
            return op(state)
        except ActionError as exc:
            raise FormInvalid({exc.field or FORM: str(exc)}) from exc

    return run


# -- labels -------------------------------------------------------------------------------------
_LABEL_COLUMNS = (
    Column("name", "Label"),
    Column("color", "Colour"),
    Column("count", "Conversations", numeric=True),
    Column("actions", "", sortable=False),
)


def _labels_screen(
    request: Request,
    state: State,
    edit: str | None = None,
    values: Mapping[str, str] | None = None,
    errors: Mapping[str, str] | None = None,
    status_code: int = 200,
) -> Response:
    counts = {lid: 0 for lid in state["labels"]}
    for t in state["threads"].values():
        for lid in t["labels"]:
            counts[lid] = counts.get(lid, 0) + 1
    rows = [{**lab, "count": counts.get(lab["id"], 0)} for lab in shell(state)["all_labels"]]
    context = {
        "colour_choices": [(c, c.capitalize()) for c in LABEL_COLORS],
        "view": table_view(rows, request.query_params, _LABEL_COLUMNS, per_page=100),
        "edit": edit,
        "values": values or {},
        "errors": errors or {},
    }
    return page(request, state, "labels.html", context, active="labels", status_code=status_code)


async def labels_page(request: Request) -> Response:
    _, state = await load(request)
    return _labels_screen(request, state, request.query_params.get("edit"))


async def label_create(request: Request) -> Response:
    ui, _ = await load(request)
    form = await request.form()
    name, color = field(form, "name"), field(form, "color") or "gray"
    return await act(
        request,
        ui,
        _inline(lambda s: create_label(s, name, color)),
        "/labels",
        "/labels",
        flash=f"Label \u201c{name.strip()}\u201d created",
        invalid=lambda s, errors: _labels_screen(
            request, s, None, {"name": name, "color": color}, errors, 400
        ),
    )


async def label_action(request: Request) -> Response:
    ui, _ = await load(request)
    lid, action = request.path_params["lid"], request.path_params["action"]
    form = await request.form()
    if action == "edit":
        name, color = field(form, "name"), field(form, "color")
        return await act(
            request,
            ui,
            _inline(lambda s: update_label(s, lid, name, color)),
            "/labels",
            "/labels",
            flash="Label saved",
            invalid=lambda s, errors: _labels_screen(
                request, s, lid, {"name": name, "color": color}, errors, 400
            ),
        )
    if action == "delete":
        return await act(
            request, ui, lambda s: delete_label(s, lid), "/labels", "/labels", flash="Label deleted"
        )
    _, state = await load(request)
    return not_found(request, state, f"Unknown label action {action!r}.")


# -- forms shared by contacts and templates -----------------------------------------------------
async def _save_form(
    request: Request,
    template: str,
    values: dict[str, Any],
    change: Callable[[State], str | None],
    success: Callable[[str | None], str],
    context: dict[str, Any],
    active: str,
    flash: str,
    back: str,
) -> Response:
    """Apply ``change``; on bad input show the form again with the typed values and each
    field's error beside it."""
    ui, _ = await load(request)
    made: list[str | None] = []

    def apply(s: State) -> None:
        made.append(change(s))

    def invalid(state: State, errors: dict[str, str]) -> Response:
        ctx = {**context, "errors": errors, "values": values}
        return page(request, state, template, ctx, active=active, status_code=400)

    return await act(
        request,
        ui,
        _inline(apply),
        lambda: success(made[0]),
        back,
        flash=flash,
        invalid=invalid,
    )


# -- contacts -----------------------------------------------------------------------------------
_CONTACT_FIELDS = ("name", "email", "company", "phone", "groups", "notes")


_CONTACT_COLUMNS = (
    Column("name", "Name"),
    Column("email", "Email"),
    Column("company", "Company"),
    Column("groups", "Groups", sortable=False),
    Column("actions", "", sortable=False),
)


async def contacts_page(request: Request) -> Response:
    _, state = await load(request)
    group = request.query_params.get("group", "")
    everyone = sorted(state["contacts"].values(), key=lambda c: c["name"].lower())
    in_group = [c for c in everyone if not group or group in c["groups"]]
    view = table_view(
        in_group,
        request.query_params,
        _CONTACT_COLUMNS,
        search=("name", "email", "company"),
        per_page=50,
    )
    groups: dict[str, int] = {}
    for c in everyone:
        for g in c["groups"]:
            groups[g] = groups.get(g, 0) + 1
    context = {
        "view": view,
        "group": group,
        "q": view.search,
        "groups": dict(sorted(groups.items())),
    }
    return page(request, state, "contacts.html", context, active="contacts")


def _blank_contact() -> dict[str, str]:
    return dict.fromkeys(_CONTACT_FIELDS, "")


async def contact_new(request: Request) -> Response:
    _, state = await load(request)
    context = {"contact": None, "values": _blank_contact(), "errors": {}}
    return page(request, state, "contact_form.html", context, active="contacts")


async def contact_create(request: Request) -> Response:
    form = await request.form()
    values = {k: field(form, k) for k in _CONTACT_FIELDS}
    return await _save_form(
        request,
        "contact_form.html",
        values,
        lambda s: create_contact(s, **values),
        lambda cid: f"/contacts/{cid}",
        {"contact": None},
        "contacts",
        "Contact created",
        "/contacts/new",
    )


async def contact_page(request: Request) -> Response:
    _, state = await load(request)
    contact = state["contacts"].get(request.path_params["cid"])
    if contact is None:
        return not_found(request, state, "That contact no longer exists.")
    values = {**contact, "groups": ", ".join(contact["groups"])}
    emails = [
        m
        for m in state["messages"].values()
        if not m["isDraft"]
        and contact["email"].lower()
        in [a["email"].lower() for a in [m["from"], *m["to"], *m["cc"]]]
    ]
    context = {"contact": contact, "values": values, "errors": {}, "mail_count": len(emails)}
    return page(request, state, "contact_form.html", context, active="contacts")


async def contact_update(request: Request) -> Response:
    _, state = await load(request)
    cid = request.path_params["cid"]
    contact = state["contacts"].get(cid)
    if contact is None:
        return not_found(request, state, "That contact no longer exists.")
    form = await request.form()
    values = {k: field(form, k) for k in _CONTACT_FIELDS}
    return await _save_form(
        request,
        "contact_form.html",
        values,
        lambda s: update_contact(s, cid, **values),
        lambda _: f"/contacts/{cid}",
        {"contact": contact, "mail_count": 0},
        "contacts",
        "Contact saved",
        f"/contacts/{cid}",
    )


async def contact_delete(request: Request) -> Response:
    ui, _ = await load(request)
    cid = request.path_params["cid"]
    return await act(
        request,
        ui,
        lambda s: delete_contact(s, cid),
        "/contacts",
        f"/contacts/{cid}",
        flash="Contact deleted",
    )


# -- templates ----------------------------------------------------------------------------------
async def templates_page(request: Request) -> Response:
    _, state = await load(request)
    rows = sorted(state["templates"].values(), key=lambda t: t["name"].lower())
    return page(request, state, "templates.html", {"rows": rows}, active="templates")


async def template_new(request: Request) -> Response:
    _, state = await load(request)
    context = {"template": None, "values": {"name": "", "subject": "", "body": ""}, "errors": {}}
    return page(request, state, "template_form.html", context, active="templates")


async def template_create(request: Request) -> Response:
    form = await request.form()
    values = {k: field(form, k) for k in ("name", "subject", "body")}
    return await _save_form(
        request,
        "template_form.html",
        values,
        lambda s: create_template(s, **values),
        lambda _: "/templates",
        {"template": None},
        "templates",
        "Template created",
        "/templates/new",
    )


async def template_page(request: Request) -> Response:
    _, state = await load(request)
    tpl = state["templates"].get(request.path_params["tid"])
    if tpl is None:
        return not_found(request, state, "That template no longer exists.")
    context = {"template": tpl, "values": tpl, "errors": {}}
    return page(request, state, "template_form.html", context, active="templates")


async def template_update(request: Request) -> Response:
    _, state = await load(request)
    tid = request.path_params["tid"]
    tpl = state["templates"].get(tid)
    if tpl is None:
        return not_found(request, state, "That template no longer exists.")
    form = await request.form()
    values = {k: field(form, k) for k in ("name", "subject", "body")}
    return await _save_form(
        request,
        "template_form.html",
        values,
        lambda s: update_template(s, tid, **values),
        lambda _: "/templates",
        {"template": tpl},
        "templates",
        "Template saved",
        f"/templates/{tid}",
    )


async def template_delete(request: Request) -> Response:
    ui, _ = await load(request)
    tid = request.path_params["tid"]
    return await act(
        request,
        ui,
        lambda s: delete_template(s, tid),
        "/templates",
        f"/templates/{tid}",
        flash="Template deleted",
    )


# -- settings -----------------------------------------------------------------------------------
async def settings_page(request: Request) -> Response:
    _, state = await load(request)
    return _settings_screen(request, state, request.query_params.get("saved") == "1")


def _settings_screen(
    request: Request,
    state: State,
    saved: bool,
    values: Mapping[str, Any] | None = None,
    errors: Mapping[str, str] | None = None,
    status_code: int = 200,
) -> Response:
    # ``saved=1`` is where a save lands: the toast says so (and a reload says it again).
    toast = {"flash": "Settings saved.", "flash_testid": "settings-saved"} if saved else {}
    context = {**toast, "settings": values or state["settings"], "errors": errors or {}}
    return page(
        request, state, "settings.html", context, active="settings", status_code=status_code
    )


async def settings_save(request: Request) -> Response:
    ui, _ = await load(request)
    form = await request.form()
    signature = field(form, "signature")
    mark = field(form, "mark_read_on_open") in ("on", "true", "1")
    typed = {"signature": signature, "markReadOnOpen": mark}
    return await act(
        request,
        ui,
        _inline(lambda s: update_settings(s, signature, mark)),
        "/settings?saved=1",
        "/settings",
        invalid=lambda s, errors: _settings_screen(request, s, False, typed, errors, 400),
    )


async def density_save(request: Request) -> Response:
    ui, _ = await load(request)
    form = await request.form()
    density = field(form, "density")
    back = field(form, "next") or "/settings"
    return await act(request, ui, lambda s: set_density(s, density), back, "/settings")


def routes() -> list[Route]:
    return [
        Route("/labels", labels_page, methods=["GET"]),
        Route("/labels", label_create, methods=["POST"]),
        Route("/labels/{lid}/{action}", label_action, methods=["POST"]),
        Route("/contacts", contacts_page, methods=["GET"]),
        Route("/contacts/new", contact_new, methods=["GET"]),
        Route("/contacts/new", contact_create, methods=["POST"]),
        Route("/contacts/{cid}", contact_page, methods=["GET"]),
        Route("/contacts/{cid}", contact_update, methods=["POST"]),
        Route("/contacts/{cid}/delete", contact_delete, methods=["POST"]),
        Route("/templates", templates_page, methods=["GET"]),
        Route("/templates/new", template_new, methods=["GET"]),
        Route("/templates/new", template_create, methods=["POST"]),
        Route("/templates/{tid}", template_page, methods=["GET"]),
        Route("/templates/{tid}", template_update, methods=["POST"]),
        Route("/templates/{tid}/delete", template_delete, methods=["POST"]),
        Route("/settings", settings_page, methods=["GET"]),
        Route("/settings", settings_save, methods=["POST"]),
        Route("/settings/density", density_save, methods=["POST"]),
    ]
