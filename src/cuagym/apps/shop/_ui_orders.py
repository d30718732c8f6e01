"""Order screens: the orders table with its status views, an order's page (lines, totals,
customer, timeline, the path's next action), the refund form, and the returns queue."""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from cuagym.apps.shop._ops import (
    add_comment,
    cancel_order,
    fulfil_order,
    mark_delivered,
    mark_paid,
    refund_order,
    refundable,
    refunded_cents,
    remember_order,
    resolve_return,
)
from cuagym.apps.shop._schema import CARRIERS, REFUND_REASONS
from cuagym.apps.shop._seed import order_total
from cuagym.apps.shop._ui_common import (
    State,
    act,
    field,
    form_dict,
    load,
    not_found,
    page,
)
from cuagym.apps.shop._views import customer_stats, order_row, order_view
from cuagym.apps.webkit import FormInvalid
from cuagym.apps.webkit.forms import FieldError, format_money, money_input, parse_count, parse_money
from cuagym.apps.webkit.tables import Column, table_view

__all__ = ["routes"]

_VIEWS = (
    ("all", "All"),
    ("pending", "Payment pending"),
    ("paid", "Unfulfilled"),
    ("shipped", "Shipped"),
    ("delivered", "Delivered"),
    ("cancelled", "Cancelled"),
)
_COLUMNS = [
    Column("number", "Order"),
    Column("placedAt", "Date"),
    Column("customer", "Customer"),
    Column("statusLabel", "Status"),
    Column("items", "Items", numeric=True),
    Column("total", "Total", numeric=True),
]


async def orders(request: Request) -> Response:
    _, state = await load(request)
    params = dict(request.query_params)
    view = params.get("status", "all")
    rows = [
        order_row(state, o)
        for o in sorted(state["orders"].values(), key=lambda o: o["placedAt"], reverse=True)
        if view == "all" or o["status"] == view
    ]
    counts = {
        key: sum(1 for o in state["orders"].values() if o["status"] == key) for key, _ in _VIEWS
    }
    counts["all"] = len(state["orders"])
    table = table_view(rows, params, _COLUMNS, search=("label", "customer", "email"), per_page=30)
    context = {"table": table, "view": view, "views": _VIEWS, "counts": counts}
    return page(request, state, "orders.html", context, active="orders")


def _order_or_none(state: State, oid: str) -> dict[str, Any] | None:
    return state["orders"].get(oid)  # type: ignore[no-any-return]


async def order_detail(request: Request) -> Response:
    ui, state = await load(request)
    oid = request.path_params["oid"]
    if oid not in state["orders"]:
        return not_found(request, state, f"There is no order {oid!r}.")
    if state["ui"]["recentOrders"][:1] != [oid]:
        state = await ui.mutate(lambda s: remember_order(s, oid))
    order = state["orders"][oid]
    context = {
        **order_view(state, oid),
        "customer": state["customers"].get(order["customerId"]),
        "history": customer_stats(state, order["customerId"]),
        "carrier_choices": [("", "Choose a carrier"), *((c, c) for c in CARRIERS)],
        "errors": {},
    }
    return page(request, state, "order.html", context, active="orders")


def _order_action(name: str) -> Any:
    async def handler(request: Request) -> Response:
        ui, state = await load(request)
        oid = request.path_params["oid"]
        if oid not in state["orders"]:
            return not_found(request, state, f"There is no order {oid!r}.")
        form = await request.form()
        here = f"/orders/{oid}"
        number = state["orders"][oid]["number"]
        if name == "pay":
            return await act(
                request,
                ui,
                lambda s: mark_paid(s, oid),
                here,
                here,
                flash=f"Order #{number} marked as paid",
            )
        if name == "deliver":
            return await act(
                request,
                ui,
                lambda s: mark_delivered(s, oid),
                here,
                here,
                flash=f"Order #{number} marked as delivered",
            )
        if name == "cancel":
            restock = field(form, "restock") == "1"
            return await act(
                request,
                ui,
                lambda s: cancel_order(s, oid, restock),
                here,
                here,
                flash=f"Order #{number} cancelled",
            )
        if name == "comment":
            body = field(form, "body")
            return await act(
                request, ui, lambda s: add_comment(s, oid, body), here, here, flash="Comment added"
            )
        carrier, tracking = field(form, "carrier"), field(form, "tracking")
        return await act(
            request,
            ui,
            lambda s: fulfil_order(s, oid, carrier, tracking),
            here,
            here,
            flash=f"Order #{number} fulfilled",
        )

    return handler


# -- refunds ------------------------------------------------------------------------------------
def _refund_context(
    state: State, oid: str, values: dict[str, str], errors: dict[str, str]
) -> dict[str, Any]:
    view = order_view(state, oid)
    room = view["total"] - view["refunded"]
    return {**view, "values": values, "errors": errors, "reasons": REFUND_REASONS, "room": room}


async def refund_form(request: Request) -> Response:
    _, state = await load(request)
    oid = request.path_params["oid"]
    if oid not in state["orders"]:
        return not_found(request, state, f"There is no order {oid!r}.")
    values = {"reason": "Damaged", "restock": "1", "amount": ""}
    return page(request, state, "refund.html", _refund_context(state, oid, values, {}), "orders")


def _parse_refund(state: State, oid: str, raw: dict[str, str]) -> tuple[dict[str, int], int]:
    errors: dict[str, str] = {}
    left = refundable(state, oid)
    lines: dict[str, int] = {}
    for key in state["orders"][oid]["lines"]:
        try:
            qty = parse_count(
                raw.get(f"qty-{key}", "") or "0", low=0, high=max(left[key], 0), what="quantity"
            )
        except FieldError as exc:
            errors[f"qty-{key}"] = str(exc)
            continue
        if qty:
            lines[key] = qty
    amount = None
    order = state["orders"][oid]
    room = order_total(order) - refunded_cents(state, oid)
    try:
        amount = parse_money(raw.get("amount", ""), required=False)
    except FieldError as exc:
        errors["amount"] = str(exc)
    if amount is None and "amount" not in errors:
        # left blank: the value of the units going back (what the form suggests)
        value = sum(q * order["lines"][k]["unitPriceCents"] for k, q in lines.items())
        amount = min(value, room) if value else None
        if amount is None:
            errors["amount"] = "Enter an amount, or choose the units to refund."
    if amount is not None and not 0 < amount <= room:
        errors["amount"] = f"Refund between $0.01 and {format_money(room)}."
    if raw.get("reason") not in REFUND_REASONS:
        errors["reason"] = "Pick a reason."
    if errors:
        raise FormInvalid(errors)
    assert amount is not None
    return lines, amount


async def refund_submit(request: Request) -> Response:
    ui, state = await load(request)
    oid = request.path_params["oid"]
    if oid not in state["orders"]:
        return not_found(request, state, f"There is no order {oid!r}.")
    raw = form_dict(await request.form())
    here = f"/orders/{oid}"

    def change(s: State) -> None:
        lines, amount = _parse_refund(s, oid, raw)
        refund_order(
            s, oid, lines, amount, raw.get("restock") == "1", raw["reason"], raw.get("note", "")
        )

    def invalid(s: State, errors: dict[str, str]) -> Response:
        context = _refund_context(s, oid, raw, errors)
        return page(request, s, "refund.html", context, "orders", status_code=400)

    number = state["orders"][oid]["number"]
    return await act(
        request,
        ui,
        change,
        here,
        f"{here}/refund",
        flash=f"Refund issued on order #{number}",
        invalid=invalid,
    )


# -- the returns queue --------------------------------------------------------------------------
_RETURN_TABS = (("requested", "Requested"), ("refunded", "Refunded"), ("declined", "Declined"))


async def returns(request: Request) -> Response:
    _, state = await load(request)
    tab = request.query_params.get("tab", "requested")
    if tab not in dict(_RETURN_TABS):
        tab = "requested"
    rows = []
    for r in state["refunds"].values():
        if r["status"] != tab:
            continue
        order = state["orders"][r["orderId"]]
        items = [
            {"title": order["lines"][k]["title"], "sku": order["lines"][k]["sku"], "qty": q}
            for k, q in r["lines"].items()
            if k in order["lines"]
        ]
        rows.append(
            {
                **r,
                "order": order,
                "goods": items,
                "customer": order_row(state, order)["customer"],
                "amount": money_input(r["amountCents"]),
            }
        )
    rows.sort(key=lambda r: r["createdAt"], reverse=tab != "requested")
    counts = {
        k: sum(1 for r in state["refunds"].values() if r["status"] == k) for k, _ in _RETURN_TABS
    }
    context = {"rows": rows, "tab": tab, "tabs": _RETURN_TABS, "counts": counts}
    return page(request, state, "returns.html", context, active="returns")


async def resolve(request: Request) -> Response:
    ui, state = await load(request)
    rid = request.path_params["rid"]
    refund = state["refunds"].get(rid)
    if refund is None or request.path_params["verdict"] not in ("approve", "decline"):
        return not_found(request, state, f"There is no return {rid!r}.")
    form = await request.form()
    approve = request.path_params["verdict"] == "approve"
    restock = field(form, "restock") == "1"
    raw_amount = field(form, "amount")
    back = "/returns"
    number = state["orders"][refund["orderId"]]["number"]

    def change(s: State) -> None:
        amount = None
        if approve and raw_amount.strip():
            try:
                amount = parse_money(raw_amount)
            except FieldError as exc:
                raise FormInvalid({"amount": str(exc)}) from None
        resolve_return(s, rid, approve, restock, amount)

    flash = f"Return on order #{number} " + ("refunded" if approve else "declined")
    return await act(request, ui, change, back, back, flash=flash)


def routes() -> list[Route]:
    return [
        Route("/orders", orders, methods=["GET"]),
        Route("/orders/{oid}", order_detail, methods=["GET"]),
        *(
            Route(f"/orders/{{oid}}/{name}", _order_action(name), methods=["POST"])
            for name in ("pay", "fulfil", "deliver", "cancel", "comment")
        ),
        Route("/orders/{oid}/refund", refund_form, methods=["GET"]),
        Route("/orders/{oid}/refund", refund_submit, methods=["POST"]),
        Route("/returns", returns, methods=["GET"]),
        Route("/returns/{rid}/{verdict:str}", resolve, methods=["POST"]),
    ]
