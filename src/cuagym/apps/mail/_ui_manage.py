"""Management screens: labels, contacts, templates and settings."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
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
from cuagym.apps.mail._ui_common import State, act, error_text, field, load, not_found, page
from cuagym.hub import InvalidState

__all__ = ["routes"]


# -- labels -------------------------------------------------------------------------------------
async def labels_page(request: Request) -> Response:
    _, state = await load(request)
    counts = {lid: 0 for lid in state["labels"]}
    for t in state["threads"].values():
        for lid in t["labels"]:
            counts[lid] = counts.get(lid, 0) + 1
    context = {"colors": LABEL_COLORS, "counts": counts, "edit": request.query_params.get("edit")}
    return page(request, state, "labels.html", context, active="labels")


async def label_create(request: Request) -> Response:
    ui, _ = await load(request)
    form = await request.form()
    name, color = field(form, "name"), field(form, "color") or "gray"
    return await act(request, ui, lambda s: create_label(s, name, color), "/labels", "/labels")


async def label_action(request: Request) -> Response:
    ui, _ = await load(request)
    lid, action = request.path_params["lid"], request.path_params["action"]
    form = await request.form()
    if action == "edit":
        name, color = field(form, "name"), field(form, "color")
        return await act(
            request, ui, lambda s: update_label(s, lid, name, color), "/labels", "/labels"
        )
    if action == "delete":
        return await act(request, ui, lambda s: delete_label(s, lid), "/labels", "/labels")
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
) -> Response:
    """Apply ``change``; on bad input re-show the form with the error and the typed values."""
    ui, _ = await load(request)
    made: list[str | None] = []

    def apply(s: State) -> None:
        made.append(change(s))

    try:
        await ui.mutate(apply)
    except (ActionError, InvalidState) as exc:
        ctx = {**context, "error": error_text(exc), "values": values}
        return page(request, await ui.state(), template, ctx, active=active, status_code=400)
    return RedirectResponse(ui.url(success(made[0])), status_code=303)


# -- contacts -----------------------------------------------------------------------------------
_CONTACT_FIELDS = ("name", "email", "company", "phone", "groups", "notes")


async def contacts_page(request: Request) -> Response:
    _, state = await load(request)
    group = request.query_params.get("group", "")
    q = request.query_params.get("q", "").strip().lower()
    rows = []
    for c in sorted(state["contacts"].values(), key=lambda c: c["name"].lower()):
        if group and group not in c["groups"]:
            continue
        if q and q not in f"{c['name']} {c['email']} {c['company']}".lower():
            continue
        rows.append(c)
    groups: dict[str, int] = {}
    for c in state["contacts"].values():
        for g in c["groups"]:
            groups[g] = groups.get(g, 0) + 1
    context = {"rows": rows, "group": group, "q": q, "groups": dict(sorted(groups.items()))}
    return page(request, state, "contacts.html", context, active="contacts")


def _blank_contact() -> dict[str, str]:
    return dict.fromkeys(_CONTACT_FIELDS, "")


async def contact_new(request: Request) -> Response:
    _, state = await load(request)
    context = {"contact": None, "values": _blank_contact(), "error": None}
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
    context = {"contact": contact, "values": values, "error": None, "mail_count": len(emails)}
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
    )


async def contact_delete(request: Request) -> Response:
    ui, _ = await load(request)
    cid = request.path_params["cid"]
    return await act(request, ui, lambda s: delete_contact(s, cid), "/contacts", f"/contacts/{cid}")


# -- templates ----------------------------------------------------------------------------------
async def templates_page(request: Request) -> Response:
    _, state = await load(request)
    rows = sorted(state["templates"].values(), key=lambda t: t["name"].lower())
    return page(request, state, "templates.html", {"rows": rows}, active="templates")


async def template_new(request: Request) -> Response:
    _, state = await load(request)
    context = {"template": None, "values": {"name": "", "subject": "", "body": ""}, "error": None}
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
    )


async def template_page(request: Request) -> Response:
    _, state = await load(request)
    tpl = state["templates"].get(request.path_params["tid"])
    if tpl is None:
        return not_found(request, state, "That template no longer exists.")
    context = {"template": tpl, "values": tpl, "error": None}
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
    )


async def template_delete(request: Request) -> Response:
    ui, _ = await load(request)
    tid = request.path_params["tid"]
    return await act(
        request, ui, lambda s: delete_template(s, tid), "/templates", f"/templates/{tid}"
    )


# -- settings -----------------------------------------------------------------------------------
async def settings_page(request: Request) -> Response:
    _, state = await load(request)
    context = {"settings": state["settings"], "saved": request.query_params.get("saved") == "1"}
    return page(request, state, "settings.html", context, active="settings")


async def settings_save(request: Request) -> Response:
    ui, _ = await load(request)
    form = await request.form()
    signature = field(form, "signature")
    mark = field(form, "mark_read_on_open") in ("on", "true", "1")
    return await act(
        request,
        ui,
        lambda s: update_settings(s, signature, mark),
        "/settings?saved=1",
        "/settings",
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
