"""UI skills of the shop app: how an oracle reads its pages and works them, on the web oracle
kit (:mod:`cuagym.apps.web_oracle`).

A task family's oracle subclasses :class:`ShopOracle` and lists its stages; the skills here know
the pages (their test ids, what a loaded page shows), never a task. Records are reached the way
a person reaches them: the header's search (an order number, a name, a SKU), then the result.
A change counts as done only once the server rendered it (a page's shown values).
"""

from __future__ import annotations

from typing import Any

from cuagym.apps.shop.reward_lib import exact
from cuagym.apps.web_oracle import Act, Element, FormOracle, PageBusy, Stage, call
from cuagym.apps.webkit.forms import money_input
from cuagym.core import TaskConfig

__all__ = ["ShopOracle"]

#: A point of the page that the mouse wheel scrolls (the document scrolls, not a container).
_WHEEL_AT = (760, 420)


def _css_string(value: str) -> str:
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


class ShopOracle(FormOracle):
    """What every shop oracle reads and does: pages, records found by search, forms."""

    css = staticmethod(_css_string)

    def __init__(self, task: TaskConfig) -> None:
        super().__init__(task)
        self.memo: dict[str, Any] = {}

    # -- where we are -------------------------------------------------------------------------
    async def loaded(self) -> bool:
        """Has the whole page been parsed? (app.js is the last thing base.html renders.)"""
        return bool(await self.all('script[src$="app.js"]'))

    async def title(self) -> str | None:
        head = await self.one('[data-testid="page-title"]')
        return exact(head["text"]) if head is not None else None

    async def on_page(self, path_part: str, title: str | None = None) -> bool:
        """Is this the fully loaded page whose path contains ``path_part`` (and whose heading
        is ``title``)?"""
        here = (await self.path()).split("?")[0]
        if path_part not in here or not await self.loaded():
            return False
        return title is None or await self.title() == exact(title)

    async def on_order(self, number: int) -> bool:
        here = (await self.path()).split("?")[0].rstrip("/")
        return (
            "/orders/ord-" in here
            and here.count("/") >= 3
            and (await self.title() == f"Order #{number}" and await self.loaded())
        )

    # -- acting on elements that may be out of view ---------------------------------------------
    def bring(self, element: Element) -> dict[str, Any]:
        below = element["center"][1] > _WHEEL_AT[1]
        pixels = max(150, min(600, abs(element["center"][1] - _WHEEL_AT[1])))
        return call("scroll", coordinate=list(_WHEEL_AT), pixels=-pixels if below else pixels)

    async def press_id(
        self, testid: str, thought: str, *, commits: bool = False, within: str = ""
    ) -> Act:
        button = await self.one(f'{within} [data-testid="{testid}"]'.strip())
        if button is None:
            raise PageBusy(f"no {testid}")
        return self.press(button, thought, commits=commits)

    # -- navigation ---------------------------------------------------------------------------
    async def search_for(self, query: str) -> Act:
        """Run the header's search (it changes nothing, so it is simply redone if mistyped)."""
        box = await self.one('[data-testid="global-search"]')
        if box is None:
            raise PageBusy("no search box")
        if not self.reachable(box):
            return Act.of("scroll up to the search box.", self.bring(box))
        return Act.of(f"search for {query}.", *self.fill(box, query), call("key", keys=["enter"]))

    async def open_result(self, testid: str, text: str, query: str) -> Act:
        """Click the search result ``text`` (of kind ``testid``) when shown, else search."""
        if await self.on_page("/search"):
            for link in await self.visible(f'[data-testid="{testid}"]'):
                if exact(link["text"]) == exact(text):
                    return self.press(link, f"open {text}.")
        return await self.search_for(query)

    async def go_order(self, number: int) -> Act:
        return await self.open_result("result-order", f"#{number}", str(number))

    def order_stage(self, number: int) -> Stage:
        async def done() -> bool:
            return await self.on_order(number)

        async def act() -> Act:
            return await self.go_order(number)

        return Stage(f"open order #{number}", done, act, tries=8)

    async def nav(self, key: str, thought: str) -> Act:
        return await self.press_id(f"nav-{key}", thought)

    # -- forms of whole records -------------------------------------------------------------------
    def discount_stage(self, p: dict[str, Any]) -> Stage:
        """Create the discount ``p`` describes (``code``, ``kind``, ``value``, ``minimum_cents``,
        ``starts_on``, ``ends_on``, ``usage_limit``): Discounts, "Create discount", the form,
        save; done on the new code's own page."""
        kind = "Percentage" if p["kind"] == "percent" else "Fixed amount"
        value = str(p["value"]) if p["kind"] == "percent" else money_input(int(p["value"]))
        fields = [
            ('[data-testid="f-code"]', str(p["code"]), "text"),
            ('[data-testid="f-kind"]', kind, "choice"),
            ('[data-testid="f-value"]', value, "text"),
            ('[data-testid="f-minimum"]', money_input(int(p["minimum_cents"])), "text"),
            ('[data-testid="f-startsOn"]', str(p["starts_on"]), "date"),
            ('[data-testid="f-endsOn"]', str(p["ends_on"]), "date"),
            ('[data-testid="f-usageLimit"]', str(p["usage_limit"]), "text"),
            ('[data-testid="f-active"]', "on", "check"),
        ]

        async def done() -> bool:
            here = (await self.path()).split("?")[0]
            return "/discounts/dsc-" in here and await self.on_page("/discounts/", str(p["code"]))

        async def act() -> Act:
            if not await self.on_page("/discounts/new"):
                if await self.on_page("/discounts", "Discounts"):
                    return await self.press_id("new-discount", "create a discount.")
                return await self.nav("discounts", "open the discounts.")
            step = await self.fill_form(fields)
            return step or await self.press_id(
                "save-discount", "create the discount.", commits=True
            )

        return Stage(f"create {p['code']}", done, act, tries=20)
