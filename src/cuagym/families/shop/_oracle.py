"""GUI oracles of the shop families: each solves its task through the pages, as a person would.

They know the task (its params), read the page through the environment's read-only DevTools
view and act only through ``computer_use`` calls (the UI skills of
:class:`cuagym.apps.shop.ShopOracle`). Orders are opened with the header's search, stock rows
found with the inventory table's search and filters; a change counts as done only once the
server rendered it (the order's shipment line, a refunded line, a row's units on hand, a queue
without the request).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from cuagym.apps.shop import ShopOracle, exact, money_input
from cuagym.apps.web_oracle import Act, PageBusy, Stage, call
from cuagym.core import TaskConfig

__all__ = ["ORACLES"]


def _units(text: str) -> int:
    """``12 · low`` -> 12."""
    m = re.match(r"\s*(\d+)", text)
    if m is None:
        raise PageBusy(f"no units in {text!r}")
    return int(m.group(1))


class FulfilOrderOracle(ShopOracle):
    """Open the order, "Fulfil order": carrier and tracking in the dialog, "Mark as shipped"."""

    def stages(self) -> list[Stage]:
        number, carrier, tracking = (
            int(self.p["number"]),
            str(self.p["carrier"]),
            str(self.p["tracking"]),
        )

        async def done() -> bool:
            shown = await self.one('[data-testid="tracking"]')
            return (
                await self.on_order(number)
                and shown is not None
                and exact(shown["text"]) == tracking
            )

        async def act() -> Act:
            if not await self.on_order(number):
                return await self.go_order(number)
            if await self.one('[data-testid="fulfil-form"]') is None:
                return await self.press_id("fulfil-open", "open the fulfilment dialog.")
            step = await self.fill_form(
                [
                    ('[data-testid="f-carrier"]', carrier, "choice"),
                    ('[data-testid="f-tracking"]', tracking, "text"),
                ]
            )
            return step or await self.press_id("fulfil-submit", "mark it as shipped.", commits=True)

        return [self.order_stage(number), Stage("fulfil", done, act, tries=8)]


class RefundOracle(ShopOracle):
    """Open the order, "Refund": units of the line, amount, reason, restock; "Issue refund"."""

    def line_selector(self) -> str:
        return f'[data-testid="refund-line"][data-sku={self.css(str(self.p["sku"]))}]'

    def units(self) -> str:
        return str(self.p["units"])

    def amount(self) -> str:
        return money_input(int(self.p["amount_cents"]))

    def reason(self) -> str:
        return str(self.p["reason"])

    def restock(self) -> bool:
        return bool(self.p["restock"])

    def stages(self) -> list[Stage]:
        number = int(self.p["number"])

        async def done() -> bool:
            return (
                await self.on_order(number)
                and bool(await self.all('[data-testid="refund"][data-status="refunded"]'))
                and bool(await self.all('[data-testid="line-returned"]'))
            )

        async def act() -> Act:
            here = (await self.path()).split("?")[0]
            if here.endswith("/refund") and await self.loaded():
                row = await self.one(self.line_selector())
                if row is None:
                    raise PageBusy("no such line on the refund form")
                sku = (row.get("attrs") or {}).get("data-sku", "")
                step = await self.fill_form(
                    [
                        (f'[data-testid="qty-{sku}"]', self.units(), "text"),
                        ('[data-testid="f-amount"]', self.amount(), "text"),
                        ('[data-testid="f-reason"]', self.reason(), "choice"),
                        ('[data-testid="f-restock"]', "on" if self.restock() else "off", "check"),
                    ]
                )
                return step or await self.press_id(
                    "refund-submit", "issue the refund.", commits=True
                )
            if not await self.on_order(number):
                return await self.go_order(number)
            return await self.press_id("refund-open", "open the refund form.")

        return [self.order_stage(number), Stage("refund", done, act, tries=14)]


class RefundLatestOrderOracle(RefundOracle):
    """The customer's newest order (the task's derived number), the named line in full, as
    Damaged, not restocked; the amount left blank is the value of the units."""

    def line_selector(self) -> str:
        return f'[data-testid="refund-line"][data-title={self.css(str(self.p["item"]))}]'

    def units(self) -> str:
        return str(self.memo.get("units", ""))

    def amount(self) -> str:
        return ""

    def reason(self) -> str:
        return "Damaged"

    def restock(self) -> bool:
        return False

    def stages(self) -> list[Stage]:
        stages = super().stages()
        inner = stages[1].act

        async def act() -> Act:
            row = await self.one(self.line_selector())
            if row is not None:
                self.memo["units"] = (row.get("attrs") or {}).get("data-left", "")
            return await inner()

        stages[1].act = act
        return stages


class ResolveReturnOracle(ShopOracle):
    """Returns queue: the request on the order; Refund (amount as requested, restock box as
    asked) or Decline (and confirm)."""

    def stages(self) -> list[Stage]:
        number, approve, restock = (
            int(self.p["number"]),
            bool(self.p["approve"]),
            bool(self.p["restock"]),
        )
        card = f'[data-testid="return"][data-order="{number}"]'

        async def queue() -> bool:
            query = (await self.path()).partition("?")[2]
            return await self.on_page("/returns", "Returns") and "tab=" not in query.replace(
                "tab=requested", ""
            )

        async def done() -> bool:
            return await queue() and not await self.all(card) and await self.loaded()

        async def act() -> Act:
            confirm = await self.one('[data-testid="confirm-ok"]')
            if confirm is not None:
                return self.press(confirm, "confirm the decline.", commits=True)
            if not await queue():
                return await self.nav("returns", "open the returns queue.")
            if not approve:
                return await self.press_id("return-decline", "decline it.", within=card)
            step = await self.fill_form(
                [(f'{card} [data-testid="return-restock"]', "on" if restock else "off", "check")]
            )
            return step or await self.press_id(
                "return-approve", "refund it.", within=card, commits=True
            )

        return [Stage("resolve", done, act, tries=8)]


class CancelUnpaidOracle(ShopOracle):
    """Orders, Payment pending: note the oldest (lowest numbers), cancel each with restock."""

    def stages(self) -> list[Stage]:
        count = int(self.p["count"])

        async def pending_view() -> bool:
            return await self.on_page("/orders", "Orders") and "status=pending" in await self.path()

        async def targets() -> list[str]:
            if "targets" not in self.memo and await pending_view():
                keys = [
                    str((r.get("attrs") or {}).get("data-key"))
                    for r in await self.all('[data-testid="orders-row"]')
                ]
                self.memo["targets"] = sorted(keys, key=lambda k: int(k.split("-")[1]))[:count]
            return list(self.memo.get("targets", []))

        async def done() -> bool:
            wanted = await targets()
            if not wanted or not await pending_view():
                return False
            keys = {
                str((r.get("attrs") or {}).get("data-key"))
                for r in await self.all('[data-testid="orders-row"]')
            }
            return not keys & set(wanted)

        async def act() -> Act:
            wanted = await targets()
            here = (await self.path()).split("?")[0]
            on_target = any(here.endswith("/orders/" + k) for k in wanted) and await self.loaded()
            if on_target and await self.one('[data-testid="cancel-open"]') is not None:
                if await self.one('[data-testid="cancel-form"]') is None:
                    return await self.press_id("cancel-open", "open the cancel dialog.")
                step = await self.fill_form([('[data-testid="cancel-restock"]', "on", "check")])
                return step or await self.press_id(
                    "cancel-submit", "cancel the order.", commits=True
                )
            if not await pending_view():
                if await self.on_page("/orders", "Orders"):
                    return await self.press_id("view-pending", "show the unpaid orders.")
                return await self.nav("orders", "open the orders.")
            rows = await self.visible('[data-testid="order-link"]')
            for link in rows:
                if any(exact(link["text"]) == "#" + k.split("-")[1] for k in wanted):
                    return self.press(link, f"open order {exact(link['text'])}.")
            raise PageBusy("no order left to open")

        return [Stage("cancel", done, act, tries=12 + 6 * count)]


class ReceiveStockOracle(ShopOracle):
    """Inventory, search the SKU, the row's adjust form: Add, units, Received, the PO; Save."""

    def stages(self) -> list[Stage]:
        sku, units, po = str(self.p["sku"]), int(self.p["units"]), str(self.p["po"])
        form = f'[data-testid="adjust-form"][data-sku={self.css(sku)}]'
        row = f'[data-testid="inventory-row"]:has({form}) [data-testid="on-hand"]'

        async def on_hand() -> int | None:
            if not await self.on_page("/inventory", "Inventory"):
                return None
            cell = await self.one(row)
            return _units(cell["text"]) if cell is not None else None

        async def done() -> bool:
            now = await on_hand()
            if now is not None and "before" not in self.memo:
                self.memo["before"] = now
            return (
                now is not None
                and bool(self.memo.get("posted"))
                and now == self.memo["before"] + units
            )

        async def act() -> Act:
            if await on_hand() is None:
                if await self.on_page("/inventory", "Inventory"):
                    return await self.inventory_search(sku)
                return await self.nav("inventory", "open the inventory.")
            step = await self.fill_form(
                [
                    (f'{form} [data-testid="adjust-mode"]', "Add (±)", "choice"),
                    (f'{form} [data-testid="adjust-qty"]', str(units), "text"),
                    (f'{form} [data-testid="adjust-reason"]', "Received", "choice"),
                    (f'{form} [data-testid="adjust-note"]', po, "text"),
                ]
            )
            if step is not None:
                return step
            self.memo["posted"] = True
            return await self.press_id(
                "adjust-save", f"save the receipt of {sku}.", within=form, commits=True
            )

        return [Stage("receive", done, act, tries=10)]

    async def inventory_search(self, text: str) -> Act:
        box = await self.one('[data-testid="inventory-search"]')
        if box is None:
            raise PageBusy("no inventory search")
        return Act.of(
            f"search the inventory for {text}.", *self.fill(box, text), call("key", keys=["enter"])
        )


class RestockOutOfStockOracle(ReceiveStockOracle):
    """Inventory filtered to the category's sold-out variants: receive each active one."""

    def stages(self) -> list[Stage]:
        category, units, po = str(self.p["category"]), str(self.p["units"]), str(self.p["po"])
        active_row = '[data-testid="inventory-row"]:not(:has(small.muted))'

        async def filtered() -> bool:
            path = await self.path()
            return (
                await self.on_page("/inventory", "Inventory")
                and "level=out" in path
                and "category=" in path
            )

        async def done() -> bool:
            return (
                await filtered()
                and bool(self.memo.get("posted"))
                and not await self.all(active_row)
            )

        async def act() -> Act:
            if not await self.on_page("/inventory", "Inventory"):
                return await self.nav("inventory", "open the inventory.")
            step = await self.fill_form(
                [
                    ('[data-testid="inventory-filter-level"]', "Out of stock", "choice"),
                    ('[data-testid="inventory-filter-category"]', category, "choice"),
                ]
            )
            if step is not None:
                return step
            if not await filtered():
                return await self.press_id("inventory-apply", "apply the filters.")
            rows = await self.visible(f'{active_row} [data-testid="adjust-form"]')
            if not rows:
                raise PageBusy("no sold-out row")
            sku = (rows[0].get("attrs") or {}).get("data-sku", "")
            form = f'[data-testid="adjust-form"][data-sku={self.css(sku)}]'
            step = await self.fill_form(
                [
                    (f'{form} [data-testid="adjust-qty"]', units, "text"),
                    (f'{form} [data-testid="adjust-reason"]', "Received", "choice"),
                    (f'{form} [data-testid="adjust-note"]', po, "text"),
                ]
            )
            if step is not None:
                return step
            self.memo["posted"] = True
            return await self.press_id("adjust-save", f"receive {sku}.", within=form, commits=True)

        return [Stage("restock", done, act, tries=40)]


class CreateDiscountOracle(ShopOracle):
    """Discounts, "Create discount": the code, type, value, minimum, dates, limit; save."""

    def stages(self) -> list[Stage]:
        return [self.discount_stage(self.p)]


ORACLES: dict[str, Callable[[TaskConfig], ShopOracle]] = {
    "fulfil-order": FulfilOrderOracle,
    "partial-refund": RefundOracle,
    "refund-latest-order": RefundLatestOrderOracle,
    "resolve-return": ResolveReturnOracle,
    "cancel-unpaid": CancelUnpaidOracle,
    "receive-stock": ReceiveStockOracle,
    "restock-out-of-stock": RestockOutOfStockOracle,
    "create-discount": CreateDiscountOracle,
}
