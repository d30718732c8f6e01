"""GUI oracles of the crm families: each solves its task through the pages, as a person would.

They know the task (its params), read the page through the environment's read-only DevTools
view and act only through ``computer_use`` calls (:mod:`cuagym.families._web_oracle`). Records
are found with the global search; edits go through the record's edit form, the status/stage
path, the activity composer or the conversion form. A change counts as done only once the
server rendered it: the detail page's shown values (not a form's typed ones), the new record's
own page, the converted lead's banner.
"""

from __future__ import annotations

from datetime import date
from typing import Any

from cuagym.apps.crm._fields import format_money, money_input
from cuagym.apps.crm._schema import STAGE_PROBABILITY
from cuagym.apps.crm._views import fmt_date
from cuagym.core import TaskConfig
from cuagym.families._web_oracle import Act, Element, PageBusy, Stage, WebOracle, call

__all__ = ["ORACLES", "CrmOracle"]

#: A point of the page that the mouse wheel scrolls (the document scrolls, not a container).
_WHEEL_AT = (640, 420)
_PATHS = {
    "lead": "leads",
    "account": "accounts",
    "contact": "contacts",
    "opportunity": "opportunities",
}


def exact(text: Any) -> str:
    return " ".join(str(text if text is not None else "").split())


def _q(value: str) -> str:
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


class CrmOracle(WebOracle):
    """What every crm oracle reads and does: records, forms, shown values."""

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
    @staticmethod
    def reachable(element: Element) -> bool:
        return bool(element.get("in_view") and element.get("clickable"))

    def bring(self, element: Element) -> dict[str, Any]:
        """Scroll the page towards an element out of view (or under the sticky footer)."""
        below = element["center"][1] > _WHEEL_AT[1]
        pixels = max(150, min(600, abs(element["center"][1] - _WHEEL_AT[1])))
        return call("scroll", coordinate=list(_WHEEL_AT), pixels=-pixels if below else pixels)

    def press(self, element: Element, thought: str, *, commits: bool = False) -> Act:
        if not self.reachable(element):
            return Act.of("scroll to it.", self.bring(element))
        return Act.of(thought, self.click(element), commits=commits)

    async def set_text(self, selector: str, want: str, what: str) -> Act | None:
        """An act that makes the field ``selector`` hold ``want``, or None when it does."""
        box = await self.one(selector)
        if box is None:
            raise PageBusy(f"no field {selector}")
        if box.get("value") == want:
            return None
        if not self.reachable(box):
            return Act.of("scroll to it.", self.bring(box))
        return Act.of(f"fill in the {what}: {want}", *self.fill(box, want))

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
            for key, want, how in fill:
                sel = f'[data-testid="edit-form"] [data-testid="f-{key}"]'
                if how == "date":
                    step = await self.set_date(sel, want, key)
                elif how == "choice":
                    step = await self.set_choice(sel, want, key)
                else:
                    step = await self.set_text(sel, want, key)
                if step is not None:
                    return step
            save = await self.one('[data-testid="save-edit"]')
            if save is None:
                raise PageBusy("no save button")
            return self.press(save, "save the record.", commits=True)

        return Stage(f"edit {title}", done, act, tries=4 + 3 * len(fill))

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
            f'[data-testid="past-activity"] [data-testid="task-toggle"][data-task={_q(subject)}]'
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


def _person(p: dict[str, Any]) -> str:
    return f"{p['first']} {p['last']}"


class UpdateLeadStatusOracle(CrmOracle):
    """Open the lead, edit it: status and rating in one save."""

    def stages(self) -> list[Stage]:
        p = self.p
        status, rating = str(p["status"]), str(p["rating"])
        args = ("lead", _person(p), str(p["last"]))
        return [
            self.record_stage(*args, company=str(p["company"])),
            self.edit_stage(
                *args,
                shown={"status": status, "rating": rating},
                fill=[("status", status, "choice"), ("rating", rating, "choice")],
                company=str(p["company"]),
            ),
        ]


class MoveOpportunityStageOracle(CrmOracle):
    """Open the deal, pick the stage on its path, "Mark as current stage"."""

    def stages(self) -> list[Stage]:
        name, stage = str(self.p["name"]), str(self.p["stage"])
        probability = f"{STAGE_PROBABILITY[stage]}%"

        async def done() -> bool:
            return (
                await self.on_record("opportunity", name)
                and await self.shown("stage") == stage
                and await self.shown("probability") == probability
            )

        async def act() -> Act:
            if not await self.on_record("opportunity", name):
                return await self.go_to("opportunity", name, name)
            radio = await self.all(f'[data-testid="path"] input[value={_q(stage)}]')
            step = await self.one(f'[data-testid="path-step"][data-step={_q(stage)}]')
            if not radio or step is None:
                raise PageBusy("no stage path")
            if not radio[0].get("checked"):
                return self.press(step, f"choose {stage} on the path.")
            mark = await self.one('[data-testid="path-mark"]')
            if mark is None:
                raise PageBusy("no mark button")
            return self.press(mark, f"mark {stage} as the current stage.", commits=True)

        return [self.record_stage("opportunity", name, name), Stage("move", done, act, tries=8)]


class CompleteTaskOracle(CrmOracle):
    """Open the record the task belongs to and tick the task off in its open list."""

    def stages(self) -> list[Stage]:
        kind, title, subject = (
            str(self.p["related_type"]),
            str(self.p["related"]),
            str(self.p["subject"]),
        )
        query = title.split()[-1] if kind in ("lead", "contact") else title
        toggle = f'[data-testid="open-task"] [data-testid="task-toggle"][data-task={_q(subject)}]'
        past = f'[data-testid="past-activity"] [data-testid="task-toggle"][data-task={_q(subject)}]'

        async def done() -> bool:
            return (
                await self.on_record(kind, title)
                and not await self.all(toggle)
                and bool(await self.all(past))
            )

        async def act() -> Act:
            if not await self.on_record(kind, title):
                return await self.go_to(kind, title, query)
            box = await self.one(toggle)
            if box is None:
                raise PageBusy(f"no open task {subject!r}")
            return self.press(box, f"mark {subject} complete.", commits=True)

        return [self.record_stage(kind, title, query), Stage("complete", done, act, tries=8)]


class CreateContactOracle(CrmOracle):
    """From the account's page, "New contact": fill the form (the account is preset), save."""

    def stages(self) -> list[Stage]:
        p = self.p
        account, person = str(p["account"]), _person(p)
        fields = [
            ("salutation", str(p["salutation"]), "choice"),
            ("firstName", str(p["first"]), "text"),
            ("lastName", str(p["last"]), "text"),
            ("accountId", account, "choice"),
            ("title", str(p["title"]), "text"),
            ("department", str(p["department"]), "text"),
            ("email", str(p["email"]), "text"),
            ("phone", str(p["phone"]), "text"),
        ]

        async def done() -> bool:
            return await self.on_record("contact", person) and await self.shown("title") == exact(
                p["title"]
            )

        async def act() -> Act:
            form = await self.one('[data-testid="record-form"]')
            if form is None or not (await self.path()).split("?")[0].endswith("/contacts/new"):
                if await self.on_record("account", account):
                    button = await self.one('[data-testid="new-contact-here"]')
                    if button is None:
                        raise PageBusy("no new-contact button")
                    return self.press(button, "start a new contact on this account.")
                return await self.go_to("account", account, account)
            for key, want, how in fields:
                sel = f'[data-testid="record-form"] [data-testid="f-{key}"]'
                if how == "choice":
                    step = await self.set_choice(sel, want, key)
                else:
                    step = await self.set_text(sel, want, key)
                if step is not None:
                    return step
            save = await self.one('[data-testid="save"]')
            if save is None:
                raise PageBusy("no save button")
            return self.press(save, "save the contact.", commits=True)

        return [Stage("create the contact", done, act, tries=30)]


class UpdateDealTermsOracle(CrmOracle):
    """Open the deal, edit amount, close date and next step, save."""

    def stages(self) -> list[Stage]:
        p = self.p
        name = str(p["name"])
        cents = int(p["amount_cents"])
        return [
            self.record_stage("opportunity", name, name),
            self.edit_stage(
                "opportunity",
                name,
                name,
                shown={
                    "amountCents": format_money(cents),
                    "closeDate": fmt_date(str(p["close_date"])),
                    "nextStep": str(p["next_step"]),
                },
                fill=[
                    ("amountCents", money_input(cents), "text"),
                    ("closeDate", str(p["close_date"]), "date"),
                    ("nextStep", str(p["next_step"]), "text"),
                ],
            ),
        ]


class ScheduleFollowUpOracle(CrmOracle):
    """On the deal's page: a new task in the composer, then a new note."""

    def stages(self) -> list[Stage]:
        p = self.p
        name, subject = str(p["name"]), str(p["subject"])
        title, body = str(p["note_title"]), str(p["note_body"])
        due, priority = str(p["due_date"]), str(p["priority"])

        async def tab(which: str) -> Act | None:
            panel = await self.one(f'[data-testid="{which}-form"]')
            if panel is not None:
                return None
            button = await self.one(f'[data-testid="tab-{which}"]')
            if button is None:
                raise PageBusy("no composer")
            return self.press(button, f"open the composer's {which} tab.")

        async def task_done() -> bool:
            if not await self.on_record("opportunity", name):
                return False
            for item in await self.all('[data-testid="open-task"]'):
                text = exact(item["text"])
                if text.startswith(subject) and fmt_date(due) in text and priority in text:
                    return True
            return False

        async def add_task() -> Act:
            if not await self.on_record("opportunity", name):
                return await self.go_to("opportunity", name, name)
            opened = await tab("task")
            if opened is not None:
                return opened
            for step in (
                await self.set_text('[data-testid="task-subject"]', subject, "subject"),
                await self.set_date('[data-testid="task-due"]', due, "due date"),
                await self.set_choice('[data-testid="task-priority"]', priority, "priority"),
                await self.set_choice('[data-testid="task-type"]', "To-do", "type"),
            ):
                if step is not None:
                    return step
            save = await self.one('[data-testid="task-save"]')
            if save is None:
                raise PageBusy("no save button")
            return self.press(save, "save the task.", commits=True)

        async def note_done() -> bool:
            if not await self.on_record("opportunity", name):
                return False
            for note in await self.all('[data-testid="note"]'):
                if exact(note["text"]).startswith(f"{exact(title)} {exact(body)}"):
                    return True
            return False

        async def add_note() -> Act:
            if not await self.on_record("opportunity", name):
                return await self.go_to("opportunity", name, name)
            opened = await tab("note")
            if opened is not None:
                return opened
            for step in (
                await self.set_text('[data-testid="note-title"]', title, "note title"),
                await self.set_text('[data-testid="note-body"]', body, "note body"),
            ):
                if step is not None:
                    return step
            save = await self.one('[data-testid="note-save"]')
            if save is None:
                raise PageBusy("no save button")
            return self.press(save, "save the note.", commits=True)

        return [
            self.record_stage("opportunity", name, name),
            Stage("schedule the task", task_done, add_task, tries=12),
            Stage("add the note", note_done, add_note, tries=10),
        ]


class _ConvertOracle(CrmOracle):
    """The conversion form, one step panel at a time: each field set and read back, then
    Convert; done when the lead's page shows it converted."""

    def fields(self) -> list[tuple[str, str, str, str]]:
        """(step, field selector, wanted value, how: text, date, choice, radio, check)."""
        raise NotImplementedError

    def stages(self) -> list[Stage]:
        p = self.p
        person, company = _person(p), str(p["company"])

        async def done() -> bool:
            return bool(
                await self.on_record("lead", person)
                and await self.one('[data-testid="converted-banner"]') is not None
            )

        async def act() -> Act:
            here = (await self.path()).split("?")[0]
            form = await self.one('[data-testid="convert-form"]')
            if form is None or not here.endswith("/convert") or not await self.loaded():
                if await self.on_record("lead", person):
                    button = await self.one('[data-testid="convert-lead"]')
                    if button is None:
                        raise PageBusy("no convert button")
                    return self.press(button, "start converting the lead.")
                return await self.go_to("lead", person, str(p["last"]), company)
            for step, sel, want, how in self.fields():
                full = f'[data-testid="step-{step}"] {sel}'
                if await self.holds(full, want, how):
                    continue
                panel = await self.one(f'[data-testid="step-{step}"]')
                if panel is None:  # another step is shown: go to this one by its tab
                    goto = await self.one(f'[data-testid="step-tab-{step}"]')
                    if goto is None:
                        raise PageBusy("no step tabs")
                    return self.press(goto, f"go to the {step} step.")
                move: Act | None
                if how in ("radio", "check"):
                    box = await self.one(full)
                    if box is None:
                        raise PageBusy(f"no {sel}")
                    move = self.press(box, f"{'tick' if want == 'on' else 'untick'} {sel}.")
                elif how == "date":
                    move = await self.set_date(full, want, sel)
                elif how == "choice":
                    move = await self.set_choice(full, want, sel)
                else:
                    move = await self.set_text(full, want, sel)
                if move is not None:
                    return move
            last = await self.one('[data-testid="step-opportunity"]')
            if last is None:
                goto = await self.one('[data-testid="step-tab-opportunity"]')
                if goto is None:
                    raise PageBusy("no step tabs")
                return self.press(goto, "go to the last step.")
            submit = await self.one('[data-testid="convert-submit"]')
            if submit is None:
                raise PageBusy("no convert button")
            return self.press(submit, "convert the lead.", commits=True)

        return [
            self.record_stage("lead", person, str(p["last"]), company),
            Stage("convert the lead", done, act, tries=40),
        ]


class ConvertLeadNewAccountOracle(_ConvertOracle):
    def fields(self) -> list[tuple[str, str, str, str]]:
        p = self.p
        return [
            ("account", '[data-testid="account-mode-new"]', "on", "radio"),
            ("account", '[data-testid="f-account-name"]', str(p["account_name"]), "text"),
            ("account", '[data-testid="f-account-type"]', str(p["account_type"]), "choice"),
            ("contact", '[data-testid="f-contact-title"]', str(p["contact_title"]), "text"),
            ("contact", '[data-testid="f-contact-phone"]', str(p["contact_phone"]), "text"),
            ("opportunity", '[data-testid="create-opportunity"]', "on", "check"),
            ("opportunity", '[data-testid="f-opportunity-name"]', str(p["opportunity"]), "text"),
            ("opportunity", '[data-testid="f-opportunity-stage"]', str(p["stage"]), "choice"),
            (
                "opportunity",
                '[data-testid="f-opportunity-amountCents"]',
                money_input(int(p["amount_cents"])),
                "text",
            ),
            (
                "opportunity",
                '[data-testid="f-opportunity-closeDate"]',
                str(p["close_date"]),
                "date",
            ),
        ]


class ConvertLeadExistingAccountOracle(_ConvertOracle):
    def fields(self) -> list[tuple[str, str, str, str]]:
        p = self.p
        return [
            ("account", '[data-testid="account-mode-existing"]', "on", "radio"),
            ("account", '[data-testid="f-existingAccountId"]', str(p["account"]), "choice"),
            ("contact", '[data-testid="f-contact-department"]', str(p["department"]), "text"),
            ("opportunity", '[data-testid="create-opportunity"]', "off", "check"),
        ]


class LogCallByEmailOracle(CrmOracle):
    """log-call-by-email: the global search for the address, the record it finds (a lead or a
    contact), the composer's Log activity tab with type, subject and date."""

    def stages(self) -> list[Stage]:
        p = self.p
        kind, name, email = str(p["kind"]), str(p["name"]), str(p["email"])
        company = str(p["where"]) if kind == "lead" else None
        return [
            self.record_stage(kind, name, email, company),
            self.log_stage(kind, name, email, str(p["subject"]), str(p["type"]), str(p["date"])),
        ]


class CreateAccountOracle(CrmOracle):
    """create-account: the Accounts tab, "New account", the typed fields (the revenue in
    dollars), Save; done on the new account's own page."""

    def stages(self) -> list[Stage]:
        p = self.p
        name = str(p["name"])
        fields = [
            ("name", name, "text"),
            ("type", str(p["type"]), "choice"),
            ("industry", str(p["industry"]), "choice"),
            ("website", str(p["website"]), "text"),
            ("phone", str(p["phone"]), "text"),
            ("employees", str(p["employees"]), "text"),
            ("annualRevenueCents", money_input(int(p["annual_revenue_cents"])), "text"),
            ("billingCity", str(p["city"]), "text"),
            ("billingState", str(p["state"]), "text"),
        ]

        async def done() -> bool:
            return await self.on_record("account", name) and await self.shown(
                "annualRevenueCents"
            ) == format_money(int(p["annual_revenue_cents"]))

        async def act() -> Act:
            here = (await self.path()).split("?")[0]
            if await self.one('[data-testid="record-form"]') is None or not here.endswith(
                "/accounts/new"
            ):
                new = await self.one('[data-testid="new-record"]')
                if new is not None and here.endswith("/accounts"):
                    return self.press(new, "start a new account.")
                tab = await self.one('[data-testid="nav-accounts"]')
                if tab is None:
                    raise PageBusy("no Accounts tab")
                return self.press(tab, "open the accounts list.")
            for key, want, how in fields:
                sel = f'[data-testid="record-form"] [data-testid="f-{key}"]'
                if how == "choice":
                    step = await self.set_choice(sel, want, key)
                else:
                    step = await self.set_text(sel, want, key)
                if step is not None:
                    return step
            save = await self.one('[data-testid="save"]')
            if save is None:
                raise PageBusy("no save button")
            return self.press(save, "save the account.", commits=True)

        return [Stage("create the account", done, act, tries=30)]


ORACLES: dict[str, type[CrmOracle]] = {
    "update-lead-status": UpdateLeadStatusOracle,
    "move-opportunity-stage": MoveOpportunityStageOracle,
    "complete-task": CompleteTaskOracle,
    "create-contact": CreateContactOracle,
    "update-deal-terms": UpdateDealTermsOracle,
    "schedule-follow-up": ScheduleFollowUpOracle,
    "convert-lead-new-account": ConvertLeadNewAccountOracle,
    "convert-lead-existing-account": ConvertLeadExistingAccountOracle,
    "log-call-by-email": LogCallByEmailOracle,
    "create-account": CreateAccountOracle,
}
