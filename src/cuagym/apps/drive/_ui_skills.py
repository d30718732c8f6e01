"""UI skills of the drive app: how an oracle reads its pages and works them (listings, the
details panel, the item dialogs, the trash), on the web oracle kit
(:mod:`cuagym.apps.web_oracle`).

A task family's oracle subclasses :class:`DriveOracle` and lists its stages; the skills here
know the pages (their test ids, what a loaded page shows), never a task. Items are found with
the global search (a name may repeat in several folders: a row's ``data-where`` tells them
apart) and a change counts as done only once the server rendered it.
"""

from __future__ import annotations

from cuagym.apps.drive.reward_lib import exact
from cuagym.apps.web_oracle import Act, Element, FormOracle, PageBusy, Stage, call

__all__ = ["DriveOracle"]

#: A point of the page that the mouse wheel scrolls (the main column).
_WHEEL_AT = (640, 420)


def _css_string(value: str) -> str:
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


class DriveOracle(FormOracle):
    """What every drive oracle reads and does."""

    css = staticmethod(_css_string)

    # -- where we are -------------------------------------------------------------------------
    async def loaded(self) -> bool:
        """Has the whole page been parsed? (app.js is the last thing base.html renders.)"""
        return bool(await self.all('script[src$="app.js"]'))

    async def route(self) -> str:
        """The page's path inside the app (``/folders/fold-0003``), without the query."""
        path = (await self.path()).split("?")[0]
        return "/" + path.lstrip("/").partition("/")[2]

    async def on_item(self, kind: str, name: str, where: str) -> bool:
        """Is the page the file page of ``name`` in ``where`` (a file), or that folder's page?"""
        if not await self.loaded():
            return False
        route = await self.route()
        if not route.startswith("/file/" if kind == "file" else "/folders/"):
            return False
        head = await self.one('[data-testid="file-title"]' if kind == "file" else "h1")
        crumbs = await self.all('[data-testid="breadcrumbs"]')
        if head is None or exact(head["text"]) != exact(name) or not crumbs:
            return False
        path = exact((crumbs[0].get("attrs") or {}).get("data-path"))
        return path == exact(where) if kind == "file" else path == exact(f"{where} / {name}")

    async def panel_shows(self, name: str) -> bool:
        panel = await self.all('[data-testid="details-panel"]')
        return bool(panel) and exact((panel[0].get("attrs") or {}).get("data-name")) == exact(name)

    # -- acting on elements that may be out of view ---------------------------------------------
    def bring(self, element: Element) -> dict[str, object]:
        """Scroll the page towards an element out of view."""
        below = element["center"][1] > _WHEEL_AT[1]
        pixels = max(150, min(600, abs(element["center"][1] - _WHEEL_AT[1])))
        return call("scroll", coordinate=list(_WHEEL_AT), pixels=-pixels if below else pixels)

    async def button(self, testid: str, thought: str, *, commits: bool = False) -> Act:
        found = await self.one(f'[data-testid="{testid}"]')
        if found is None:
            raise PageBusy(f"no {testid}")
        return self.press(found, thought, commits=commits)

    async def confirm(self, thought: str) -> Act | None:
        """Press OK in the open confirmation dialog (a commit); None when none is open."""
        ok = await self.one('[data-testid="confirm-dialog"] [data-testid="confirm-ok"]')
        if ok is None:
            return None
        return Act.of(thought, self.click(ok), commits=True)

    # -- finding items ------------------------------------------------------------------------
    def row(self, kind: str, name: str, where: str | None = None) -> str:
        sel = f'[data-testid="item"][data-kind="{kind}"][data-name={self.css(name)}]'
        if where is not None:
            sel += f"[data-where={self.css(where)}]"
        return sel

    async def go_to(self, kind: str, name: str, where: str) -> Act:
        """Open the file ``name`` in the folder ``where`` (a path, ``My Drive / ...``) or the
        folder ``name`` inside ``where``: its search result when shown, else search."""
        link = await self.one(f'{self.row(kind, name, where)} [data-testid="item-open"]')
        if link is not None:
            return self.press(link, f"open {name}.")
        search = await self.one('[data-testid="global-search"]')
        if search is None:
            raise PageBusy("no search box")
        if not self.reachable(search):
            return Act.of("scroll up to the search box.", self.bring(search))
        # A search changes nothing: type and run it at once (a mistyped one is simply redone).
        return Act.of(f"search for {name}.", *self.fill(search, name), call("key", keys=["enter"]))

    def open_stage(self, kind: str, name: str, where: str) -> Stage:
        async def done() -> bool:
            return await self.on_item(kind, name, where)

        async def act() -> Act:
            return await self.go_to(kind, name, where)

        return Stage(f"open {name}", done, act, tries=8)

    async def select(self, kind: str, name: str, where: str | None = None) -> Act:
        """Show an item of the listing on screen in the details panel (its ⓘ button)."""
        info = await self.one(f'{self.row(kind, name, where)} [data-testid="item-details"]')
        if info is None:
            raise PageBusy(f"{name} is not listed here")
        return self.press(info, f"show the details of {name}.")

    async def dialog_open(self, dialog: str) -> bool:
        return await self.one(f'[data-testid="{dialog}"]') is not None

    async def open_dialog(self, opener: str, dialog: str, what: str) -> Act | None:
        """None when the dialog is open; else press the button that opens it."""
        if await self.dialog_open(dialog):
            return None
        return await self.button(opener, f"open the {what} dialog.")

    async def move_choice(self, path: str) -> Act | None:
        """Pick ``path`` in the open Move dialog's folder list; None when it is picked."""
        choice = await self.all(f'[data-testid="move-choice"][data-path={self.css(path)}]')
        radio = await self.all(f'[data-testid="move-choice"][data-path={self.css(path)}] input')
        box = await self.one('[data-testid="move-list"]')
        if not choice or not radio or box is None:
            raise PageBusy(f"no folder {path} to move to")
        if radio[0].get("checked"):
            return None
        if not self.inside(choice[0], box):
            # One wheel notch at a time: a notch moves the list further than its nominal
            # pixels, and a bigger step overshoots the row back and forth.
            up = choice[0]["y"] < box["y"]
            wheel = call("scroll", coordinate=list(box["center"]), pixels=50 if up else -50)
            return Act.of(f"scroll the folder list towards {path}.", wheel)
        return Act.of(f"choose {path}.", self.click(choice[0]))

    async def access_of(self, person: str) -> str | None:
        """The role the details panel lists for ``person`` (None: no access)."""
        sel = f'[data-testid="access-entry"][data-person={self.css(person)}]'
        found = await self.all(sel)
        return str((found[0].get("attrs") or {}).get("data-role")) if found else None

    async def link_role(self) -> str | None:
        """The role of "anyone with the link" in the details panel (None: link sharing off)."""
        found = await self.all('[data-testid="link-entry"]')
        return str((found[0].get("attrs") or {}).get("data-role")) if found else None

    async def trash_row(self, name: str) -> Element | None:
        return await self.one(f'[data-testid="trash-item"][data-name={self.css(name)}]')

    # -- whole steps on one file ----------------------------------------------------------------
    def share_stage(self, file: str, where: str, person: str, email: str, role: str) -> Stage:
        """On the file's page, Share: pick ``person`` and ``role``, Share; done when the
        details panel lists them with that role."""

        async def done() -> bool:
            return await self.on_item("file", file, where) and await self.access_of(person) == role

        async def act() -> Act:
            if not await self.on_item("file", file, where):
                return await self.go_to("file", file, where)
            step = await self.open_dialog("open-share", "share-dialog", "share")
            step = step or await self.set_choice("#share-user", f"{person} ({email})", "person")
            step = step or await self.set_choice("#share-role", role.capitalize(), "role")
            return step or await self.button("share-send", f"share with {person}.", commits=True)

        return Stage(f"share with {person}", done, act, tries=10)

    def move_stage(self, file: str, where: str, target: str) -> Stage:
        """On the file's page, Move: choose ``target`` in the folder list, Move here; done when
        the page's breadcrumbs show the file in ``target``."""

        async def done() -> bool:
            return await self.on_item("file", file, target)

        async def act() -> Act:
            if not await self.on_item("file", file, where):
                return await self.go_to("file", file, where)
            step = await self.open_dialog("open-move", "move-dialog", "move")
            step = step or await self.move_choice(target)
            return step or await self.button("move-save", f"move it to {target}.", commits=True)

        return Stage(f"move {file}", done, act, tries=30)
