"""The form of an app's SKILL.md and taxonomy.yaml, checked the same way at plan and at build.

SKILL.md: a ``# `` title, then exactly six sections ``## 1. `` … ``## 6. ``, in order, none
empty (what task synthesis reads, as every shipped app has it). taxonomy.yaml: the taxonomy
schema of :mod:`cuagym.taskgen` (depth at most 4, at most 12 children a node), rooted at the
app's id.
"""

from __future__ import annotations

import re
import tempfile
from pathlib import Path

from cuagym.taskgen import load_taxonomy

__all__ = ["SKILL_SECTIONS", "skill_problems", "taxonomy_problems"]

SKILL_SECTIONS = 6
_HEADING = re.compile(r"^## (\d+)\. (\S.*)$")


def skill_problems(text: str, where: str = "SKILL.md") -> list[str]:
    """Every way ``text`` is not a SKILL.md of the house's form."""
    lines = text.splitlines()
    problems: list[str] = []
    if not lines or not lines[0].startswith("# "):
        problems.append(f"{where}: the first line must be the '# ' title")
    sections: list[tuple[int, str, list[str]]] = []
    for line in lines:
        match = _HEADING.match(line)
        if match:
            sections.append((int(match.group(1)), match.group(2), []))
        elif line.startswith("## "):
            problems.append(f"{where}: heading {line!r} is not '## N. Title'")
        elif sections:
            sections[-1][2].append(line)
    numbers = [n for n, _t, _b in sections]
    if numbers != list(range(1, SKILL_SECTIONS + 1)):
        problems.append(
            f"{where}: has sections {numbers or 'none'}; it needs exactly "
            f"{list(range(1, SKILL_SECTIONS + 1))} in order"
        )
    for number, title, body in sections:
        if not "".join(body).strip():
            problems.append(f"{where}: section {number} ({title}) is empty")
    return problems


def taxonomy_problems(text: str, app_id: str, where: str = "taxonomy.yaml") -> list[str]:
    """Every problem :func:`cuagym.taskgen.load_taxonomy` finds, each naming ``where``."""
    with tempfile.TemporaryDirectory(prefix="cuagym-taxonomy-") as tmp:
        path = Path(tmp) / "taxonomy.yaml"
        path.write_text(text, encoding="utf-8")
        try:
            load_taxonomy(path, domain=app_id)
        except ValueError as exc:  # TaxonomyError: every problem, one a line
            problems = getattr(exc, "problems", None) or [str(exc)]
            return [f"{where}: {p}" for p in problems]
    return []
