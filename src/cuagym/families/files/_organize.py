"""Families that sort files into folders: by type, by date, and duplicates out of the way."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar

from cuagym.apps.files import TYPE_FILES, file_spec, filler_text, stamp
from cuagym.core import Difficulty, StartWindow, TaskConfig
from cuagym.families._family import TaskParams
from cuagym.families.files._base import FilesFamily, FileSpec, Op, quote
from cuagym.families.files._organize_checks import move_duplicates
from cuagym.scripts import statements_of

__all__ = ["MoveDuplicates", "OrganizeByDate", "OrganizeByType"]

# naming schemes: folder -> extensions
_SCHEMES: tuple[dict[str, list[str]], ...] = (
    {
        "Images": ["jpg", "png"],
        "Documents": ["pdf", "docx", "txt"],
        "Spreadsheets": ["xlsx", "csv"],
        "Archives": ["zip"],
    },
    {
        "Pictures": ["jpg", "png"],
        "Docs": ["pdf", "docx", "txt"],
        "Data": ["xlsx", "csv"],
        "Compressed": ["zip"],
    },
    {
        "Photos": ["jpg", "png"],
        "PDFs": ["pdf"],
        "Office": ["docx", "xlsx"],
        "Text": ["txt", "csv"],
        "Zips": ["zip"],
    },
)


class OrganizeByTypeParams(TaskParams):
    """What a :class:`OrganizeByType` task states (its ``params``)."""

    folder: str
    scheme: dict[str, list[str]]
    n: int


class OrganizeByType(FilesFamily):
    id: ClassVar[str] = "organize-by-type"
    difficulty: ClassVar[Difficulty] = "medium"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("organize", "sort-into-folders", "by-type")
    params_type: ClassVar[type[TaskParams] | None] = OrganizeByTypeParams

    def start_windows(self, params: Mapping[str, Any]) -> list[StartWindow]:
        """The context says the file manager shows the folder."""
        return [StartWindow(app="files", path=f"/home/user/{params['folder']}")]

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        scheme = rng.choice(_SCHEMES)
        n = rng.randint(14, 22)
        rules = "; ".join(
            f"{quote(folder)} for {', '.join('.' + e for e in exts)}"
            for folder, exts in scheme.items()
        )
        instruction = rng.choice(
            [
                f"Tidy up ~/Downloads: move every file in it into a subfolder of ~/Downloads "
                f"named after its type - {rules}. File names stay the same, and no file is left "
                "directly in ~/Downloads.",
                f"Sort ~/Downloads by kind of file, using these subfolders of it: {rules}. Each "
                "file keeps its name and ends up in the one subfolder for its extension, so the "
                "top level holds only folders.",
                f"~/Downloads is a mess. Group its files into subfolders by extension ({rules}), "
                "names unchanged, until nothing but those subfolders is left directly inside it.",
                f"Every file now sitting in ~/Downloads belongs in a type folder inside "
                f"~/Downloads: {rules}. Move them all there under their current names.",
                f"I want ~/Downloads split up by file type with these subfolders: {rules}. Put "
                "each file into the right one without renaming it; no loose files may remain "
                "at the top.",
            ]
        )
        return self.make_task(
            task_id,
            instruction,
            f"The file manager shows /home/user/Downloads, which holds {n} files (no "
            f"subfolders yet), each with one of the extensions above. The home folder is "
            "/home/user (~).",
            folder="Downloads",
            scheme=scheme,
            n=n,
        )

    def world(self, p: dict[str, Any], rng: random.Random) -> tuple[list[FileSpec], list[str]]:
        exts = [e for group in p["scheme"].values() for e in group]
        # every folder gets at least two files, the rest at random
        kinds = [e for group in p["scheme"].values() for e in rng.sample(group * 2, 2)]
        kinds += [rng.choice(exts) for _ in range(p["n"] - len(kinds))]
        used: set[str] = set()
        files: list[FileSpec] = []
        for kind in kinds:
            names = [n for n in TYPE_FILES[kind] if n not in used]
            stem = rng.choice(names) if names else f"{rng.choice(TYPE_FILES[kind])}_{len(files)}"
            used.add(stem)
            files.append(
                file_spec(f"Downloads/{stem}.{kind}", kind, filler_text(rng, stem), stamp(rng))
            )
        return files, ["Downloads"]

    def solve(self, p: dict[str, Any], files: list[FileSpec]) -> list[Op]:
        where = {e: folder for folder, exts in p["scheme"].items() for e in exts}
        ops: list[Op] = []
        for f in files:
            name = f["path"].split("/", 1)[1]
            ops.append(["move", f["path"], f"Downloads/{where[f['kind']]}/{name}"])
        return ops

    def checks(self, p: dict[str, Any]) -> str:
        lines = [
            """
base = P["folder"]
where = {e: folder for folder, exts in P["scheme"].items() for e in exts}
first = [f for f in regular_files(before, base) if parent_of(f) == base]
moves = [(f, base + "/" + where.get(ext_of(f), "?") + "/" + name_of(f)) for f in first]
off = off_plan(changes, after, planned(before, moves=moves))
mine = [f for f in files if inside(f, base)]
loose = [f for f in mine if parent_of(f) == base]
placed = [f for f in mine if parent_of(f) == base + "/" + where.get(ext_of(f), "?")]
checks.append(("all_files_kept", 0, len(mine) == P["n"], f"{len(mine)} files under {base}"))
checks.append(("nothing_else_changed", 0, not off, "unplanned changes: " + listing(off)))
checks.append(("nothing_loose", 1, not loose, "left in place: " + listing(loose)))
"""
        ]
        for folder in p["scheme"]:
            key = "".join(ch for ch in folder.lower() if ch.isalnum())
            lines.append(f"""
wanted = [f for f in mine if where.get(ext_of(f)) == {folder!r}]
right = [f for f in wanted if f in placed]
checks.append(("{key}_sorted", 1, bool(wanted) and right == wanted,
               f"{{len(right)}} of {{len(wanted)}} in {folder}"))
""")
        return "".join(lines)


class OrganizeByDateParams(TaskParams):
    """What a :class:`OrganizeByDate` task states (its ``params``)."""

    folder: str
    n: int


class OrganizeByDate(FilesFamily):
    id: ClassVar[str] = "organize-by-date"
    difficulty: ClassVar[Difficulty] = "medium"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("organize", "sort-into-folders", "by-date")
    params_type: ClassVar[type[TaskParams] | None] = OrganizeByDateParams

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        n = rng.randint(14, 24)
        folder = rng.choice(["Pictures/Camera", "Pictures/Phone", "Pictures/Imported"])
        example = "IMG_20240315_101500.jpg goes to 2024/03/"
        instruction = rng.choice(
            [
                f"Sort the photos in ~/{folder} into year and month folders: each photo named "
                f"IMG_YYYYMMDD_HHMMSS.jpg goes to ~/{folder}/YYYY/MM/ for the date in its name "
                f"({example}), keeping its name. No photo stays directly in ~/{folder}.",
                f"File every IMG_YYYYMMDD_HHMMSS.jpg photo of ~/{folder} under a year folder and "
                f"a month folder inside it, ~/{folder}/YYYY/MM/, taken from the date in the "
                f"photo's name ({example}). Names stay as they are and none is left at the top.",
                f"The photos in ~/{folder} should be arranged by when they were taken, as the "
                f"date in each name IMG_YYYYMMDD_HHMMSS.jpg says: ~/{folder}/YYYY/MM/ per photo, "
                f"so that {example}. Keep the file names.",
                f"Build a YYYY/MM folder tree in ~/{folder} and move each photo into the month "
                f"its name IMG_YYYYMMDD_HHMMSS.jpg gives ({example}), unchanged in name, until "
                f"~/{folder} itself holds no photos.",
                f"I want ~/{folder} organised as ~/{folder}/YYYY/MM/: every photo, named "
                f"IMG_YYYYMMDD_HHMMSS.jpg, moved to the folder of the year and month in its "
                f"name ({example}), keeping its name.",
            ]
        )
        return self.make_task(
            task_id,
            instruction,
            f"/home/user/{folder} holds {n} photos named IMG_YYYYMMDD_HHMMSS.jpg, taken over "
            "several months, and no subfolders. The home folder is /home/user (~).",
            folder=folder,
            n=n,
        )

    def world(self, p: dict[str, Any], rng: random.Random) -> tuple[list[FileSpec], list[str]]:
        files: list[FileSpec] = []
        year = rng.choice([2023, 2024])
        months = sorted(rng.sample(range(1, 13), 4))
        # some photos cross into the next year, so the year matters as much as the month
        pool = [(year, m) for m in months] + [(year + 1, rng.choice((1, 2)))]
        for i in range(p["n"]):
            y, m = pool[i % len(pool)]
            taken = (
                f"{y}{m:02d}{rng.randint(1, 28):02d}_{rng.randint(7, 21):02d}"
                f"{rng.randrange(60):02d}{rng.randrange(60):02d}"
            )
            name = f"IMG_{taken}.jpg"
            if any(f["path"].endswith(name) for f in files):
                continue
            files.append(
                file_spec(
                    f"{p['folder']}/{name}", "jpg", f"photo {taken}", f"{y}-{m:02d}-28T20:00:00"
                )
            )
        while len(files) < p["n"]:  # replace the rare clash with a distinct late photo
            taken = f"{year}{months[-1]:02d}28_23{len(files):02d}00"
            files.append(
                file_spec(
                    f"{p['folder']}/IMG_{taken}.jpg",
                    "jpg",
                    f"photo {taken}",
                    f"{year}-{months[-1]:02d}-28T23:00:00",
                )
            )
        return files, [p["folder"]]

    def solve(self, p: dict[str, Any], files: list[FileSpec]) -> list[Op]:
        ops: list[Op] = []
        for f in files:
            name = f["path"].rsplit("/", 1)[1]
            ops.append(["move", f["path"], f"{p['folder']}/{name[4:8]}/{name[8:10]}/{name}"])
        return ops

    def checks(self, p: dict[str, Any]) -> str:
        return """
base = P["folder"]
first = [f for f in regular_files(before, base) if parent_of(f) == base]
moves = [(f, base + "/" + name_of(f)[4:8] + "/" + name_of(f)[8:10] + "/" + name_of(f))
         for f in first]
off = off_plan(changes, after, planned(before, moves=moves))
photos = [f for f in files if inside(f, base) and f.rsplit("/", 1)[-1].startswith("IMG_")]
names = [f.rsplit("/", 1)[-1] for f in photos]
right = [f for f, name in zip(photos, names)
         if parent_of(f) == f"{base}/{name[4:8]}/{name[8:10]}"]
loose = [f for f in photos if parent_of(f) == base]
checks.append(("photos_kept", 0, len(photos) == P["n"] and len(set(names)) == P["n"],
               f"{len(photos)} photos under {base}"))
checks.append(("nothing_else_changed", 0, not off, "unplanned changes: " + listing(off)))
checks.append(("nothing_loose", 1, not loose, f"{len(loose)} photos still in {base}"))
checks.append(("half_sorted", 1, len(right) * 2 >= P["n"], f"{len(right)} of {P['n']} in place"))
checks.append(("all_sorted", 3, len(right) == P["n"],
               "misplaced: " + ", ".join(f for f in photos if f not in right)[:150]))
"""


class MoveDuplicatesParams(TaskParams):
    """What a :class:`MoveDuplicates` task states (its ``params``)."""

    folder: str
    target: str
    groups: int
    uniques: int


class MoveDuplicates(FilesFamily):
    id: ClassVar[str] = "move-duplicates"
    difficulty: ClassVar[Difficulty] = "hard"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("organize", "duplicates", "move-duplicates")
    params_type: ClassVar[type[TaskParams] | None] = MoveDuplicatesParams

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        groups = rng.randint(2, 4)
        uniques = rng.randint(6, 10)
        folder = rng.choice(["Documents/Inbox", "Documents/Scans", "Documents/Shared"])
        target = "Documents/Duplicates"
        instruction = rng.choice(
            [
                f"Some files in ~/{folder} are exact copies of each other under different "
                "names. For each set of files with identical content, keep only the copy with "
                f"the oldest modification date in ~/{folder} and move the other copies into "
                f"~/{target} (keep their names). Files that have no copy stay where they are.",
                f"Weed the duplicates out of ~/{folder}: wherever several files have exactly the "
                "same content, the one modified earliest stays and the rest go to "
                f"~/{target} under their own names. Unique files are not touched.",
                f"~/{folder} holds identical files saved under different names. Move every such "
                f"copy except the oldest of its set (by modification date) into ~/{target}, "
                "names unchanged, and leave files without a twin in place.",
                f"I only want one of each identical file in ~/{folder}, the earliest-modified "
                f"one. Put the newer duplicates into ~/{target} with their names as they are; "
                "files that exist once stay put.",
                f"Find the files in ~/{folder} whose contents match byte for byte. In each such "
                f"group, the oldest by modification time remains and the others move to "
                f"~/{target}, keeping their names; nothing else moves.",
            ]
        )
        return self.make_task(
            task_id,
            instruction,
            f"/home/user/{folder} holds {uniques} files without copies plus {groups} sets of "
            f"identical files (2 or 3 files each), all with different names and modification "
            f"dates; ~/{target} does not exist yet. The home folder is /home/user (~).",
            folder=folder,
            target=target,
            groups=groups,
            uniques=uniques,
        )

    def world(self, p: dict[str, Any], rng: random.Random) -> tuple[list[FileSpec], list[str]]:
        kinds = ["pdf", "docx", "xlsx", "jpg", "png", "txt"]
        names = [(k, n) for k in kinds for n in TYPE_FILES[k]]
        rng.shuffle(names)
        files: list[FileSpec] = []
        day = 0
        for i in range(p["groups"] + p["uniques"]):
            kind, name = names[i]
            text = filler_text(rng, name)
            copies = [name]
            if i < p["groups"]:
                extra = rng.choice(
                    [[f"{name} (copy)"], [f"{name}_final", f"{name} (2)"], [f"Copy of {name}"]]
                )
                copies += extra
                rng.shuffle(copies)  # the oldest copy is not always the plain name
            for stem in copies:
                day += rng.randint(1, 5)
                mtime = (
                    f"2025-{1 + day // 28:02d}-{1 + day % 28:02d}T{rng.randint(8, 18):02d}:00:00"
                )
                files.append(file_spec(f"{p['folder']}/{stem}.{kind}", kind, text, mtime))
        return files, [p["folder"]]

    def solve(self, p: dict[str, Any], files: list[FileSpec]) -> list[Op]:
        groups: dict[tuple[str, str], list[FileSpec]] = {}
        for f in files:
            groups.setdefault((f["kind"], f["text"]), []).append(f)
        ops: list[Op] = []
        for members in groups.values():
            for f in sorted(members, key=lambda f: f["mtime"])[1:]:
                ops.append(["move", f["path"], f"{p['target']}/{f['path'].rsplit('/', 1)[1]}"])
        return ops

    def checks(self, p: dict[str, Any]) -> str:
        return statements_of(move_duplicates)
