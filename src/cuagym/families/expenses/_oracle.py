"""GUI oracles of the expenses families: each solves its task through the pages, as a person
would.

They know the task (its params), read the page through the environment's read-only DevTools
view and act only through ``computer_use`` calls (the UI skills of
:class:`cuagym.apps.expenses.ExpensesOracle`). Reports are opened with the header's search
(``ER-2301``), charges and categories found by their rows; a change counts as done only once
the server rendered it (the report's stamp, a line's receipt, a charge gone from the queue, a
toast after a save).
"""

from __future__ import annotations

from collections.abc import Callable

from cuagym.apps.expenses import ExpensesOracle, exact, format_amount, money_input
from cuagym.apps.web_oracle import Act, PageBusy, Stage
from cuagym.core import TaskConfig

__all__ = ["ORACLES"]


class _ReportOracle(ExpensesOracle):
    """An oracle working on one existing report, ER-``p["number"]``."""

    @property
    def number(self) -> int:
        return int(self.p["number"])

    async def here(self) -> bool:
        return await self.on_report(self.number)

    async def go(self) -> Act:
        return await self.go_report(self.number)


class ApproveReportOracle(_ReportOracle):
    """Open the report, "Approve as manager" / "Approve for payment" once."""

    def stages(self) -> list[Stage]:
        want = "reviewed" if self.p["step"] == "manager" else "approved"

        async def done() -> bool:
            return await self.here() and await self.report_status() == want

        async def act() -> Act:
            if not await self.here():
                return await self.go()
            return await self.press_id("approve-report", "approve the report.", commits=True)

        return [self.report_stage(self.number), Stage("approve", done, act, tries=6)]


class RejectReportOracle(_ReportOracle):
    """Open the report, "Reject": the reason in the dialog, "Reject report"."""

    def stages(self) -> list[Stage]:
        reason = str(self.p["reason"])

        async def done() -> bool:
            return await self.here() and await self.report_status() == "rejected"

        async def act() -> Act:
            if not await self.here():
                return await self.go()
            if await self.one('[data-testid="reject-form"]') is None:
                return await self.press_id("reject-open", "open the reject dialog.")
            step = await self.set_text('[data-testid="f-reason"]', reason, "reason")
            return step or await self.press_id("reject-submit", "reject the report.", commits=True)

        return [self.report_stage(self.number), Stage("reject", done, act, tries=10)]


class AttachReceiptSubmitOracle(_ReportOracle):
    """Open the report, "Edit" on the named line, the receipt's file name, "Save expense";
    then "Submit for approval"."""

    def stages(self) -> list[Stage]:
        merchant, amount = str(self.p["merchant"]), int(self.p["amount_cents"])
        row = f'[data-testid="line"][data-merchant={self.css(merchant)}][data-amount="{amount}"]'
        file = str(self.p["file"])

        async def done() -> bool:
            shown = await self.one(f'{row} [data-testid="line-receipt"]')
            return await self.here() and shown is not None and exact(shown["text"]) == file

        async def act() -> Act:
            here = (await self.path()).split("?")[0]
            if "/lines/l" in here and await self.loaded():
                step = await self.set_text('[data-testid="f-receipt"]', file, "receipt file")
                return step or await self.press_id("line-save", "save the expense.", commits=True)
            if not await self.here():
                return await self.go()
            if await self.one(row) is None:
                raise PageBusy("no such line on the report")
            return await self.press_id("edit-line", "edit the expense.", within=row)

        return [
            self.report_stage(self.number),
            Stage("attach", done, act, tries=14),
            self.submit_stage(self.here, self.go),
        ]


class FileTripReportOracle(ExpensesOracle):
    """ "New report": title and cost centre; three expenses one by one; submit."""

    def stages(self) -> list[Stage]:
        p = self.p
        title = str(p["title"])

        async def here() -> bool:
            return await self.on_report_titled(title)

        async def go() -> Act:
            raise PageBusy("the new report's page is not open")

        async def created() -> bool:
            return await here()

        async def create() -> Act:
            if await self.on_page("/reports/new"):
                centre = str(p["centre"])
                options = await self.all('[data-testid="f-costCentreId"] option')
                label = next(
                    (exact(o["text"]) for o in options if exact(o["text"]).startswith(centre)),
                    centre,
                )
                step = await self.fill_form(
                    [
                        ('[data-testid="f-title"]', title, "text"),
                        ('[data-testid="f-costCentreId"]', label, "choice"),
                    ]
                )
                return step or await self.press_id(
                    "report-save", "create the report.", commits=True
                )
            return await self.press_id("header-new-report", "start a new report.")

        drive = {"category": "Mileage", "date": p["drive_day"], "miles": p["miles"]}
        diem = {"category": "Per diem", "date": p["diem_day"], "days": p["days"]}
        hotel = {
            "category": "Lodging",
            "date": p["hotel_day"],
            "merchant": p["hotel"],
            "amount": money_input(int(p["hotel_original"])),
            "currency": p["currency"],
            "receipt": p["file"],
        }
        assert format_amount(int(p["hotel_original"]), str(p["currency"]))
        return [
            Stage("create the report", created, create, tries=12),
            self.add_line_stage(
                "mileage", here, '[data-testid="line"][data-category="Mileage"]', drive, go
            ),
            self.add_line_stage(
                "per diem", here, '[data-testid="line"][data-category="Per diem"]', diem, go
            ),
            self.add_line_stage(
                "hotel", here, '[data-testid="line"][data-category="Lodging"]', hotel, go
            ),
            self.submit_stage(here, go),
        ]


class MatchCardChargeOracle(ExpensesOracle):
    """Card charges: the charge's row, its one candidate line of ER-N, "Match"."""

    def stages(self) -> list[Stage]:
        merchant, amount = str(self.p["merchant"]), int(self.p["amount_cents"])
        charge = (
            f'[data-testid="charge"][data-merchant={self.css(merchant)}][data-amount="{amount}"]'
        )
        number = int(self.p["number"])

        async def on_queue() -> bool:
            return await self.on_page("/cards", "Corporate card charges") and (
                "view=" not in await self.path() or "view=unmatched" in await self.path()
            )

        async def done() -> bool:
            toast = await self.one('[data-testid="toast"]')
            return (
                await on_queue()
                and not await self.all(charge)
                and toast is not None
                and "matched" in exact(toast["text"]).lower()
            )

        async def act() -> Act:
            if not await on_queue():
                return await self.nav("cards", "open the card charges.")
            if await self.one(charge) is None:
                raise PageBusy("the charge is not in the queue")
            select = f'{charge} [data-testid="match-line"]'
            options = await self.all(f"{select} option")
            label = next(
                (exact(o["text"]) for o in options if exact(o["text"]).startswith(f"ER-{number}")),
                None,
            )
            if label is None:
                raise PageBusy(f"no line of ER-{number} offered")
            step = await self.set_choice(select, label, "receipt line")
            return step or await self.press_id(
                "match-submit", "match the charge.", commits=True, within=charge
            )

        return [Stage("match", done, act, tries=12)]


class SetCategoryLimitOracle(ExpensesOracle):
    """Policy: the category's row, its limit field, "Save"."""

    def stages(self) -> list[Stage]:
        name = str(self.p["category"])
        want = money_input(int(self.p["limit_cents"]))
        row = f'[data-testid="category"][data-category={self.css(name)}]'

        async def done() -> bool:
            toast = await self.one('[data-testid="toast"]')
            box = await self.one(f'{row} [data-testid="limit-input"]')
            return (
                await self.on_page("/policy")
                and toast is not None
                and exact(toast["text"]) == f"{name} limit saved"
                and box is not None
                and box.get("value") == want
            )

        async def act() -> Act:
            if not await self.on_page("/policy"):
                return await self.nav("policy", "open the expense policy.")
            step = await self.set_text(f'{row} [data-testid="limit-input"]', want, "limit")
            return step or await self.press_id(
                "limit-save", "save the limit.", commits=True, within=row
            )

        return [Stage("limit", done, act, tries=10)]


class PayApprovedBatchOracle(ExpensesOracle):
    """Reimbursements: tick exactly the cost centre's reports, the pay date, "Draft batch";
    on the batch, "Send to the bank" and confirm."""

    def stages(self) -> list[Stage]:
        numbers = [int(n) for n in self.p["numbers"]]
        pay_day = str(self.p["pay_day"])

        async def drafted() -> bool:
            here = (await self.path()).split("?")[0]
            rows = await self.all('[data-testid="batch-report"]')
            shown = {str((r.get("attrs") or {}).get("data-report")) for r in rows}
            if (
                "/payouts/pay-" in here
                and await self.loaded()
                and shown == {f"ER-{n}" for n in numbers}
            ):
                self.memo["batch"] = here
                return True
            return "batch" in self.memo

        async def draft() -> Act:
            if not await self.on_page("/payouts", "Reimbursements"):
                return await self.nav("payouts", "open the reimbursements.")
            fields = [
                (
                    f'[data-testid="ready-report"][data-report="ER-{n}"] '
                    '[data-testid="pick-report"]',
                    "on",
                    "check",
                )
                for n in numbers
            ]
            fields.append(('[data-testid="f-payDate"]', pay_day, "date"))
            step = await self.fill_form(fields)
            return step or await self.press_id("create-batch", "draft the batch.", commits=True)

        async def sent() -> bool:
            here = (await self.path()).split("?")[0]
            return (
                here == self.memo.get("batch")
                and await self.loaded()
                and await self.one('[data-testid="send-batch"]') is None
            )

        async def send() -> Act:
            here = (await self.path()).split("?")[0]
            if here != self.memo.get("batch"):
                raise PageBusy("not on the new batch")
            if await self.one('[data-testid="confirm-dialog"]') is not None:
                return await self.press_id("confirm-ok", "confirm the payment.", commits=True)
            return await self.press_id("send-batch", "send the batch to the bank.")

        return [Stage("draft the batch", drafted, draft, tries=20), Stage("send", sent, send)]


class TriageManagerQueueOracle(ExpensesOracle):
    """Approvals, manager step: "Approve" on each clean report's card; each flagged report
    opened, "Send back" with the note."""

    def approve_stage(self, number: int) -> Stage:
        item = f'[data-testid="inbox-item"][data-report="ER-{number}"]'

        async def on_inbox() -> bool:
            return await self.on_page("/approvals", "Approvals") and (
                "tab=finance" not in await self.path()
            )

        async def done() -> bool:
            return await on_inbox() and not await self.all(item)

        async def act() -> Act:
            if not await on_inbox():
                return await self.nav("approvals", "open the approvals inbox.")
            return await self.press_id(
                "inbox-approve", f"approve ER-{number}.", commits=True, within=item
            )

        return Stage(f"approve ER-{number}", done, act, tries=8)

    def send_back_stage(self, number: int, note: str) -> Stage:
        async def done() -> bool:
            return await self.on_report(number) and await self.report_status() == "returned"

        async def act() -> Act:
            if not await self.on_report(number):
                return await self.go_report(number)
            if await self.one('[data-testid="send-back-form"]') is None:
                return await self.press_id("send-back-open", "open the send-back dialog.")
            step = await self.set_text('[data-testid="f-note"]', note, "note")
            return step or await self.press_id(
                "send-back-submit", "send the report back.", commits=True
            )

        return Stage(f"send back ER-{number}", done, act, tries=12)

    def stages(self) -> list[Stage]:
        note = str(self.p["note"])
        return [
            *(self.approve_stage(int(n)) for n in self.p["approve"]),
            *(self.send_back_stage(int(n), note) for n in self.p["send_back"]),
        ]


ORACLES: dict[str, Callable[[TaskConfig], ExpensesOracle]] = {
    "approve-report": ApproveReportOracle,
    "reject-report": RejectReportOracle,
    "attach-receipt-submit": AttachReceiptSubmitOracle,
    "file-trip-report": FileTripReportOracle,
    "match-card-charge": MatchCardChargeOracle,
    "set-category-limit": SetCategoryLimitOracle,
    "pay-approved-batch": PayApprovedBatchOracle,
    "triage-manager-queue": TriageManagerQueueOracle,
}
