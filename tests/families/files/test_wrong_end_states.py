"""Wrong end states of every files family score below 1.0, and for the stated reason.

Each case is a plausible end state an RL policy reaches — mostly from the gold state (the
golden patch, then a small script: a duplicate action, a collateral change, the right file in
the wrong place or under the wrong name, a link where a copy was asked), some from the initial
one. It runs for real (setup, the ``initial`` snapshot, the scripts, the reward in a sandbox)
and must score < 1.0 with the named check failing — the reason is written next to each case.
"""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass
from typing import Any

import pytest

from cuagym.core import RewardOutput
from cuagym.domains import load_domain
from tests.families.desktop_harness import score_end_states

domain = load_domain("files")

pytestmark = pytest.mark.slow


def script(body: str) -> Any:
    """A change script: ``body`` runs in /home/user with ``P`` (the task's params)."""

    def build(p: dict[str, Any]) -> str:
        return (
            "import hashlib\nimport json\nimport os\nimport shutil\nimport zipfile\n"
            f"P = json.loads({json.dumps(p)!r})\nos.chdir('/home/user')\n" + body
        )

    return build


@dataclass(frozen=True)
class Case:
    family: str
    seed: int
    why: str  # what is wrong with the end state
    script: Any  # params -> change script
    fails: str  # the check that must catch it
    from_gold: bool = True


def walk(folder: str) -> str:
    return f"[os.path.join(r, n) for r, _, ns in os.walk({folder}) for n in sorted(ns)]"


TEMPS_README_TOO = script('os.remove(os.path.join(P["folder"], "README.md"))\n')
TEMPS_STRAY_FOLDER = script('os.makedirs(os.path.join(P["folder"], "old"))\n')
TEMPS_LOOK_ALIKE_RENAMED = script(f"""
for path in {walk('P["folder"]')}:
    if path.endswith("." + P["ext"] + ".md"):
        os.rename(path, path[: -len("." + P["ext"] + ".md")] + ".md")
""")
TEMPS_MOVED_NOT_DELETED = script(f"""
os.makedirs("Trash", exist_ok=True)
for path in {walk('P["folder"]')}:
    if path.endswith("." + P["ext"]):
        shutil.move(path, "Trash")
""")
TEMPS_LOOK_ALIKES_TOO = script(f"""
for path in {walk('P["folder"]')}:
    if P["ext"] in os.path.basename(path):
        os.remove(path)
""")

TREE_EXTRA_FOLDER = script('os.makedirs(os.path.join(P["base"], "Misc"))\n')
TREE_LOWERCASE = script("""
first = P["tree"][0].split("/")[0]
os.rename(os.path.join(P["base"], first), os.path.join(P["base"], first.lower() + "_"))
""")
TREE_NOTES_MOVED = script("""
shutil.move(os.path.join(P["base"], "notes.txt"),
            os.path.join(P["base"], P["tree"][0], "notes.txt"))
""")
TREE_FILES_NOT_FOLDERS = script("""
for t in P["tree"]:
    path = os.path.join(P["base"], t)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    open(path, "w").close()
""")


def newest_report() -> str:
    return 'max((os.path.join("Reports", n) for n in os.listdir("Reports")), key=os.path.getmtime)'


REPORT_SYMLINK = script(f"""
newest = {newest_report()}
os.symlink(os.path.join("/home/user", newest),
           os.path.join(P["share"], os.path.basename(newest)))
""")
REPORT_MOVED = script(f"""
newest = {newest_report()}
shutil.move(newest, P["share"])
""")
REPORT_COPY_RENAMED = script(f"""
newest = {newest_report()}
name = os.path.basename(newest)
os.rename(os.path.join(P["share"], name), os.path.join(P["share"], "Copy of " + name))
""")
REPORT_TWO_COPIED = script("""
for name in sorted(os.listdir("Reports"))[:2]:
    shutil.copy2(os.path.join("Reports", name), P["share"])
""")
REPORT_README_DELETED = script('os.remove(os.path.join(P["share"], "readme.txt"))\n')
REPORT_OLDEST = script("""
reports = [os.path.join("Reports", n) for n in os.listdir("Reports")]
shutil.copy2(min(reports, key=os.path.getmtime), P["share"])
""")

TYPE_FOLDER_LOWERCASE = script("""
first = sorted(P["scheme"])[0]
os.rename(os.path.join(P["folder"], first), os.path.join(P["folder"], first.lower()))
""")
TYPE_ONE_MISFILED = script("""
folders = sorted(P["scheme"])
src = os.path.join(P["folder"], folders[0])
name = sorted(os.listdir(src))[0]
shutil.move(os.path.join(src, name), os.path.join(P["folder"], folders[1], name))
""")
TYPE_ONE_RENAMED = script("""
src = os.path.join(P["folder"], sorted(P["scheme"])[0])
name = sorted(os.listdir(src))[0]
os.rename(os.path.join(src, name), os.path.join(src, "renamed_" + name))
""")
TYPE_COPY_NOT_MOVE = script("""
where = {e: folder for folder, exts in P["scheme"].items() for e in exts}
for name in sorted(os.listdir(P["folder"])):
    dst = os.path.join(P["folder"], where[name.rsplit(".", 1)[1]])
    os.makedirs(dst, exist_ok=True)
    shutil.copy2(os.path.join(P["folder"], name), dst)
""")

DATE_MONTH_UNPADDED = script(f"""
photo = sorted({walk('P["folder"]')})[0]
name = os.path.basename(photo)
dst = os.path.join(P["folder"], name[4:8], str(int(name[8:10])))
os.makedirs(dst, exist_ok=True)
shutil.move(photo, dst)
""")
DATE_COPY_LEFT_BEHIND = script(f"""
photo = sorted({walk('P["folder"]')})[0]
shutil.copy2(photo, P["folder"])
""")
DATE_NAMES_LOWERCASED = script(f"""
for photo in {walk('P["folder"]')}:
    os.rename(photo, os.path.join(os.path.dirname(photo), os.path.basename(photo).lower()))
""")
DATE_STRAY_FOLDER = script('os.makedirs(os.path.join(P["folder"], "New Folder"))\n')

RENAME_NUMBERS_SWAPPED = script("""
a, b = [os.path.join(P["folder"], P["prefix"] + "_" + n[4:8] + ".jpg") for n in P["originals"][:2]]
os.rename(a, a + ".tmp")
os.rename(b, a)
os.rename(a + ".tmp", b)
""")
RENAME_CAPTIONS_TOO = script("""
os.rename(os.path.join(P["folder"], "captions.txt"),
          os.path.join(P["folder"], P["prefix"] + "_captions.txt"))
""")
RENAME_JPEG = script("""
for n in P["originals"]:
    path = os.path.join(P["folder"], P["prefix"] + "_" + n[4:8] + ".jpg")
    os.rename(path, path[:-4] + ".jpeg")
""")
RENAME_COPIES = script("""
for n in P["originals"]:
    shutil.copy2(os.path.join(P["folder"], n),
                 os.path.join(P["folder"], P["prefix"] + "_" + n[4:8] + ".jpg"))
""")
RENAME_UPPERCASE_EXT = script("""
for name in P["originals"]:
    os.rename(os.path.join(P["folder"], name),
              os.path.join(P["folder"], P["prefix"] + "_" + name[4:8] + ".JPG"))
""")

EXT_RIGHT_ONE_UPPERCASED = script("""
for name in sorted(os.listdir(P["folder"])):
    if name in P["names"] and name != "readme.txt":
        stem, ext = name.rsplit(".", 1)
        upper = os.path.join(P["folder"], stem + "." + ext.upper())
        os.rename(os.path.join(P["folder"], name), upper)
        break
""")
EXT_JPEG = script("""
for name in sorted(os.listdir(P["folder"])):
    if name.endswith(".jpg"):
        os.rename(os.path.join(P["folder"], name), os.path.join(P["folder"], name[:-4] + ".jpeg"))
""")
EXT_README_RENAMED = script("""
os.rename(os.path.join(P["folder"], "readme.txt"), os.path.join(P["folder"], "readme.md"))
""")
EXT_STEM_CHANGED = script("""
magic = {b"%PDF": "pdf", b"\\x89PNG": "png", b"\\xff\\xd8\\xff": "jpg", b"PK\\x03\\x04": "zip"}
for i, name in enumerate(sorted(os.listdir(P["folder"]))):
    path = os.path.join(P["folder"], name)
    head = open(path, "rb").read(8)
    kind = next((k for m, k in magic.items() if head.startswith(m)), None)
    if kind and not name.endswith("." + kind):
        os.rename(path, os.path.join(P["folder"], f"file{i}.{kind}"))
""")


def rezip(select: str) -> Any:
    return script(f"""
folder = os.path.join(P["parent"], P["project"])
with zipfile.ZipFile(folder + ".zip", "w") as zf:
    for root, _, names in os.walk(P["parent"]):
        for name in sorted(names):
            full = os.path.join(root, name)
            rel = os.path.relpath(full, P["parent"])
            if not rel.endswith(".zip") and ({select}):
                zf.write(full, rel)
""")


ZIP_FOLDER_DELETED = script('shutil.rmtree(os.path.join(P["parent"], P["project"]))\n')
ZIP_SIBLING_TOO = rezip("True")
ZIP_WITHOUT_SRC = rezip('rel.startswith(P["project"] + "/") and "/src/" not in rel')
ZIP_A_LINK = script("""
folder = os.path.join(P["parent"], P["project"])
os.makedirs("Backups", exist_ok=True)
shutil.move(folder + ".zip", "Backups/archive.zip")
os.symlink("/home/user/Backups/archive.zip", folder + ".zip")
""")
ZIP_WITHOUT_THE_FOLDER = script("""
folder = os.path.join(P["parent"], P["project"])
with zipfile.ZipFile(folder + ".zip", "w") as zf:
    for root, _, names in os.walk(folder):
        for name in names:
            zf.write(os.path.join(root, name), os.path.relpath(os.path.join(root, name), folder))
""")

DUP_DELETED = script("""
for name in os.listdir(P["target"]):
    os.remove(os.path.join(P["target"], name))
""")
DUP_SINGLE_MOVED_TOO = script("""
sha = lambda p: hashlib.sha256(open(p, "rb").read()).hexdigest()
pool = [os.path.join(P["target"], n) for n in os.listdir(P["target"])]
dups = {sha(p) for p in pool}
single = next(os.path.join(P["folder"], n) for n in sorted(os.listdir(P["folder"]))
              if sha(os.path.join(P["folder"], n)) not in dups)
shutil.move(single, P["target"])
""")
DUP_RENAMED_ON_THE_WAY = script("""
for name in os.listdir(P["target"]):
    os.rename(os.path.join(P["target"], name), os.path.join(P["target"], "dup_" + name))
""")
DUP_KEEP_THE_NEWEST = script("""
groups = {}
for name in os.listdir(P["folder"]):
    path = os.path.join(P["folder"], name)
    groups.setdefault(hashlib.sha256(open(path, "rb").read()).hexdigest(), []).append(path)
os.makedirs(P["target"])
for paths in groups.values():
    for path in sorted(paths, key=os.path.getmtime)[:-1]:  # keeps the newest: wrong
        shutil.move(path, P["target"])
""")

PLAN_ROWS = """
import openpyxl
book = openpyxl.load_workbook(P["plan"])
ROWS = [(r[0], r[1]) for r in book[P["sheet"]].iter_rows(min_row=2, max_col=2, values_only=True)]
"""  # a plan's rows: (current name, new name) or (file, folder)
RENAME_CAPITALS = script(
    PLAN_ROWS
    + """
old, new = ROWS[0]
os.rename(os.path.join(P["folder"], new), os.path.join(P["folder"], new.upper()))
"""
)
RENAME_UNLISTED_TOO = script(
    PLAN_ROWS
    + """
listed = {new for _, new in ROWS}
other = sorted(n for n in os.listdir(P["folder"]) if n not in listed)[0]
os.rename(os.path.join(P["folder"], other), os.path.join(P["folder"], "2025-01_" + other))
"""
)
RENAME_PLAN_EDITED = script(
    PLAN_ROWS
    + """
old, new = ROWS[0]
os.rename(os.path.join(P["folder"], new), os.path.join(P["folder"], "contract_" + new))
book[P["sheet"]]["B2"] = "contract_" + book[P["sheet"]]["B2"].value
book.save(P["plan"])
"""
)
RENAME_COPIED = script(
    PLAN_ROWS
    + """
for old, new in ROWS:
    shutil.copy2(os.path.join(P["folder"], old), os.path.join(P["folder"], new))
"""
)
RENAME_EXTENSION_DROPPED = script(
    PLAN_ROWS
    + """
for old, new in ROWS[:2]:
    os.rename(os.path.join(P["folder"], new), os.path.join(P["folder"], new[:-4]))
"""
)

HITS = f"""
HITS = [p for p in {walk('P["root"]')} if P["term"] in os.path.basename(p).lower()]
"""
COLLECT_DECOYS_TOO = script(
    HITS
    + f"""
for path in {walk('P["root"]')}:
    if P["term"] + "s_old" in path:
        shutil.copy2(path, os.path.join(P["target"], os.path.basename(path)))
"""
)
COLLECT_ONE_MOVED = script(
    HITS
    + """
os.remove(sorted(HITS)[0])
"""
)
COLLECT_A_LINK = script(
    HITS
    + """
first = sorted(HITS)[0]
copy = os.path.join(P["target"], os.path.basename(first))
os.remove(copy)
os.symlink(os.path.abspath(first), copy)
"""
)
COLLECT_ONE_MISSED = script(
    HITS
    + """
os.remove(os.path.join(P["target"], os.path.basename(sorted(HITS)[-1])))
"""
)
PERM_README_TOO = script('os.chmod(os.path.join(P["base"], "scripts", "README.md"), 0o755)\n')
PERM_GROUP_READS_SECRET = script(
    'os.chmod(os.path.join(P["base"], "config", P["secret"]), 0o640)\n'
)
PERM_SCRIPTS_WORLD_WRITABLE = script("""
for name in P["scripts"]:
    os.chmod(os.path.join(P["base"], "scripts", name), 0o777)
""")
PERM_OWNER_ONLY_EXEC = script("""
for name in P["scripts"]:
    os.chmod(os.path.join(P["base"], "scripts", name), 0o744)
os.chmod(os.path.join(P["base"], "config", P["secret"]), 0o600)
""")
PERM_SETTINGS_TOO = script('os.chmod(os.path.join(P["base"], "config", "settings.yaml"), 0o600)\n')

FILING_COPIED = script(
    PLAN_ROWS
    + """
for name, folder in ROWS:
    shutil.copy2(os.path.join(P["folder"], name), os.path.join(folder, name))
"""
)
FILING_UNLISTED_TOO = script(
    PLAN_ROWS
    + """
name, folder = ROWS[0]
other = sorted(os.listdir(P["folder"]))[0]
shutil.move(os.path.join(P["folder"], other), os.path.join(folder, other))
"""
)
FILING_WRONG_SUBFOLDER = script(
    PLAN_ROWS
    + """
name, folder = ROWS[0]
other = folder[:-4] + "assets" if folder.endswith("docs") else folder[:-6] + "docs"
shutil.move(os.path.join(folder, name), os.path.join(other, name))
"""
)
FILING_README_DELETED = script(
    PLAN_ROWS
    + """
name, folder = ROWS[0]
os.remove(os.path.join(folder, "README.txt"))
"""
)

UNPACK_ARCHIVE_DELETED = script(
    PLAN_ROWS
    + """
name, dest = ROWS[0]
os.remove(os.path.join(P["folder"], name))
"""
)
UNPACK_UNLISTED_TOO = script(
    PLAN_ROWS
    + """
listed = {name for name, _ in ROWS}
other = sorted(n for n in os.listdir(P["folder"]) if n not in listed)[0]
with zipfile.ZipFile(os.path.join(P["folder"], other)) as zf:
    zf.extractall(os.path.join(P["folder"], other[:-4]))
"""
)
UNPACK_INTO_SUBFOLDER = script(
    PLAN_ROWS
    + """
name, dest = ROWS[0]
inner = os.path.join(dest, name[:-4])
os.makedirs(inner)
with zipfile.ZipFile(os.path.join(P["folder"], name)) as zf:
    for member in zf.namelist():
        shutil.move(os.path.join(dest, member), os.path.join(inner, member))
"""
)
UNPACK_ONE_FILE_MISSING = script(
    PLAN_ROWS
    + """
name, dest = ROWS[-1]
with zipfile.ZipFile(os.path.join(P["folder"], name)) as zf:
    os.remove(os.path.join(dest, zf.namelist()[0]))
"""
)

DOTS = """
DOTS = sorted(n for n in os.listdir(P["backup"]) if n.startswith(".")
              and os.path.isfile(os.path.join(P["backup"], n)))
"""
DOT_VISIBLE_TOO = script(
    DOTS
    + """
other = sorted(n for n in os.listdir(P["backup"]) if not n.startswith("."))[0]
shutil.copy2(os.path.join(P["backup"], other), os.path.join(P["target"], other))
"""
)
DOT_MOVED = script(
    DOTS
    + """
os.remove(os.path.join(P["backup"], DOTS[0]))
"""
)
DOT_DOT_DROPPED = script(
    DOTS
    + """
os.rename(os.path.join(P["target"], DOTS[0]), os.path.join(P["target"], DOTS[0][1:]))
"""
)
DOT_CACHE_TOO = script(
    DOTS
    + """
shutil.copytree(os.path.join(P["backup"], ".cache"), os.path.join(P["target"], ".cache"))
"""
)

CASES: list[Case] = [
    # delete-temp-files
    Case("delete-temp-files", 0, "the README deleted too", TEMPS_README_TOO, "others_kept"),
    Case("delete-temp-files", 0, "an empty folder left behind", TEMPS_STRAY_FOLDER,
         "nothing_else_changed"),
    Case("delete-temp-files", 1, "a look-alike renamed", TEMPS_LOOK_ALIKE_RENAMED,
         "others_kept"),
    Case("delete-temp-files", 1, "temporary files moved out, not deleted",
         TEMPS_MOVED_NOT_DELETED, "nothing_else_changed", from_gold=False),
    Case("delete-temp-files", 1, "look-alikes deleted too", TEMPS_LOOK_ALIKES_TOO,
         "others_kept", from_gold=False),
    # create-folder-tree
    Case("create-folder-tree", 0, "one folder too many", TREE_EXTRA_FOLDER,
         "nothing_else_changed"),
    Case("create-folder-tree", 0, "a folder under another name", TREE_LOWERCASE, "all_made"),
    Case("create-folder-tree", 1, "the notes moved into a new folder", TREE_NOTES_MOVED,
         "notes_kept"),
    Case("create-folder-tree", 1, "empty files where folders were asked",
         TREE_FILES_NOT_FOLDERS, "all_made", from_gold=False),
    # copy-newest-report
    Case("copy-newest-report", 0, "a symlink where a copy was asked", REPORT_SYMLINK,
         "newest_copied", from_gold=False),
    Case("copy-newest-report", 1, "moved, not copied", REPORT_MOVED, "reports_kept",
         from_gold=False),
    Case("copy-newest-report", 0, "the copy renamed", REPORT_COPY_RENAMED, "same_name"),
    Case("copy-newest-report", 1, "two other reports copied too", REPORT_TWO_COPIED,
         "nothing_else_copied"),
    Case("copy-newest-report", 0, "the share's readme deleted", REPORT_README_DELETED,
         "readme_kept"),
    Case("copy-newest-report", 1, "the oldest report copied", REPORT_OLDEST, "newest_copied",
         from_gold=False),
    # organize-by-type
    Case("organize-by-type", 0, "a folder named in lower case", TYPE_FOLDER_LOWERCASE,
         "nothing_else_changed"),
    Case("organize-by-type", 1, "one file in the wrong folder", TYPE_ONE_MISFILED,
         "nothing_else_changed"),
    Case("organize-by-type", 0, "a file renamed on the way", TYPE_ONE_RENAMED,
         "nothing_else_changed"),
    Case("organize-by-type", 1, "copied, not moved", TYPE_COPY_NOT_MOVE, "nothing_loose",
         from_gold=False),
    # organize-by-date
    Case("organize-by-date", 0, "a month folder without its leading zero",
         DATE_MONTH_UNPADDED, "all_sorted"),
    Case("organize-by-date", 1, "a copy left behind", DATE_COPY_LEFT_BEHIND, "nothing_loose"),
    Case("organize-by-date", 0, "names lower-cased", DATE_NAMES_LOWERCASED, "photos_kept"),
    Case("organize-by-date", 1, "an empty folder left behind", DATE_STRAY_FOLDER,
         "nothing_else_changed"),
    # batch-rename
    Case("batch-rename", 0, "two photos' numbers swapped", RENAME_NUMBERS_SWAPPED,
         "nothing_else_changed"),
    Case("batch-rename", 1, "the captions renamed too", RENAME_CAPTIONS_TOO, "captions_kept"),
    Case("batch-rename", 0, ".jpeg where .jpg was asked", RENAME_JPEG, "all_renamed"),
    Case("batch-rename", 1, "copies under the new names, old names kept", RENAME_COPIES,
         "no_old_names", from_gold=False),
    Case("batch-rename", 1, "the extension left in capitals", RENAME_UPPERCASE_EXT,
         "all_renamed", from_gold=False),
    # fix-extensions
    Case("fix-extensions", 0, "a right extension upper-cased", EXT_RIGHT_ONE_UPPERCASED,
         "nothing_else_changed"),
    Case("fix-extensions", 1, ".jpeg where .jpg fits", EXT_JPEG, "nothing_else_changed"),
    Case("fix-extensions", 0, "the readme renamed", EXT_README_RENAMED,
         "right_ones_untouched"),
    Case("fix-extensions", 1, "fixed under new stems", EXT_STEM_CHANGED, "names_kept",
         from_gold=False),
    # archive-folder
    Case("archive-folder", 0, "the folder deleted after zipping", ZIP_FOLDER_DELETED,
         "folder_kept"),
    Case("archive-folder", 1, "the sibling project zipped too", ZIP_SIBLING_TOO,
         "only_the_folder"),
    Case("archive-folder", 0, "a subfolder left out", ZIP_WITHOUT_SRC, "all_files"),
    Case("archive-folder", 1, "a link to an archive elsewhere", ZIP_A_LINK, "archive_readable"),
    Case("archive-folder", 1, "entries without the folder's name", ZIP_WITHOUT_THE_FOLDER,
         "half_the_files", from_gold=False),
    # move-duplicates
    Case("move-duplicates", 0, "copies deleted, not moved", DUP_DELETED, "files_kept"),
    Case("move-duplicates", 1, "a file without copies moved too", DUP_SINGLE_MOVED_TOO,
         "singles_stay"),
    Case("move-duplicates", 0, "copies renamed on the way", DUP_RENAMED_ON_THE_WAY,
         "nothing_else_changed"),
    Case("move-duplicates", 1, "the newest copy kept", DUP_KEEP_THE_NEWEST, "oldest_kept",
         from_gold=False),
    # rename-from-sheet (calc -> files)
    Case("rename-from-sheet", 0, "a new name typed in capitals", RENAME_CAPITALS,
         "nothing_else_changed"),
    Case("rename-from-sheet", 1, "a scan not on the plan renamed too", RENAME_UNLISTED_TOO,
         "nothing_else_changed"),
    Case("rename-from-sheet", 2, "the plan edited to fit a wrong name", RENAME_PLAN_EDITED,
         "nothing_else_changed"),
    Case("rename-from-sheet", 0, "the extension left off", RENAME_EXTENSION_DROPPED,
         "all_renamed"),
    Case("rename-from-sheet", 1, "copies under the new names, originals kept", RENAME_COPIED,
         "all_renamed", from_gold=False),
    # collect-by-search
    Case("collect-by-search", 0, "the files of the folder named after the word copied too",
         COLLECT_DECOYS_TOO, "nothing_else_changed"),
    Case("collect-by-search", 1, "a hit moved, not copied", COLLECT_ONE_MOVED,
         "nothing_else_changed"),
    Case("collect-by-search", 2, "a link where a copy was asked", COLLECT_A_LINK,
         "nothing_else_changed"),
    Case("collect-by-search", 0, "one hit missed", COLLECT_ONE_MISSED, "all_copied"),
    # set-permissions
    Case("set-permissions", 0, "the README made executable too", PERM_README_TOO,
         "other_modes_kept"),
    Case("set-permissions", 1, "the group may still read the secrets", PERM_GROUP_READS_SECRET,
         "secret_private"),
    Case("set-permissions", 2, "scripts writable by everyone", PERM_SCRIPTS_WORLD_WRITABLE,
         "scripts_runnable"),
    Case("set-permissions", 0, "the settings file locked down too", PERM_SETTINGS_TOO,
         "other_modes_kept"),
    Case("set-permissions", 1, "scripts runnable by the owner only", PERM_OWNER_ONLY_EXEC,
         "scripts_runnable", from_gold=False),
    # file-by-sheet (calc -> files)
    Case("file-by-sheet", 0, "copied, not moved", FILING_COPIED, "all_moved", from_gold=False),
    Case("file-by-sheet", 1, "an unlisted download filed too", FILING_UNLISTED_TOO,
         "others_kept"),
    Case("file-by-sheet", 2, "a file in the project's other subfolder", FILING_WRONG_SUBFOLDER,
         "nothing_else_changed"),
    Case("file-by-sheet", 0, "a folder's readme deleted on the way", FILING_README_DELETED,
         "nothing_else_changed"),
    # extract-by-sheet (calc -> files)
    Case("extract-by-sheet", 0, "an archive deleted after unpacking", UNPACK_ARCHIVE_DELETED,
         "archives_kept"),
    Case("extract-by-sheet", 1, "an unlisted archive unpacked too", UNPACK_UNLISTED_TOO,
         "nothing_else_changed"),
    Case("extract-by-sheet", 2, "unpacked into a subfolder named after the archive",
         UNPACK_INTO_SUBFOLDER, "nothing_else_changed"),
    Case("extract-by-sheet", 0, "a file of an archive missing", UNPACK_ONE_FILE_MISSING,
         "all_extracted"),
    # copy-hidden-files
    Case("copy-hidden-files", 0, "a visible file copied too", DOT_VISIBLE_TOO,
         "nothing_else_changed"),
    Case("copy-hidden-files", 1, "a dotfile moved, not copied", DOT_MOVED, "nothing_else_changed"),
    Case("copy-hidden-files", 2, "a copy without its leading dot", DOT_DOT_DROPPED, "all_copied"),
    Case("copy-hidden-files", 0, "the hidden cache folder copied too", DOT_CACHE_TOO,
         "nothing_else_changed"),
]  # fmt: skip


def params(family: str, seed: int) -> dict[str, Any]:
    return domain.family(family).sample(seed).params or {}  # type: ignore[no-any-return]


@pytest.fixture(scope="module")
def outputs() -> dict[int, RewardOutput]:
    """Every case scored: one environment per (family, seed), cases restored from its
    ``initial`` snapshot; a few environments at a time (the CPUs are shared)."""
    groups: dict[tuple[str, int], list[int]] = {}
    for i, case in enumerate(CASES):
        groups.setdefault((case.family, case.seed), []).append(i)
    gate = asyncio.Semaphore(3)

    async def group(key: tuple[str, int], indices: list[int]) -> list[RewardOutput]:
        family = domain.family(key[0])
        gold = family.generate(family.sample(key[1])).golden_patch
        states: list[tuple[str, ...]] = []
        for i in indices:
            change = CASES[i].script(params(*key))
            states.append((gold, change) if CASES[i].from_gold else (change,))
        async with gate:
            return await score_end_states(family, key[1], states)

    async def everything() -> list[list[RewardOutput]]:
        return await asyncio.gather(*(group(k, v) for k, v in groups.items()))

    done = asyncio.run(everything())
    return {i: out for indices, outs in zip(groups.values(), done, strict=True)
            for i, out in zip(indices, outs, strict=True)}  # fmt: skip


def test_every_family_has_three_wrong_end_states_from_gold() -> None:
    for family in domain.families:
        from_gold = [c for c in CASES if c.family == family.id and c.from_gold]
        assert len(from_gold) >= 3, family.id


@pytest.mark.parametrize("index", range(len(CASES)), ids=[f"{c.family}:{c.why}" for c in CASES])
def test_a_wrong_end_state_is_not_full_credit(index: int, outputs: dict[int, RewardOutput]) -> None:
    case, out = CASES[index], outputs[index]
    failed = {c.name for c in out.checks if not c.passed}
    assert out.reward is not None and out.reward < 1.0, (case.why, out)
    assert case.fails in failed, (case.why, failed, out)
