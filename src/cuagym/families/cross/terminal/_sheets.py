"""Cross-application families whose shell work follows a workbook open in Calc.

- calc → terminal: create the symbolic links a shortcuts sheet lists (name, target folder);
- calc → terminal: give the shared files the modes an access sheet lists.

The reward reads the list from the workbook as it is in the final state (reading state: "as
the sheet says" is checked without the Generator's world), pins it to what the context states
(its row count, every target present at the start) and compares every change of the home with
the list: the workbook itself must not change (LibreOffice's lock file beside it while it is
open is not state).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar

from cuagym.core import Difficulty, StartWindow, TaskConfig
from cuagym.families._family import TaskParams
from cuagym.families.terminal.kit import Entry, Op, TerminalFamily, quote

__all__ = ["LinksFromSheet", "ModesFromSheet"]

#: the list's reader, shared by both rewards: (column A, column B) per row below the header
_SAVED = "2025-06-30T09:00:00"  # when the workbook was last saved
_READ_SHEET = """
pairs, problem = [], ""
try:
    book = openpyxl.load_workbook(os.path.join(HOME, P["plan"]), read_only=True)
    for row in book[P["sheet"]].iter_rows(min_row=2, max_col=2, values_only=True):
        if row[0] is not None or row[1] is not None:
            pairs.append((str(row[0] or "").strip(), str(row[1] or "").strip()))
    book.close()
except Exception as exc:  # a missing or unreadable workbook: the guard below fails
    problem = "unreadable workbook: " + str(exc)
"""


class _SheetFamily(TerminalFamily):
    """A terminal family driven by a workbook: Calc on it first, the terminal on top."""

    apps: ClassVar[tuple[str, ...]] = ("calc", "terminal")
    reward_imports: ClassVar[str] = "\nimport openpyxl\n"

    def start_windows(self, params: Mapping[str, Any]) -> list[StartWindow]:
        return [
            StartWindow(app="calc", path="/home/user/" + params["plan"]),
            *super().start_windows(params),
        ]


class LinksFromSheetParams(TaskParams):
    folder: str
    plan: str
    sheet: str
    rows: int


_PROJECTS = ("webshop", "invoice-tool", "warehouse-sensors", "brand-refresh", "mobile-app")


class LinksFromSheet(_SheetFamily):
    """calc → terminal: one symbolic link per row of a shortcuts sheet."""

    id: ClassVar[str] = "links-from-sheet"
    difficulty: ClassVar[Difficulty] = "medium"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("links", "manage-links", "create-links")
    params_type: ClassVar[type[TaskParams] | None] = LinksFromSheetParams

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        rows = rng.randint(3, 5)
        folder = rng.choice(["links", "shortcuts"])
        plan = f"Documents/{rng.choice(['shortcuts', 'quick_links', 'link_plan'])}.xlsx"
        sheet = "Links"
        where, book, tab = f"~/{folder}", f"~/{plan}", quote(sheet)
        cols = f"{quote('Link')} (column A) and {quote('Points to')} (column B)"
        instruction = rng.choice(
            [
                f"Create the shortcuts that sheet {tab} of {book} lists: in {where}, a symbolic "
                "link named as column A pointing to the folder in column B. Nothing else changes.",
                f"{book} plans my quick links ({tab} sheet, with {cols}). Make each one a "
                f"symbolic link inside {where}, and leave the workbook and the rest alone.",
                f"Set up {where} as the {tab} sheet of {book} describes: one symlink per row, "
                "named like column A, to the folder in column B.",
                f"I keep jumping between project folders. Add the symbolic links listed in "
                f"{book} (sheet {tab}: link name, then target) to {where}; no other changes.",
                f"Follow the link plan in {book}, sheet {tab}: every row becomes a symbolic "
                f"link in {where} with the name in A and the target folder in B.",
            ]
        )
        return self.make_task(
            task_id,
            instruction,
            f"/home/user/{plan} is open in LibreOffice Calc: sheet {tab} has the headers "
            f"{cols} and {rows} rows below; every target is an existing folder, written as "
            f"~/path. A terminal is open in /home/user/{folder} (it already holds other "
            "entries). The home folder is /home/user (~).",
            folder=folder,
            plan=plan,
            sheet=sheet,
            rows=rows,
        )

    def world(self, p: dict[str, Any], rng: random.Random) -> tuple[list[Entry], list[str]]:
        projects = rng.sample(_PROJECTS, 3)
        folders = [f"Projects/{pr}/{sub}" for pr in projects for sub in ("docs", "assets", "src")]
        entries: list[Entry] = [{"path": f"{f}/README.md", "text": f"# {f}\n"} for f in folders]
        targets = rng.sample(folders, p["rows"])
        rows = [["Link", "Points to"]] + [
            [f"{t.split('/')[1]}-{t.split('/')[2]}", "~/" + t] for t in targets
        ]
        entries.append(
            {"path": p["plan"], "sheet": {"title": p["sheet"], "rows": rows}, "mtime": _SAVED}
        )
        entries.append({"path": f"{p['folder']}/inbox", "link": "../Documents"})
        entries.append({"path": f"{p['folder']}/README.txt", "text": "Shortcuts to folders.\n"})
        return entries, [*folders, "Documents", p["folder"]]

    def _rows(self, p: dict[str, Any], entries: list[Entry]) -> list[list[str]]:
        plan = next(e for e in entries if e["path"] == p["plan"])
        return list(plan["sheet"]["rows"][1:])

    def solve(self, p: dict[str, Any], entries: list[Entry]) -> list[Op]:
        return [
            ["link", f"{p['folder']}/{name}", "/home/user/" + target[2:]]
            for name, target in self._rows(p, entries)
        ]

    def commands(self, p: dict[str, Any], entries: list[Entry]) -> list[str]:
        return [f"ln -s {target} {name}" for name, target in self._rows(p, entries)]

    def checks(self, p: dict[str, Any]) -> str:
        return (
            _READ_SHEET
            + """
wanted = {P["folder"] + "/" + a: (b[2:] if b.startswith("~/") else b).strip("/") for a, b in pairs}
listed = not problem and len(wanted) == P["rows"] and all(
    before.get(t, ("",))[0] == "dir" and link not in before for link, t in wanted.items())
off = off_plan(changes, after, before, free=list(wanted) if listed else [])
done = [ln for ln, t in wanted.items()
        if after.get(ln, ("",))[0] == "link" and link_target(ln, after[ln][1]) == t]
checks.append(("plan_kept", 0, listed, problem or f"{len(pairs)} rows, targets there: {listed}"))
checks.append(("nothing_else_changed", 0, not off, "unplanned changes: " + listing(off)))
checks.append(("half_linked", 1, bool(done) and len(done) * 2 >= len(wanted), f"{len(done)} of "
               f"{len(wanted)}"))
checks.append(("all_linked", 3, listed and len(done) == len(wanted),
               "missing: " + listing(sorted(set(wanted) - set(done)))))
"""
        )


class ModesFromSheetParams(TaskParams):
    folder: str
    plan: str
    sheet: str
    rows: int
    keep: int


_SHARED = ("budget-2025.csv", "salaries.csv", "handbook.md", "deploy.sh", "contacts.vcf",
           "minutes.txt", "roadmap.md", "api-keys.txt", "backup.sh")  # fmt: skip
_MODES = ("600", "640", "660", "664", "755", "750", "400", "444")


class ModesFromSheet(_SheetFamily):
    """calc → terminal: each file an access sheet lists gets the mode next to it."""

    id: ClassVar[str] = "modes-from-sheet"
    difficulty: ClassVar[Difficulty] = "medium"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("permissions", "modes", "modes-from-list")
    params_type: ClassVar[type[TaskParams] | None] = ModesFromSheetParams

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        rows, keep = rng.randint(3, 5), rng.randint(2, 3)
        folder = rng.choice(["shared", "team-share"])
        plan = f"Documents/{rng.choice(['access', 'permissions', 'share_audit'])}.xlsx"
        sheet = "Modes"
        where, book, tab = f"~/{folder}", f"~/{plan}", quote(sheet)
        cols = f"{quote('File')} (column A) and {quote('Mode')} (column B)"
        instruction = rng.choice(
            [
                f"Apply the permissions in {book} (sheet {tab}) to {where}: each file in column "
                "A gets the octal mode in column B. Files not listed keep theirs.",
                f"The audit sheet {tab} of {book} says which mode every listed file in {where} "
                "must have. Set exactly those modes and change nothing else.",
                f"Give the files of {where} the modes listed in {book}, sheet {tab} ({cols}); "
                "unlisted files and the workbook stay as they are.",
                f"Our share {where} is too open. {book} has the agreed modes on its {tab} "
                "sheet, one file per row - make the files match it.",
                f"Set the permission bits of the files that {book} lists on sheet {tab} (file "
                f"name, then mode such as 640) inside {where}; do not touch any other file.",
            ]
        )
        return self.make_task(
            task_id,
            instruction,
            f"/home/user/{plan} is open in LibreOffice Calc: sheet {tab} has the headers "
            f"{cols} and {rows} rows below. A terminal is open in /home/user/{folder}, which "
            f"holds {rows + keep} files, all with mode 644 now: the {rows} on the sheet and "
            f"{keep} others. The home folder is /home/user (~).",
            folder=folder,
            plan=plan,
            sheet=sheet,
            rows=rows,
            keep=keep,
        )

    def world(self, p: dict[str, Any], rng: random.Random) -> tuple[list[Entry], list[str]]:
        names = rng.sample(_SHARED, p["rows"] + p["keep"])
        entries: list[Entry] = [
            {"path": f"{p['folder']}/{n}", "text": f"{n}: shared team file\n"} for n in names
        ]
        rows = [["File", "Mode"]] + [[n, rng.choice(_MODES)] for n in names[: p["rows"]]]
        entries.append(
            {"path": p["plan"], "sheet": {"title": p["sheet"], "rows": rows}, "mtime": _SAVED}
        )
        return entries, ["Documents", p["folder"]]

    def _rows(self, p: dict[str, Any], entries: list[Entry]) -> list[list[str]]:
        plan = next(e for e in entries if e["path"] == p["plan"])
        return list(plan["sheet"]["rows"][1:])

    def solve(self, p: dict[str, Any], entries: list[Entry]) -> list[Op]:
        return [["chmod", f"{p['folder']}/{n}", mode] for n, mode in self._rows(p, entries)]

    def commands(self, p: dict[str, Any], entries: list[Entry]) -> list[str]:
        return [f"chmod {mode} {n}" for n, mode in self._rows(p, entries)]

    def checks(self, p: dict[str, Any]) -> str:
        return (
            _READ_SHEET
            + """
wanted = {P["folder"] + "/" + a: b for a, b in pairs}
listed = not problem and len(wanted) == P["rows"] and all(
    before.get(f, ("",))[0] == "file" and re.fullmatch(r"[0-7]{3}", m) for f, m in wanted.items())
plan = dict(before)
for f, m in wanted.items() if listed else ():
    plan[f] = ("file", before[f][1], m)
off = off_plan(changes, after, plan)
done = [f for f in wanted if listed and after.get(f) == plan[f]]
checks.append(("plan_kept", 0, listed, problem or f"{len(pairs)} rows, all files there: {listed}"))
checks.append(("nothing_else_changed", 0, not off, "unplanned changes: " + listing(off)))
checks.append(("half_set", 1, bool(done) and len(done) * 2 >= len(wanted), f"{len(done)} of "
               f"{len(wanted)}"))
checks.append(("all_set", 3, listed and len(done) == len(wanted),
               "wrong: " + listing(sorted(set(wanted) - set(done)))))
"""
        )
