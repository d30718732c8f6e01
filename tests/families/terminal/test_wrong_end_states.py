"""Wrong end states of every terminal family score below 1.0, and for the stated reason.

Each case is a plausible end state an RL policy reaches — mostly from the gold state (the golden
patch, then a small script: a collateral change, the right change in the wrong place, one
step too many or too few), some from the initial one (the classic ``ln -sf`` into a folder).
It runs for real (setup, the ``initial`` snapshot, the scripts, the reward in a sandbox) and
must score < 1.0 with the named check failing.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest

from cuagym.core import RewardOutput
from cuagym.domains import load_domain
from tests.families.desktop_harness import score_end_states

domain = load_domain("terminal")

pytestmark = pytest.mark.slow


def script(body: str) -> Callable[[dict[str, Any]], str]:
    """A change script: ``body`` runs in /home/user with ``P`` (the task's params)."""

    def build(p: dict[str, Any]) -> str:
        return (
            "import io\nimport json\nimport os\nimport re\nimport shutil\nimport tarfile\n"
            f"P = json.loads({json.dumps(p)!r})\nos.chdir('/home/user')\n" + body
        )

    return build


@dataclass(frozen=True)
class Case:
    family: str
    seed: int
    why: str  # what is wrong with the end state
    script: Callable[[dict[str, Any]], str]  # params -> change script
    fails: str  # the check that must catch it
    from_gold: bool = True


def append(path: str, text: str) -> str:
    return f"with open({path}, 'a') as fh:\n    fh.write({text})\n"


def edit(path: str, old: str, new: str, count: int = 1) -> str:
    return (
        f"text = open({path}).read()\n"
        f"open({path}, 'w').write(text.replace({old}, {new}, {count}))\n"
    )


# set-env-export
ENV_SECOND_DEFINITION = script(append('P["file"]', '"export " + P["var"] + "=other\\n"'))
ENV_NOT_EXPORTED = script(edit('P["file"]', '"export " + P["var"]', 'P["var"]'))
ENV_ALIAS_LOST = script(edit('P["file"]', "\"alias ll='ls -alF'\\n\"", '""'))
ENV_MODE_CHANGED = script('os.chmod(P["file"], 0o755)\n')
# private-ssh
SSH_PUB_PRIVATE = script("for n in os.listdir('.ssh'):\n    os.chmod('.ssh/' + n, 0o600)\n")
SSH_FOLDER_OPEN = script("os.chmod('.ssh', 0o755)\n")
SSH_ALL_700 = script("for n in os.listdir('.ssh'):\n    os.chmod('.ssh/' + n, 0o700)\n")
SSH_NOTES_TOO = script("os.chmod('notes.txt', 0o600)\n")
# schedule-job
JOB_FIELDS_SWAPPED = script("""
lines = open(P["file"]).read().splitlines()
f = lines[-1].split(" ")
lines[-1] = " ".join([f[1], f[0], *f[2:]])
open(P["file"], "w").write("\\n".join(lines) + "\\n")
""")
JOB_OLD_ONE_LOST = script("""
lines = open(P["file"]).read().splitlines(True)
open(P["file"], "w").write("".join(lines[:2] + lines[3:]))
""")
JOB_TWICE = script("""
last = open(P["file"]).read().splitlines(True)[-1]
open(P["file"], "a").write(last)
""")
JOB_WRONG_SCRIPT = script(edit('P["file"]', 'P["script"] + "\\n"', '"bin/other.sh\\n"'))
# edit-tool-config
CONFIG_BOTH_SECTIONS = script("""
path = ".config/" + P["tool"] + "/config." + P["format"]
lines = open(path).read().splitlines(True)
key = ('"' + P["key"] + '":') if P["format"] == "json" else (P["key"] + " =")
lines = [re.sub(r"\\d+", str(P["value"]), ln, count=1) if ln.strip().startswith(key) else ln
         for ln in lines]
open(path, "w").write("".join(lines))
""")
CONFIG_WRONG_SECTION = script("""
path = ".config/" + P["tool"] + "/config." + P["format"]
other = "backup" if P["section"] == "sync" else "sync"
text = open(path).read()
for section in (P["section"], other):  # the golden edit undone, the other section edited
    head = ('"' + section + '"') if P["format"] == "json" else ("[" + section + "]")
    key = ('"' + P["key"] + '": ') if P["format"] == "json" else (P["key"] + " = ")
    at = text.index(key, text.index(head))
    end = at + len(key) + len(re.match(r"\\d+", text[at + len(key):]).group())
    value = "777" if section == other else "1234"
    text = text[: at + len(key)] + value + text[end:]
open(path, "w").write(text)
""")
CONFIG_REFORMATTED = script("""
path = ".config/" + P["tool"] + "/config." + P["format"]
text = open(path).read()
open(path, "w").write(text.replace(" = ", "=") if P["format"] == "ini"
                      else json.dumps(json.loads(text), indent=4))
""")
CONFIG_README_GONE = script('os.remove(".config/" + P["tool"] + "/README")\n')
# save-search-results
SEARCH_NAME_MATCH_TOO = script(append('P["output"]', 'P["marker"] + ".md\\n"'))
SEARCH_CASE_BLIND = script("""
base = P["folder"]
found = []
for root, _, names in os.walk(base):
    for n in names:
        path = os.path.join(root, n)
        if P["marker"].lower() in open(path).read().lower():
            found.append(os.path.relpath(path, base))
open(P["output"], "w").write("".join(f + "\\n" for f in sorted(found)))
""")
SEARCH_SAVED_IN_PROJECT = script('shutil.move(P["output"], P["folder"] + "/" + P["output"])\n')
SEARCH_ONE_MISSING = script("""
lines = open(P["output"]).read().splitlines(True)
open(P["output"], "w").write("".join(lines[1:]))
""")
# modes-from-sheet
SHEET_ROWS = """
import openpyxl
sheet = openpyxl.load_workbook(P["plan"])[P["sheet"]]
rows = list(sheet.iter_rows(min_row=2, values_only=True))
"""
MODES_UNLISTED_TOO = script(
    SHEET_ROWS
    + """
listed = {r[0] for r in rows}
other = sorted(n for n in os.listdir(P["folder"]) if n not in listed)[0]
os.chmod(P["folder"] + "/" + other, 0o600)
"""
)
MODES_ONE_WRONG = script(
    SHEET_ROWS
    + """
os.chmod(P["folder"] + "/" + rows[0][0], 0o777)
"""
)
MODES_SHEET_EDITED = script("""
import openpyxl
book = openpyxl.load_workbook(P["plan"])
book[P["sheet"]]["C1"] = "done"
book.save(P["plan"])
""")
MODES_AS_DECIMAL = script(
    SHEET_ROWS
    + """
for name, mode in rows:
    os.chmod(P["folder"] + "/" + name, int(mode))
"""
)
# links-from-sheet
LINKS_ONE_ELSEWHERE = script("""
first = sorted(n for n in os.listdir(P["folder"]) if n not in ("inbox", "README.txt"))[0]
os.remove(P["folder"] + "/" + first)
os.symlink("/home/user/Documents", P["folder"] + "/" + first)
""")
LINKS_COPIES = script("""
for n in sorted(os.listdir(P["folder"])):
    path = P["folder"] + "/" + n
    if n != "inbox" and os.path.islink(path):
        target = os.readlink(path)
        os.remove(path)
        shutil.copytree(target, path)
""")
LINKS_INBOX_GONE = script('os.remove(P["folder"] + "/inbox")\n')
LINKS_RENAMED = script("""
for n in sorted(os.listdir(P["folder"])):
    path = P["folder"] + "/" + n
    if n != "inbox" and os.path.islink(path):
        os.rename(path, path + "-link")
""")
# scripts-executable
SCRIPTS_ALL_EXECUTABLE = script("""
for n in os.listdir(P["folder"]):
    if not n.endswith(".md"):
        os.chmod(P["folder"] + "/" + n, 0o755)
""")
SCRIPTS_README_TOO = script('os.chmod(P["folder"] + "/README.md", 0o755)\n')
SCRIPTS_WORLD_WRITABLE = script("""
for n in os.listdir(P["folder"]):
    if open(P["folder"] + "/" + n).read().startswith("#!"):
        os.chmod(P["folder"] + "/" + n, 0o777)
""")
SCRIPTS_ONE_LEFT = script("""
fixed = sorted(n for n in os.listdir(P["folder"])
               if open(P["folder"] + "/" + n).read().startswith("#!"))
os.chmod(P["folder"] + "/" + fixed[-1], 0o644)
""")
# point-current-link
RELEASES = 'P["folder"] + "/releases"'
LINK = 'P["folder"] + "/" + P["link"]'
CURRENT_LS_ORDER = script(f"""
passed = [n for n in sorted(os.listdir({RELEASES}))
          if "passed" in open({RELEASES} + "/" + n + "/status.txt").read()]
os.remove({LINK})
os.symlink("releases/" + passed[-1], {LINK})
""")
CURRENT_NEWEST_FAILED = script(f"""
newest = max(os.listdir({RELEASES}), key=lambda n: tuple(int(x) for x in n[1:].split(".")))
os.remove({LINK})
os.symlink("releases/" + newest, {LINK})
""")
CURRENT_COPIED = script(f"""
target = os.path.realpath({LINK})
os.remove({LINK})
shutil.copytree(target, {LINK})
""")
CURRENT_STATUS_EDITED = script(f"""
for n in os.listdir({RELEASES}):
    path = {RELEASES} + "/" + n + "/status.txt"
    text = open(path).read()
    if "failed" in text:
        open(path, "w").write(text.replace("failed", "passed"))
""")
CURRENT_LN_SF = script(f"""
old = os.path.realpath({LINK})
passed = [n for n in os.listdir({RELEASES})
          if "passed" in open({RELEASES} + "/" + n + "/status.txt").read()]
best = max(passed, key=lambda n: tuple(int(x) for x in n[1:].split(".")))
os.symlink("releases/" + best, old + "/" + best)  # ln -sf without -n: into the old folder
""")
# archive-old-logs
LOGS = 'P["folder"]'
CUT = """
dates = re.findall(r"\\d{4}-\\d{2}-\\d{2}", open(P["releases"]).read())
cut = max(dates)
tarball = P["archive"] + "/logs-" + cut + ".tar.gz"
"""
READ_TARBALL = """
with tarfile.open(tarball) as tf:
    members = [(m, tf.extractfile(m).read()) for m in tf.getmembers() if m.isfile()]
"""
LOGS_ONE_LOST = script(
    CUT
    + READ_TARBALL
    + """
with tarfile.open(tarball, "w:gz") as tf:
    for m, data in members[1:]:
        tf.addfile(m, io.BytesIO(data))
"""
)
LOGS_NEWER_TOO = script(
    CUT
    + READ_TARBALL
    + """
newer = sorted(n for n in os.listdir(P["folder"]) if n.startswith(P["prefix"]))[0]
with tarfile.open(tarball, "w:gz") as tf:
    for m, data in members:
        tf.addfile(m, io.BytesIO(data))
    tf.add(P["folder"] + "/" + newer, arcname=newer)
"""
)
LOGS_NOT_REMOVED = script(
    CUT
    + """
with tarfile.open(tarball) as tf:
    tf.extractall(P["folder"])
"""
)
LOGS_WRONG_DATE = script(
    CUT
    + """
newest = max(n for n in os.listdir(P["folder"]) if n.startswith(P["prefix"]))
os.rename(tarball, P["archive"] + "/logs-" + newest[len(P["prefix"]) + 1 : -4] + ".tar.gz")
"""
)
LOGS_CUT_DAY_TOO = script(
    CUT
    + """
os.remove(P["folder"] + "/" + P["prefix"] + "-" + cut + ".log")
"""
)

CASES = [
    Case("set-env-export", 0, "a second definition of the variable", ENV_SECOND_DEFINITION,
         "exported_once"),
    Case("set-env-export", 1, "set but not exported", ENV_NOT_EXPORTED, "exported_once"),
    Case("set-env-export", 2, "an alias line lost", ENV_ALIAS_LOST, "other_lines_kept"),
    Case("set-env-export", 0, "the file made executable", ENV_MODE_CHANGED, "other_lines_kept"),
    Case("private-ssh", 0, "public keys made private too", SSH_PUB_PRIVATE, "all_files_right"),
    Case("private-ssh", 1, "the folder left open", SSH_FOLDER_OPEN, "folder_private"),
    Case("private-ssh", 2, "every file 700", SSH_ALL_700, "all_files_right"),
    Case("private-ssh", 0, "a file outside ~/.ssh locked too", SSH_NOTES_TOO,
         "nothing_else_changed"),
    Case("schedule-job", 0, "minute and hour swapped", JOB_FIELDS_SWAPPED, "schedule_right"),
    Case("schedule-job", 1, "an existing job lost", JOB_OLD_ONE_LOST, "jobs_kept"),
    Case("schedule-job", 2, "the job added twice", JOB_TWICE, "one_job_added"),
    Case("schedule-job", 0, "another script scheduled", JOB_WRONG_SCRIPT, "runs_the_script"),
    Case("edit-tool-config", 0, "the key changed in both sections", CONFIG_BOTH_SECTIONS,
         "setting_changed"),
    Case("edit-tool-config", 1, "the other section edited", CONFIG_WRONG_SECTION,
         "setting_changed"),
    Case("edit-tool-config", 2, "the whole file rewritten in another layout", CONFIG_REFORMATTED,
         "other_lines_kept"),
    Case("edit-tool-config", 0, "the tool's README removed", CONFIG_README_GONE,
         "nothing_else_changed"),
    Case("save-search-results", 0, "a file named like the marker listed", SEARCH_NAME_MATCH_TOO,
         "exactly_the_matches"),
    Case("save-search-results", 1, "a case-blind search", SEARCH_CASE_BLIND,
         "exactly_the_matches"),
    Case("save-search-results", 2, "the list saved inside the project", SEARCH_SAVED_IN_PROJECT,
         "nothing_else_changed"),
    Case("save-search-results", 0, "one match missing", SEARCH_ONE_MISSING, "exactly_the_matches"),
    Case("modes-from-sheet", 0, "an unlisted file changed", MODES_UNLISTED_TOO,
         "nothing_else_changed"),
    Case("modes-from-sheet", 1, "one mode wrong", MODES_ONE_WRONG, "all_set"),
    Case("modes-from-sheet", 2, "the workbook edited", MODES_SHEET_EDITED, "nothing_else_changed"),
    Case("modes-from-sheet", 0, "modes read as decimal numbers", MODES_AS_DECIMAL, "all_set"),
    Case("links-from-sheet", 0, "a link to the wrong folder", LINKS_ONE_ELSEWHERE, "all_linked"),
    Case("links-from-sheet", 1, "folders copied instead of linked", LINKS_COPIES, "all_linked"),
    Case("links-from-sheet", 2, "the existing inbox link removed", LINKS_INBOX_GONE,
         "nothing_else_changed"),
    Case("links-from-sheet", 0, "links under other names", LINKS_RENAMED,
         "nothing_else_changed"),
    Case("scripts-executable", 0, "sourced helpers made executable", SCRIPTS_ALL_EXECUTABLE,
         "sourced_kept"),
    Case("scripts-executable", 1, "the README made executable", SCRIPTS_README_TOO,
         "nothing_else_changed"),
    Case("scripts-executable", 2, "scripts made world-writable", SCRIPTS_WORLD_WRITABLE,
         "all_executable"),
    Case("scripts-executable", 0, "one script left", SCRIPTS_ONE_LEFT, "all_executable"),
    Case("point-current-link", 0, "the newest passed release in ls order", CURRENT_LS_ORDER,
         "points_at_newest_passed"),
    Case("point-current-link", 1, "the newest release, which failed", CURRENT_NEWEST_FAILED,
         "points_at_newest_passed"),
    Case("point-current-link", 2, "current replaced by a copy", CURRENT_COPIED, "still_a_link"),
    Case("point-current-link", 0, "a failed status rewritten", CURRENT_STATUS_EDITED,
         "nothing_else_changed"),
    Case("point-current-link", 1, "ln -sf without -n: a link inside the old release",
         CURRENT_LN_SF, "nothing_else_changed", from_gold=False),
    Case("archive-old-logs", 0, "one old log lost", LOGS_ONE_LOST, "nothing_lost"),
    Case("archive-old-logs", 1, "a newer log archived too", LOGS_NEWER_TOO,
         "archive_holds_old_logs"),
    Case("archive-old-logs", 2, "archived but not removed", LOGS_NOT_REMOVED, "old_logs_removed"),
    Case("archive-old-logs", 0, "the tarball dated after the newest log", LOGS_WRONG_DATE,
         "nothing_lost"),
    Case("archive-old-logs", 1, "the release day's log removed too", LOGS_CUT_DAY_TOO,
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
