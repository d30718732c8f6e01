"""GUI oracles of the code-host families: each solves its task through the pages, as a person
would, with the UI skills of :class:`cuagym.apps.code_host.ForgeOracle`.

They know the task (its params) but act only through ``computer_use`` calls. Every stage's
``done`` reads what the server rendered after the change (the reviewers in the sidebar, the
branch's protection in the branch list, the run's attempt, the new release in the list), never
what a form holds.
"""

from __future__ import annotations

from collections.abc import Callable

from cuagym.apps.code_host import ForgeOracle
from cuagym.apps.web_oracle import Act, PageBusy, Stage
from cuagym.core import Policy, TaskConfig

__all__ = [
    "ORACLES",
    "LabelsOracle",
    "MergeReadyOracle",
    "ProtectOracle",
    "ReleaseOracle",
    "RerunOracle",
    "ReviewOracle",
    "ReviewersOracle",
    "TriageOracle",
]

ME_LOGIN = "mara-okafor"


def reviewers_stage(oracle: ForgeOracle, repo: str, number: int, logins: list[str]) -> Stage:
    """On the pull request's page: request reviews from ``logins`` (others stay requested)."""

    async def done() -> bool:
        shown = await oracle.texts('[data-testid="requested-reviewer"] .who span')
        return await oracle.on_pull(repo, number) and all(x in shown for x in logins)

    async def act() -> Act:
        if not await oracle.on_pull(repo, number):
            return await oracle.go_pull(repo, number)
        wants = [(f'[data-testid="reviewer-{x}"]', True, x) for x in logins]
        return await oracle.in_dialog("dlg-reviewers", "edit-reviewers", wants, "save-reviewers")

    return Stage("request the reviews", done, act, tries=10)


class ReviewersOracle(ForgeOracle):
    """Open the pull request, tick the reviewers in the sidebar's dialog, save."""

    def stages(self) -> list[Stage]:
        p = self.p
        repo, number = str(p["repo"]), int(p["number"])
        return [
            self.pull_stage(repo, number),
            reviewers_stage(self, repo, number, [str(x) for x in p["logins"]]),
        ]


class LabelsOracle(ForgeOracle):
    """Open the pull request, set the label checkboxes to exactly the asked ones, save."""

    def stages(self) -> list[Stage]:
        p = self.p
        repo, number, labels = str(p["repo"]), int(p["number"]), [str(x) for x in p["labels"]]

        async def done() -> bool:
            shown = await self.texts('[data-testid="labels-block"] [data-testid="label"]')
            return await self.on_pull(repo, number) and sorted(shown) == sorted(labels)

        async def act() -> Act:
            boxes = await self.all('dialog#dlg-labels input[name="labels"]')
            wants = [
                (
                    f"input[value={self.css(b['attrs']['value'])}]",
                    b["attrs"]["value"] in labels,
                    b["attrs"]["value"],
                )
                for b in boxes
            ]
            return await self.in_dialog("dlg-labels", "edit-labels", wants, "save-labels")

        return [self.pull_stage(repo, number), Stage("set the labels", done, act, tries=12)]


class RerunOracle(ForgeOracle):
    """Actions tab, the run's row, Re-run jobs; done when the page shows the next attempt."""

    def stages(self) -> list[Stage]:
        repo, run = str(self.p["repo"]), int(self.p["run"])

        async def on_run() -> bool:
            return await self.in_repo(repo) and (await self.route()).endswith(
                f"/actions/runs/{run}"
            )

        async def opened() -> bool:
            if not await on_run():
                return False
            attempt = await self.texts('[data-testid="run-attempt"]')
            self.memo.setdefault("attempt", attempt[0] if attempt else "")
            return True

        async def open_run() -> Act:
            if not await self.on_tab(repo, "actions"):
                return await self.go_tab(repo, "actions")
            link = await self.one(f'[data-testid="run-row"][data-number="{run}"] .run-title')
            if link is None:
                return await self.press_id("run-next", "see the next page of runs.")
            return self.press(link, f"open run #{run}.")

        async def rerun_done() -> bool:
            shown = await self.texts('[data-testid="run-attempt"]')
            before = str(self.memo.get("attempt", ""))
            return (
                await on_run()
                and bool(shown)
                and before.isdigit()
                and (shown[0] == str(int(before) + 1))
            )

        async def rerun() -> Act:
            return await self.press_id("rerun", "re-run the jobs.", commits=True)

        return [
            Stage(f"open run #{run}", opened, open_run, tries=8),
            Stage("re-run it", rerun_done, rerun, tries=4),
        ]


class ReviewOracle(ForgeOracle):
    """Open the pull request, count your reviews, Review changes, fill the form, submit."""

    def stages(self) -> list[Stage]:
        p = self.p
        repo, number = str(p["repo"]), int(p["number"])
        verdict, comment = str(p["verdict"]), str(p["comment"])
        mine = f'[data-testid="review"][data-author="{ME_LOGIN}"][data-state="{verdict}"]'

        async def counted() -> bool:
            if not (await self.on_pull(repo, number)):
                return False
            self.memo.setdefault("before", len(await self.all(mine)))
            return True

        async def submitted() -> bool:
            before = int(self.memo.get("before", 0))
            return await self.on_pull(repo, number) and len(await self.all(mine)) > before

        async def review() -> Act:
            if await self.on_pull(repo, number):
                return await self.press_id("open-review", "open the review form.")
            if not (await self.route()).endswith(f"/pull/{number}/review"):
                return await self.go_pull(repo, number)
            act = await self.set_text('[data-testid="review-body"]', comment, "review comment")
            if act is None:
                act = await self.set_check(f'[data-testid="kind-{verdict}"]', True, verdict)
            return act or await self.press_id("submit-review", "submit the review.", commits=True)

        return [
            Stage("open the pull request", counted, lambda: self.go_pull(repo, number), 8),
            Stage("submit the review", submitted, review, tries=10),
        ]


class ProtectOracle(ForgeOracle):
    """Branches tab, the branch's Protection button, the rules form, save."""

    def stages(self) -> list[Stage]:
        p = self.p
        repo, branch = str(p["repo"]), str(p["branch"])
        approvals, checks = int(p["approvals"]), bool(p["checks"])
        want = f"Protected {approvals} approval{'s' if approvals != 1 else ''}"
        want += ", checks" if checks else ""
        row = f'[data-testid="branch-row"][data-branch={self.css(branch)}]'
        cell = row + ' [data-testid="branch-protection"]'

        async def done() -> bool:
            shown = await self.texts(cell)
            return await self.on_tab(repo, "branches") and shown == [want]

        async def act() -> Act:
            route = await self.route()
            if route.endswith("/branches/protection") and await self.in_repo(repo):
                for step in (
                    await self.set_check('[data-testid="protect-toggle"]', True, "Protect"),
                    await self.set_choice(
                        '[data-testid="required-approvals"]', str(approvals), "required approvals"
                    ),
                    await self.set_check('[data-testid="require-checks"]', checks, "checks"),
                ):
                    if step is not None:
                        return step
                return await self.press_id("save-protection", "save the rules.", commits=True)
            if not await self.on_tab(repo, "branches"):
                return await self.go_tab(repo, "branches")
            return await self.press_id(f"protect-{branch}", f"open the protection of {branch}.")

        return [Stage(f"protect {branch}", done, act, tries=14)]


class ReleaseOracle(ForgeOracle):
    """Releases tab, Draft a new release, the form, Publish release."""

    def notes(self) -> str:
        if "titles" in self.p:
            return "\n".join(str(t) for t in self.p["titles"])
        return str(self.p.get("notes", ""))

    def stages(self) -> list[Stage]:
        p = self.p
        repo, tag = str(p["repo"]), str(p["tag"])
        name = str(p.get("name", tag))
        target, pre = str(p.get("target", "main")), bool(p.get("prerelease", False))

        async def done() -> bool:
            rows = await self.all(f'[data-testid="release"][data-tag={self.css(tag)}]')
            return await self.on_tab(repo, "releases") and bool(rows)

        async def act() -> Act:
            if (await self.route()).endswith("/releases/new") and await self.in_repo(repo):
                for step in (
                    await self.set_text('[data-testid="release-tag-input"]', tag, "tag"),
                    await self.set_choice('[data-testid="release-target"]', target, "target"),
                    await self.set_text('[data-testid="release-title"]', name, "title"),
                    await self.set_text('[data-testid="release-notes"]', self.notes(), "notes"),
                    await self.set_check('[data-testid="release-prerelease"]', pre, "pre-release"),
                ):
                    if step is not None:
                        return step
                return await self.press_id("publish-release", "publish it.", commits=True)
            if not await self.on_tab(repo, "releases"):
                return await self.go_tab(repo, "releases")
            return await self.press_id("draft-release", "draft a new release.")

        return [Stage(f"publish {tag}", done, act, tries=16)]


class MergeReadyOracle(ForgeOracle):
    """Open each open pull request in turn until one shows a merge button; squash-merge it
    with its branch deleted. (The oracle judges by the page, like a person: the one whose merge
    box has no blockers.)"""

    def stages(self) -> list[Stage]:
        repo = str(self.p["repo"])
        blocked: set[str] = set()

        async def done() -> bool:
            merged = await self.one('[data-testid="merged-event"]')
            return (
                merged is not None and await self.in_repo(repo) and "/pull/" in (await self.route())
            )

        async def act() -> Act:
            route = await self.route()
            if await self.in_repo(repo) and "/pull/" in route:
                number = route.rsplit("/", 1)[1]
                confirm = await self.one('[data-testid="confirm-ok"]')
                if confirm is not None:
                    return self.press(confirm, "confirm the merge.", commits=True)
                button = await self.one('[data-testid="merge-button"]')
                if button is None:
                    if await self.one('[data-testid="merge-box"]') is None:
                        raise PageBusy("no merge box")
                    blocked.add(number)
                    return await self.go_tab(repo, "pulls")
                for step in (
                    await self.set_check('[data-testid="method-squash"]', True, "squash"),
                    await self.set_check(
                        '[data-testid="merge-delete-branch"]', True, "delete the branch"
                    ),
                ):
                    if step is not None:
                        return step
                return self.press(button, "merge the pull request.")
            if not await self.on_tab(repo, "pulls"):
                return await self.go_tab(repo, "pulls")
            for item in await self.all('[data-testid="pull-item"]'):
                number = item["attrs"].get("data-number", "")
                if number not in blocked:
                    link = await self.one(
                        f'[data-testid="pull-item"][data-number="{number}"] .issue-title'
                    )
                    if link is not None:
                        return self.press(link, f"look at pull request #{number}.")
            raise PageBusy("no unchecked pull request left")

        return [Stage("merge the ready pull request", done, act, tries=30)]


class TriageOracle(ForgeOracle):
    """For each issue: open it, the sidebar's edit dialog, tick the assignee, pick the
    milestone, save; done when the sidebar shows both."""

    def stages(self) -> list[Stage]:
        p = self.p
        repo, login, milestone = str(p["repo"]), str(p["login"]), str(p["milestone"])
        return [self._issue_stage(repo, int(n), login, milestone) for n in p["numbers"]]

    def _issue_stage(self, repo: str, number: int, login: str, milestone: str) -> Stage:
        async def done() -> bool:
            people = await self.texts('[data-testid="assignee"] .who span')
            shown = await self.texts('[data-testid="issue-milestone-shown"]')
            return (
                await self.on_issue(repo, number)
                and people == [login]
                and bool(shown)
                and shown[0].endswith(milestone)
            )

        async def act() -> Act:
            if not await self.on_issue(repo, number):
                return await self.go_issue(repo, number)
            if not await self.dialog_open("dlg-issue-meta"):
                return await self.press_id("edit-issue-meta", "edit the issue's details.")
            step = await self.set_check(
                f'dialog#dlg-issue-meta [data-testid="assignee-{login}"]', True, login
            )
            step = step or await self.set_choice(
                'dialog#dlg-issue-meta [data-testid="issue-milestone"]', milestone, "milestone"
            )
            return step or await self.press_id("save-issue-meta", "save.", commits=True)

        return Stage(f"triage #{number}", done, act, tries=12)


ORACLES: dict[str, Callable[[TaskConfig], Policy]] = {
    "request-reviewers": ReviewersOracle,
    "label-pull-request": LabelsOracle,
    "rerun-failed-run": RerunOracle,
    "submit-review": ReviewOracle,
    "protect-branch": ProtectOracle,
    "publish-release": ReleaseOracle,
    "merge-ready-pull": MergeReadyOracle,
    "release-notes-from-merged": ReleaseOracle,
    "assign-unowned-issues": TriageOracle,
}
