"""GUI oracles of expenses' cross-app families.

What the other app holds (the mailed receipt) is the task's params, the oracle's privileged
knowledge, so ``receipt-from-mail`` works in the expense app alone. The two families that
write to a second app work both windows as one :class:`CrossAppOracle`, switching with alt+tab
the way a person does on this desktop, and reuse each app's own oracle stages as parts: the
expense app's reject dialog, the chat's channel and composer, the tracker's create dialog.
"""

from __future__ import annotations

from collections.abc import Callable

from cuagym.apps.expenses import ExpensesOracle, format_money, money_input
from cuagym.apps.web_oracle import Act, Stage, WebOracle
from cuagym.core import Policy, TaskConfig
from cuagym.families.cross._chat_tracker_oracle import CrossAppOracle
from cuagym.families.expenses._oracle import RejectReportOracle
from cuagym.families.issue_tracker.shared import CreateIssueOracle
from cuagym.families.team_chat.shared import ChatOracle

__all__ = ["CHAT_ME", "CROSS_ORACLES"]

#: the expense app's person in the chat workspace
CHAT_ME = {"id": "u-noor", "name": "noor.haddad", "title": "Finance Controller"}


class ReceiptFromMailOracle(ExpensesOracle):
    """Open the report the receipt belongs on, "Add expense" with the receipt's facts, then
    "Submit for approval"."""

    def stages(self) -> list[Stage]:
        p = self.p
        number = int(p["number"])

        async def here() -> bool:
            return await self.on_report(number)

        async def go() -> Act:
            return await self.go_report(number)

        spec = {
            "category": p["category"],
            "date": p["day"],
            "merchant": p["merchant"],
            "amount": money_input(int(p["original"])),
            "currency": p["currency"],
            "receipt": p["file"],
        }
        row = f'[data-testid="line"][data-merchant={self.css(str(p["merchant"]))}]'
        return [
            self.report_stage(number),
            self.add_line_stage("add the receipt", here, row, spec, go),
            self.submit_stage(here, go),
        ]


class ChatPart(ChatOracle):
    """The chat's page helpers, signed in as the expense app's person."""

    def __init__(self, task: TaskConfig) -> None:
        WebOracle.__init__(self, task)
        self.me = CHAT_ME["name"]
        self._seen_text: dict[str, str] = {}
        self._found: dict[tuple[str, str, str], str] = {}

    def stages(self) -> list[Stage]:
        return []  # a part: the cross oracle composes the stages


class RejectionToChatOracle(CrossAppOracle):
    """The expense app on top: reject the report; then the chat: the channel, the notice."""

    def __init__(self, task: TaskConfig) -> None:
        super().__init__(task)
        self.expenses = RejectReportOracle(task)
        self.chat = ChatPart(task)
        self.parts = (self.expenses, self.chat)

    def stages(self) -> list[Stage]:
        return [
            self.window_stage("expenses"),
            *self.expenses.stages(),
            self.window_stage("team-chat"),
            self.chat.channel_stage(str(self.p["channel"])),
            self.chat.post_stage(str(self.p["text"])),
        ]


class BudgetsPart(ExpensesOracle):
    """The expense app's Budgets screen, read (the bars show which centre is over)."""

    def read_stage(self) -> Stage:
        async def done() -> bool:
            return await self.on_page("/budgets", "Budgets") and bool(
                await self.all('[data-testid="budget"][data-over="yes"]')
            )

        async def act() -> Act:
            return await self.nav("budgets", "open the budgets.")

        return Stage("read the budgets", done, act, tries=6)

    def stages(self) -> list[Stage]:
        return [self.read_stage()]


class TicketPart(CreateIssueOracle):
    """The tracker's create dialog with the over-budget ticket's fields."""

    def __init__(self, task: TaskConfig) -> None:
        super().__init__(task)
        self.p = {**self.p, "title": f"Over budget: {self.p['code']} {self.p['name']}"}

    def create_fields(self) -> list[tuple[str, str, bool]]:
        p = self.p
        return [
            ("create-project", "", True),
            ("create-type", "Task", True),
            ("create-title", str(p["title"]), False),
            ("create-description", f"Over by {format_money(int(p['over_cents']))}", False),
            ("create-priority", str(p["priority"]), True),
            ("create-assignee", str(p["assignee"]), True),
            ("create-labels", "", False),
            ("create-points", "", False),
            ("create-sprint", "Backlog", True),
        ]


class OverBudgetTicketOracle(CrossAppOracle):
    """The expense app on top: read the budget bars; then the tracker: create the ticket."""

    def __init__(self, task: TaskConfig) -> None:
        super().__init__(task)
        self.budgets = BudgetsPart(task)
        self.ticket = TicketPart(task)
        self.parts = (self.budgets, self.ticket)

    def stages(self) -> list[Stage]:
        return [
            self.window_stage("expenses"),
            self.budgets.read_stage(),
            self.window_stage("issue-tracker"),
            *self.ticket.stages(),
        ]


CROSS_ORACLES: dict[str, Callable[[TaskConfig], Policy]] = {
    "receipt-from-mail": ReceiptFromMailOracle,
    "rejection-to-chat": RejectionToChatOracle,
    "over-budget-ticket": OverBudgetTicketOracle,
}
