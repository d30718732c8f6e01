"""Helpers every code-editor ``reward.py`` carries (inlined after the shared guard libraries).

Real code (imported and tested on the host) and the text of the reward's helper block:
everything below the inline marker is pasted into each reward. Standard library only, no
state.

A code-editor reward is a *plan*, as a files reward is: from the initial home and the task's
params it computes the whole new text of every file the instruction asks to edit, then
:func:`plan_verdict` sorts the home's changes: a planned file still as it was is progress not
yet made, a planned file with the planned text is done, and anything else — another file
touched, created or removed, a planned file edited some other way — is a wrong end state.
"The planned text" is exact up to one stated tolerance (:func:`same_text`): trailing spaces
at line ends and blank lines at the end of the file. A space taken out of a statement, a word
of a comment in capitals, JSON indented another way are different files — what a person asked
for the edit would see in a diff.
"""

# -- inlined into reward.py --
import io
import os
import tokenize


def is_lock_file(path: str) -> bool:
    """LibreOffice's lock file beside a workbook or document it has open (``.~lock.x#``)."""
    name = path.rsplit("/", 1)[-1]
    return name.startswith(".~lock.") and name.endswith("#")


def text_in(root: str, rel: str) -> str | None:
    """A file's text under ``root`` (the initial home or HOME); None when it is missing or
    not UTF-8."""
    try:
        with open(os.path.join(root, rel), encoding="utf-8", newline="") as fh:
            return fh.read()
    except (OSError, UnicodeDecodeError):
        return None


def text_lines(text: str) -> list[str]:
    """A text's lines with trailing spaces cut and trailing blank lines dropped: the only
    freedom a planned text leaves (an editor may strip or keep them on save)."""
    lines = [line.rstrip() for line in text.splitlines()]
    while lines and not lines[-1]:
        lines.pop()
    return lines


def same_text(path: str, final: str | None, expected: str) -> bool:
    """Is ``final`` the ``expected`` text of ``path``, trailing spaces and trailing blank
    lines aside? (``path`` names the file in a caller's messages; every format compares
    alike: a space taken out of a statement or a JSON member is a different file.)"""
    return final is not None and text_lines(final) == text_lines(expected)


def renamed(text: str, old: str, new: str) -> str:
    """Python source with every name token ``old`` (a definition, a call, an import, an
    attribute) written ``new``; strings and comments keep their words."""
    lines = text.splitlines(keepends=True)
    spots = [
        t.start
        for t in tokenize.generate_tokens(io.StringIO(text).readline)
        if t.type == tokenize.NAME and t.string == old
    ]
    for row, col in reversed(spots):
        line = lines[row - 1]
        lines[row - 1] = line[:col] + new + line[col + len(old) :]
    return "".join(lines)


def plan_verdict(
    changes: list[str], plan: dict[str, str], start: str, home: str
) -> tuple[list[str], list[str], list[str]]:
    """``(off, wrong, done)``: changed paths outside the plan, planned files edited otherwise
    than planned (or gone), planned files with their planned text; all sorted."""
    off = sorted(p for p in changes if p not in plan)
    wrong, done = [], []
    for path, expected in sorted(plan.items()):
        final = text_in(home, path)
        if same_text(path, final, expected):
            done.append(path)
        elif path in changes:
            wrong.append(path)
    return off, wrong, done


def replaced_line(text: str, old: str, new: str) -> str:
    """``text`` with its one line equal to ``old`` (trailing spaces aside) made ``new``;
    unchanged when no line or several lines match."""
    lines = text.split("\n")
    hits = [i for i, line in enumerate(lines) if line.rstrip() == old]
    if len(hits) == 1:
        lines[hits[0]] = new
    return "\n".join(lines)


def ini_set(text: str, section: str, key: str, value: str) -> str:
    """``text`` (an INI file) with ``key`` of ``[section]`` set to ``value``, written
    ``key = value``; unchanged when the section has no such key."""
    lines = text.split("\n")
    current = ""
    for i, line in enumerate(lines):
        bare = line.strip()
        if bare.startswith("[") and bare.endswith("]"):
            current = bare[1:-1].strip()
        elif current == section and "=" in bare and bare.split("=", 1)[0].strip() == key:
            lines[i] = key + " = " + value
            break
    return "\n".join(lines)


def set_constant(text: str, name: str, value: str) -> str:
    """Python source with the module-level ``NAME = ...`` line's value made ``value`` (its
    trailing comment kept); unchanged when there is no such line."""
    lines = text.split("\n")
    for i, line in enumerate(lines):
        if line.split("=", 1)[0].strip() == name and not line.startswith((" ", "#")):
            comment = "  #" + line.split("#", 1)[1] if "#" in line else ""
            lines[i] = name + " = " + value + comment
            break
    return "\n".join(lines)


def plan_problems(plan: dict[str, str], start: str) -> list[str]:
    """Planned files missing from the initial home, or whose plan changes nothing there (the
    task's facts do not fit the home: no reward can be earned or lost by editing)."""
    problems = []
    for path, expected in sorted(plan.items()):
        initial = text_in(start, path)
        if initial is None or same_text(path, initial, expected):
            problems.append(path)
    return problems


def plan_checks(
    plan: dict[str, str], changes: list[str], start: str, home: str
) -> list[tuple[str, float, bool, str]]:
    """Every plan's checks: the plan fits the initial home, nothing outside it changed, no
    planned file was edited otherwise (guards), then the planned files done: two points for
    all, and one more for at least half when the plan edits several files."""
    problems = plan_problems(plan, start)
    off, wrong, done = plan_verdict(changes, plan, start, home)
    count = str(len(done)) + " of " + str(len(plan)) + " files as planned"
    out = [
        ("plan_fits_home", 0.0, bool(plan) and not problems,
         "planned files missing or unchanged by the plan: " + ", ".join(problems)[:200]),
        ("nothing_else_changed", 0.0, not off, "also changed: " + ", ".join(off)[:200]),
        ("no_wrong_edit", 0.0, not wrong, "edited otherwise: " + ", ".join(wrong)[:200]),
        ("all_files_edited", 2.0, len(done) == len(plan), count),
    ]  # fmt: skip
    if len(plan) > 1:
        out.append(("most_files_edited", 1.0, len(done) * 2 >= len(plan), count))
    return out
