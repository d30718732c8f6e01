"""GUI oracles of the issue tracker's clean-up families.

``merge-duplicate``: read the copy's comment on its page, post the same text on the original,
go back to the copy and delete it (the issue menu, then the confirmation); the deletion lands
on the project's backlog, where the copy's row must be gone.
"""

from __future__ import annotations

from cuagym.apps.web_oracle import Act, PageBusy, Stage
from cuagym.core import TaskConfig
from cuagym.families.issue_tracker._oracle import ME, TrackerOracle, _q, exact

__all__ = ["MergeDuplicateOracle"]


class MergeDuplicateOracle(TrackerOracle):
    def __init__(self, task: TaskConfig) -> None:
        super().__init__(task)
        self.note: str | None = None

    def stages(self) -> list[Stage]:
        orig, dup = str(self.p["original_key"]), str(self.p["duplicate_key"])

        async def note_read() -> bool:
            if not await self.on_issue(dup):
                return False
            bodies = await self.all('[data-testid="comment-body"]')
            if not bodies:
                raise PageBusy(f"{dup} shows no comment")
            self.note = exact(bodies[0]["text"])
            return True

        async def wait_for_page() -> Act:
            return await self.go_to_issue(dup)

        def note() -> str:
            if self.note is None:
                raise PageBusy("the comment has not been read yet")
            return self.note

        async def carried() -> bool:
            if not await self.on_issue(orig):
                return False
            for comment in await self.all('[data-testid="comment"]'):
                cid = comment["attrs"].get("data-comment-id")
                author = await self.all(f'#comment-{cid} [data-testid="comment-author"]')
                body = await self.all(f'#comment-{cid} [data-testid="comment-body"]')
                mine = bool(author) and exact(author[0]["text"]) == ME
                if mine and body and exact(body[0]["text"]) == note():
                    return True
            return False

        async def carry() -> Act:
            if not await self.on_issue(orig):
                return await self.go_to_issue(orig)
            box = await self.one('[data-testid="comment-input"]')
            if box is None:
                raise PageBusy("no comment box")
            if box.get("value") != note():
                return Act.of("write the comment.", *self.fill(box, note()))
            save = await self.one('[data-testid="comment-save"]')
            if save is None:
                raise PageBusy("no save button")
            return Act.of("save the comment.", self.click(save), commits=True)

        async def deleted() -> bool:
            project = orig.rsplit("-", 1)[0]
            if not await self.on_project_page(project, "backlog"):
                return False
            return not await self.all(f'[data-testid="backlog-row"][data-key={_q(dup)}]')

        async def delete() -> Act:
            confirm = await self.one('[data-testid="confirm-ok"]')
            if confirm is not None:
                return Act.of(f"confirm: delete {dup}.", self.click(confirm), commits=True)
            if not await self.on_issue(dup):
                return await self.go_to_issue(dup)
            button = await self.one('[data-testid="delete-issue"]')
            if button is not None and button.get("clickable"):
                return Act.of(f"delete {dup}.", self.click(button))
            menu = await self.one('[data-testid="issue-menu"]')
            if menu is None:
                raise PageBusy("no issue menu")
            return Act.of("open the issue's menu.", self.click(menu))

        return [
            Stage(f"read the comment on {dup}", note_read, wait_for_page, tries=8),
            self.issue_stage(orig),
            Stage(f"the comment on {orig}", carried, carry, tries=8),
            Stage(f"delete {dup}", deleted, delete, tries=10),
        ]
