"""Cross-application families whose changes in the file manager follow another app's file.

- calc → files: rename scanned files as a workbook's rename plan lists them;
- calc → files: file downloads into the folders a workbook's filing plan assigns them;
- calc → files: extract the archives a delivery sheet lists into the folders it names.

The reward reads the plan from the workbook as it is in the final state (that is reading
state: "as the plan says" is checked without the Generator's world), pins it to what the
context states (its row count, every listed file present at the start) and compares every
change of the home with the plan's renames: the workbook itself must not change (LibreOffice's
lock file beside it while it is open is its own business).
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from typing import Any, ClassVar

from cuagym.apps.files import (
    CLIENTS,
    PROJECTS,
    TYPE_FILES,
    file_spec,
    filler_text,
    stamp,
)
from cuagym.core import Difficulty, StartWindow, TaskConfig
from cuagym.families._family import TaskParams
from cuagym.families.cross.files._cross_checks import extract_by_sheet
from cuagym.families.files.kit import FilesFamily, FileSpec, Op, quote
from cuagym.scripts import statements_of

__all__ = ["ExtractBySheet", "FileBySheet", "RenameFromSheet"]

_DOCUMENTS = (
    "lease_agreement",
    "nda",
    "service_contract",
    "purchase_order",
    "insurance_policy",
    "framework_agreement",
    "maintenance_contract",
    "price_addendum",
)


def _slug(text: str) -> str:
    return "_".join("".join(ch if ch.isalnum() else " " for ch in text.lower()).split())


# the plan's reader, shared by the rewards of both families: (column A, column B) per row
_READ_PLAN = """
pairs, problem = [], ""
try:
    book = openpyxl.load_workbook(os.path.join(HOME, P["plan"]), read_only=True)
    for row in book[P["sheet"]].iter_rows(min_row=2, max_col=2, values_only=True):
        if row[0] is not None or row[1] is not None:
            pairs.append((str(row[0] or "").strip(), str(row[1] or "").strip()))
    book.close()
except Exception as exc:  # a missing or unreadable plan: the guard below fails
    problem = "unreadable plan: " + str(exc)
lock = parent_of(P["plan"]) + "/.~lock." + name_of(P["plan"]) + "#"
"""


class RenameFromSheetParams(TaskParams):
    """What a :class:`RenameFromSheet` task states (its ``params``)."""

    folder: str
    plan: str
    sheet: str
    renames: int
    keep: int


class RenameFromSheet(FilesFamily):
    """calc → files: the scans listed in a rename plan workbook get their new names; the
    scans not on the plan keep theirs."""

    id: ClassVar[str] = "rename-from-sheet"
    apps: ClassVar[tuple[str, ...]] = ("calc", "files")
    difficulty: ClassVar[Difficulty] = "hard"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("manage", "rename", "rename-file")
    params_type: ClassVar[type[TaskParams] | None] = RenameFromSheetParams
    reward_imports: ClassVar[str] = "\nimport openpyxl\n"

    def start_windows(self, params: Mapping[str, Any]) -> list[StartWindow]:
        """The plan in Calc, then the scans folder in the file manager (on top: it changes)."""
        return [
            StartWindow(app="calc", path="/home/user/" + params["plan"]),
            StartWindow(app="files", path="/home/user/" + params["folder"]),
        ]

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        renames = rng.randint(4, 7)
        keep = rng.randint(2, 3)
        folder = rng.choice(["Documents/Contracts/scans", "Documents/Legal/scans"])
        plan = f"Documents/{rng.choice(['rename_plan', 'scan_names', 'contract_index'])}.xlsx"
        sheet = "Plan"
        where, book, tab = f"~/{folder}", f"~/{plan}", quote(sheet)
        cols = f"{quote('Current name')} (column A) and {quote('New name')} (column B)"
        instruction = rng.choice(
            [
                f"Rename the scans in {where} as {book} says: every file named in column A of "
                f"its sheet {tab} gets the name next to it in column B. Files the plan does "
                "not list keep their names, and the workbook stays as it is.",
                f"{book} holds a rename plan for {where} on sheet {tab}, with {cols}. Carry it "
                "out in the folder, file by file, and leave the scans that are not on the plan "
                "and the plan itself unchanged.",
                f"Give the scanned contracts in {where} their proper names from the {tab} "
                f"sheet of {book}: the file called like column A must end up called like "
                "column B on the same row. Nothing else is renamed, moved or edited.",
                f"Apply the list in {book} (sheet {tab}, old names in A, new names in B) to "
                f"the files of {where}. Only the listed files change name; the other scans "
                "and the workbook are left alone.",
                f"The contract scans in {where} still have scanner names. Rename each one "
                f"that sheet {tab} of {book} lists to the new name given beside it, exactly as "
                "written there, and keep everything else as it is.",
                f"Our legal team cannot find anything among the scanner-numbered files in "
                f"{where}. The names they agreed on are in {book}, sheet {tab}: a scan named in "
                "column A must be called what column B says. Other scans keep their names and "
                "the workbook is not edited.",
                f"Before the audit, every contract scan listed on the {tab} sheet of {book} has "
                f"to carry its proper title. In {where}, the file from column A takes the name "
                "in column B of its row; scans without a row and the sheet itself stay as "
                "they are.",
                f"Which scan holds which contract? Nobody can tell, which is why {book} was "
                f"made: its sheet {tab} lists, for the scans in {where}, the current name in A and "
                "the meaningful one in B. Give the scans those meaningful names, leaving "
                "unlisted scans and the workbook untouched.",
                f"My assistant typed new names for the scanned contracts into {book} ({tab} "
                f"sheet, old name then new name). The files in {where} should now be named that "
                "way, while scans she did not list keep theirs and her workbook is unchanged.",
                f"The archive system indexes {where} by file name, so the scanner's numbering "
                f"has to go for the files that {book} covers on its sheet {tab}: each takes "
                "the column B name next to its column A one. Nothing else is renamed and the "
                "plan stays as it is.",
            ]
        )
        return self.make_task(
            task_id,
            instruction,
            f"/home/user/{plan} is open in LibreOffice Calc: sheet {tab} has the headers "
            f"{cols} and {renames} rows below, one per scan to rename. The file manager "
            f"shows /home/user/{folder}, which holds {renames + keep} PDF scans named "
            f"scan_NNNN.pdf: the {renames} on the plan and {keep} others. The home folder is "
            "/home/user (~).",
            folder=folder,
            plan=plan,
            sheet=sheet,
            renames=renames,
            keep=keep,
        )

    def world(self, p: dict[str, Any], rng: random.Random) -> tuple[list[FileSpec], list[str]]:
        numbers = rng.sample(range(1, 400), p["renames"] + p["keep"])
        scans = [f"scan_{n:04d}.pdf" for n in numbers]
        docs = rng.sample(_DOCUMENTS, p["renames"])
        rows: list[list[str]] = [["Current name", "New name"]]
        files: list[FileSpec] = []
        for i, scan in enumerate(scans):
            if i < p["renames"]:
                client = _slug(rng.choice(CLIENTS))
                rows.append([scan, f"2025-{rng.randint(1, 12):02d}_{docs[i]}_{client}.pdf"])
            text = f"Scanned contract page {scan}"
            files.append(file_spec(f"{p['folder']}/{scan}", "pdf", text, stamp(rng)))
        body = rows[1:]
        rng.shuffle(body)  # the plan is not in the folder's order
        sheet = json.dumps({"title": p["sheet"], "rows": [rows[0], *body]})
        files.append(file_spec(p["plan"], "sheet", sheet, "2025-06-30T09:00:00"))
        return files, []

    def solve(self, p: dict[str, Any], files: list[FileSpec]) -> list[Op]:
        plan = next(f for f in files if f["path"] == p["plan"])
        rows = json.loads(plan["text"])["rows"][1:]
        return [["move", f"{p['folder']}/{old}", f"{p['folder']}/{new}"] for old, new in rows]

    def checks(self, p: dict[str, Any]) -> str:
        # The plan as the workbook holds it now: the guard below keeps the workbook unchanged,
        # so a plan edited to fit the folder does not pay.
        return (
            _READ_PLAN
            + """
base = P["folder"]
moves = [(base + "/" + old, base + "/" + new) for old, new in pairs]
listed = not problem and all(src in before and before[src][0] == "file" for src, _ in moves)
off = off_plan(changes, after, planned(before, moves=moves) if listed else before, free=[lock])
here = {f for f in files if parent_of(f) == base}
done = [dst for src, dst in moves if dst in here and src not in here
        and files[dst]["sha"] == before[src][1]]
unlisted = [f for f in regular_files(before, base) if f not in {s for s, _ in moves}]
checks.append(("plan_kept", 0, len(pairs) == P["renames"] and listed,
               problem or f"{len(pairs)} plan rows, all on disk at the start: {listed}"))
checks.append(("others_kept", 0, len(unlisted) == P["keep"]
               and all(f in here for f in unlisted), f"{len(unlisted)} scans not on the plan"))
checks.append(("nothing_else_changed", 0, not off, "unplanned changes: " + listing(off)))
checks.append(("half_renamed", 1, len(done) * 2 >= len(moves), f"{len(done)} of {len(moves)}"))
checks.append(("all_renamed", 3, len(done) == len(moves),
               "missing: " + ", ".join(sorted(d for _, d in moves if d not in done))[:150]))
"""
        )


class FileBySheetParams(TaskParams):
    """What a :class:`FileBySheet` task states (its ``params``)."""

    folder: str
    plan: str
    sheet: str
    moves: int
    keep: int


class FileBySheet(FilesFamily):
    """calc → files: the downloads a filing plan lists move into the project folders it
    names (as paths under the home); the downloads it does not list stay."""

    id: ClassVar[str] = "file-by-sheet"
    apps: ClassVar[tuple[str, ...]] = ("calc", "files")
    difficulty: ClassVar[Difficulty] = "hard"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("manage", "move", "move-to-folder")
    params_type: ClassVar[type[TaskParams] | None] = FileBySheetParams
    reward_imports: ClassVar[str] = "\nimport openpyxl\n"

    def start_windows(self, params: Mapping[str, Any]) -> list[StartWindow]:
        """The plan in Calc, then the downloads in the file manager (on top: it changes)."""
        return [
            StartWindow(app="calc", path="/home/user/" + params["plan"]),
            StartWindow(app="files", path="/home/user/" + params["folder"]),
        ]

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        moves = rng.randint(3, 5)
        keep = rng.randint(2, 3)
        folder = "Downloads"
        plan = f"Documents/{rng.choice(['filing_plan', 'where_files_go', 'inbox_sorting'])}.xlsx"
        sheet = "Filing"
        book, tab, where = f"~/{plan}", quote(sheet), f"~/{folder}"
        cols = f"{quote('File')} (column A) and {quote('Folder')} (column B)"
        instruction = rng.choice(
            [
                f"Move the downloads listed on sheet {tab} of {book} out of {where} into the "
                "folder given next to each (column B, a path inside the home folder), keeping "
                "their names. Unlisted files stay in place and the workbook is not changed.",
                f"{book} says where each of several files in {where} belongs: sheet {tab} "
                f"has {cols}. Put every listed file into its folder under the same name; "
                "leave the other downloads and the plan itself alone.",
                f"File the downloads the way {book} (sheet {tab}) plans it: each file named in "
                f"column A moves from {where} into the folder in column B of its row, name "
                "unchanged, and nothing else moves.",
                f"Follow the filing plan on sheet {tab} of {book}: the files it lists leave "
                f"{where} for the project folders beside them, keeping their names, while "
                "files it does not mention and the workbook stay as they are.",
                f"I sorted my downloads in {book}, sheet {tab}: column A names a file in "
                f"{where}, column B the folder (inside the home) it should live in. Move them "
                "accordingly without renaming anything or touching unlisted files.",
                f"My laptop's {where} folder is a mess, and {book} says where things belong: on "
                f"sheet {tab}, column A names a file and column B the folder inside the home it "
                "goes to. Move those files there under their own names; the rest and the "
                "workbook stay put.",
                f"The project team cannot find the documents sitting in {where}. Each one that "
                f"the {tab} sheet of {book} lists belongs in the folder written beside it, "
                "same file name; downloads it does not list remain, and the sheet is not "
                "edited.",
                f"Where should each download live? {book} answers that on its sheet {tab}, with "
                f"{cols}. Put every listed file from {where} into its folder without renaming it, "
                "and leave unlisted files and the workbook as they are.",
                f"Before I go on leave, my {where} has to be filed as planned in {book}. Sheet "
                f"{tab} pairs each file with a destination folder under the home; the files end "
                "up there with unchanged names, nothing unlisted moves, and the plan stays as "
                "it is.",
                f"Our backup only covers the project folders, so the files that {book} lists on "
                f"its {tab} sheet must leave {where} for the folder given in column B, keeping "
                "their names. Anything not on the sheet, and the sheet itself, is left alone.",
            ]
        )
        return self.make_task(
            task_id,
            instruction,
            f"/home/user/{plan} is open in LibreOffice Calc: sheet {tab} has the headers "
            f"{cols} and {moves} rows below, one per file to move; every folder it names "
            f"already exists. The file manager shows /home/user/{folder}, which holds "
            f"{moves + keep} files: the {moves} on the plan and {keep} others. The home "
            "folder is /home/user (~).",
            folder=folder,
            plan=plan,
            sheet=sheet,
            moves=moves,
            keep=keep,
        )

    def world(self, p: dict[str, Any], rng: random.Random) -> tuple[list[FileSpec], list[str]]:
        names = [(k, n) for k in ("pdf", "docx", "xlsx", "png", "jpg") for n in TYPE_FILES[k]]
        picked = rng.sample(names, p["moves"] + p["keep"])
        projects = rng.sample(PROJECTS, 3)
        targets = [f"Projects/{pr}/{sub}" for pr in projects for sub in ("docs", "assets")]
        rows: list[list[str]] = [["File", "Folder"]]
        files: list[FileSpec] = []
        for i, (kind, stem) in enumerate(picked):
            name = f"{stem}.{kind}"
            if i < p["moves"]:
                rows.append([name, rng.choice(targets)])
            text = filler_text(rng, stem)
            files.append(file_spec(f"{p['folder']}/{name}", kind, text, stamp(rng)))
        for target in targets:  # each project folder holds a readme already
            text = f"Notes for {target}"
            files.append(file_spec(f"{target}/README.txt", "txt", text, stamp(rng)))
        body = rows[1:]
        rng.shuffle(body)
        sheet = json.dumps({"title": p["sheet"], "rows": [rows[0], *body]})
        files.append(file_spec(p["plan"], "sheet", sheet, "2025-06-30T09:00:00"))
        return files, []

    def solve(self, p: dict[str, Any], files: list[FileSpec]) -> list[Op]:
        plan = next(f for f in files if f["path"] == p["plan"])
        rows = json.loads(plan["text"])["rows"][1:]
        return [["move", f"{p['folder']}/{name}", f"{to}/{name}"] for name, to in rows]

    def checks(self, p: dict[str, Any]) -> str:
        # The plan as the workbook holds it now; the workbook must not change, so a plan
        # edited to fit does not pay. A folder the plan names must exist at the start.
        return (
            _READ_PLAN
            + """
moves = [(P["folder"] + "/" + name, to.strip("/") + "/" + name) for name, to in pairs]
listed = not problem and all(before.get(src, ("",))[0] == "file"
                             and before.get(parent_of(dst), ("",))[0] == "dir"
                             for src, dst in moves)
off = off_plan(changes, after, planned(before, moves=moves) if listed else before, free=[lock])
done = [dst for src, dst in moves if after.get(dst) == before.get(src) and src not in after]
unlisted = [f for f in regular_files(before, P["folder"]) if f not in {s for s, _ in moves}]
checks.append(("plan_kept", 0, len(pairs) == P["moves"] and listed,
               problem or f"{len(pairs)} plan rows, all there at the start: {listed}"))
checks.append(("others_kept", 0, len(unlisted) == P["keep"]
               and all(after.get(f) == before[f] for f in unlisted),
               f"{len(unlisted)} downloads not on the plan"))
checks.append(("nothing_else_changed", 0, not off, "unplanned changes: " + listing(off)))
checks.append(("half_moved", 1, len(done) * 2 >= len(moves), f"{len(done)} of {len(moves)}"))
checks.append(("all_moved", 3, len(done) == len(moves),
               "missing: " + ", ".join(sorted(d for _, d in moves if d not in done))[:150]))
"""
        )


class ExtractBySheetParams(TaskParams):
    """What a :class:`ExtractBySheet` task states (its ``params``)."""

    folder: str
    plan: str
    sheet: str
    listed: int
    keep: int


class ExtractBySheet(FilesFamily):
    """calc → files: each archive a delivery sheet lists is unpacked into the folder next to
    it (made if missing); the archives stay, unlisted ones are not unpacked."""

    id: ClassVar[str] = "extract-by-sheet"
    apps: ClassVar[tuple[str, ...]] = ("calc", "files")
    difficulty: ClassVar[Difficulty] = "hard"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("archive", "extract", "extract-archive")
    params_type: ClassVar[type[TaskParams] | None] = ExtractBySheetParams
    reward_imports: ClassVar[str] = "\nimport openpyxl\n"

    def start_windows(self, params: Mapping[str, Any]) -> list[StartWindow]:
        """The sheet in Calc, then the archives in the file manager (on top: it changes)."""
        return [
            StartWindow(app="calc", path="/home/user/" + params["plan"]),
            StartWindow(app="files", path="/home/user/" + params["folder"]),
        ]

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        listed = rng.randint(2, 3)
        keep = rng.randint(1, 2)
        folder = "Downloads/deliveries"
        plan = "Documents/deliveries.xlsx"
        sheet = rng.choice(["Deliveries", "Unpack"])
        book, tab, where = f"~/{plan}", quote(sheet), f"~/{folder}"
        cols = f"{quote('Archive')} (column A) and {quote('Extract to')} (column B)"
        instruction = rng.choice(
            [
                f"Unpack the zip archives that sheet {tab} of {book} lists: each archive in "
                f"{where} named in column A is extracted into the folder in column B (a path "
                "inside the home folder, made if it does not exist yet). Keep the archives, and "
                "leave the unlisted ones packed.",
                f"{book} (sheet {tab}, with {cols}) says where the deliveries in {where} go. "
                "Extract every listed archive's files into its folder, creating the folder when "
                "needed; the archives themselves stay and no other archive is opened.",
                f"Every archive that {tab} in {book} names must have its contents extracted "
                f"into the folder beside it; the archives live in {where} and remain there. "
                "Archives without a row stay packed.",
                f"Follow the unpacking list on sheet {tab} of {book}: for each row, the zip "
                f"file from {where} in column A ends up extracted into the home folder path in "
                "column B, the zip itself kept. Nothing else changes.",
                f"I listed in {book}, sheet {tab}, which delivery archives to open and where: "
                f"extract each listed zip from {where} into its folder (new folders are fine), "
                "keep the zips, and ignore the archives that are not on the list.",
                f"The vendor sent several zip deliveries to {where}, and the team needs their "
                f"files in the project folders. {book}, sheet {tab}, says which archive (A) "
                "goes where (B): extract each listed one there, creating missing folders, "
                "keep every zip, and leave unlisted ones packed.",
                f"Designers cannot work from zip files. For each archive that the {tab} sheet "
                f"of {book} lists, the files inside must be unpacked into the folder in column "
                f"B; the zips stay in {where} and archives not on the sheet are not opened.",
                f"Which deliveries are ready to use? Those on sheet {tab} of {book}: extract each "
                f"of them from {where} into the folder written next to it (new folders are "
                "fine), keep the archives themselves, and leave every other zip unopened.",
                f"Before Monday's kickoff, the assets listed in {book} ({tab} sheet, archive "
                f"then destination) have to be unzipped where the sheet says. Take them from "
                f"{where}, keep the zips, and do not extract anything the sheet leaves out.",
                f"Our build server reads files from plain folders, not archives. Following sheet "
                f"{tab} of {book}, unpack every listed zip in {where} into its destination "
                "folder, keeping the zip; archives without a row remain packed.",
            ]
        )
        return self.make_task(
            task_id,
            instruction,
            f"/home/user/{plan} is open in LibreOffice Calc: sheet {tab} has the headers "
            f"{cols} and {listed} rows below. The file manager shows /home/user/{folder}, which "
            f"holds {listed + keep} zip archives: the {listed} on the sheet and {keep} others. "
            "Each archive holds a few files and no folders. The home folder is /home/user (~).",
            folder=folder,
            plan=plan,
            sheet=sheet,
            listed=listed,
            keep=keep,
        )

    def world(self, p: dict[str, Any], rng: random.Random) -> tuple[list[FileSpec], list[str]]:
        clients = rng.sample(CLIENTS, p["listed"] + p["keep"])
        projects = rng.sample(PROJECTS, p["listed"])
        rows: list[list[str]] = [["Archive", "Extract to"]]
        files: list[FileSpec] = []
        dirs: list[str] = []
        for i, client in enumerate(clients):
            name = f"{_slug(client)}_{rng.choice(['assets', 'delivery', 'handover'])}.zip"
            text = filler_text(rng, f"Delivery from {client}")
            files.append(file_spec(f"{p['folder']}/{name}", "zip", text, stamp(rng)))
            if i < p["listed"]:
                dest = f"Projects/{projects[i]}/{rng.choice(['incoming', 'vendor', 'received'])}"
                rows.append([name, dest])
                if i == 0:  # one destination exists already; the others are to be made
                    dirs.append(dest)
        body = rows[1:]
        rng.shuffle(body)
        sheet = json.dumps({"title": p["sheet"], "rows": [rows[0], *body]})
        files.append(file_spec(p["plan"], "sheet", sheet, "2025-06-30T09:00:00"))
        return files, dirs

    def solve(self, p: dict[str, Any], files: list[FileSpec]) -> list[Op]:
        plan = next(f for f in files if f["path"] == p["plan"])
        rows = json.loads(plan["text"])["rows"][1:]
        return [["unzip", f"{p['folder']}/{name}", dest] for name, dest in rows]

    def checks(self, p: dict[str, Any]) -> str:
        # What each listed archive holds (read from the archive as it is: the guard keeps it
        # unchanged) is what its folder must gain, byte for byte; nothing else may change.
        return _READ_PLAN + "\n" + statements_of(extract_by_sheet)
