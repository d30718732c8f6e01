"""GUI oracle of ``bug-from-customer-mail`` (mail -> issue tracker): two apps, one window each
(the window switch: :mod:`cuagym.families.cross._chat_tracker_oracle`).

The judgement's outcome (project, priority, lead) is the task's params, the oracle's
privileged knowledge; it still opens the customer's email before filing the bug.
"""

from __future__ import annotations

from cuagym.apps.web_oracle import Stage
from cuagym.core import TaskConfig
from cuagym.families.cross._chat_tracker_oracle import CrossAppOracle
from cuagym.families.cross._office_oracle import MailPart
from cuagym.families.issue_tracker.shared import CreateIssueOracle

__all__ = ["BugFromMailOracle"]


class _CreatePart(CreateIssueOracle):
    """The create dialog with the judged fields and the customer's address described."""

    def __init__(self, task: TaskConfig, description: str) -> None:
        super().__init__(task)
        self.description = description

    def create_fields(self) -> list[tuple[str, str, bool]]:
        p = self.p
        return [
            ("create-project", "", True),
            ("create-type", "Bug", True),
            ("create-title", str(p["title"]), False),
            ("create-description", self.description, False),
            ("create-priority", str(p["priority"]).capitalize(), True),
            ("create-assignee", str(p["lead_name"]), True),
            ("create-labels", str(p["label"]), False),
            ("create-points", "", False),
            ("create-sprint", "Backlog", True),
        ]


class BugFromMailOracle(CrossAppOracle):
    """Mailbox on top: open the customer's email, then file the bug in the tracker."""

    def __init__(self, task: TaskConfig, description: str) -> None:
        super().__init__(task)
        self.mail = MailPart(task)
        self.tracker = _CreatePart(task, description)
        self.parts = (self.mail, self.tracker)

    def stages(self) -> list[Stage]:
        p = self.p
        return [
            self.window_stage("mail"),
            self.mail.thread_stage(str(p["subject"]), str(p["customer_email"])),
            self.window_stage("issue-tracker"),
            self.tracker.create_stage(),
        ]
