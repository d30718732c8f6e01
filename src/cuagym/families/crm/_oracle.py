"""GUI oracles of the crm families: each solves its task through the pages, as a person would.

They know the task (its params), read the page through the environment's read-only DevTools
view and act only through ``computer_use`` calls (the UI skills of
:class:`cuagym.apps.crm.CrmOracle`). Records
are found with the global search; edits go through the record's edit form, the status/stage
path, the activity composer or the conversion form. A change counts as done only once the
server rendered it: the detail page's shown values (not a form's typed ones), the new record's
own page, the converted lead's banner.
"""

from __future__ import annotations

from cuagym.apps.crm import (
    STAGE_PROBABILITY,
    CrmOracle,
    exact,
    fmt_date,
    format_money,
    money_input,
)
from cuagym.apps.web_oracle import Act, PageBusy, Stage

__all__ = ["ORACLES"]


class UpdateLeadStatusOracle(CrmOracle):
    """Open the lead, edit it: status and rating in one save."""

    def stages(self) -> list[Stage]:
        p = self.p
        status, rating = str(p["status"]), str(p["rating"])
        args = ("lead", self.person(p), str(p["last"]))
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
            radio = await self.all(f'[data-testid="path"] input[value={self.css(stage)}]')
            step = await self.one(f'[data-testid="path-step"][data-step={self.css(stage)}]')
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
        toggle = (
            f'[data-testid="open-task"] [data-testid="task-toggle"][data-task={self.css(subject)}]'
        )
        past = (
            '[data-testid="past-activity"] '
            f'[data-testid="task-toggle"][data-task={self.css(subject)}]'
        )

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
        account, person = str(p["account"]), self.person(p)
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
            return await self.form_step("record-form", fields, "save", "save the contact.")

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
        person, company = self.person(p), str(p["company"])

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
            start = await self.new_record_step("accounts", "account")
            if start is not None:
                return start
            return await self.form_step("record-form", fields, "save", "save the account.")

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
