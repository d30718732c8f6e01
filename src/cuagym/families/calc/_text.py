"""Families on text formulas: a display-name column joined from a contact list's columns."""

from __future__ import annotations

import random
from typing import Any, ClassVar

from cuagym.apps.calc import COMPANIES, contact_table, slug
from cuagym.core import Difficulty, TaskConfig
from cuagym.families._family import TaskParams
from cuagym.families.calc._base import SAVE_NOTE, CalcFamily, CalcParams, Sheet, quote
from cuagym.families.calc._name_styles import NAME_STYLES, joined_columns
from cuagym.families.calc._text_checks import display_names
from cuagym.scripts import statements_of

__all__ = ["DisplayNames"]


class DisplayNamesParams(CalcParams):
    """What a :class:`DisplayNames` task states (its ``params``)."""

    sheet: str
    header: str
    style: str
    n: int


class DisplayNames(CalcFamily):
    """A new column that joins each contact's name parts (and company) with formulas."""

    id: ClassVar[str] = "display-names"
    difficulty: ClassVar[Difficulty] = "medium"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("formulas", "text-and-dates", "text-functions")
    params_type: ClassVar[type[TaskParams] | None] = DisplayNamesParams

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        company = rng.choice(COMPANIES)
        style = rng.choice(sorted(NAME_STYLES))
        n = rng.randint(12, 24)
        header = rng.choice(["Display name", "Full name", "Label"])
        what, example, _, _ = NAME_STYLES[style]
        path = f"/home/user/Documents/{slug(company)}_contacts.xlsx"
        tab, named, cells = quote("Contacts"), quote(header), f"E2:E{n + 1}"
        instruction = rng.choice(
            [
                f"In sheet {tab} of {path}, add the column {named} in E: the header in E1 and, "
                f"for each of the {n} contacts, a formula in {cells} that gives {what} "
                f"({example}).",
                f"Column E of the contact list {path} (sheet {tab}) should show each "
                f"person's name as {what}, for example {example}. Head it {named} and fill "
                f"{cells} with formulas, so a corrected name updates by itself.",
                f"I need a {named} column next to the emails in {path}: E1 says {named}, and "
                f"{cells} on sheet {tab} hold formulas building {what}; {example}.",
                f"Build each contact's label from the name columns of {path}, sheet {tab}: "
                f"{what} (so {example}), computed by formulas in {cells} under the header "
                f"{named} in E1.",
                f"Add formulas to {cells} of sheet {tab} in {path} that join {what}, as in "
                f"{example}, with {named} as the header of column E; the other columns stay "
                "as they are.",
            ]
        )
        return self.make_task(
            task_id,
            instruction,
            f"{company}'s contact list {path} is open in LibreOffice Calc. Sheet {tab} has a "
            f"header in row 1 and {n} contacts in rows 2 to {n + 1}: First name (A), Last "
            f"name (B), Company (C), Email (D); column E is empty. {SAVE_NOTE}",
            path=path,
            sheet="Contacts",
            header=header,
            style=what,
            n=n,
        )

    def sheets(self, p: dict[str, Any], rng: random.Random) -> tuple[list[Sheet], str]:
        header, rows = contact_table(rng, p["n"])
        return [
            {
                "title": p["sheet"],
                "rows": [header, *rows],
                "widths": {"A": 14, "B": 14, "C": 20, "D": 34, "E": 34},
            }
        ], ""

    def patch(self, p: dict[str, Any]) -> str:
        cols, seps = joined_columns(p["style"])
        return f"""
ws = wb[F["sheet"]]
ws["E1"] = F["header"]
COLS, SEPS = {list(cols)!r}, {list(seps)!r}
for r in range(2, F["n"] + 2):
    parts = [f"{{c}}{{r}}" for c in COLS]
    joined = parts[0]
    for sep, part in zip(SEPS, parts[1:]):
        joined += f'&"{{sep}}"&{{part}}'
    ws[f"E{{r}}"] = "=" + joined + ('&")"' if len(COLS) == 3 else "")
"""

    def checks(self, p: dict[str, Any]) -> str:
        # The expected text is built from the row's own cells as they are now; a formula must
        # read exactly that row's name cells (and company), so typed text does not count.
        cols, seps = joined_columns(p["style"])
        return (
            f'ws = wb[P["sheet"]]\nCOLS, SEPS = {list(cols)!r}, {list(seps)!r}\n'
            + statements_of(display_names)
        )
