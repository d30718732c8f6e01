"""The dashboard, customers (list and profile with order history), discount codes (list and
editor), store settings and the global search."""

from __future__ import annotations

from functools import partial
from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from cuagym.apps.shop._ops import (
    ActionError,
    create_discount,
    update_customer,
    update_discount,
    update_store,
)
from cuagym.apps.shop._ui_common import State, act, form_dict, load, not_found, page
from cuagym.apps.shop._views import as_of, customer_stats, dashboard, order_row
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


async def home(request: Request) -> Response:
    _, state = await load(request)
    recent = sorted(state["orders"].values(), key=lambda o: o["placedAt"], reverse=True)[:8]
    context = {"d": dashboard(state), "recent": [order_row(state, o) for o in recent]}
    return page(request, state, "home.html", context, active="home")


# -- customers ----------------------------------------------------------------------------------
_CUSTOMER_COLUMNS = [
    Column("name", "Customer"),
    Column("email", "Email"),
    Column("location", "Location"),
    Column("orders", "Orders", numeric=True),
    Column("spent", "Spent", numeric=True),
]


async def customers(request: Request) -> Response:
    _, state = await load(request)
    rows = []
    for c in state["customers"].values():
        stats = customer_stats(state, c["id"])
        rows.append(
            {
                **c,
                "name": f"{c['firstName']} {c['lastName']}",
                "location": f"{c['city']}, {c['region']}" if c["city"] else "",
                "orders": stats["count"],
                "spent": stats["spent"],
            }
        )
    rows.sort(key=lambda r: r["name"])
    table = table_view(
        rows,
        request.query_params,
        _CUSTOMER_COLUMNS,
        search=("name", "email", "location"),
        per_page=30,
    )
    return page(request, state, "customers.html", {"table": table}, active="customers")


def _customer_context(state: State, cid: str, **extra: Any) -> dict[str, Any]:
    customer = state["customers"][cid]
    return {
        "customer": customer,
        "stats": customer_stats(state, cid),
        "values": customer,
        "errors": {},
        **extra,
    }


async def customer_detail(request: Request) -> Response:
    _, state = await load(request)
    cid = request.path_params["cid"]
    if cid not in state["customers"]:
        return not_found(request, state, f"There is no customer {cid!r}.")
    return page(request, state, "customer.html", _customer_context(state, cid), "customers")


async def customer_save(request: Request) -> Response:
    ui, state = await load(request)
    cid = request.path_params["cid"]
    if cid not in state["customers"]:
        return not_found(request, state, f"There is no customer {cid!r}.")
    raw = form_dict(await request.form())
    here = f"/customers/{cid}"

    def change(s: State) -> None:
        values = collect(raw, {"note": partial(parse_text, limit=8000)})
        values["note"] = raw.get("note", "").strip()
        values["acceptsMarketing"] = raw.get("acceptsMarketing") == "1"
        update_customer(s, cid, values)

    def invalid(s: State, errors: dict[str, str]) -> Response:
        context = _customer_context(s, cid, values=raw, errors=errors)
        return page(request, s, "customer.html", context, "customers", status_code=400)

    return await act(request, ui, change, here, here, flash="Customer saved", invalid=invalid)


# -- discounts ----------------------------------------------------------------------------------
def _discount_values(raw: dict[str, str]) -> dict[str, Any]:
    kind = raw.get("kind")
    errors: dict[str, str] = {}
    if kind not in ("percent", "fixed"):
        errors["kind"] = "Pick percent or fixed amount."
    values: dict[str, Any] = {}
    try:
        values = collect(
            raw,
            {
                "code": partial(parse_text, required=True, limit=24, what="code"),
                "minimum": partial(parse_money, required=False),
                "startsOn": parse_day,
                "endsOn": partial(parse_day, required=False),
                "usageLimit": partial(parse_count, low=1, required=False, what="usage limit"),
            },
        )
    except FormInvalid as exc:
        errors.update(exc.errors)
    code = raw.get("code", "").strip().upper()
    if "code" not in errors and not (
        3 <= len(code) <= 24 and code.replace("-", "").replace("_", "").isalnum()
    ):
        errors["code"] = "3 to 24 letters and digits, like SPRING10."
    try:
        value: int | None = (
            parse_count(raw.get("value", ""), low=1, high=100, what="percentage")
            if kind == "percent"
            else parse_money(raw.get("value", ""))
        )
    except FieldError as exc:
        errors["value"] = str(exc)
        value = None
    ends, starts = values.get("endsOn"), values.get("startsOn")
    if ends and starts and ends < starts:
        errors["endsOn"] = "The end date comes before the start date."
    if errors:
        raise FormInvalid(errors)
    return {
        "code": code,
        "kind": kind,
        "value": value,
        "minimumCents": values["minimum"] or 0,
        "startsOn": starts,
        "endsOn": ends,
        "usageLimit": values["usageLimit"],
        "active": raw.get("active") == "1",
    }


def _discount_form(discount: dict[str, Any]) -> dict[str, str]:
    value = discount["value"]
    return {
        "code": discount["code"],
        "kind": discount["kind"],
        "value": str(value) if discount["kind"] == "percent" else money_input(value),
        "minimum": money_input(discount["minimumCents"]) if discount["minimumCents"] else "",
        "startsOn": discount["startsOn"],
        "endsOn": discount["endsOn"] or "",
        "usageLimit": str(discount["usageLimit"] or ""),
        "active": "1" if discount["active"] else "",
    }


def _discount_state(d: dict[str, Any], today: str) -> str:
    if not d["active"]:
        return "Disabled"
    if d["startsOn"] > today:
        return "Scheduled"
    if (d["endsOn"] and d["endsOn"] < today) or (
        d["usageLimit"] is not None and d["timesUsed"] >= d["usageLimit"]
    ):
        return "Expired"
    return "Active"


async def discounts(request: Request) -> Response:
    _, state = await load(request)
    today = as_of(state).isoformat()
    rows = [{**d, "state": _discount_state(d, today)} for d in state["discounts"].values()]
    rows.sort(key=lambda d: (d["state"] != "Active", d["code"]))
    return page(request, state, "discounts.html", {"rows": rows}, active="discounts")


async def discount_new(request: Request) -> Response:
    _, state = await load(request)
    values = {"kind": "percent", "active": "1", "startsOn": "", "code": ""}
    context = {"values": values, "errors": {}, "discount": None}
    return page(request, state, "discount.html", context, active="discounts")


async def discount_create(request: Request) -> Response:
    ui, _ = await load(request)
    raw = form_dict(await request.form())
    made: list[str] = []

    def change(s: State) -> None:
        values = _discount_values(raw)
        try:
            made.append(create_discount(s, values))
        except ActionError as exc:
            raise FormInvalid({"code": str(exc)}) from None

    def invalid(s: State, errors: dict[str, str]) -> Response:
        context = {"values": raw, "errors": errors, "discount": None}
        return page(request, s, "discount.html", context, "discounts", status_code=400)

    return await act(
        request,
        ui,
        change,
        lambda: f"/discounts/{made[0]}",
        "/discounts/new",
        flash="Discount created",
        invalid=invalid,
    )


async def discount_detail(request: Request) -> Response:
    _, state = await load(request)
    did = request.path_params["did"]
    discount = state["discounts"].get(did)
    if discount is None:
        return not_found(request, state, f"There is no discount {did!r}.")
    used_on = [
        order_row(state, o)
        for o in state["orders"].values()
        if o["discountCode"] == discount["code"]
    ]
    used_on.sort(key=lambda r: r["placedAt"], reverse=True)
    context = {
        "values": _discount_form(discount),
        "errors": {},
        "discount": discount,
        "used_on": used_on[:10],
    }
    return page(request, state, "discount.html", context, active="discounts")


async def discount_save(request: Request) -> Response:
    ui, state = await load(request)
    did = request.path_params["did"]
    discount = state["discounts"].get(did)
    if discount is None:
        return not_found(request, state, f"There is no discount {did!r}.")
    raw = form_dict(await request.form())
    here = f"/discounts/{did}"

    def change(s: State) -> None:
        values = _discount_values(raw)
        try:
            update_discount(s, did, values)
        except ActionError as exc:
            key = "code" if "code" in str(exc) and "exists" in str(exc) else "usageLimit"
            raise FormInvalid({key: str(exc)}) from None

    def invalid(s: State, errors: dict[str, str]) -> Response:
        context = {"values": raw, "errors": errors, "discount": discount, "used_on": []}
        return page(request, s, "discount.html", context, "discounts", status_code=400)

    return await act(request, ui, change, here, here, flash="Discount saved", invalid=invalid)


# -- settings and search ------------------------------------------------------------------------
async def settings(request: Request) -> Response:
    _, state = await load(request)
    store = state["store"]
    values = {
        "name": store["name"],
        "lowStockThreshold": str(store["lowStockThreshold"]),
        "shipping": money_input(store["shippingCents"]),
    }
    context = {"values": values, "errors": {}}
    return page(request, state, "settings.html", context, active="settings")


async def settings_save(request: Request) -> Response:
    ui, _ = await load(request)
    raw = form_dict(await request.form())

    def change(s: State) -> None:
        values = collect(
            raw,
            {
                "name": partial(parse_text, required=True, limit=120, what="store name"),
                "lowStockThreshold": partial(parse_count, high=1000, what="threshold"),
                "shipping": parse_money,
            },
        )
        update_store(
            s,
            {
                "name": values["name"],
                "lowStockThreshold": values["lowStockThreshold"],
                "shippingCents": values["shipping"],
            },
        )

    def invalid(s: State, errors: dict[str, str]) -> Response:
        return page(request, s, "settings.html", {"values": raw, "errors": errors}, "settings", 400)

    return await act(
        request, ui, change, "/settings", "/settings", flash="Settings saved", invalid=invalid
    )


async def search(request: Request) -> Response:
    _, state = await load(request)
    query = request.query_params.get("q", "").strip()
    needle = query.casefold().lstrip("#")
    groups: dict[str, list[dict[str, Any]]] = {"orders": [], "customers": [], "products": []}
    if needle:
        for o in sorted(state["orders"].values(), key=lambda o: o["placedAt"], reverse=True):
            row = order_row(state, o)
            if (
                needle in str(o["number"])
                or needle in row["customer"].casefold()
                or needle in row["email"]
            ):
                groups["orders"].append(row)
        for c in state["customers"].values():
            text = f"{c['firstName']} {c['lastName']} {c['email']}".casefold()
            if needle in text:
                groups["customers"].append(c)
        for p in state["products"].values():
            skus = " ".join(
                v["sku"] for v in state["variants"].values() if v["productId"] == p["id"]
            )
            if needle in f"{p['title']} {skus}".casefold():
                groups["products"].append(p)
    groups["orders"] = groups["orders"][:25]
    total = sum(len(g) for g in groups.values())
    context = {"q": query, "groups": groups, "total": total}
    return page(request, state, "search.html", context, active="")


def routes() -> list[Route]:
    return [
        Route("/", home, methods=["GET"]),
        Route("/customers", customers, methods=["GET"]),
        Route("/customers/{cid}", customer_detail, methods=["GET"]),
        Route("/customers/{cid}", customer_save, methods=["POST"]),
        Route("/discounts", discounts, methods=["GET"]),
        Route("/discounts/new", discount_new, methods=["GET"]),
        Route("/discounts/new", discount_create, methods=["POST"]),
        Route("/discounts/{did}", discount_detail, methods=["GET"]),
        Route("/discounts/{did}", discount_save, methods=["POST"]),
        Route("/settings", settings, methods=["GET"]),
        Route("/settings", settings_save, methods=["POST"]),
        Route("/search", search, methods=["GET"]),
    ]
