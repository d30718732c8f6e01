"""GUI oracles of crm's cross-app families (mail -> crm): the CRM is the window on top.

What the customer's email says is the task's params (the oracle's privileged knowledge, as a
cross-app desktop oracle reads its source file), so these work in the CRM alone, through the
same pages and forms as :mod:`._oracle`'s.
"""

from __future__ import annotations

from cuagym.apps.crm import STAGE_PROBABILITY, CrmOracle, fmt_date, format_money, money_input
from cuagym.apps.web_oracle import Act, PageBusy, Stage

__all__ = ["CROSS_ORACLES"]


class DealChangeFromEmailOracle(CrmOracle):
    """deal-change-from-email (mail -> crm): the email's terms are the task's params (the
    oracle's privileged knowledge), so it works in the CRM, the window on top: the deal's edit
    form (stage, amount, close date in one save), then the composer's Log activity tab."""

    def stages(self) -> list[Stage]:
        p = self.p
        name, subject, stage = str(p["opportunity"]), str(p["subject"]), str(p["stage"])
        cents = int(p["amount_cents"])
        return [
            self.record_stage("opportunity", name, name),
            self.edit_stage(
                "opportunity",
                name,
                name,
                shown={
                    "stage": stage,
                    "probability": f"{STAGE_PROBABILITY[stage]}%",
                    "amountCents": format_money(cents),
                    "closeDate": fmt_date(str(p["close_date"])),
                },
                fill=[
                    ("stage", stage, "choice"),
                    ("amountCents", money_input(cents), "text"),
                    ("closeDate", str(p["close_date"]), "date"),
                ],
            ),
            self.log_stage("opportunity", name, name, subject, "Email"),
        ]


class LeadFromInquiryOracle(CrmOracle):
    """lead-from-inquiry (mail -> crm): the email's details are the task's params (the
    oracle's privileged knowledge), so it works in the CRM, the window on top: the Leads tab,
    "New lead", the fields, Save; done on the new lead's own page."""

    def stages(self) -> list[Stage]:
        p = self.p
        person, company = self.person(p), str(p["company"])
        self._memo[f"company:lead:{person}"] = company
        fields = [
            ("firstName", str(p["first"]), "text"),
            ("lastName", str(p["last"]), "text"),
            ("company", company, "text"),
            ("title", str(p["title"]), "text"),
            ("email", str(p["email"]), "text"),
            ("phone", str(p["phone"]), "text"),
            ("rating", str(p["rating"]), "choice"),
            ("leadSource", str(p["source"]), "choice"),
        ]

        async def done() -> bool:
            return await self.on_record("lead", person) and await self.shown("leadSource") == str(
                p["source"]
            )

        async def act() -> Act:
            start = await self.new_record_step("leads", "lead")
            if start is not None:
                return start
            return await self.form_step("record-form", fields, "save", "save the lead.")

        return [Stage("create the lead", done, act, tries=30)]


class OpportunityFromEmailOracle(CrmOracle):
    """opportunity-from-email (mail -> crm): the email's budget and date are the task's params
    (the oracle's privileged knowledge), so it works in the CRM, the window on top: the
    account's page, "New opportunity" (the account preset), the fields, Save."""

    def stages(self) -> list[Stage]:
        p = self.p
        name, account = str(p["opportunity"]), str(p["account"])
        cents = int(p["amount_cents"])
        fields = [
            ("name", name, "text"),
            ("contactId", str(p["contact"]), "choice"),
            ("stage", str(p["stage"]), "choice"),
            ("amountCents", money_input(cents), "text"),
            ("closeDate", str(p["close_date"]), "date"),
        ]

        async def done() -> bool:
            return await self.on_record("opportunity", name) and await self.shown(
                "amountCents"
            ) == format_money(cents)

        async def act() -> Act:
            here = (await self.path()).split("?")[0]
            if await self.one('[data-testid="record-form"]') is None or not here.endswith(
                "/opportunities/new"
            ):
                if await self.on_record("account", account):
                    button = await self.one('[data-testid="new-opportunity-here"]')
                    if button is None:
                        raise PageBusy("no new-opportunity button")
                    return self.press(button, "start a new opportunity on this account.")
                return await self.go_to("account", account, account)
            return await self.form_step("record-form", fields, "save", "save the opportunity.")

        return [Stage("open the deal", done, act, tries=30)]


class HandoverFromEmailOracle(CrmOracle):
    """handover-from-email (mail -> crm): what the email says is the task's params (the
    oracle's privileged knowledge), so it works in the CRM, the window on top: the contact's
    edit form (title, phone), then the deal's (its primary contact)."""

    def stages(self) -> list[Stage]:
        p = self.p
        person, deal = str(p["contact"]), str(p["opportunity"])
        successor = str(p["successor"])
        return [
            self.record_stage("contact", person, str(p["contact_email"])),
            self.edit_stage(
                "contact",
                person,
                str(p["contact_email"]),
                shown={"title": str(p["title"]), "phone": str(p["phone"])},
                fill=[("title", str(p["title"]), "text"), ("phone", str(p["phone"]), "text")],
            ),
            self.record_stage("opportunity", deal, deal),
            self.edit_stage(
                "opportunity",
                deal,
                deal,
                shown={"contactId": successor},
                fill=[("contactId", successor, "choice")],
            ),
        ]


CROSS_ORACLES: dict[str, type[CrmOracle]] = {
    "deal-change-from-email": DealChangeFromEmailOracle,
    "lead-from-inquiry": LeadFromInquiryOracle,
    "opportunity-from-email": OpportunityFromEmailOracle,
    "handover-from-email": HandoverFromEmailOracle,
}
