"""Catalogue screens: the products grid, the product editor (details, variants with price and
stock), a new product, and the inventory table with stock adjustments and their history."""

from __future__ import annotations

import re
from functools import partial
from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from cuagym.apps.shop._ops import (
    ActionError,
    add_variant,
    adjust_stock,
    create_product,
    update_product,
    update_variant,
)
from cuagym.apps.shop._schema import ADJUST_REASONS, PRODUCT_STATUSES
from cuagym.apps.shop._ui_common import State, act, form_dict, load, not_found, page
from cuagym.apps.shop._views import variant_rows
from cuagym.apps.webkit import FormInvalid
from cuagym.apps.webkit.forms import (
    FieldError,
    collect,
    parse_count,
    parse_money,
    parse_text,
)
from cuagym.apps.webkit.tables import Column, table_view

__all__ = ["routes"]

_MANUAL_REASONS = tuple(r for r in ADJUST_REASONS if r != "Cancelled order")


def _categories(state: State) -> list[tuple[str, str]]:
    return sorted(((c["id"], c["name"]) for c in state["categories"].values()), key=lambda p: p[1])


def _sku(raw: str) -> str:
    text = raw.strip().upper()
    if not re.fullmatch(r"[A-Z0-9][A-Z0-9-]{1,31}", text):
        raise FieldError("2 to 32 capital letters, digits and dashes, like EMUG-SAG.")
    return text


def _product_values(state: State, raw: dict[str, str]) -> dict[str, Any]:
    values = collect(
        raw,
        {
            "title": partial(parse_text, required=True, limit=120, what="title"),
            "vendor": parse_text,
            "description": partial(parse_text, limit=8000),
        },
    )
    errors = {}
    if raw.get("categoryId") not in state["categories"]:
        errors["categoryId"] = "Pick a category."
    if raw.get("status") not in PRODUCT_STATUSES:
        errors["status"] = "Pick a status."
    if errors:
        raise FormInvalid(errors)
    return {**values, "categoryId": raw["categoryId"], "status": raw["status"]}


def _variant_values(
    raw: dict[str, str], prefix: str = "", with_stock: bool = True
) -> dict[str, Any]:
    parsers: dict[str, Any] = {
        f"{prefix}name": partial(parse_text, required=True, limit=120, what="option name"),
        f"{prefix}sku": _sku,
        f"{prefix}price": parse_money,
    }
    if with_stock:
        parsers[f"{prefix}stock"] = partial(parse_count, what="stock count")
    values = collect(raw, parsers)
    out = {
        "name": values[f"{prefix}name"],
        "sku": values[f"{prefix}sku"],
        "priceCents": values[f"{prefix}price"],
    }
    if with_stock:
        out["stock"] = values[f"{prefix}stock"]
    return out


# -- products -----------------------------------------------------------------------------------
_PRODUCT_COLUMNS = [
    Column("title", "Product"),
    Column("statusLabel", "Status"),
    Column("stockLabel", "Inventory", sortable=False),
    Column("category", "Category"),
    Column("vendor", "Vendor"),
]


async def products(request: Request) -> Response:
    _, state = await load(request)
    rows = []
    for p in state["products"].values():
        vs = [v for v in state["variants"].values() if v["productId"] == p["id"]]
        stock = sum(v["stock"] for v in vs)
        rows.append(
            {
                **p,
                "statusLabel": p["status"].title(),
                "category": state["categories"].get(p["categoryId"], {}).get("name", ""),
                "stock": stock,
                "stockLabel": f"{stock} in stock for {len(vs)} variant"
                + ("s" if len(vs) != 1 else ""),
                "prices": sorted({v["priceCents"] for v in vs}),
            }
        )
    rows.sort(key=lambda r: r["title"])
    table = table_view(
        rows,
        request.query_params,
        _PRODUCT_COLUMNS,
        search=("title", "vendor"),
        filters=("status", "categoryId"),
        per_page=40,
    )
    context = {"table": table, "categories": _categories(state), "statuses": PRODUCT_STATUSES}
    return page(request, state, "products.html", context, active="products")


def _product_context(state: State, pid: str, **extra: Any) -> dict[str, Any]:
    product = state["products"][pid]
    variants = [v for v in variant_rows(state) if v["productId"] == pid]
    history = sorted(
        (
            a
            for a in state["adjustments"].values()
            if state["variants"].get(a["variantId"], {}).get("productId") == pid
        ),
        key=lambda a: a["at"],
        reverse=True,
    )[:12]
    context: dict[str, Any] = {
        "product": product,
        "variants": variants,
        "history": history,
        "sku_of": {v["id"]: v["sku"] for v in state["variants"].values()},
        "categories": _categories(state),
        "statuses": PRODUCT_STATUSES,
        "values": {**product},
        "errors": {},
        "new_values": {},
        "new_errors": {},
        "edit_variant": "",
        "variant_values": {},
        "variant_errors": {},
    }
    context.update(extra)
    return context


async def product_detail(request: Request) -> Response:
    _, state = await load(request)
    pid = request.path_params["pid"]
    if pid not in state["products"]:
        return not_found(request, state, f"There is no product {pid!r}.")
    context = _product_context(state, pid, edit_variant=request.query_params.get("variant", ""))
    return page(request, state, "product.html", context, active="products")


async def product_save(request: Request) -> Response:
    ui, state = await load(request)
    pid = request.path_params["pid"]
    if pid not in state["products"]:
        return not_found(request, state, f"There is no product {pid!r}.")
    raw = form_dict(await request.form())
    here = f"/products/{pid}"

    def change(s: State) -> None:
        update_product(s, pid, _product_values(s, raw))

    def invalid(s: State, errors: dict[str, str]) -> Response:
        context = _product_context(s, pid, values=raw, errors=errors)
        return page(request, s, "product.html", context, "products", status_code=400)

    return await act(request, ui, change, here, here, flash="Product saved", invalid=invalid)


async def variant_add(request: Request) -> Response:
    ui, state = await load(request)
    pid = request.path_params["pid"]
    if pid not in state["products"]:
        return not_found(request, state, f"There is no product {pid!r}.")
    raw = form_dict(await request.form())
    here = f"/products/{pid}"

    def change(s: State) -> None:
        values = _variant_values(raw, "new-")
        try:
            add_variant(s, pid, values)
        except ActionError as exc:
            raise FormInvalid({"new-sku" if "SKU" in str(exc) else "new-name": str(exc)}) from None

    def invalid(s: State, errors: dict[str, str]) -> Response:
        context = _product_context(s, pid, new_values=raw, new_errors=errors)
        return page(request, s, "product.html", context, "products", status_code=400)

    return await act(request, ui, change, here, here, flash="Variant added", invalid=invalid)


async def variant_save(request: Request) -> Response:
    ui, state = await load(request)
    vid = request.path_params["vid"]
    variant = state["variants"].get(vid)
    if variant is None:
        return not_found(request, state, f"There is no variant {vid!r}.")
    pid = variant["productId"]
    raw = form_dict(await request.form())
    here = f"/products/{pid}"

    def change(s: State) -> None:
        values = _variant_values(raw, with_stock=False)
        try:
            update_variant(s, vid, values)
        except ActionError as exc:
            raise FormInvalid({"sku": str(exc)}) from None

    def invalid(s: State, errors: dict[str, str]) -> Response:
        context = _product_context(
            s, pid, edit_variant=vid, variant_values=raw, variant_errors=errors
        )
        return page(request, s, "product.html", context, "products", status_code=400)

    return await act(request, ui, change, here, here, flash="Variant saved", invalid=invalid)


def _new_context(state: State, values: dict[str, str], errors: dict[str, str]) -> dict[str, Any]:
    return {
        "values": values,
        "errors": errors,
        "categories": _categories(state),
        "statuses": PRODUCT_STATUSES,
    }


async def product_new(request: Request) -> Response:
    _, state = await load(request)
    values = {"status": "draft", "name": "Default", "stock": "0"}
    return page(request, state, "product_new.html", _new_context(state, values, {}), "products")


async def product_create(request: Request) -> Response:
    ui, _ = await load(request)
    raw = form_dict(await request.form())
    made: list[str] = []

    def change(s: State) -> None:
        errors: dict[str, str] = {}
        product: dict[str, Any] = {}
        variant: dict[str, Any] = {}
        try:
            product = _product_values(s, raw)
        except FormInvalid as exc:
            errors.update(exc.errors)
        try:
            variant = _variant_values(raw)
        except FormInvalid as exc:
            errors.update(exc.errors)
        if errors:
            raise FormInvalid(errors)
        try:
            made.append(create_product(s, product, variant))
        except ActionError as exc:
            raise FormInvalid({"sku": str(exc)}) from None

    def invalid(s: State, errors: dict[str, str]) -> Response:
        return page(request, s, "product_new.html", _new_context(s, raw, errors), "products", 400)

    return await act(
        request,
        ui,
        change,
        lambda: f"/products/{made[0]}",
        "/products/new",
        flash="Product created",
        invalid=invalid,
    )


# -- inventory ----------------------------------------------------------------------------------
_STOCK_COLUMNS = [
    Column("product", "Product"),
    Column("name", "Variant"),
    Column("sku", "SKU"),
    Column("category", "Category"),
    Column("stock", "On hand", numeric=True),
    Column("adjust", "Adjust", sortable=False),
]


async def inventory(request: Request) -> Response:
    _, state = await load(request)
    tab = "history" if request.query_params.get("tab") == "history" else "stock"
    rows = variant_rows(state)
    table = table_view(
        rows,
        request.query_params,
        _STOCK_COLUMNS,
        search=("product", "sku", "name"),
        filters=("level", "category"),
        per_page=40,
    )
    history = sorted(state["adjustments"].values(), key=lambda a: a["at"], reverse=True)[:60]
    variants = state["variants"]
    context = {
        "table": table,
        "tab": tab,
        "history": history,
        "label_of": {
            vid: f"{r['product']} – {r['name']}" for vid, r in ((r["id"], r) for r in rows)
        },
        "sku_of": {vid: v["sku"] for vid, v in variants.items()},
        "staff": state["staff"],
        "reasons": _MANUAL_REASONS,
        "categories": sorted({r["category"] for r in rows}),
        "threshold": state["store"]["lowStockThreshold"],
    }
    return page(request, state, "inventory.html", context, active="inventory")


async def adjust(request: Request) -> Response:
    """``mode`` = ``add`` (a change of ``qty``, may be negative) or ``set`` (count on hand)."""
    ui, state = await load(request)
    vid = request.path_params["vid"]
    variant = state["variants"].get(vid)
    if variant is None:
        return not_found(request, state, f"There is no variant {vid!r}.")
    raw = form_dict(await request.form())
    back = raw.get("next", "/inventory")
    back = back if back.startswith("/") and not back.startswith("//") else "/inventory"

    def change(s: State) -> None:
        mode = raw.get("mode", "add")
        values = collect(
            raw, {"qty": partial(parse_count, low=-100_000, high=100_000, what="quantity")}
        )
        reason = raw.get("reason", "")
        if reason not in _MANUAL_REASONS:
            raise ActionError("Pick a reason for the adjustment.")
        delta = values["qty"] - s["variants"][vid]["stock"] if mode == "set" else values["qty"]
        adjust_stock(s, vid, delta, reason, raw.get("note", ""))

    return await act(request, ui, change, back, back, flash=f"Stock of {variant['sku']} updated")


def routes() -> list[Route]:
    return [
        Route("/products", products, methods=["GET"]),
        Route("/products/new", product_new, methods=["GET"]),
        Route("/products/new", product_create, methods=["POST"]),
        Route("/products/{pid}", product_detail, methods=["GET"]),
        Route("/products/{pid}", product_save, methods=["POST"]),
        Route("/products/{pid}/variants", variant_add, methods=["POST"]),
        Route("/variants/{vid}", variant_save, methods=["POST"]),
        Route("/inventory", inventory, methods=["GET"]),
        Route("/inventory/{vid}/adjust", adjust, methods=["POST"]),
    ]
