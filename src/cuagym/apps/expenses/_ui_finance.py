"""Finance screens: the approvals inbox, the card-charge matching screen, reimbursement
batches, budget bars per cost centre, the expense policy and the audit trail."""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from cuagym.apps.expenses._ops import (
    approve_report,
    create_payout,
    file_transaction,
    mark_personal,
    match_transaction,
    remove_from_payout,
    send_payout,
    update_budget,
    update_category_limit,
    update_policy,
)
from cuagym.apps.expenses._schema import EDITABLE
from cuagym.apps.expenses._seed import report_total
from cuagym.apps.expenses._ui_common import State, act, field, form_dict, load, not_found, page
from cuagym.apps.expenses._views import budget_rows, fmt_date, line_flags, person, report_row
from cuagym.apps.webkit import FormInvalid
from cuagym.apps.webkit.forms import (
    FieldError,
    collect,
    money_input,
    parse_day,
    parse_money,
)

__all__ = ["routes"]


# -- approvals ----------------------------------------------------------------------------------
async def approvals(request: Request) -> Response:
    _, state = await load(request)
    tab = request.query_params.get("tab", "manager")
    step = "submitted" if tab == "manager" else "reviewed"
    waiting = sorted(
        (r for r in state["reports"].values() if r["status"] == step),
        key=lambda r: (r["submittedAt"] or "", r["number"]),
    )
    rows = []
    for report in waiting:
        flags = line_flags(state, report)
        rows.append(
            {
                **report_row(state, report),
                "purpose": report["purpose"],
                "over": sum("over-limit" in f for f in flags.values()),
                "noreceipt": sum("no-receipt" in f for f in flags.values()),
                "manager": person(
                    state, state["employees"][report["employeeId"]]["managerId"] or ""
                ),
            }
        )
    counts = {
        "manager": sum(1 for r in state["reports"].values() if r["status"] == "submitted"),
        "finance": sum(1 for r in state["reports"].values() if r["status"] == "reviewed"),
    }
    context = {"tab": tab if tab in counts else "manager", "rows": rows, "counts": counts}
    return page(request, state, "approvals.html", context, active="approvals")


async def quick_approve(request: Request) -> Response:
    """Approve from the inbox (the report page's approve does the same)."""
    ui, state = await load(request)
    rid = request.path_params["rid"]
    if rid not in state["reports"]:
        return not_found(request, state, f"There is no report {rid!r}.")
    tab = "manager" if state["reports"][rid]["status"] == "submitted" else "finance"
    back = f"/approvals?tab={tab}"
    label = f"ER-{state['reports'][rid]['number']}"
    return await act(
        request, ui, lambda s: approve_report(s, rid), back, back, flash=f"{label} approved"
    )


# -- card charges -------------------------------------------------------------------------------
def _charge_rows(state: State, view: str) -> list[dict[str, Any]]:
    rows = []
    for txn in sorted(
        state["cardTransactions"].values(), key=lambda t: (t["postedOn"], t["id"]), reverse=True
    ):
        if view != "all" and txn["status"] != view:
            continue
        card = state["cards"][txn["cardId"]]
        holder = card["employeeId"]
        candidates = []
        drafts = []
        if txn["status"] == "unmatched":
            for report in sorted(state["reports"].values(), key=lambda r: -r["number"]):
                if report["employeeId"] != holder or report["status"] not in EDITABLE:
                    continue
                drafts.append((report["id"], f"ER-{report['number']} · {report['title']}"))
                for key, line in sorted(report["lines"].items()):
                    if line["cardTxnId"] is None and line["amountCents"] == txn["amountCents"]:
                        label = f"ER-{report['number']} · {line['merchant']} · "
                        candidates.append((f"{report['id']}:{key}", label + fmt_date(line["date"])))
        matched = state["reports"].get(txn["reportId"] or "")
        rows.append(
            {
                **txn,
                "holder": person(state, holder),
                "last4": card["last4"],
                "candidates": candidates,
                "drafts": drafts,
                "matched_label": f"ER-{matched['number']}" if matched else "",
            }
        )
    return rows


async def cards(request: Request) -> Response:
    _, state = await load(request)
    view = request.query_params.get("view", "unmatched")
    if view not in ("unmatched", "matched", "personal", "all"):
        view = "unmatched"
    categories = sorted(
        (c for c in state["categories"].values() if c["kind"] == "receipt"), key=lambda c: c["name"]
    )
    counts = {
        k: sum(1 for t in state["cardTransactions"].values() if t["status"] == k)
        for k in ("unmatched", "matched", "personal")
    }
    counts["all"] = len(state["cardTransactions"])
    context = {
        "view": view,
        "rows": _charge_rows(state, view),
        "counts": counts,
        "category_choices": [(c["id"], c["name"]) for c in categories],
    }
    return page(request, state, "cards.html", context, active="cards")


def _card_action(name: str) -> Any:
    async def handler(request: Request) -> Response:
        ui, state = await load(request)
        tid = request.path_params["tid"]
        if tid not in state["cardTransactions"]:
            return not_found(request, state, f"There is no card charge {tid!r}.")
        form = await request.form()
        back = "/cards"
        if name == "personal":
            return await act(
                request, ui, lambda s: mark_personal(s, tid), back, back, flash="Marked personal"
            )
        if name == "match":
            rid, _, key = field(form, "line").partition(":")
            return await act(
                request,
                ui,
                lambda s: match_transaction(s, tid, rid, key),
                back,
                back,
                flash="Charge matched",
            )
        rid, category, note = field(form, "report"), field(form, "category"), field(form, "note")
        return await act(
            request,
            ui,
            lambda s: file_transaction(s, tid, rid, category, note),
            lambda: f"/reports/{rid}",
            back,
            flash="Charge added to the report",
        )

    return handler


# -- reimbursement batches ----------------------------------------------------------------------
def _payouts_context(state: State, values: dict[str, str], errors: dict[str, str]) -> Any:
    ready = sorted(
        (r for r in state["reports"].values() if r["status"] == "approved" and not r["payoutId"]),
        key=lambda r: r["number"],
    )
    batches = sorted(state["payouts"].values(), key=lambda p: -p["number"])
    return {
        "ready": [report_row(state, r) for r in ready],
        "batches": [
            {
                **p,
                "total": sum(report_total(state["reports"][r]) for r in p["reportIds"]),
                "count": len(p["reportIds"]),
            }
            for p in batches
        ],
        "values": values,
        "errors": errors,
    }


async def payouts(request: Request) -> Response:
    _, state = await load(request)
    context = _payouts_context(state, {"payDate": "2026-12-04"}, {})
    return page(request, state, "payouts.html", context, active="payouts")


async def create_payout_action(request: Request) -> Response:
    ui, _ = await load(request)
    form = await request.form()
    chosen = [v for v in form.getlist("report") if isinstance(v, str)]
    raw = form_dict(form)
    made: dict[str, str] = {}

    def change(s: State) -> None:
        v = collect(raw, {"payDate": lambda x: parse_day(x)})
        if not chosen:
            raise FormInvalid({"report": "Tick at least one approved report."})
        made["pid"] = create_payout(s, chosen, v["payDate"])

    def invalid(s: State, errors: dict[str, str]) -> Response:
        return page(request, s, "payouts.html", _payouts_context(s, raw, errors), "payouts", 422)

    return await act(
        request,
        ui,
        change,
        lambda: f"/payouts/{made['pid']}",
        "/payouts",
        flash="Batch drafted",
        invalid=invalid,
    )


async def payout_detail(request: Request) -> Response:
    _, state = await load(request)
    pid = request.path_params["pid"]
    payout = state["payouts"].get(pid)
    if payout is None:
        return not_found(request, state, f"There is no batch {pid!r}.")
    rows = [report_row(state, state["reports"][r]) for r in payout["reportIds"]]
    by_person: dict[str, int] = {}
    for row in rows:
        by_person[row["employee"]] = by_person.get(row["employee"], 0) + row["total"]
    context = {
        "payout": payout,
        "rows": rows,
        "total": sum(r["total"] for r in rows),
        "by_person": sorted(by_person.items()),
    }
    return page(request, state, "payout.html", context, active="payouts")


def _payout_action(name: str) -> Any:
    async def handler(request: Request) -> Response:
        ui, state = await load(request)
        pid = request.path_params["pid"]
        if pid not in state["payouts"]:
            return not_found(request, state, f"There is no batch {pid!r}.")
        here = f"/payouts/{pid}"
        if name == "send":
            return await act(
                request, ui, lambda s: send_payout(s, pid), here, here, flash="Batch sent"
            )
        rid = field(await request.form(), "report")
        return await act(
            request,
            ui,
            lambda s: remove_from_payout(s, pid, rid),
            here,
            here,
            flash="Report taken out of the batch",
        )

    return handler


# -- budgets ------------------------------------------------------------------------------------
async def budgets(request: Request) -> Response:
    _, state = await load(request)
    rows = budget_rows(state)
    context = {"rows": rows, "errors": {}, "values": {}}
    return page(request, state, "budgets.html", context, active="budgets")


async def budget_action(request: Request) -> Response:
    ui, state = await load(request)
    ccid = request.path_params["ccid"]
    if ccid not in state["costCentres"]:
        return not_found(request, state, f"There is no cost centre {ccid!r}.")
    raw = form_dict(await request.form())

    def change(s: State) -> None:
        v = collect(raw, {"budget": lambda x: parse_money(x)})
        update_budget(s, ccid, v["budget"])

    def invalid(s: State, errors: dict[str, str]) -> Response:
        context = {"rows": budget_rows(s), "errors": {ccid: errors["budget"]}, "values": raw}
        return page(request, s, "budgets.html", context, "budgets", 422)

    code = state["costCentres"][ccid]["code"]
    return await act(
        request,
        ui,
        change,
        "/budgets",
        "/budgets",
        flash=f"{code} budget saved",
        invalid=invalid,
    )


# -- policy -------------------------------------------------------------------------------------
def _policy_context(state: State, values: dict[str, str], errors: dict[str, str]) -> Any:
    company = state["company"]
    defaults = {
        "receiptOver": money_input(company["receiptRequiredOverCents"]),
        "mileageRate": money_input(company["mileageRateCents"]),
        "perDiem": money_input(company["perDiemCents"]),
    }
    return {
        "values": {**defaults, **values},
        "errors": errors,
        "categories": sorted(state["categories"].values(), key=lambda c: c["name"]),
    }


async def policy(request: Request) -> Response:
    _, state = await load(request)
    return page(request, state, "policy.html", _policy_context(state, {}, {}), active="policy")


async def policy_action(request: Request) -> Response:
    ui, _ = await load(request)
    raw = form_dict(await request.form())

    def change(s: State) -> None:
        v = collect(
            raw,
            {
                "receiptOver": lambda x: parse_money(x),
                "mileageRate": lambda x: parse_money(x),
                "perDiem": lambda x: parse_money(x),
            },
        )
        update_policy(s, v["receiptOver"], v["mileageRate"], v["perDiem"])

    def invalid(s: State, errors: dict[str, str]) -> Response:
        return page(request, s, "policy.html", _policy_context(s, raw, errors), "policy", 422)

    return await act(
        request, ui, change, "/policy", "/policy", flash="Policy saved", invalid=invalid
    )


async def limit_action(request: Request) -> Response:
    ui, state = await load(request)
    cid = request.path_params["cid"]
    if cid not in state["categories"]:
        return not_found(request, state, f"There is no category {cid!r}.")
    raw = field(await request.form(), "limit")

    def change(s: State) -> None:
        try:
            limit = parse_money(raw, required=False)
        except FieldError as exc:
            raise FormInvalid({f"limit-{cid}": str(exc)}) from None
        update_category_limit(s, cid, limit)

    def invalid(s: State, errors: dict[str, str]) -> Response:
        return page(request, s, "policy.html", _policy_context(s, {}, errors), "policy", 422)

    name = state["categories"][cid]["name"]
    return await act(
        request, ui, change, "/policy", "/policy", flash=f"{name} limit saved", invalid=invalid
    )


# -- audit trail --------------------------------------------------------------------------------
async def audit(request: Request) -> Response:
    _, state = await load(request)
    action = request.query_params.get("action", "")
    actor = request.query_params.get("actor", "")
    q = " ".join(request.query_params.get("q", "").split())
    entries = sorted(state["audit"].values(), key=lambda a: (a["at"], a["id"]), reverse=True)
    actions = sorted({a["action"] for a in entries})
    actors = sorted({a["actorId"] for a in entries}, key=lambda e: person(state, e))
    shown = [
        {
            **a,
            "who": person(state, a["actorId"]),
            "report": state["reports"].get(a["reportId"] or ""),
        }
        for a in entries
        if (not action or a["action"] == action)
        and (not actor or a["actorId"] == actor)
        and (not q or _mentions(state, a, q.lower()))
    ]
    try:
        page_no = max(1, int(request.query_params.get("page", "1")))
    except ValueError:
        page_no = 1
    per = 50
    context = {
        "entries": shown[(page_no - 1) * per : page_no * per],
        "page_no": page_no,
        "pages": max(1, -(-len(shown) // per)),
        "action": action,
        "actor": actor,
        "q": q,
        "action_choices": [("", "All actions"), *((a, a) for a in actions)],
        "actor_choices": [("", "Everyone"), *((e, person(state, e)) for e in actors)],
    }
    return page(request, state, "audit.html", context, active="audit")


def _mentions(state: State, entry: dict[str, Any], needle: str) -> bool:
    """Does an audit entry's detail, action or report number contain ``needle``?"""
    report = state["reports"].get(entry["reportId"] or "")
    number = f"er-{report['number']}" if report else ""
    return any(needle in text for text in (entry["detail"].lower(), entry["action"], number))


def routes() -> list[Route]:
    return [
        Route("/approvals", approvals),
        Route("/approvals/{rid}/approve", quick_approve, methods=["POST"]),
        Route("/cards", cards),
        *(
            Route(f"/cards/{{tid}}/{name}", _card_action(name), methods=["POST"])
            for name in ("match", "file", "personal")
        ),
        Route("/payouts", payouts),
        Route("/payouts", create_payout_action, methods=["POST"]),
        Route("/payouts/{pid}", payout_detail),
        Route("/payouts/{pid}/send", _payout_action("send"), methods=["POST"]),
        Route("/payouts/{pid}/remove", _payout_action("remove"), methods=["POST"]),
        Route("/budgets", budgets),
        Route("/budgets/{ccid}", budget_action, methods=["POST"]),
        Route("/policy", policy),
        Route("/policy", policy_action, methods=["POST"]),
        Route("/policy/limits/{cid}", limit_action, methods=["POST"]),
        Route("/audit", audit),
    ]
