"""Cross-application families whose product is a workbook built from another app's state.

- files → calc: an inventory sheet listing a folder's files (name, type, exact size in bytes)
  that the file manager shows.

The reward recomputes what is expected from the *source* as it is in the final state (the
folder's listing on disk): that is reading state, and it makes "the files of that folder"
checkable without the Generator's world. A guard pins the source to what the context states
(the file count), and the calc frame's home guard keeps every other file as it was, so changing
the folder to match a wrong sheet does not pay.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar

from cuagym.apps.calc import COMPANIES, slug
from cuagym.core import Difficulty, StartWindow, TaskConfig
from cuagym.families._family import TaskParams
from cuagym.families.calc.kit import SAVE_NOTE, CalcFamily, CalcParams, Sheet, quote
from cuagym.families.cross.calc._cross_checks import folder_inventory
from cuagym.scripts import statements_of

__all__ = ["FolderInventory"]

# (file name, kind of content): a client handover folder; kinds are written by ``_writer``
_HANDOVER: tuple[tuple[str, str], ...] = (
    ("readme.md", "md"),
    ("budget_plan.csv", "csv"),
    ("contacts.json", "json"),
    ("logo.svg", "svg"),
    ("meeting_notes.txt", "txt"),
    ("project_brief.pdf", "pdf"),
    ("site_survey.csv", "csv"),
    ("timeline.txt", "txt"),
    ("style_guide.pdf", "pdf"),
    ("icons.svg", "svg"),
    ("settings.json", "json"),
    ("changelog.md", "md"),
)
_WORDS = (
    "scope", "budget", "milestone", "review", "handover", "supplier", "deadline", "contact",
    "invoice", "approval", "design", "survey", "meeting", "risk", "owner", "status",
)  # fmt: skip


def _body(rng: random.Random, kind: str, name: str) -> str:
    """Plausible text content of a handover file; its length (the size asked for) varies."""
    lines = rng.randint(4, 40)
    words = [" ".join(rng.choices(_WORDS, k=rng.randint(3, 9))) for _ in range(lines)]
    if kind == "csv":
        return "item,amount,owner\n" + "".join(
            f"{w.split()[0]},{rng.randint(10, 9000)},{w.split()[-1]}\n" for w in words
        )
    if kind == "json":
        return "{\n" + ",\n".join(f'  "{w.split()[0]}_{i}": "{w}"' for i, w in enumerate(words))
    if kind == "svg":
        shapes = "".join(
            f'  <rect x="{rng.randint(0, 90)}" y="{rng.randint(0, 90)}" width="10" height="10"/>\n'
            for _ in range(lines)
        )
        return f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">\n{shapes}</svg>\n'
    if kind == "pdf":  # a text-only PDF body: what matters here is its name and size
        return "%PDF-1.4\n% " + name + "\n" + "".join(f"% {w}\n" for w in words) + "%%EOF\n"
    title = "# " + name.rsplit(".", 1)[0].replace("_", " ") + "\n\n" if kind == "md" else ""
    return title + "".join(w.capitalize() + ".\n" for w in words)


class FolderInventoryParams(CalcParams):
    """What a :class:`FolderInventory` task states (its ``params``)."""

    folder: str
    sheet: str
    count: int


class FolderInventory(CalcFamily):
    """files → calc: list a folder's files, sorted by name, with type and exact size, and a
    total row, in an existing inventory sheet."""

    id: ClassVar[str] = "folder-inventory"
    apps: ClassVar[tuple[str, ...]] = ("files", "calc")
    difficulty: ClassVar[Difficulty] = "hard"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("cells", "edit", "enter-values")
    params_type: ClassVar[type[TaskParams] | None] = FolderInventoryParams

    def start_windows(self, params: Mapping[str, Any]) -> list[StartWindow]:
        """The folder in the file manager, then the workbook in Calc (on top: it changes)."""
        return [
            StartWindow(app="files", path="/home/user/" + params["folder"]),
            StartWindow(app="calc", path=params["path"]),
        ]

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        client = rng.choice(COMPANIES)
        count = rng.randint(5, 8)
        folder = f"Documents/Handover/{slug(client)}"
        path = f"/home/user/Documents/{slug(client)}_inventory.xlsx"
        sheet = "Files"
        last = count + 2
        head = ", ".join(quote(h) for h in ("Name", "Type", "Size (bytes)"))
        where, tab, total = f"~/{folder}", quote(sheet), quote("Total")
        instruction = rng.choice(
            [
                f"Fill sheet {tab} of {path} with an inventory of the files in {where}: one "
                "row per file from row 2, sorted by file name A to Z, giving the full file name, "
                "its extension in lower case without the dot as the type, and its exact size "
                f"in bytes. In row {last}, put {total} in A and the sum of the sizes in C.",
                f"I need to know what is in {where}. List every file of that folder on sheet "
                f"{tab} of {path}, rows 2 to {last - 1} in alphabetical order of name: name in "
                "A, extension (lower case, no dot) in B, exact byte size in C; then a "
                f"{total} row {last} with the combined size in C.",
                f"Record the contents of {where} in {path}: under the headers {head} of sheet "
                f"{tab}, each file gets a row (alphabetical by name) with its file name, its "
                f"extension without the dot and its size in bytes, followed by {total} and the "
                f"sum of all sizes in row {last}.",
                f"Make {path} an up-to-date catalogue of {where}. On sheet {tab}, rows 2 "
                f"onwards, write each file's name, lower-case extension (no dot) and size in "
                f"bytes, ordered by name from A to Z, and close the list in row {last} with "
                f"{total} and the total number of bytes.",
                f"The handover checklist {path} must match {where} exactly: sheet {tab} gets "
                "one row per file in that folder, sorted by name, holding the name, the type as "
                "the extension in lower case without a dot, and the size in bytes, plus row "
                f"{last} with {total} in column A and the summed size in column C.",
                f"Sheet {tab} of {path} should describe every file kept in {where}. Each file "
                "takes one row starting at row 2, names ordered A to Z: column A its complete "
                "name, column B its lower-case extension minus the dot, column C how many bytes "
                f"it has. Row {last} reads {total} in A with the byte total in C.",
                f"Catalogue {where} on the {tab} sheet of {path}. I expect its files sorted "
                "alphabetically by name, one per row below the header, each with name, type "
                "(extension, lower case, no leading dot) and precise size in bytes, and row "
                f"{last} carrying {total} and the overall byte count in C.",
                f"How big is each file in {where}? Answer in {path}, sheet {tab}: rows 2 to "
                f"{last - 1} hold the files in name order with name, dotless lower-case "
                f"extension and exact bytes in columns A to C, and row {last} gives {total} "
                "and their sum.",
                f"For the handover, {path} needs a listing of {where} on sheet {tab}: file name, "
                "extension as type (lower case, without its dot) and size in bytes for each "
                f"file, alphabetised from row 2, and a closing {total} row {last} whose "
                "column C adds up all the sizes.",
                f"The client wants proof that nothing was lost in the handover. Give them, on "
                f"sheet {tab} of {path}, every file of {where} from row 2 in alphabetical "
                "order: full name in A, extension lower-cased without its dot in B, byte size "
                f"in C, plus {total} in A{last} and the combined bytes in C{last}.",
                f"Our storage quota is almost full, so I need to see what {where} takes up. "
                f"Sheet {tab} of {path} should list its files by name A to Z starting in row "
                "2, each with name, type (its extension in lower case, no dot) and exact size "
                f"in bytes, with row {last} saying {total} and giving the sum of the sizes.",
            ]
        )
        return self.make_task(
            task_id,
            instruction,
            f"The file manager shows /home/user/{folder}, which holds {count} files and no "
            f"subfolders. {path} is open in LibreOffice Calc; its sheet {tab} has the headers "
            f"{head} in A1:C1 and nothing else yet. {SAVE_NOTE}",
            path=path,
            folder=folder,
            sheet=sheet,
            count=count,
        )

    def sheets(self, p: dict[str, Any], rng: random.Random) -> tuple[list[Sheet], str]:
        picked = rng.sample(_HANDOVER, p["count"])
        files = [
            (name, _body(rng, kind, name), f"2025-{rng.randint(1, 9):02d}-{rng.randint(1, 28):02d}")
            for name, kind in picked
        ]
        sheet = {
            "title": p["sheet"],
            "rows": [["Name", "Type", "Size (bytes)"]],
            "widths": {"A": 28, "B": 10, "C": 14},
        }
        extra = f"""
FOLDER = os.path.join("/home/user", {p["folder"]!r})
HANDOVER = {files!r}
os.makedirs(FOLDER, exist_ok=True)
for name, body, day in HANDOVER:
    with open(os.path.join(FOLDER, name), "w", encoding="utf-8") as fh:
        fh.write(body)
    stamp = datetime.datetime.fromisoformat(day + "T10:00:00").timestamp()
    os.utime(os.path.join(FOLDER, name), (stamp, stamp))
"""
        return [sheet], extra

    def patch(self, p: dict[str, Any]) -> str:
        return """
import os

folder = os.path.join("/home/user", F["folder"])
ws = wb[F["sheet"]]
names = sorted(n for n in os.listdir(folder) if os.path.isfile(os.path.join(folder, n)))
for r, name in enumerate(names, start=2):
    ws.cell(row=r, column=1, value=name)
    ws.cell(row=r, column=2, value=name.rsplit(".", 1)[1].lower())
    ws.cell(row=r, column=3, value=os.path.getsize(os.path.join(folder, name)))
total = len(names) + 2
ws.cell(row=total, column=1, value="Total")
ws.cell(row=total, column=3, value=f"=SUM(C2:C{total - 1})")
"""

    def checks(self, p: dict[str, Any]) -> str:
        # The folder as it is now says what the rows must be (the home guard keeps it as setup
        # wrote it). Names are compared exactly, sizes as numbers of bytes (text "1234" is not
        # a size), the total by what the cell shows (a number or a formula).
        return statements_of(folder_inventory)
