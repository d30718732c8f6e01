"""GUI oracles of the files families: single operations in the file manager, pattern work
over many files in a terminal opened from it (see :mod:`._oracle`)."""

from __future__ import annotations

import json
import os
from collections.abc import AsyncIterator
from typing import Any

from cuagym.families._gui_oracle import OracleStuck, answer, call, key
from cuagym.families.files._oracle import HOME, FilesOracle, Tree, q

__all__ = ["ORACLES"]


def inside(path: str, folder: str) -> bool:
    return path.startswith(folder.rstrip("/") + "/")


class DeleteTempFilesOracle(FilesOracle):
    """Open each folder that holds a matching file, select it, Delete, Yes."""

    async def plan(self) -> AsyncIterator[str]:
        ext = "." + self.p["ext"]
        temps = sorted(p for p in self.world if inside(p, self.p["folder"]) and p.endswith(ext))
        for path in temps:
            async for turn in self.delete(*os.path.split(path)):
                yield turn


class CreateFolderTreeOracle(FilesOracle):
    """New Folder for every folder of the list, parents first."""

    async def plan(self) -> AsyncIterator[str]:
        made: list[str] = []
        for entry in self.p["tree"]:
            parts = entry.split("/")
            for i in range(1, len(parts) + 1):
                rel = "/".join(parts[:i])
                if rel not in made:
                    made.append(rel)
        for rel in made:
            parent, name = os.path.split(os.path.join(self.p["base"], rel))
            async for turn in self.new_folder(parent, name):
                yield turn


class CopyNewestReportOracle(FilesOracle):
    """Copy the newest report (by its modification time) and paste it into the share."""

    async def plan(self) -> AsyncIterator[str]:
        reports = [p for p in self.world if p.startswith("Reports/") and p.endswith(".pdf")]
        newest = max(reports, key=lambda p: self.world[p]["mtime"])
        async for turn in self.transfer(newest, self.p["share"], cut=False):
            yield turn


class MoveDuplicatesOracle(FilesOracle):
    """Make the Duplicates folder, then cut each copy that is not its set's oldest and paste
    it there."""

    async def plan(self) -> AsyncIterator[str]:
        groups: dict[tuple[str, str], list[str]] = {}
        for path, spec in self.world.items():
            groups.setdefault((spec["kind"], spec["text"]), []).append(path)
        copies = sorted(
            path
            for members in groups.values()
            for path in sorted(members, key=lambda p: self.world[p]["mtime"])[1:]
        )
        async for turn in self.new_folder(*os.path.split(self.p["target"])):
            yield turn
        for path in copies:
            async for turn in self.transfer(path, self.p["target"], cut=True):
                yield turn


class FixExtensionsOracle(FilesOracle):
    """F2 on each file whose extension is not its format's, the right extension typed."""

    async def plan(self) -> AsyncIterator[str]:
        for path in sorted(self.world):
            spec = self.world[path]
            stem, ext = os.path.basename(path).rsplit(".", 1)
            if spec["kind"] != "txt" and ext != spec["kind"]:
                async for turn in self.rename(
                    self.p["folder"], f"{stem}.{ext}", f"{stem}.{spec['kind']}"
                ):
                    yield turn


class OrganizeByTypeOracle(FilesOracle):
    """In a terminal on the folder: one folder per type, mv of each extension's files."""

    async def plan(self) -> AsyncIterator[str]:
        base = self.p["folder"]
        where = {e: folder for folder, exts in self.p["scheme"].items() for e in exts}
        names = sorted(os.path.basename(p) for p in self.world)
        present = {n.rsplit(".", 1)[1] for n in names}
        commands = ["mkdir -p " + " ".join(q(f) for f in self.p["scheme"])]
        for folder, exts in self.p["scheme"].items():
            globs = [f"*.{e}" for e in exts if e in present]
            if globs:
                commands.append(f"mv -n -- {' '.join(globs)} {q(folder)}/")

        def done(tree: Tree) -> bool:
            return all(
                f"{base}/{where[n.rsplit('.', 1)[1]]}/{n}" in tree and f"{base}/{n}" not in tree
                for n in names
            )

        async for turn in self.in_terminal(base, commands, done, "every file in its folder"):
            yield turn


class OrganizeByDateOracle(FilesOracle):
    """In a terminal on the folder: a loop that files each photo under YYYY/MM of its name."""

    async def plan(self) -> AsyncIterator[str]:
        base = self.p["folder"]
        names = sorted(os.path.basename(p) for p in self.world)
        loop = (
            'for f in IMG_*.jpg; do y=$(echo "$f" | cut -c5-8); m=$(echo "$f" | cut -c9-10); '
            'mkdir -p "$y/$m" && mv -n -- "$f" "$y/$m/"; done'
        )

        def done(tree: Tree) -> bool:
            return all(f"{base}/{n[4:8]}/{n[8:10]}/{n}" in tree for n in names)

        async for turn in self.in_terminal(base, [loop], done, "every photo in its month"):
            yield turn


class BatchRenameOracle(FilesOracle):
    """In a terminal on the folder: a loop that renames DSC_NNNN.JPG to <prefix>_NNNN.jpg."""

    async def plan(self) -> AsyncIterator[str]:
        base, prefix = self.p["folder"], self.p["prefix"]
        loop = (
            'for f in DSC_*.JPG; do n=$(echo "$f" | cut -c5-8); '
            f'mv -n -- "$f" {q(prefix)}_"$n".jpg; done'
        )

        def done(tree: Tree) -> bool:
            return all(
                f"{base}/{prefix}_{n[4:8]}.jpg" in tree and f"{base}/{n}" not in tree
                for n in self.p["originals"]
            )

        async for turn in self.in_terminal(base, [loop], done, "every photo renamed"):
            yield turn


class ArchiveFolderOracle(FilesOracle):
    """In a terminal on the parent folder: zip -r of the project folder (no archiver is
    installed for the file manager's Compress)."""

    async def plan(self) -> AsyncIterator[str]:
        parent, project = self.p["parent"], self.p["project"]
        command = f"zip -r -q -X {q(project + '.zip')} {q(project)}"

        def done(tree: Tree) -> bool:
            return tree.get(f"{parent}/{project}.zip", ("",))[0] == "file"

        async for turn in self.in_terminal(parent, [command], done, "the archive written"):
            yield turn


class RenameFromSheetOracle(FilesOracle):
    """calc → files: the plan's rows (what the workbook open in Calc shows), then F2 on each
    listed scan with its new name."""

    async def plan(self) -> AsyncIterator[str]:
        sheet = json.loads(self.world[self.p["plan"]]["text"])
        for old, new in sheet["rows"][1:]:
            async for turn in self.rename(self.p["folder"], old, new):
                yield turn


class FileBySheetOracle(FilesOracle):
    """calc → files: the plan's rows (what the workbook open in Calc shows), then each listed
    download cut and pasted into its folder."""

    async def plan(self) -> AsyncIterator[str]:
        sheet = json.loads(self.world[self.p["plan"]]["text"])
        for name, folder in sheet["rows"][1:]:
            src = os.path.join(self.p["folder"], name)
            async for turn in self.transfer(src, folder.strip("/"), cut=True):
                yield turn


class ExtractBySheetOracle(FilesOracle):
    """calc → files: the sheet's rows (what the workbook open in Calc shows), then in a
    terminal on the archives' folder one unzip per row into its folder (made if missing): no
    archiver is installed for the file manager's Extract Here."""

    async def plan(self) -> AsyncIterator[str]:
        rows = json.loads(self.world[self.p["plan"]]["text"])["rows"][1:]
        commands = []
        for name, dest in rows:
            target = q(os.path.join(HOME, dest.strip("/")))
            commands.append(f"mkdir -p {target} && unzip -o -q {q(name)} -d {target}")

        def done(tree: Tree) -> bool:
            return all(
                any(
                    inside(path, dest.strip("/")) and kind == "file"
                    for path, (kind, _) in tree.items()
                )
                for _, dest in rows
            )

        async for turn in self.in_terminal(
            self.p["folder"], commands, done, "every archive unpacked"
        ):
            yield turn


class CollectBySearchOracle(FilesOracle):
    """In a terminal on the archive: a search by name (find -iname, any case, files only: a
    folder named after the word is not a match) that copies each hit into the target."""

    async def plan(self) -> AsyncIterator[str]:
        root, term, target = self.p["root"], self.p["term"], self.p["target"]
        hits = sorted(p for p in self.world if term in os.path.basename(p).lower())
        command = (
            f"find . -type f -iname {q('*' + term + '*')} "
            f"-exec cp -p {{}} {q(os.path.join(HOME, target))}/ \\;"
        )

        def done(tree: Tree) -> bool:
            return all(f"{target}/{os.path.basename(p)}" in tree for p in hits)

        async for turn in self.in_terminal(root, [command], done, "every hit copied"):
            yield turn


class CopyHiddenFilesOracle(FilesOracle):
    """Show hidden files (ctrl+H) on the backup folder, then copy and paste each dotfile into
    the target. The setting is a toggle: if the first copy does not happen (the names were
    not listed, so typing one selected nothing), it is toggled once more and tried again."""

    async def plan(self) -> AsyncIterator[str]:
        backup, target = self.p["backup"], self.p["target"]
        dotfiles = sorted(
            p for p in self.world if os.path.dirname(p) == backup and os.path.basename(p)[0] == "."
        )
        async for turn in self.open_folder(backup):
            yield turn
        yield answer("show the hidden files.", key("ctrl", "h"), call("wait", time=1))
        for i, path in enumerate(dotfiles):
            try:
                async for turn in self.transfer(path, target, cut=False):
                    yield turn
            except OracleStuck:
                if i:
                    raise
                async for turn in self.open_folder(backup):
                    yield turn
                yield answer("toggle hidden files again.", key("ctrl", "h"), call("wait", time=1))
                async for turn in self.transfer(path, target, cut=False):
                    yield turn


class SetPermissionsOracle(FilesOracle):
    """In a terminal on the project folder: chmod of the scripts and of the secrets file;
    the state read here carries each file's permission bits."""

    async def tree(self) -> Tree:
        from cuagym.envs import StateQuery

        state = await self.env.read_state(
            StateQuery(paths=(self.p["base"] + "/*",), text_max_bytes=0, parse=False, hub=False)
        )
        return {e.path: (e.kind, oct(e.mode & 0o777)) for e in state.files}

    async def plan(self) -> AsyncIterator[str]:
        base, secret = self.p["base"], f"config/{self.p['secret']}"
        scripts = [f"scripts/{n}" for n in self.p["scripts"]]
        commands = [f"chmod 755 {' '.join(q(s) for s in scripts)}", f"chmod 600 {q(secret)}"]

        def done(tree: Tree) -> bool:
            return all(tree.get(f"{base}/{s}", ("", ""))[1] == "0o755" for s in scripts) and (
                tree.get(f"{base}/{secret}", ("", ""))[1] == "0o600"
            )

        async for turn in self.in_terminal(base, commands, done, "the permissions set"):
            yield turn


#: family id -> oracle class (constructed with the task and the family)
ORACLES: dict[str, Any] = {
    "delete-temp-files": DeleteTempFilesOracle,
    "create-folder-tree": CreateFolderTreeOracle,
    "copy-newest-report": CopyNewestReportOracle,
    "organize-by-type": OrganizeByTypeOracle,
    "organize-by-date": OrganizeByDateOracle,
    "batch-rename": BatchRenameOracle,
    "archive-folder": ArchiveFolderOracle,
    "move-duplicates": MoveDuplicatesOracle,
    "fix-extensions": FixExtensionsOracle,
    "rename-from-sheet": RenameFromSheetOracle,
    "file-by-sheet": FileBySheetOracle,
    "extract-by-sheet": ExtractBySheetOracle,
    "copy-hidden-files": CopyHiddenFilesOracle,
    "collect-by-search": CollectBySearchOracle,
    "set-permissions": SetPermissionsOracle,
}
