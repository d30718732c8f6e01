"""UI skills of the crm app: how an oracle reads its pages and works them (records, forms,
shown values), on the web oracle kit (:mod:`cuagym.apps.web_oracle`).

A task family's oracle subclasses :class:`CrmOracle` and lists its stages; the skills here know
the pages (their test ids, what a loaded page shows), never a task. A change counts as done
only once the server rendered it: the detail page's shown values (not a form's typed ones).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from typing import Any

from cuagym.apps.crm._views import fmt_date
from cuagym.apps.crm.reward_lib import exact
from cuagym.apps.web_oracle import Act, Element, FormOracle, PageBusy, Stage, call
from cuagym.core import TaskConfig

__all__ = ["CrmOracle"]

#: A point of the page that the mouse wheel scrolls (the document scrolls, not a container).
_WHEEL_AT = (640, 420)
_PATHS = {
    "lead": "leads",
    "account": "accounts",
    "contact": "contacts",
    "opportunity": "opportunities",
}


def _css_string(value: str) -> str:
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


class CrmOracle(FormOracle):
    """What every crm oracle reads and does: records, forms, shown values."""

    css = staticmethod(_css_string)

    def __init__(self, task: TaskConfig) -> None:
        super().__init__(task)
        self._memo: dict[str, Any] = {}

    # -- where we are -------------------------------------------------------------------------
    async def loaded(self) -> bool:
        """Has the whole page been parsed? (app.js is the last thing base.html renders.)"""
        return bool(await self.all('script[src$="app.js"]'))

    async def on_record(self, kind: str, title: str, *, editing: bool = False) -> bool:
        """Is the page the detail page of the ``kind`` record called ``title``?"""
        path = await self.path()
        base, _, query = path.partition("?")
        parts = base.rstrip("/").split("/")
        if len(parts) < 2 or parts[-2] != _PATHS[kind] or parts[-1] in ("new", "convert"):
            return False
        if ("edit=1" in query) != editing:
            return False
        head = await self.one('[data-testid="record-title"]')
        if head is None or exact(head["text"]) != exact(title) or not await self.loaded():
            return False
        company = self._memo.get(f"company:{kind}:{title}")
        if company is not None:  # a lead is told apart from a namesake by its company
            shown = await self.all('[data-testid="record-header"] .highlights dd')
            return bool(shown) and exact(shown[0]["text"]) == exact(company)
        return True

    async def shown(self, key: str) -> str | None:
        """A field's value as the detail page shows it (None: not on a detail page)."""
        found = await self.all(f'[data-testid="value-{key}"]')
        return exact(found[0]["text"]) if found else None

    # -- acting on elements that may be out of view ---------------------------------------------
    def bring(self, element: Element) -> dict[str, Any]:
        """Scroll the page towards an element out of view (or under the sticky footer)."""
        below = element["center"][1] > _WHEEL_AT[1]
        pixels = max(150, min(600, abs(element["center"][1] - _WHEEL_AT[1])))
        return call("scroll", coordinate=list(_WHEEL_AT), pixels=-pixels if below else pixels)

    async def set_date(self, selector: str, iso: str, what: str) -> Act | None:
        """A date field: click its first (month) segment, type MMDDYYYY; read back the value."""
        box = await self.one(selector)
        if box is None:
            raise PageBusy(f"no field {selector}")
        if box.get("value") == iso:
            return None
        if not self.reachable(box):
            return Act.of("scroll to it.", self.bring(box))
        day = date.fromisoformat(iso)
        at = [box["x"] + min(14, max(4, box["width"] // 12)), box["center"][1]]
        typed = f"{day.month:02d}{day.day:02d}{day.year:04d}"
        return Act.of(
            f"enter the {what}: {fmt_date(iso)}",
            call("left_click", coordinate=at),
            call("type", text=typed),
        )

    async def set_choice(self, selector: str, label: str, what: str) -> Act | None:
        """A drop-down: pick ``label`` (typed when no other option starts like it)."""
        box = await self.one(selector)
        if box is None:
            raise PageBusy(f"no drop-down {selector}")
        if exact(box.get("selected_text")) == exact(label):
            return None
        if not self.reachable(box):
            return Act.of("scroll to it.", self.bring(box))
        options = {exact(o["text"]) for o in await self.all(f"{selector} option")}
        starting = {o for o in options if o.casefold().startswith(label.casefold())}
        if starting == {label}:  # listed twice (possible matches, all accounts) is still one
            handle = await self.label_of(box)
            if handle is not None and self.reachable(handle):
                # A click on the field's label focuses the drop-down without opening its list,
                # and typing then picks the option at once (Chromium off macOS). A click on the
                # box opens the native list, which on a fast machine could stay open after the
                # Enter and swallow the next field's click.
                typed = call("type", text=label)
                return Act.of(f"pick the {what}: {label}", self.click(handle), typed)
            enter = call("key", keys=["enter"])
            return Act.of(
                f"pick the {what}: {label}", self.click(box), call("type", text=label), enter
            )
        return Act.of(f"pick the {what}: {label}", *await self.choose(selector, label))

    async def label_of(self, box: Element) -> Element | None:
        """The shown ``<label for=...>`` of a form control, if it has one."""
        control_id = (box.get("attrs") or {}).get("id")
        if not control_id:
            return None
        return await self.one(f'label[for="{control_id}"]')

    async def holds(self, selector: str, want: str, how: str) -> bool:
        """Does the form control ``selector`` (shown or not) hold ``want`` already?"""
        found = await self.all(selector)
        if not found:
            return False
        box = found[0]
        if how in ("radio", "check"):
            return bool(box.get("checked")) == (want == "on")
        if how == "choice":
            return exact(box.get("selected_text")) == exact(want)
        return box.get("value") == want

    # -- navigation ---------------------------------------------------------------------------
    async def go_to(self, kind: str, title: str, query: str, company: str | None = None) -> Act:
        """Open the ``kind`` record ``title``: its search result when shown, else search."""
        if company is not None:
            self._memo[f"company:{kind}:{title}"] = company
        group = f'[data-testid="search-group"][data-kind="{kind}"]'
        rows = await self.all(f'{group} [data-testid="search-result"]')
        links = await self.all(f'{group} [data-testid="search-result"] a')
        if len(rows) == len(links):
            for row, link in zip(rows, links, strict=True):
                if exact(link["text"]) != exact(title) or not link.get("visible"):
                    continue
                if company is not None and f"{exact(company)} ·" not in exact(row["text"]):
                    continue
                return self.press(link, f"open {title}.")
        search = await self.one('[data-testid="global-search"]')
        if search is None:
            raise PageBusy("no search box")
        # A search changes nothing: type and run it at once (a mistyped one is simply redone).
        enter = call("key", keys=["enter"])
        if not self.reachable(search):
            return Act.of("scroll up to the search box.", self.bring(search))
        return Act.of(f"search for {query}.", *self.fill(search, query), enter)

    def record_stage(self, kind: str, title: str, query: str, company: str | None = None) -> Stage:
        async def done() -> bool:
            if company is not None:
                self._memo[f"company:{kind}:{title}"] = company
            return await self.on_record(kind, title)

        async def act() -> Act:
            return await self.go_to(kind, title, query, company)

        return Stage(f"open {title}", done, act, tries=8)

    def edit_stage(
        self,
        kind: str,
        title: str,
        query: str,
        shown: dict[str, str],
        fill: list[tuple[str, str, str]],
        company: str | None = None,
    ) -> Stage:
        """Edit the record's fields: ``fill`` = (field key, wanted input, how: text, date,
        choice); done when the detail page shows ``shown`` (field key -> shown text)."""

        async def done() -> bool:
            if not await self.on_record(kind, title):
                return False
            for key, want in shown.items():
                if await self.shown(key) != exact(want):
                    return False
            return True

        async def act() -> Act:
            if not await self.on_record(kind, title, editing=True):
                if await self.on_record(kind, title):
                    button = await self.one('[data-testid="edit-record"]')
                    if button is None:
                        raise PageBusy("no edit button")
                    return self.press(button, "edit the record.")
                return await self.go_to(kind, title, query, company)
            return await self.form_step("edit-form", fill, "save-edit", "save the record.")

        return Stage(f"edit {title}", done, act, tries=4 + 3 * len(fill))

    async def form_step(
        self, form: str, fields: Sequence[tuple[str, str, str]], save: str, thought: str
    ) -> Act:
        """On the form ``form`` (its test id): fill the first of ``fields`` (field key, wanted
        input, how: ``text``, ``date`` or ``choice``) that does not hold its value yet; when
        all do, press the button ``save`` (a commit)."""
        for key, want, how in fields:
            sel = f'[data-testid="{form}"] [data-testid="f-{key}"]'
            if how == "date":
                step = await self.set_date(sel, want, key)
            elif how == "choice":
                step = await self.set_choice(sel, want, key)
            else:
                step = await self.set_text(sel, want, key)
            if step is not None:
                return step
        button = await self.one(f'[data-testid="{save}"]')
        if button is None:
            raise PageBusy("no save button")
        return self.press(button, thought, commits=True)

    async def new_record_step(self, collection: str, noun: str) -> Act | None:
        """None on the new-record form of ``collection`` (``leads``, ``accounts``...); else the
        act towards it: the collection's tab, then its New button."""
        here = (await self.path()).split("?")[0]
        if await self.one('[data-testid="record-form"]') is not None and here.endswith(
            f"/{collection}/new"
        ):
            return None
        new = await self.one('[data-testid="new-record"]')
        if new is not None and here.endswith(f"/{collection}"):
            return self.press(new, f"start a new {noun}.")
        tab = await self.one(f'[data-testid="nav-{collection}"]')
        if tab is None:
            raise PageBusy(f"no {collection.capitalize()} tab")
        return self.press(tab, f"open the {collection} list.")

    def log_stage(
        self,
        kind: str,
        title: str,
        query: str,
        subject: str,
        typ: str,
        day: str | None = None,
        company: str | None = None,
    ) -> Stage:
        """Log a completed activity on the record from its composer's Log activity tab; done
        when the record's history lists it."""
        logged = (
            '[data-testid="past-activity"] '
            f'[data-testid="task-toggle"][data-task={_css_string(subject)}]'
        )

        async def done() -> bool:
            return await self.on_record(kind, title) and bool(await self.all(logged))

        async def act() -> Act:
            if not await self.on_record(kind, title):
                return await self.go_to(kind, title, query, company)
            if await self.one('[data-testid="log-form"]') is None:
                button = await self.one('[data-testid="tab-log"]')
                if button is None:
                    raise PageBusy("no composer")
                return self.press(button, "open the composer's Log activity tab.")
            steps = [
                await self.set_text('[data-testid="log-subject"]', subject, "subject"),
                await self.set_choice('[data-testid="log-type"]', typ, "type"),
            ]
            if day is not None:
                steps.append(await self.set_date('[data-testid="log-date"]', day, "date"))
            for step in steps:
                if step is not None:
                    return step
            save = await self.one('[data-testid="log-save"]')
            if save is None:
                raise PageBusy("no save button")
            return self.press(save, f"log the {typ.lower()}.", commits=True)

        return Stage(f"log {subject}", done, act, tries=12)

    @staticmethod
    def person(p: dict[str, Any]) -> str:
        """A person's full name from a task's ``first`` and ``last``."""
        return f"{p['first']} {p['last']}"
