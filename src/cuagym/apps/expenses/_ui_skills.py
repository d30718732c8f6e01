"""UI skills of the expenses app: how an oracle reads its pages and works them, on the web oracle
kit (:mod:`cuagym.apps.web_oracle`).

A task family's oracle subclasses :class:`ExpensesOracle` and lists its stages; the skills here know
the pages (their test ids, what a loaded page shows), never a task. Records are reached the way
a person reaches them: the header's search (a report number, a name, a merchant), then the result.
A change counts as done only once the server rendered it (a page's shown values).
"""

from __future__ import annotations

from typing import Any

from cuagym.apps.expenses.reward_lib import exact
from cuagym.apps.web_oracle import Act, Element, FormOracle, PageBusy, Stage, call
from cuagym.core import TaskConfig

__all__ = ["ExpensesOracle"]

#: A point of the page that the mouse wheel scrolls (the document scrolls, not a container).
_WHEEL_AT = (760, 420)


def _css_string(value: str) -> str:
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


class ExpensesOracle(FormOracle):
    """What every expenses oracle reads and does: pages, records found by search, forms."""

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

    async def on_report(self, number: int) -> bool:
        """Is this report ER-``number``'s own page (not one of its line forms)?"""
        here = (await self.path()).split("?")[0].rstrip("/")
        return (
            here.endswith(f"/reports/rep-{number}")
            and await self.title() == f"ER-{number}"
            and await self.loaded()
        )

    # -- acting on elements that may be out of view ---------------------------------------------
    def bring(self, element: Element) -> dict[str, Any]:
        # A wheel click moves Chromium's page further than its nominal 50 pixels: half the
        # distance converges where the whole distance overshoots and oscillates on short pages.
        below = element["center"][1] > _WHEEL_AT[1]
        pixels = max(50, min(300, abs(element["center"][1] - _WHEEL_AT[1]) // 2))
        return call("scroll", coordinate=list(_WHEEL_AT), pixels=-pixels if below else pixels)

    async def press_id(
        self, testid: str, thought: str, *, commits: bool = False, within: str = ""
    ) -> Act:
        button = await self.one(f'{within} [data-testid="{testid}"]'.strip())
        if button is None:
            raise PageBusy(f"no {testid}")
        if button.get("in_view") and not button.get("clickable"):
            # the last action's toast sits over the page's bottom right corner: dismiss it
            dismiss = await self.one('[data-testid="toast-dismiss"]')
            if dismiss is not None:
                return Act.of("dismiss the notice.", self.click(dismiss))
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

    async def go_report(self, number: int) -> Act:
        return await self.open_result("result-report", f"ER-{number}", f"ER-{number}")

    def report_stage(self, number: int) -> Stage:
        async def done() -> bool:
            return await self.on_report(number)

        async def act() -> Act:
            return await self.go_report(number)

        return Stage(f"open ER-{number}", done, act, tries=8)

    async def nav(self, key: str, thought: str) -> Act:
        return await self.press_id(f"nav-{key}", thought)

    # -- a report's page ------------------------------------------------------------------------
    async def report_status(self) -> str | None:
        """The raw status of the report whose page is open (its header's stamp)."""
        stamp = await self.one('.kit-actions [data-testid="status"]')
        return str((stamp.get("attrs") or {}).get("data-status")) if stamp is not None else None

    async def on_report_titled(self, title: str) -> bool:
        """Is this a report's own page, the report titled ``title``?"""
        here = (await self.path()).split("?")[0].rstrip("/")
        section = await self.one('[data-testid="line-items"]')
        return (
            "/reports/rep-" in here
            and "/lines/" not in here
            and section is not None
            and exact((section.get("attrs") or {}).get("data-title")) == exact(title)
            and await self.loaded()
        )

    @staticmethod
    def line_fields(spec: dict[str, Any]) -> list[tuple[str, str, str]]:
        """The line form's fields for ``spec`` (category label, date, and what its kind
        needs: merchant, amount, currency, receipt; miles; days; description)."""
        fields = [('[data-testid="f-categoryId"]', str(spec["category"]), "choice")]
        fields.append(('[data-testid="f-date"]', str(spec["date"]), "date"))
        for key, how in (
            ("merchant", "text"),
            ("amount", "text"),
            ("currency", "choice"),
            ("receipt", "text"),
            ("miles", "text"),
            ("days", "text"),
            ("description", "text"),
        ):
            if key in spec:
                fields.append((f'[data-testid="f-{key}"]', str(spec[key]), how))
        return fields

    def add_line_stage(
        self, name: str, on_report: Any, row: str, spec: dict[str, Any], go: Any
    ) -> Stage:
        """Add the expense ``spec`` on the report ``on_report()`` says is open: "Add expense",
        the form, "Add expense"; done once the report lists a line matching ``row``; ``go()``
        opens the report from elsewhere."""
        fields = self.line_fields(spec)

        async def done() -> bool:
            return bool(await on_report() and await self.all(row))

        async def act() -> Act:
            here = (await self.path()).split("?")[0]
            if here.endswith("/lines/new") and await self.loaded():
                step = await self.fill_form(fields)
                return step or await self.press_id("line-save", "add the expense.", commits=True)
            if await on_report():
                return await self.press_id("add-line", "add an expense.")
            return await go()  # type: ignore[no-any-return]

        return Stage(name, done, act, tries=24)

    def submit_stage(self, on_report: Any, go: Any) -> Stage:
        """Submit the open report for approval; done when its stamp says so."""

        async def done() -> bool:
            return bool(await on_report() and await self.report_status() == "submitted")

        async def act() -> Act:
            if not await on_report():
                return await go()  # type: ignore[no-any-return]
            return await self.press_id("submit-report", "submit the report.", commits=True)

        return Stage("submit", done, act, tries=6)
