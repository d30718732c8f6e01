"""GUI oracles of shop's cross-app families: the store admin is the window on top.

What the customer's email says is the task's params (the oracle's privileged knowledge, as a
cross-app oracle reads its source), so these work in the store admin alone, through the same
pages and forms as the single-app refund oracle: the order, its refund form.
"""

from __future__ import annotations

from collections.abc import Callable

from cuagym.apps.shop import ShopOracle, money_input
from cuagym.apps.web_oracle import Act, PageBusy, Stage
from cuagym.core import TaskConfig

__all__ = ["CROSS_ORACLES"]


class RefundFromComplaintOracle(ShopOracle):
    """Open the order the email names, "Refund": its units, the amount, the reason and the
    restock box the email calls for; "Issue refund"; done when the order lists the refund."""

    def stages(self) -> list[Stage]:
        p = self.p
        number, sku = int(p["number"]), str(p["sku"])
        fields = [
            (f'[data-testid="qty-{sku}"]', str(p["units"]), "text"),
            ('[data-testid="f-amount"]', money_input(int(p["amount_cents"])), "text"),
            ('[data-testid="f-reason"]', str(p["reason"]), "choice"),
            ('[data-testid="f-restock"]', "on" if p["restock"] else "off", "check"),
        ]

        async def done() -> bool:
            return await self.on_order(number) and bool(
                await self.all('[data-testid="refund"][data-status="refunded"]')
            )

        async def act() -> Act:
            here = (await self.path()).split("?")[0]
            if here.endswith("/refund") and await self.loaded():
                if await self.one(f'[data-testid="qty-{sku}"]') is None:
                    raise PageBusy("no such line on the refund form")
                step = await self.fill_form(fields)
                return step or await self.press_id(
                    "refund-submit", "issue the refund.", commits=True
                )
            if not await self.on_order(number):
                return await self.go_order(number)
            return await self.press_id("refund-open", "open the refund form.")

        return [self.order_stage(number), Stage("refund", done, act, tries=14)]


class DiscountFromDealOracle(ShopOracle):
    """The code the CRM note promises is the task's params: the store admin's discount form."""

    def stages(self) -> list[Stage]:
        return [self.discount_stage(self.p)]


CROSS_ORACLES: dict[str, Callable[[TaskConfig], ShopOracle]] = {
    "refund-from-complaint": RefundFromComplaintOracle,
    "discount-from-deal": DiscountFromDealOracle,
}
