"""Report screens: the overview, the reports list with its status views, a new report, the
report editor (line items, the totals strip, policy flags, the review actions, the trail), a
line's form (a receipt, a drive or days away), and the search."""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from cuagym.apps.expenses._ops import (
    add_line,
    approve_report,
    create_report,
    reject_report,
    remember_report,
    remove_line,
    send_back,
    submit_report,
    update_line,
    update_report,
)
from cuagym.apps.expenses._schema import CURRENCIES
from cuagym.apps.expenses._ui_common import State, act, field, form_dict, load, not_found, page
from cuagym.apps.expenses._views import STATUS_LABELS, dashboard, report_row, report_view
from cuagym.apps.webkit import FormInvalid
from cuagym.apps.webkit.forms import (
    FieldError,
    collect,
    money_input,
    parse_count,
    parse_day,
    parse_money,
    parse_text,
)
from cuagym.apps.webkit.tables import Column, table_view

__all__ = ["routes"]

_VIEWS = (
    ("all", "All"),
    ("mine", "Mine"),
    *((k, v) for k, v in STATUS_LABELS.items()),
)
_COLUMNS = [
    Column("number", "Report"),
    Column("title", "Title"),
    Column("employee", "Submitter"),
    Column("centre", "Cost centre"),
    Column("statusLabel", "Status"),
    Column("createdAt", "Created"),
    Column("total", "Total", numeric=True),
]


async def home(request: Request) -> Response:
    _, state = await load(request)
    return page(request, state, "home.html", dashboard(state), active="home")


async def reports(request: Request) -> Response:
    _, state = await load(request)
    params = dict(request.query_params)
    view = params.get("view", "all")
    me = state["currentUser"]

    def shown(r: dict[str, Any]) -> bool:
        return view == "all" or (view == "mine" and r["employeeId"] == me) or r["status"] == view

    ordered = sorted(state["reports"].values(), key=lambda r: r["createdAt"], reverse=True)
    rows = [report_row(state, r) for r in ordered if shown(r)]
    counts = {
        k: sum(1 for r in state["reports"].values() if r["status"] == k) for k in STATUS_LABELS
    }
    counts["all"] = len(state["reports"])
    counts["mine"] = sum(1 for r in state["reports"].values() if r["employeeId"] == me)
    table = table_view(rows, params, _COLUMNS, search=("label", "title", "employee"), per_page=25)
    context = {"table": table, "view": view, "views": _VIEWS, "counts": counts}
    return page(request, state, "reports.html", context, active="reports")


# -- a new report, its details --------------------------------------------------------------------
def _centre_choices(state: State) -> list[tuple[str, str]]:
    return [
        (cid, f"{c['code']} · {c['name']}")
        for cid, c in sorted(state["costCentres"].items(), key=lambda kv: kv[1]["code"])
    ]


def _report_form(
    request: Request, state: State, values: dict[str, str], errors: dict[str, str]
) -> Response:
    context = {
        "values": values,
        "errors": errors,
        "centres": _centre_choices(state),
        "report": None,
    }
    return page(request, state, "report_form.html", context, "reports", 422 if errors else 200)


async def new_report(request: Request) -> Response:
    _, state = await load(request)
    me = state["employees"][state["currentUser"]]
    values = {"title": "", "purpose": "", "costCentreId": me["costCentreId"]}
    return _report_form(request, state, values, {})


def _parse_report(raw: dict[str, str]) -> dict[str, Any]:
    return collect(
        raw,
        {
            "title": lambda v: parse_text(v, required=True, limit=120, what="title"),
            "purpose": lambda v: parse_text(v, limit=255),
            "costCentreId": lambda v: parse_text(v, required=True, what="cost centre"),
        },
    )


async def create_report_action(request: Request) -> Response:
    ui, _ = await load(request)
    raw = form_dict(await request.form())
    made: dict[str, str] = {}

    def change(state: State) -> None:
        v = _parse_report(raw)
        made["rid"] = create_report(state, v["title"], v["purpose"], v["costCentreId"])

    return await act(
        request,
        ui,
        change,
        lambda: f"/reports/{made['rid']}",
        "/reports/new",
        flash="Report created",
        invalid=lambda state, errors: _report_form(request, state, raw, errors),
    )


async def report_detail(request: Request) -> Response:
    ui, state = await load(request)
    rid = request.path_params["rid"]
    if rid not in state["reports"]:
        return not_found(request, state, f"There is no report {rid!r}.")
    if state["ui"]["recentReports"][:1] != [rid]:
        state = await ui.mutate(lambda s: remember_report(s, rid))
    context = {**report_view(state, rid), "centres": _centre_choices(state), "errors": {}}
    return page(request, state, "report.html", context, active="reports")


async def edit_report_action(request: Request) -> Response:
    ui, state = await load(request)
    rid = request.path_params["rid"]
    if rid not in state["reports"]:
        return not_found(request, state, f"There is no report {rid!r}.")
    raw = form_dict(await request.form())

    def change(s: State) -> None:
        v = _parse_report(raw)
        update_report(s, rid, v["title"], v["purpose"], v["costCentreId"])

    here = f"/reports/{rid}"
    return await act(request, ui, change, here, here, flash="Report details saved")


def _report_action(name: str) -> Any:
    async def handler(request: Request) -> Response:
        ui, state = await load(request)
        rid = request.path_params["rid"]
        if rid not in state["reports"]:
            return not_found(request, state, f"There is no report {rid!r}.")
        form = await request.form()
        here = f"/reports/{rid}"
        label = f"ER-{state['reports'][rid]['number']}"
        if name == "submit":
            return await act(
                request, ui, lambda s: submit_report(s, rid), here, here, flash=f"{label} submitted"
            )
        if name == "approve":
            return await act(
                request, ui, lambda s: approve_report(s, rid), here, here, flash=f"{label} approved"
            )
        if name == "reject":
            reason = field(form, "reason")
            return await act(
                request,
                ui,
                lambda s: reject_report(s, rid, reason),
                here,
                here,
                flash=f"{label} rejected",
            )
        note = field(form, "note")
        return await act(
            request, ui, lambda s: send_back(s, rid, note), here, here, flash=f"{label} sent back"
        )

    return handler


# -- a line's form --------------------------------------------------------------------------------
def _line_context(
    state: State, rid: str, key: str | None, values: dict[str, str], errors: dict[str, str]
) -> dict[str, Any]:
    categories = sorted(state["categories"].values(), key=lambda c: c["name"])
    return {
        "report": state["reports"][rid],
        "key": key,
        "values": values,
        "errors": errors,
        "category_choices": [
            ("", "Choose a category"),
            *((c["id"], c["name"]) for c in categories),
        ],
        "kinds": {c["id"]: c["kind"] for c in categories},
        "currencies": [(c, c) for c in CURRENCIES],
    }


def _line_page(
    request: Request,
    state: State,
    rid: str,
    key: str | None,
    values: dict[str, str],
    errors: dict[str, str],
) -> Response:
    context = _line_context(state, rid, key, values, errors)
    return page(request, state, "line_form.html", context, "reports", 422 if errors else 200)


def _parse_line(state: State, raw: dict[str, str]) -> dict[str, Any]:
    """A line's fields as typed values; only what its category's kind needs is required."""
    kind = state["categories"].get(raw.get("categoryId", ""), {}).get("kind")
    parsers: dict[str, Any] = {
        "date": lambda v: parse_day(v),
        "categoryId": lambda v: parse_text(v, required=True, what="category"),
        "description": lambda v: parse_text(v),
    }
    if kind == "mileage":
        parsers["miles"] = lambda v: parse_count(v, low=1, high=5000, what="number of miles")
    elif kind == "perdiem":
        parsers["days"] = lambda v: parse_count(v, low=1, high=60, what="number of days")
    else:
        parsers["merchant"] = lambda v: parse_text(v, required=True, limit=120, what="merchant")
        parsers["amount"] = lambda v: parse_money(v)
        parsers["currency"] = lambda v: parse_text(v, required=True, what="currency")
        parsers["receipt"] = _parse_receipt
    values = collect(raw, parsers)
    if "amount" in values:
        values["originalCents"] = values.pop("amount")
        if values["originalCents"] == 0:
            raise FormInvalid({"amount": "Enter an amount above zero."})
        if values["currency"] not in CURRENCIES:
            raise FormInvalid({"currency": "Choose a currency."})
    if kind is None:
        raise FormInvalid({"categoryId": "Choose a category."})
    return values


def _parse_receipt(raw: str) -> str:
    name = raw.strip().rsplit("/", 1)[-1].rsplit("\\", 1)[-1]
    if name and not (name.lower().endswith((".pdf", ".jpg", ".png")) and len(name) <= 120):
        raise FieldError("Attach a .pdf, .jpg or .png file.")
    return name


async def new_line(request: Request) -> Response:
    _, state = await load(request)
    rid = request.path_params["rid"]
    if rid not in state["reports"]:
        return not_found(request, state, f"There is no report {rid!r}.")
    values = {"date": "", "currency": "USD", "categoryId": request.query_params.get("category", "")}
    return _line_page(request, state, rid, None, values, {})


async def add_line_action(request: Request) -> Response:
    ui, state = await load(request)
    rid = request.path_params["rid"]
    if rid not in state["reports"]:
        return not_found(request, state, f"There is no report {rid!r}.")
    raw = form_dict(await request.form())

    def change(s: State) -> None:
        add_line(s, rid, _parse_line(s, raw))

    return await act(
        request,
        ui,
        change,
        f"/reports/{rid}",
        f"/reports/{rid}/lines/new",
        flash="Expense added",
        invalid=lambda s, errors: _line_page(request, s, rid, None, raw, errors),
    )


async def edit_line(request: Request) -> Response:
    _, state = await load(request)
    rid, key = request.path_params["rid"], request.path_params["key"]
    report = state["reports"].get(rid)
    if report is None or key not in report["lines"]:
        return not_found(request, state, f"There is no line {key!r} on {rid!r}.")
    line = report["lines"][key]
    values = {
        "date": line["date"],
        "categoryId": line["categoryId"],
        "merchant": line["merchant"],
        "description": line["description"],
        "currency": line["currency"],
        "amount": money_input(line["originalCents"]),
        "receipt": line["receipt"],
        "miles": str(line["miles"] or ""),
        "days": str(line["days"] or ""),
    }
    return _line_page(request, state, rid, key, values, {})


async def save_line_action(request: Request) -> Response:
    ui, state = await load(request)
    rid, key = request.path_params["rid"], request.path_params["key"]
    report = state["reports"].get(rid)
    if report is None or key not in report["lines"]:
        return not_found(request, state, f"There is no line {key!r} on {rid!r}.")
    raw = form_dict(await request.form())

    def change(s: State) -> None:
        update_line(s, rid, key, _parse_line(s, raw))

    return await act(
        request,
        ui,
        change,
        f"/reports/{rid}",
        f"/reports/{rid}/lines/{key}",
        flash="Expense saved",
        invalid=lambda s, errors: _line_page(request, s, rid, key, raw, errors),
    )


async def remove_line_action(request: Request) -> Response:
    ui, state = await load(request)
    rid, key = request.path_params["rid"], request.path_params["key"]
    if rid not in state["reports"]:
        return not_found(request, state, f"There is no report {rid!r}.")
    here = f"/reports/{rid}"
    return await act(
        request, ui, lambda s: remove_line(s, rid, key), here, here, flash="Expense removed"
    )


# -- search -------------------------------------------------------------------------------------
async def search(request: Request) -> Response:
    _, state = await load(request)
    q = " ".join(request.query_params.get("q", "").split())
    needle = q.lower().removeprefix("er-").removeprefix("#")
    found: list[dict[str, Any]] = []
    people: list[dict[str, Any]] = []
    if needle:
        for report in sorted(state["reports"].values(), key=lambda r: -r["number"]):
            row = report_row(state, report)
            hay = f"{report['number']} {report['title']} {row['employee']}".lower()
            merchants = " ".join(ln["merchant"].lower() for ln in report["lines"].values())
            if needle in hay or needle in merchants:
                found.append(row)
        people = [e for e in state["employees"].values() if needle in e["name"].lower()]
    context = {"q": q, "results": found[:40], "more": max(0, len(found) - 40), "people": people}
    return page(request, state, "search.html", context, active="")


def routes() -> list[Route]:
    return [
        Route("/", home),
        Route("/search", search),
        Route("/reports", reports),
        Route("/reports/new", new_report),
        Route("/reports/new", create_report_action, methods=["POST"]),
        Route("/reports/{rid}", report_detail),
        Route("/reports/{rid}/edit", edit_report_action, methods=["POST"]),
        *(
            Route(f"/reports/{{rid}}/{name}", _report_action(name), methods=["POST"])
            for name in ("submit", "approve", "reject", "send-back")
        ),
        Route("/reports/{rid}/lines/new", new_line),
        Route("/reports/{rid}/lines/new", add_line_action, methods=["POST"]),
        Route("/reports/{rid}/lines/{key}", edit_line),
        Route("/reports/{rid}/lines/{key}", save_line_action, methods=["POST"]),
        Route("/reports/{rid}/lines/{key}/remove", remove_line_action, methods=["POST"]),
    ]
