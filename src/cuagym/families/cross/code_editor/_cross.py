"""Cross-application families whose edits in the code editor follow another app's file.

- calc -> code-editor: a deployment's settings set in settings.ini as a rollout workbook
  lists them (section, key, value per row);
- writer -> code-editor: a code review's table of constants and their new values applied to
  the package's config module.

The reward reads the plan from the workbook or document as it is in the final state (reading
state: "as the review says" is checked without the Generator's world), pins it to the row
count the context states and compares every change of the home with it.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar

from cuagym.apps.code_editor import domain_of, ini_set, set_constant
from cuagym.core import Difficulty, StartWindow, TaskConfig
from cuagym.families._family import TaskParams
from cuagym.families.code_editor.kit import HOME, CodeFamily, World, pick_project, quote
from cuagym.families.cross.code_editor._cross_checks import (
    constants_from_review,
    settings_from_workbook,
)
from cuagym.scripts import statements_of

__all__ = ["ConstantsFromReview", "SettingsFromWorkbook"]

# (section, key, values a rollout may set: never a value the world writes)
_ROLLOUT: tuple[tuple[str, str, tuple[Any, ...]], ...] = (
    ("server", "timeout", (45, 60, 90)),
    ("server", "workers", (12, 16)),
    ("server", "port", (8443, 7000)),
    ("cache", "ttl", (900, 1800)),
    ("cache", "timeout", (8, 10)),
    ("cache", "max_entries", (5000, 10000)),
    ("logging", "level", ("DEBUG", "ERROR")),
)


class SettingsFromWorkbookParams(TaskParams):
    """What a :class:`SettingsFromWorkbook` task states."""

    root: str
    pkg: str
    plan: str
    sheet: str
    rows: int


class SettingsFromWorkbook(CodeFamily):
    """Each row of the rollout sheet (section, key, value) set in settings.ini; keys of the
    same name in other sections and every other file stay."""

    id: ClassVar[str] = "settings-from-workbook"
    difficulty: ClassVar[Difficulty] = "medium"
    apps: ClassVar[tuple[str, ...]] = ("calc", "code-editor")
    taxonomy_path: ClassVar[tuple[str, ...]] = ("configure", "config-files", "from-workbook")
    params_type: ClassVar[type[TaskParams] | None] = SettingsFromWorkbookParams
    reward_imports: ClassVar[str] = "\nimport openpyxl\n"

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        pkg, root = pick_project(rng)
        name = root.rsplit("/", 1)[1]
        plan, sheet, rows = f"Documents/{name}_rollout.xlsx", "Settings", rng.randint(2, 4)
        ini, book = f"~/{root}/settings.ini", f"~/{plan}"
        instruction = rng.choice(
            [
                f"Apply the rollout in {book} (sheet {sheet}) to {ini}: each row gives a "
                "section, a key and the value it must have. Save; nothing else changes.",
                f"Set every setting listed on the {sheet} sheet of {book} in {ini}, in the "
                "section the row names, and leave the workbook and other settings alone.",
                f"{ini} must match the rollout plan {book}: for each row of its {sheet} sheet, "
                "that section's key gets the row's value.",
                f"The operations team put the new settings in {book} ({sheet} sheet: section, "
                f"key, value). Make {ini} use them and save the file.",
                f"Update {ini} from the {sheet} sheet of {book}, one setting per row, each in "
                "its own section; keys of the same name elsewhere keep their values.",
            ]
        )
        return self.make_task(
            task_id,
            instruction,
            f"/home/user/{plan} is open in the spreadsheet: its {sheet} sheet has a header "
            f"row (Section, Key, Value) and {rows} rows. /home/user/{root}/settings.ini, open "
            "in the editor, has [server], [cache] and [logging] sections (both [server] and "
            "[cache] have a timeout). The home folder is /home/user (~).",
            root=root,
            pkg=pkg,
            plan=plan,
            sheet=sheet,
            rows=rows,
        )

    def start_windows(self, params: Mapping[str, Any]) -> list[StartWindow]:
        """The workbook in the spreadsheet, then the editor on settings.ini."""
        return [
            StartWindow(app="calc", path=f"{HOME}/{params['plan']}"),
            StartWindow(app="code-editor", path=f"{HOME}/{self.start_file(params)}"),
        ]

    def start_file(self, params: Mapping[str, Any]) -> str:
        return f"{params['root']}/settings.ini"

    def _rows(self, p: Mapping[str, Any], rng: random.Random) -> list[list[Any]]:
        picked = rng.sample(_ROLLOUT, p["rows"])
        return [[section, key, rng.choice(values)] for section, key, values in picked]

    def world(self, p: dict[str, Any], rng: random.Random) -> World:
        files = dict(self.project(p, rng).files)
        rows = [["Section", "Key", "Value"], *self._rows(p, rng)]
        return World(files, sheets={p["plan"]: {"sheet": p["sheet"], "rows": rows}})

    def edits(self, p: dict[str, Any], world: World) -> dict[str, str]:
        ini = self.start_file(p)
        text = world.files[ini]
        for section, key, value in world.sheets[p["plan"]]["rows"][1:]:
            text = ini_set(text, section, key, str(value))
        return {ini: text}

    def checks(self, p: dict[str, Any]) -> str:
        return statements_of(settings_from_workbook)


# constant of config.py -> values a review may ask for (never one the world writes)
_REVIEWED: dict[str, tuple[int, ...]] = {
    "TIMEOUT_S": (45, 60),
    "PAGE_SIZE": (10, 100),
    "CACHE_TTL_S": (900, 3600),
}
_WHY = {
    "TIMEOUT_S": "the ledger answers slowly at month end",
    "PAGE_SIZE": "pages of this size fit the new list view",
    "CACHE_TTL_S": "stale entries were served for too long",
}


class ConstantsFromReviewParams(TaskParams):
    """What a :class:`ConstantsFromReview` task states."""

    root: str
    pkg: str
    doc: str
    count: int


class ConstantsFromReview(CodeFamily):
    """The constants a code review's table names get their new values in config.py; the
    API URL the review says stays, and every other line, keep theirs."""

    id: ClassVar[str] = "constants-from-review"
    difficulty: ClassVar[Difficulty] = "medium"
    apps: ClassVar[tuple[str, ...]] = ("writer", "code-editor")
    taxonomy_path: ClassVar[tuple[str, ...]] = ("configure", "config-files", "from-document")
    params_type: ClassVar[type[TaskParams] | None] = ConstantsFromReviewParams
    reward_imports: ClassVar[str] = "\nimport docx\n"

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        pkg, root = pick_project(rng)
        doc, count = f"Documents/review_{root.rsplit('/', 1)[1]}.docx", rng.randint(2, 3)
        config, review = f"~/{root}/{pkg}/config.py", f"~/{doc}"
        instruction = rng.choice(
            [
                f"Apply the code review {review}: its table lists constants of {config} and "
                "their new values. Set them, save, and change nothing else.",
                f"The reviewer asked for new values in {config}; the table in {review} says "
                "which constant gets which value. Make those edits.",
                f"Update the constants of {config} as the table of {review} lists them, one "
                "constant per row; the rest of the module stays as it is.",
                f"{review} ends with a table of constants and new values for {config}. Change "
                "each listed constant accordingly and save the module.",
                f"Set the constants named in the review {review} to the values its table "
                f"gives, in {config}; other constants and files keep theirs.",
            ]
        )
        return self.make_task(
            task_id,
            instruction,
            f"/home/user/{doc} is open in the word processor: a short code review whose "
            f"table (Constant, New value) has {count} rows. /home/user/{root}/{pkg}/config.py, "
            f"open in the editor, defines API_URL and the constants {quote('TIMEOUT_S')}, "
            f"{quote('PAGE_SIZE')} and {quote('CACHE_TTL_S')}. The home folder is /home/user (~).",
            root=root,
            pkg=pkg,
            doc=doc,
            count=count,
        )

    def start_windows(self, params: Mapping[str, Any]) -> list[StartWindow]:
        """The review in the word processor, then the editor on the config module."""
        return [
            StartWindow(app="writer", path=f"{HOME}/{params['doc']}"),
            StartWindow(app="code-editor", path=f"{HOME}/{self.start_file(params)}"),
        ]

    def start_file(self, params: Mapping[str, Any]) -> str:
        return f"{params['root']}/{params['pkg']}/config.py"

    def world(self, p: dict[str, Any], rng: random.Random) -> World:
        project = self.project(p, rng)
        names = rng.sample(sorted(_REVIEWED), p["count"])
        rows = [["Constant", "New value"], *([n, str(rng.choice(_REVIEWED[n]))] for n in names)]
        d = domain_of(p["pkg"])
        paragraphs = [
            f"Reviewed the {d.service} client of {project.title} before the next release.",
            *(f"{n}: {_WHY[n]}." for n in names),
            "API_URL stays as it is. New values:",
        ]
        spec = {"title": f"Code review: {project.title}", "paragraphs": paragraphs, "rows": rows}
        return World(dict(project.files), docs={p["doc"]: spec})

    def edits(self, p: dict[str, Any], world: World) -> dict[str, str]:
        config = self.start_file(p)
        text = world.files[config]
        for name, value in world.docs[p["doc"]]["rows"][1:]:
            text = set_constant(text, name, value)
        return {config: text}

    def checks(self, p: dict[str, Any]) -> str:
        return statements_of(constants_from_review)
