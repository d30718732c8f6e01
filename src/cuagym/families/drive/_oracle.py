"""GUI oracles of the drive families: each solves its task through the pages, as a person would.

They know the task (its params), read the page through the environment's read-only DevTools
view and act only through ``computer_use`` calls (the UI skills of
:class:`cuagym.apps.drive.DriveOracle`). Files are found with the global search and opened;
changes go through the item dialogs (share, rename, move), the versions tab, the trash page
and the folder page's New dialog. A change counts as done only once the server rendered it:
the details panel's access list, the page's title and breadcrumbs, the trash listing.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from cuagym.apps.drive import DriveOracle
from cuagym.apps.web_oracle import Act, PageBusy, Stage
from cuagym.core import TaskConfig

__all__ = ["ORACLES", "DriveOracle"]


def _split(path: str) -> tuple[str, str]:
    """``My Drive / A / B`` -> (``My Drive / A``, ``B``)."""
    parent, _, name = path.rpartition(" / ")
    return parent, name


class _FileOracle(DriveOracle):
    """An oracle that starts by opening the task's file (``file`` in ``where``)."""

    def opened(self) -> Stage:
        return self.open_stage("file", str(self.p["file"]), str(self.p["where"]))

    async def on_file(self) -> bool:
        return await self.on_item("file", str(self.p["file"]), str(self.p["where"]))


class ShareFileOracle(_FileOracle):
    """Open the file, Share: pick the person and the role, Share."""

    def stages(self) -> list[Stage]:
        p = self.p
        share = self.share_stage(
            str(p["file"]), str(p["where"]), str(p["person"]), str(p["email"]), str(p["role"])
        )
        return [self.opened(), share]


class RenameFileOracle(_FileOracle):
    """Open the file, Rename: type the new name, Rename."""

    def stages(self) -> list[Stage]:
        new, where = str(self.p["new"]), str(self.p["where"])

        async def done() -> bool:
            return await self.on_item("file", new, where)

        async def act() -> Act:
            if not await self.on_file():
                return await self.go_to("file", str(self.p["file"]), where)
            step = await self.open_dialog("open-rename", "rename-dialog", "rename")
            step = step or await self.set_text("#rename-name", new, "new name")
            return step or await self.button("rename-save", "rename the file.", commits=True)

        return [self.opened(), Stage("rename", done, act, tries=8)]


class MoveFileOracle(_FileOracle):
    """Open the file, Move: choose the target folder in the list, Move here."""

    def stages(self) -> list[Stage]:
        p = self.p
        return [self.opened(), self.move_stage(str(p["file"]), str(p["where"]), str(p["target"]))]


class _TrashOracle(DriveOracle):
    async def on_trash(self) -> bool:
        return await self.loaded() and await self.route() == "/trash"

    async def to_trash(self) -> Act:
        return await self.button("nav-trash", "open the trash.")


class RestoreFromTrashOracle(_TrashOracle):
    """The trash: Restore on the file's row."""

    def stages(self) -> list[Stage]:
        name = str(self.p["file"])

        async def done() -> bool:
            return await self.on_trash() and await self.trash_row(name) is None

        async def act() -> Act:
            if not await self.on_trash():
                return await self.to_trash()
            button = await self.one(f'[data-testid="restore-item"][data-name={self.css(name)}]')
            if button is None:
                raise PageBusy(f"no {name} in the trash")
            return self.press(button, f"restore {name}.", commits=True)

        return [Stage("restore", done, act, tries=8)]


class FreeSpaceOracle(_TrashOracle):
    """The trash: Delete forever on each of the largest files' rows (and confirm)."""

    def stages(self) -> list[Stage]:
        return [self._delete(str(name)) for name in self.p["names"]]

    def _delete(self, name: str) -> Stage:
        async def done() -> bool:
            return await self.on_trash() and await self.trash_row(name) is None

        async def act() -> Act:
            confirmed = await self.confirm(f"confirm deleting {name} forever.")
            if confirmed is not None:
                return confirmed
            if not await self.on_trash():
                return await self.to_trash()
            row = f'[data-testid="trash-item"][data-name={self.css(name)}]'
            button = await self.one(f'{row} [data-testid="delete-forever"]')
            if button is None:
                raise PageBusy(f"no {name} in the trash")
            return self.press(button, f"delete {name} forever.")

        return Stage(f"delete {name}", done, act, tries=8)


class RestoreVersionOracle(_FileOracle):
    """Open the file, its Versions tab: Restore this version on the asked one (and confirm)."""

    def stages(self) -> list[Stage]:
        number, latest = int(self.p["number"]), int(self.p["latest"])
        newest = f'[data-testid="version"][data-number="{latest + 1}"]'

        async def done() -> bool:
            if not await self.on_file():
                return False
            found = await self.all(newest)
            return bool(found) and f"Restored version {number}" in str(found[0].get("text"))

        async def act() -> Act:
            confirmed = await self.confirm(f"confirm restoring version {number}.")
            if confirmed is not None:
                return confirmed
            if not await self.on_file():
                return await self.go_to("file", str(self.p["file"]), str(self.p["where"]))
            sel = f'[data-testid="version"][data-number="{number}"] [data-testid="restore-version"]'
            button = await self.one(sel)
            if button is None:
                return await self.button("tab-versions", "open the version history.")
            return self.press(button, f"restore version {number}.")

        return [self.opened(), Stage("restore the version", done, act, tries=10)]


class LinkAccessOracle(_FileOracle):
    """Open the file, Share: link sharing on with the role, save; then the person's role
    "Remove access", Update."""

    def stages(self) -> list[Stage]:
        role, person = str(self.p["role"]), str(self.p["person"])

        async def link_done() -> bool:
            return await self.on_file() and await self.link_role() == role

        async def link_act() -> Act:
            if not await self.on_file():
                return await self.go_to("file", str(self.p["file"]), str(self.p["where"]))
            step = await self.open_dialog("open-share", "share-dialog", "share")
            step = step or await self.set_choice(
                "#link-mode", "Anyone with the link", "link access"
            )
            step = step or await self.set_choice("#link-role", role.capitalize(), "link role")
            return step or await self.button("link-save", "save the link settings.", commits=True)

        async def remove_done() -> bool:
            return await self.on_file() and await self.access_of(person) is None

        async def remove_act() -> Act:
            if not await self.on_file():
                return await self.go_to("file", str(self.p["file"]), str(self.p["where"]))
            step = await self.open_dialog("open-share", "share-dialog", "share")
            row = f'[data-testid="access-row"][data-user={self.css(person)}]'
            step = step or await self.set_choice(
                f'{row} [data-testid="access-role"]', "Remove access", "role"
            )
            if step is not None:
                return step
            button = await self.one(f'{row} [data-testid="access-save"]')
            if button is None:
                raise PageBusy(f"no row for {person}")
            return self.press(button, f"remove {person}'s access.", commits=True)

        return [
            self.opened(),
            Stage("link sharing", link_done, link_act, tries=10),
            Stage("remove the person", remove_done, remove_act, tries=10),
        ]


class TidyFolderOracle(DriveOracle):
    """Open the folder, New here: create the subfolder; then each file of the kind: its
    details, Move, the new folder, Move here."""

    def stages(self) -> list[Stage]:
        where = str(self.p["where"])
        parent, name = _split(where)
        new = str(self.p["new"])

        async def at_folder() -> bool:
            return await self.on_item("folder", name, parent)

        async def open_act() -> Act:
            return await self.go_to("folder", name, parent)

        async def made() -> bool:
            return await at_folder() and bool(await self.all(self.row("folder", new)))

        async def make() -> Act:
            if not await at_folder():
                return await open_act()
            step = await self.open_dialog("new-here", "new-dialog", "new")
            step = step or await self.set_text("#new-folder-name", new, "folder name")
            return step or await self.button("new-folder-create", f"create {new}.", commits=True)

        stages = [
            Stage(f"open {name}", at_folder, open_act, tries=8),
            Stage("new folder", made, make, tries=8),
        ]
        return stages + [
            self._move(str(f), at_folder, open_act, f"{where} / {new}") for f in self.p["files"]
        ]

    def _move(
        self,
        file: str,
        at_folder: Callable[[], Awaitable[bool]],
        open_act: Callable[[], Awaitable[Act]],
        target: str,
    ) -> Stage:
        async def done() -> bool:
            return await at_folder() and not await self.all(self.row("file", file))

        async def act() -> Act:
            if not await at_folder():
                return await open_act()
            if not await self.panel_shows(file):
                return await self.select("file", file)
            step = await self.open_dialog("open-move", "move-dialog", "move")
            step = step or await self.move_choice(target)
            return step or await self.button("move-save", f"move {file} to {target}.", commits=True)

        return Stage(f"move {file}", done, act, tries=30)


class ResolveCommentsOracle(_FileOracle):
    """Open the file, its Comments tab: Resolve on each of the person's open comments, then
    write the reply and Comment."""

    def stages(self) -> list[Stage]:
        person, reply = str(self.p["person"]), str(self.p["reply"])
        theirs = f'[data-testid="comment"][data-author={self.css(person)}][data-resolved="no"]'
        written = f'[data-testid="comment"][data-text={self.css(reply)}]'

        async def to_comments() -> Act | None:
            if not await self.on_file():
                return await self.go_to("file", str(self.p["file"]), str(self.p["where"]))
            if await self.one('[data-testid="comment-form"]') is None:
                return await self.button("tab-comments", "open the comments.")
            return None

        async def resolved() -> bool:
            return (
                await self.on_file()
                and bool(await self.all('[data-testid="comment"]'))
                and (not await self.all(theirs))
            )

        async def resolve() -> Act:
            step = await to_comments()
            if step is not None:
                return step
            button = await self.one(f'{theirs} [data-testid="resolve-comment"]')
            if button is None:
                raise PageBusy(f"no open comment by {person}")
            return self.press(button, f"resolve {person}'s comment.", commits=True)

        async def replied() -> bool:
            return await self.on_file() and bool(await self.all(written))

        async def reply_act() -> Act:
            step = await to_comments()
            step = step or await self.set_text("#comment-text", reply, "comment")
            return step or await self.button("comment-send", "post the comment.", commits=True)

        return [
            self.opened(),
            Stage(
                f"resolve {person}'s comments",
                resolved,
                resolve,
                tries=4 + 2 * int(self.p["count"]),
            ),
            Stage("reply", replied, reply_act, tries=8),
        ]


class StarLargestOracle(DriveOracle):
    """Open the folder; the star of the largest file's row (the oracle knows which it is)."""

    def stages(self) -> list[Stage]:
        parent, name = _split(str(self.p["where"]))
        star = f'{self.row("file", str(self.p["file"]))} [data-testid="star-toggle"]'

        async def done() -> bool:
            if not await self.on_item("folder", name, parent):
                return False
            found = await self.all(star)
            return bool(found) and (found[0].get("attrs") or {}).get("aria-pressed") == "true"

        async def act() -> Act:
            if not await self.on_item("folder", name, parent):
                return await self.go_to("folder", name, parent)
            button = await self.one(star)
            if button is None:
                raise PageBusy(f"no {self.p['file']} here")
            return self.press(button, f"star {self.p['file']}.", commits=True)

        return [Stage("star the largest file", done, act, tries=10)]


ORACLES: dict[str, Callable[[TaskConfig], DriveOracle]] = {
    "share-file": ShareFileOracle,
    "rename-file": RenameFileOracle,
    "move-file": MoveFileOracle,
    "restore-from-trash": RestoreFromTrashOracle,
    "restore-version": RestoreVersionOracle,
    "link-access": LinkAccessOracle,
    "free-space": FreeSpaceOracle,
    "tidy-folder": TidyFolderOracle,
    "resolve-comments": ResolveCommentsOracle,
    "star-largest": StarLargestOracle,
}
