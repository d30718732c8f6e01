"""UI skills of the code-host app: how an oracle reads the forge's pages and works them, on the
web oracle kit (:mod:`cuagym.apps.web_oracle`).

A task family's oracle subclasses :class:`ForgeOracle` and lists its stages; the skills here
know the pages (their test ids, the repository URLs, what a loaded page shows), never a task.
Navigation is by clicks, as a person does: the dashboard's repository cards, the repository's
tab row, a list's rows. A change counts as done only once the server rendered it.
"""

from __future__ import annotations

from typing import Any

from cuagym.apps.code_host.reward_lib import exact
from cuagym.apps.web_oracle import Act, Element, FormOracle, PageBusy, Stage, call
from cuagym.core import TaskConfig

__all__ = ["ForgeOracle"]

#: a point of the page that the mouse wheel scrolls (the document scrolls)
_WHEEL_AT = (640, 420)
_TAB_PATHS = {
    "code": "",
    "issues": "/issues",
    "pulls": "/pulls",
    "actions": "/actions",
    "branches": "/branches",
    "releases": "/releases",
    "settings": "/settings",
}


def css(value: str) -> str:
    """A CSS string literal."""
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


class ForgeOracle(FormOracle):
    """What every code-host oracle reads and does: repositories, lists, forms, dialogs."""

    css = staticmethod(css)

    def __init__(self, task: TaskConfig) -> None:
        super().__init__(task)
        self.memo: dict[str, Any] = {}

    # -- where we are -------------------------------------------------------------------------
    async def loaded(self) -> bool:
        """Has the whole page been parsed? (app.js is the last thing the shell renders.)"""
        return bool(await self.all('script[src$="app.js"]'))

    async def route(self) -> str:
        """The app-relative path, without the query: ``/larkspur/storefront-web/pulls``."""
        path = (await self.path()).split("?")[0].rstrip("/")
        return path.removeprefix("/code-host") or "/"

    async def query(self) -> str:
        return (await self.path()).partition("?")[2]

    async def in_repo(self, repo: str) -> bool:
        parts = (await self.route()).split("/")
        return len(parts) >= 3 and parts[2] == repo and await self.loaded()

    async def on_tab(self, repo: str, tab: str) -> bool:
        """On the repository's ``tab`` screen itself (not a page below it)."""
        parts = (await self.route()).split("/")
        return (
            len(parts) >= 3
            and parts[2] == repo
            and "/".join(parts[3:]) == _TAB_PATHS[tab].lstrip("/")
            and await self.loaded()
        )

    async def on_pull(self, repo: str, number: int) -> bool:
        return await self.in_repo(repo) and (await self.route()).endswith(f"/pull/{number}")

    async def on_issue(self, repo: str, number: int) -> bool:
        return await self.in_repo(repo) and (await self.route()).endswith(f"/issues/{number}")

    async def texts(self, selector: str) -> list[str]:
        return [exact(e["text"]) for e in await self.all(selector)]

    async def dialog_open(self, dialog: str) -> bool:
        return bool(await self.visible(f"dialog#{dialog}[open]"))

    # -- acting on elements that may be out of view ---------------------------------------------
    def bring(self, element: Element) -> dict[str, Any]:
        below = element["center"][1] > _WHEEL_AT[1]
        pixels = max(150, min(600, abs(element["center"][1] - _WHEEL_AT[1])))
        return call("scroll", coordinate=list(_WHEEL_AT), pixels=-pixels if below else pixels)

    def press(self, element: Element, thought: str, *, commits: bool = False) -> Act:
        if not element.get("in_view"):
            return Act.of("scroll to it.", self.bring(element))
        return Act.of(thought, self.click(element), commits=commits)

    async def press_id(self, testid: str, thought: str, *, commits: bool = False) -> Act:
        found = await self.one(f'[data-testid="{testid}"]')
        if found is None:
            raise PageBusy(f"no {testid}")
        return self.press(found, thought, commits=commits)

    async def set_text(self, selector: str, want: str, what: str) -> Act | None:
        """An act that makes the field ``selector`` hold ``want``, or None when it does."""
        box = await self.one(selector)
        if box is None:
            raise PageBusy(f"no field {selector}")
        if (box.get("value") or "") == want:
            return None
        if not box.get("in_view"):
            return Act.of("scroll to it.", self.bring(box))
        if not want:
            clear = (self.click(box), call("key", keys=["ctrl", "a"]), call("key", keys=["delete"]))
            return Act.of(f"clear the {what}.", *clear)
        return Act.of(f"fill in the {what}: {want}", *self.fill(box, want))

    async def set_check(self, selector: str, want: bool, what: str) -> Act | None:
        box = await self.one(selector)
        if box is None:
            raise PageBusy(f"no checkbox {selector}")
        if bool(box.get("checked")) == want:
            return None
        return self.press(box, f"{'tick' if want else 'untick'} {what}.")

    async def set_choice(self, selector: str, label: str, what: str) -> Act | None:
        box = await self.one(selector)
        if box is None:
            raise PageBusy(f"no drop-down {selector}")
        if exact(box.get("selected_text")) == exact(label):
            return None
        if not box.get("in_view"):
            return Act.of("scroll to it.", self.bring(box))
        return Act.of(f"pick the {what}: {label}", *await self.choose(selector, label))

    # -- navigation ---------------------------------------------------------------------------
    async def go_repo(self, repo: str) -> Act:
        """Towards the repository's front page: its card on the dashboard, else the dashboard."""
        card = await self.one(f'[data-testid="repo-card"][data-repo={css(repo)}] .repo-link')
        if card is not None:
            return self.press(card, f"open the repository {repo}.")
        home = await self.one('[data-testid="nav-repos"]')
        if home is None:
            raise PageBusy("no navigation")
        return Act.of("go to the list of repositories.", self.click(home))

    async def go_tab(self, repo: str, tab: str) -> Act:
        if not await self.in_repo(repo):
            return await self.go_repo(repo)
        return await self.press_id(f"repo-tab-{tab}", f"open the {tab} tab of {repo}.")

    def tab_stage(self, repo: str, tab: str) -> Stage:
        async def done() -> bool:
            return await self.on_tab(repo, tab)

        async def act() -> Act:
            return await self.go_tab(repo, tab)

        return Stage(f"open {repo} / {tab}", done, act, tries=8)

    async def go_pull(self, repo: str, number: int) -> Act:
        """Open pull request #``number`` from the repository's pull request list."""
        if not await self.on_tab(repo, "pulls"):
            return await self.go_tab(repo, "pulls")
        link = await self.one(f'[data-testid="pull-item"][data-number="{number}"] .issue-title')
        if link is None:
            if "state=closed" not in await self.query():
                raise PageBusy(f"#{number} is not in the list")
            return await self.press_id("show-open", "show the open pull requests.")
        return self.press(link, f"open pull request #{number}.")

    def pull_stage(self, repo: str, number: int) -> Stage:
        async def done() -> bool:
            return await self.on_pull(repo, number) and "tab=" not in await self.query()

        async def act() -> Act:
            return await self.go_pull(repo, number)

        return Stage(f"open {repo} #{number}", done, act, tries=8)

    async def go_issue(self, repo: str, number: int) -> Act:
        if not await self.on_tab(repo, "issues"):
            return await self.go_tab(repo, "issues")
        link = await self.one(f'[data-testid="issue-item"][data-number="{number}"] .issue-title')
        if link is None:
            raise PageBusy(f"issue #{number} is not in the list")
        return self.press(link, f"open issue #{number}.")

    # -- dialogs ------------------------------------------------------------------------------
    async def in_dialog(
        self, dialog: str, opener: str, wants: list[tuple[str, bool, str]], save: str
    ) -> Act:
        """Open ``dialog`` (its button ``opener``), set its checkboxes (selector, checked,
        what) and press ``save`` (a commit)."""
        if not await self.dialog_open(dialog):
            return await self.press_id(opener, "open the dialog.")
        for selector, want, what in wants:
            act = await self.set_check(f"dialog#{dialog} {selector}", want, what)
            if act is not None:
                return act
        return await self.press_id(save, "save.", commits=True)
