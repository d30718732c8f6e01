"""Families on single file operations: delete, create folders, copy, rename, fix, compress."""

from __future__ import annotations

import random
from typing import Any, ClassVar

from cuagym.apps.files import (
    CLIENTS,
    PROJECTS,
    TRIPS,
    TYPE_FILES,
    day_stamp,
    file_spec,
    filler_text,
    project_files,
    stamp,
)
from cuagym.core import Difficulty, TaskConfig
from cuagym.families._family import TaskParams
from cuagym.families.files._base import FilesFamily, FileSpec, Op, quote
from cuagym.families.files._manage_checks import archive_folder, fix_extensions
from cuagym.scripts import statements_of

__all__ = [
    "ArchiveFolder",
    "BatchRename",
    "CopyNewestReport",
    "CreateFolderTree",
    "DeleteTempFiles",
    "FixExtensions",
]


class DeleteTempFilesParams(TaskParams):
    """What a :class:`DeleteTempFiles` task states (its ``params``)."""

    folder: str
    ext: str
    temps: int
    keep: int


class DeleteTempFiles(FilesFamily):
    id: ClassVar[str] = "delete-temp-files"
    difficulty: ClassVar[Difficulty] = "easy"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("manage", "delete", "delete-by-pattern")
    params_type: ClassVar[type[TaskParams] | None] = DeleteTempFilesParams

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        project = rng.choice(PROJECTS)
        folder = f"Projects/{project}"
        ext = rng.choice(["tmp", "bak", "log"])
        temps = rng.randint(3, 6)
        count = rng.randint(5, 8)
        instruction = rng.choice(
            [
                f"Delete every file whose name ends in .{ext} anywhere inside ~/{folder}, "
                "subfolders included. Every other file stays where it is.",
                f"Clean the .{ext} leftovers out of ~/{folder}: remove each file with that "
                "extension, in the folder itself and in all of its subfolders, and keep "
                "everything else untouched.",
                f"~/{folder} is cluttered with .{ext} files. Get rid of all of them, however deep "
                "they sit, without deleting or moving any other file.",
                f"No file ending in .{ext} should remain anywhere under ~/{folder}; every file "
                "with another ending, even one with that text elsewhere in its name, must stay.",
                f"Before the ~/{folder} project is shared, delete its .{ext} files from every "
                "subfolder and the top level alike, leaving all the other files where they are.",
            ]
        )
        return self.make_task(
            task_id,
            instruction,
            f"/home/user/{folder} is a project folder with a few subfolders and "
            f"{count + temps + 2} files: {temps} end in .{ext} and the other {count + 2} do not "
            f"(two of those merely contain {quote(ext)} in their names). The home folder is "
            "/home/user (~).",
            folder=folder,
            ext=ext,
            temps=temps,
            keep=count + 2,
        )

    def world(self, p: dict[str, Any], rng: random.Random) -> tuple[list[FileSpec], list[str]]:
        files = project_files(rng, p["folder"], p["keep"] - 2)
        folders = sorted({f["path"].rsplit("/", 1)[0] for f in files})
        ext = p["ext"]
        for i in range(p["temps"]):
            where = folders[i % len(folders)]
            name = rng.choice(["autosave", "draft", "export", "session", "cache"]) + f"_{i}.{ext}"
            files.append(file_spec(f"{where}/{name}", "txt", f"scratch data {i}", stamp(rng)))
        # decoys: names that contain the pattern without ending in it
        files.append(
            file_spec(
                f"{p['folder']}/{ext}_policy.txt",
                "txt",
                "Keep temporary files out of the repository.",
                stamp(rng),
            )
        )
        files.append(file_spec(f"{folders[-1]}/notes.{ext}.md", "txt", "Old notes.", stamp(rng)))
        return files, []

    def solve(self, p: dict[str, Any], files: list[FileSpec]) -> list[Op]:
        return [["delete", f["path"], ""] for f in files if f["path"].endswith("." + p["ext"])]

    def checks(self, p: dict[str, Any]) -> str:
        return """
removals = [f for f in regular_files(before, P["folder"]) if f.endswith("." + P["ext"])]
off = off_plan(changes, after, planned(before, removals=removals))
mine = [f for f in files if inside(f, P["folder"])]
temps = [f for f in mine if f.endswith("." + P["ext"])]
others = [f for f in mine if not f.endswith("." + P["ext"])]
decoys = [f for f in others if P["ext"] in f.rsplit("/", 1)[-1]]
checks.append(("others_kept", 0, len(decoys) == 2 and len(others) == P["keep"],
               f"{len(others)} other files, {len(decoys)} look-alikes kept"))
checks.append(("nothing_else_changed", 0, not off, "unplanned changes: " + listing(off)))
checks.append(("most_deleted", 1, len(temps) * 2 <= P["temps"] and len(temps) < P["temps"],
               f"{len(temps)} .{P['ext']} files left"))
checks.append(("all_deleted", 3, not temps, "left: " + ", ".join(temps[:5])))
"""


_STRUCTURES: tuple[tuple[str, ...], ...] = (
    ("Contracts", "Invoices/2024", "Invoices/2025", "Meetings", "Correspondence/Email"),
    ("Admin", "Design/Drafts", "Design/Final", "Reports/Monthly", "Reports/Annual"),
    ("01_Brief", "02_Research/Interviews", "02_Research/Surveys", "03_Delivery"),
    ("Legal", "Finance/Budgets", "Finance/Receipts", "Photos/Site visits", "Archive"),
)


class CreateFolderTreeParams(TaskParams):
    """What a :class:`CreateFolderTree` task states (its ``params``)."""

    base: str
    tree: list[str]


class CreateFolderTree(FilesFamily):
    id: ClassVar[str] = "create-folder-tree"
    difficulty: ClassVar[Difficulty] = "easy"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("manage", "create", "create-folders")
    params_type: ClassVar[type[TaskParams] | None] = CreateFolderTreeParams

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        client = rng.choice(CLIENTS)
        base = f"Clients/{client}"
        tree = list(rng.choice(_STRUCTURES))
        listed = ", ".join(quote(t) for t in tree)
        instruction = rng.choice(
            [
                f"Inside ~/{base}, create exactly these folders (a slash means a folder inside "
                f"another): {listed}. Keep the file that is already there.",
                f"Set up the folder structure for ~/{base}: {listed}, where a slash marks a "
                "subfolder. No other folders, and the existing file stays put.",
                f"~/{base} needs the folders {listed} (a name after a slash lives inside the "
                "one before it). Make exactly those and leave the file already in it alone.",
                f"Give ~/{base} this layout of folders and nothing more: {listed}. Read each "
                "slash as one folder nested in another; the file that is there now is kept.",
                f"I'm organising the client folder ~/{base}. Please add {listed} as folders, "
                "with slashes meaning nesting, and keep its current file as it is.",
            ]
        )
        return self.make_task(
            task_id,
            instruction,
            f"/home/user/{base} exists and holds only notes.txt. The home folder is "
            "/home/user (~).",
            base=base,
            tree=tree,
        )

    def world(self, p: dict[str, Any], rng: random.Random) -> tuple[list[FileSpec], list[str]]:
        note = filler_text(rng, "Client onboarding notes")
        return [file_spec(f"{p['base']}/notes.txt", "txt", note, stamp(rng))], [p["base"]]

    def solve(self, p: dict[str, Any], files: list[FileSpec]) -> list[Op]:
        return [["mkdir", f"{p['base']}/{t}", ""] for t in p["tree"]]

    def checks(self, p: dict[str, Any]) -> str:
        return """
base = P["base"]
off = off_plan(changes, after, planned(before, folders=[base + "/" + t for t in P["tree"]]))
wanted = {base + "/" + t for t in P["tree"]}
wanted |= {w.rsplit("/", 1)[0] for w in wanted if w.rsplit("/", 1)[0] != base}
made = {d for d in dirs if inside(d, base)}
present = wanted & made
extra = made - wanted
mine = [f for f in files if inside(f, base)]
checks.append(("notes_kept", 0, mine == [base + "/notes.txt"], "files: " + ", ".join(mine)))
checks.append(("nothing_else_changed", 0, not off, "unplanned changes: " + listing(off)))
checks.append(("half_made", 1, len(present) * 2 >= len(wanted),
               f"{len(present)} of {len(wanted)} folders"))
checks.append(("all_made", 3, present == wanted, "missing: " + ", ".join(sorted(wanted - made))))
checks.append(("exactly_these", 1, present == wanted and not extra,
               "extra: " + ", ".join(sorted(extra))))
"""


class CopyNewestReportParams(TaskParams):
    """What a :class:`CopyNewestReport` task states (its ``params``)."""

    share: str
    m: int


class CopyNewestReport(FilesFamily):
    id: ClassVar[str] = "copy-newest-report"
    difficulty: ClassVar[Difficulty] = "easy"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("manage", "copy", "copy-to-folder")
    params_type: ClassVar[type[TaskParams] | None] = CopyNewestReportParams

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        m = rng.randint(5, 8)
        share = rng.choice(["Shared/Finance", "Public/Team", "Shared/Board"])
        instruction = rng.choice(
            [
                f"Copy the most recently modified PDF report in ~/Reports into ~/{share}, "
                "keeping its file name. The original stays in ~/Reports; copy nothing else.",
                f"Share the latest report with the team: put a copy of whichever PDF in "
                f"~/Reports was modified last into ~/{share} under the same name, leaving the "
                "original in place.",
                f"~/{share} should also hold the newest PDF report from ~/Reports (the one with "
                "the latest modification date), copied with its name unchanged; no other report "
                "goes there and ~/Reports keeps all of its files.",
                f"Find the PDF in ~/Reports that changed most recently and duplicate it into "
                f"~/{share}, same file name. Only that one report is copied and nothing is moved.",
                f"The team's folder ~/{share} needs a copy of the most recent report: the PDF in "
                "~/Reports with the newest modification time, name kept. Copy just that file and "
                "keep the original where it is.",
            ]
        )
        return self.make_task(
            task_id,
            instruction,
            f"/home/user/Reports holds {m} PDF reports with different modification dates; "
            f"/home/user/{share} exists and holds a readme.txt. The home folder is "
            "/home/user (~).",
            share=share,
            m=m,
        )

    def world(self, p: dict[str, Any], rng: random.Random) -> tuple[list[FileSpec], list[str]]:
        topics = [
            "north_region",
            "south_region",
            "marketing",
            "operations",
            "payroll",
            "logistics",
            "customer_support",
            "it_costs",
            "procurement",
        ]
        days = rng.sample(range(1, 150), p["m"])  # distinct days: one newest report
        files = [
            file_spec(
                f"Reports/report_{topic}.pdf",
                "pdf",
                f"Report: {topic.replace('_', ' ')}",
                day_stamp(d, rng.randint(8, 18)),
            )
            for topic, d in zip(rng.sample(topics, p["m"]), days, strict=True)
        ]
        files.append(
            file_spec(
                f"{p['share']}/readme.txt",
                "txt",
                "Files here are visible to the whole team.",
                "2024-11-04T09:00:00",
            )
        )
        return files, []

    def solve(self, p: dict[str, Any], files: list[FileSpec]) -> list[Op]:
        reports = [f for f in files if f["path"].startswith("Reports/")]
        newest = max(reports, key=lambda f: f["mtime"])
        return [["copy", newest["path"], f"{p['share']}/{newest['path'].rsplit('/', 1)[1]}"]]

    def checks(self, p: dict[str, Any]) -> str:
        return """
# the newest report as setup left it; a copy is a regular file with its content, not a link
first = [f for f in regular_files(before, "Reports") if parent_of(f) == "Reports"
         and ext_of(f) == "pdf"]
newest = max(first, key=lambda f: mtime_in(start, f)) if first else None
name = name_of(newest) if newest else "?"
copies = [(newest, P["share"] + "/" + name)] if newest else []
off = off_plan(changes, after, planned(before, copies=copies))
reports = [f for f in files if parent_of(f) == "Reports" and ext_of(f) == "pdf"]
shared = [f for f in files if inside(f, P["share"])]
same = [f for f in shared if newest and after.get(f) == before[newest]]
report_shas = {files[f]["sha"] for f in reports}
others = [f for f in shared if files[f]["sha"] in report_shas and f not in same]
checks.append(("reports_kept", 0, len(reports) == P["m"], f"{len(reports)} reports in ~/Reports"))
checks.append(("readme_kept", 0, P["share"] + "/readme.txt" in shared,
               "shared: " + ", ".join(shared)))
checks.append(("nothing_else_changed", 0, not off, "unplanned changes: " + listing(off)))
checks.append(("nothing_else_copied", 0, not others, "other reports: " + ", ".join(others)))
checks.append(("newest_copied", 2, bool(same), f"newest is {name}"))
checks.append(("same_name", 1, P["share"] + "/" + name in same, "shared: " + ", ".join(shared)))
"""


class BatchRenameParams(TaskParams):
    """What a :class:`BatchRename` task states (its ``params``)."""

    folder: str
    prefix: str
    originals: list[str]


class BatchRename(FilesFamily):
    id: ClassVar[str] = "batch-rename"
    difficulty: ClassVar[Difficulty] = "medium"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("manage", "rename", "batch-rename")
    params_type: ClassVar[type[TaskParams] | None] = BatchRenameParams

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        trip = rng.choice(TRIPS)
        folder = f"Pictures/{trip}"
        start = rng.randrange(100, 800)
        numbers = sorted(rng.sample(range(start, start + 40), rng.randint(8, 14)))
        originals = [f"DSC_{n:04d}.JPG" for n in numbers]
        first, renamed = f"DSC_{numbers[0]:04d}.JPG", f"{trip}_{numbers[0]:04d}.jpg"
        instruction = rng.choice(
            [
                f"Rename every photo in ~/{folder} from DSC_NNNN.JPG to {trip}_NNNN.jpg, keeping "
                f"its 4-digit number and using a lowercase extension ({first} becomes "
                f"{renamed}). Nothing else in the folder changes.",
                f"The camera names in ~/{folder} say nothing about the trip. Give each "
                f"DSC_NNNN.JPG photo the name {trip}_NNNN.jpg with the same four digits and a "
                f"lower-case .jpg, so {first} turns into {renamed}; leave any other file as it "
                "is.",
                f"Every DSC_NNNN.JPG file in ~/{folder} should be called {trip}_NNNN.jpg "
                f"instead: same 4-digit number, extension in lower case (for example {first} "
                f"to {renamed}). Other files in the folder keep their names.",
                f"Switch the photos of ~/{folder} to the naming scheme {trip}_NNNN.jpg, where "
                f"NNNN is the number from the old DSC_NNNN.JPG name ({first} ends up as "
                f"{renamed}). Touch nothing but those photos.",
                f"For the album in ~/{folder}, the photos should carry the trip's name: "
                f"{first} becomes {renamed}, and likewise every DSC_NNNN.JPG becomes "
                f"{trip}_NNNN.jpg with its number kept. All other files stay unchanged.",
            ]
        )
        return self.make_task(
            task_id,
            instruction,
            f"/home/user/{folder} holds {len(originals)} photos: {', '.join(originals)}, plus "
            "a captions.txt file. The home folder is /home/user (~).",
            folder=folder,
            prefix=trip,
            originals=originals,
        )

    def world(self, p: dict[str, Any], rng: random.Random) -> tuple[list[FileSpec], list[str]]:
        files = [
            file_spec(f"{p['folder']}/{name}", "jpg", f"{p['prefix']} {name}", stamp(rng))
            for name in p["originals"]
        ]
        files.append(
            file_spec(
                f"{p['folder']}/captions.txt",
                "txt",
                filler_text(rng, "Captions for the album"),
                stamp(rng),
            )
        )
        return files, []

    def solve(self, p: dict[str, Any], files: list[FileSpec]) -> list[Op]:
        return [
            ["move", f"{p['folder']}/{n}", f"{p['folder']}/{p['prefix']}_{n[4:8]}.jpg"]
            for n in p["originals"]
        ]

    def checks(self, p: dict[str, Any]) -> str:
        return """
base = P["folder"]
moves = [(base + "/" + n, base + "/" + P["prefix"] + "_" + n[4:8] + ".jpg") for n in P["originals"]]
off = off_plan(changes, after, planned(before, moves=moves))
here = {f.rsplit("/", 1)[-1] for f in files if parent_of(f) == base}
wanted = {f"{P['prefix']}_{n[4:8]}.jpg" for n in P["originals"]}
done = wanted & here
left = set(P["originals"]) & here
photos = [f for f in files if parent_of(f) == base and files[f]["kind"] == "jpg"]
checks.append(("photos_kept", 0, len(photos) == len(P["originals"]), f"{len(photos)} photos"))
checks.append(("captions_kept", 0, "captions.txt" in here, "captions.txt present"))
checks.append(("nothing_else_changed", 0, not off, "unplanned changes: " + listing(off)))
checks.append(("half_renamed", 1, len(done) * 2 >= len(wanted),
               f"{len(done)} of {len(wanted)} renamed"))
checks.append(("all_renamed", 3, done == wanted,
               "missing: " + ", ".join(sorted(wanted - here))[:150]))
checks.append(("no_old_names", 1, not left and here == wanted | {"captions.txt"},
               "unexpected: " + ", ".join(sorted(here - wanted - {"captions.txt"}))[:150]))
"""


class FixExtensionsParams(TaskParams):
    """What a :class:`FixExtensions` task states (its ``params``)."""

    folder: str
    names: list[str]
    wrong: int


class FixExtensions(FilesFamily):
    id: ClassVar[str] = "fix-extensions"
    difficulty: ClassVar[Difficulty] = "hard"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("manage", "rename", "fix-extension")
    params_type: ClassVar[type[TaskParams] | None] = FixExtensionsParams

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        kinds = ["pdf", "png", "jpg", "zip"]
        names = [(k, n) for k in kinds for n in TYPE_FILES[k]]
        chosen = rng.sample(names, rng.randint(8, 11))
        wrong = rng.randint(3, 4)
        listing = []
        for i, (kind, stem) in enumerate(chosen):
            ext = rng.choice([k for k in kinds if k != kind]) if i < wrong else kind
            listing.append(f"{stem}.{ext}")
        listing += ["readme.txt"]
        rng.shuffle(listing)
        folder = rng.choice(["Downloads/Incoming", "Desktop/Recovered"])
        instruction = rng.choice(
            [
                f"Some files in ~/{folder} have an extension that does not match their real "
                "format. Rename each of those so its extension fits the content (.pdf, .png, "
                ".jpg or .zip), keeping the rest of the name; files whose extension is already "
                "right keep their names.",
                f"A few files in ~/{folder} carry the wrong extension for what they really are. "
                "Correct just those to .pdf, .png, .jpg or .zip according to their actual "
                "content, without changing the part of the name before the dot.",
                f"Give every mislabelled file in ~/{folder} the extension of its true format "
                "(one of .pdf, .png, .jpg, .zip) and keep its base name; files that are already "
                "named correctly must not be renamed.",
                f"Some of ~/{folder} won't open because their names lie about their format. Fix "
                "the extensions of exactly those files so they match the contents (.pdf, .png, "
                ".jpg or .zip), base names unchanged.",
                f"Check the real format of the files in ~/{folder}: wherever the extension is "
                "wrong, rename the file to end in the right one of .pdf, .png, .jpg and .zip, "
                "keeping the rest of its name. Correctly named files stay as they are.",
            ]
        )
        return self.make_task(
            task_id,
            instruction,
            f"/home/user/{folder} holds these {len(listing)} files: {', '.join(listing)}. "
            f"Exactly {wrong} of them have the wrong extension. The home folder is "
            "/home/user (~).",
            folder=folder,
            names=listing,
            wrong=wrong,
        )

    def world(self, p: dict[str, Any], rng: random.Random) -> tuple[list[FileSpec], list[str]]:
        # The task lists names only; the Generator decides which content each one gets: the
        # first `wrong` names (in the task's original order) carry another format.
        by_stem = {stem: kind for kind in TYPE_FILES for stem in TYPE_FILES[kind]}
        files: list[FileSpec] = []
        for name in p["names"]:
            stem = name.rsplit(".", 1)[0]
            kind = "txt" if name == "readme.txt" else by_stem[stem]
            files.append(
                file_spec(f"{p['folder']}/{name}", kind, filler_text(rng, stem), stamp(rng))
            )
        return files, []

    def solve(self, p: dict[str, Any], files: list[FileSpec]) -> list[Op]:
        ops: list[Op] = []
        for f in files:
            stem, ext = f["path"].rsplit(".", 1)
            if f["kind"] != "txt" and ext != f["kind"]:
                ops.append(["move", f["path"], f"{stem}.{f['kind']}"])
        return ops

    def checks(self, p: dict[str, Any]) -> str:
        return statements_of(fix_extensions)


class ArchiveFolderParams(TaskParams):
    """What a :class:`ArchiveFolder` task states (its ``params``)."""

    parent: str
    project: str
    count: int


class ArchiveFolder(FilesFamily):
    id: ClassVar[str] = "archive-folder"
    difficulty: ClassVar[Difficulty] = "medium"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("archive", "compress", "zip-folder")
    params_type: ClassVar[type[TaskParams] | None] = ArchiveFolderParams

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        project = rng.choice(PROJECTS)
        parent = rng.choice(["Projects", "Documents/Work"])
        count = rng.randint(5, 8)
        folder, archive = f"~/{parent}/{project}", f"~/{parent}/{project}.zip"
        instruction = rng.choice(
            [
                f"Compress the folder {folder} into a zip archive {archive} whose entries sit "
                f"under the folder's own name ({project}/...), with every file and subfolder in "
                "it. Keep the original folder.",
                f"Make a zip of {folder} next to it, called {archive}, that holds all of its "
                f"files and subfolders inside a top-level {project}/ folder. The folder itself "
                "stays where it is.",
                f"I need {folder} packed up as {archive}: every file and subfolder included, all "
                f"stored under {project}/ in the archive, and the original folder left in place.",
                f"Archive the project {folder} into the single file {archive}. Opening the "
                f"archive should show one folder, {project}, containing everything the original "
                "holds; do not remove the original.",
                f"Before sending {folder} away, zip it into {archive} with the entries under "
                f"{project}/ and nothing missing from any subfolder, keeping the unzipped folder "
                "too.",
            ]
        )
        return self.make_task(
            task_id,
            instruction,
            f"/home/user/{parent}/{project} is a project folder with {count} files in several "
            "subfolders; there is no archive of it yet. The home folder is /home/user (~).",
            parent=parent,
            project=project,
            count=count,
        )

    def world(self, p: dict[str, Any], rng: random.Random) -> tuple[list[FileSpec], list[str]]:
        files = project_files(rng, f"{p['parent']}/{p['project']}", p["count"])
        other = rng.choice([x for x in PROJECTS if x != p["project"]])
        files += project_files(rng, f"{p['parent']}/{other}", 4)  # a sibling, not archived
        return files, []

    def solve(self, p: dict[str, Any], files: list[FileSpec]) -> list[Op]:
        folder = f"{p['parent']}/{p['project']}"
        return [["zip", folder, folder + ".zip"]]

    def checks(self, p: dict[str, Any]) -> str:
        return statements_of(archive_folder)
