"""The lead conversion screen: a three-step form (account, contact, opportunity)."""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import Route

from cuagym.apps.crm._convert import (
    ACCOUNT_STEP,
    CONTACT_STEP,
    OPPORTUNITY_STEP,
    convert_defaults,
    matching_accounts,
    parse_convert_form,
)
from cuagym.apps.crm._ops import ActionError, Converted, convert_lead
from cuagym.apps.crm._ui_common import (
    State,
    flash_redirect,
    form_dict,
    load,
    not_found,
    page,
    rejected,
)
from cuagym.hub import InvalidState

__all__ = ["routes"]

# Which step each error belongs to, so the form reopens on the first step with a problem.
_STEP_OF = {"account": 1, "existingAccountId": 1, "contact": 2, "opportunity": 3, "ownerId": 3}


def _context(
    state: State, lead: dict[str, Any], values: dict[str, str], errors: dict[str, str]
) -> dict[str, Any]:
    steps = [_STEP_OF.get(k.split(".")[0], 3) for k in errors if k != "_form"]
    return {
        "lead": lead,
        "values": values,
        "errors": errors,
        "start_step": min(steps) if steps else 1,
        "steps": (
            ("account", "Account", ACCOUNT_STEP),
            ("contact", "Contact", CONTACT_STEP),
            ("opportunity", "Opportunity", OPPORTUNITY_STEP),
        ),
        "matches": matching_accounts(state, lead["company"]),
        "accounts": sorted(state["accounts"].values(), key=lambda a: a["name"].lower()),
        "owner_choices": [
            (u["id"], u["name"]) for u in sorted(state["users"].values(), key=lambda u: u["name"])
        ],
    }


async def convert_form(request: Request) -> Response:
    ui, state = await load(request)
    lid = request.path_params["rid"]
    lead = state["leads"].get(lid)
    if lead is None:
        return not_found(request, state, f"There is no lead {lid!r}.")
    if lead["status"] == "Converted":
        return RedirectResponse(ui.url(f"/leads/{lid}"), status_code=303)
    context = _context(state, lead, convert_defaults(state, lead), {})
    return page(request, state, "convert.html", context, active="leads")


async def convert(request: Request) -> Response:
    ui, state = await load(request)
    lid = request.path_params["rid"]
    lead = state["leads"].get(lid)
    if lead is None:
        return not_found(request, state, f"There is no lead {lid!r}.")
    raw = form_dict(await request.form())
    req, errors = parse_convert_form(state, raw)
    done: list[Converted] = []
    if req is not None:
        try:
            await ui.mutate(lambda s: done.append(convert_lead(s, lid, req)))
        except ActionError as exc:
            errors["_form"] = str(exc)
        except InvalidState as exc:
            errors["_form"] = "; ".join(rejected(exc))
    if errors:
        context = _context(state, lead, raw, errors)
        return page(request, state, "convert.html", context, active="leads", status_code=400)
    return flash_redirect(ui, f"/leads/{lid}?converted=1", "Lead converted")


def routes() -> list[Route]:
    return [
        Route("/leads/{rid}/convert", convert_form, methods=["GET"]),
        Route("/leads/{rid}/convert", convert, methods=["POST"]),
    ]
