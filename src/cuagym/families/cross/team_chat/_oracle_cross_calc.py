"""GUI oracle of ``report-workbook-figure`` (calc -> team-chat).

The task starts with the workbook in Calc and the chat on top. The oracle knows the figure from
the task (privileged knowledge: a person would read it off the sheet), so its path is the
chat's alone: open the channel, write the report, send it once, and see it in the list.
"""

from __future__ import annotations

from cuagym.apps.web_oracle import Stage
from cuagym.families.cross.team_chat._calc_report import report_text
from cuagym.families.team_chat.shared import ChatOracle

__all__ = ["ReportWorkbookFigureOracle"]


class ReportWorkbookFigureOracle(ChatOracle):
    """Open the channel, post the report."""

    def stages(self) -> list[Stage]:
        return [
            self.channel_stage(str(self.p["channel"])),
            self.post_stage(report_text(self.p)),
        ]
