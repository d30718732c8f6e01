"""The check blocks of the pdf rewards, as code.

Every reward is :func:`head` (read the source as setup left it and the export, identify the
export's pages, guard the rest of the home), then a family's block that sets what it wants —
``wanted`` (source page numbers, in order), ``notes_wanted`` (output page index -> [(row centre
y or None for anywhere on the page, note text)]) and ``rows_wanted`` (output page index -> rows
to highlight) — then :func:`tail`, which scores the export against them. A family's block may
read ``src`` (the source's pages) and must set ``output`` before :func:`head` when the output
name comes from a document (the memo family) — the others set it from ``P``.

:func:`cuagym.scripts.statements_of` pastes each body into reward.py's ``main``; the functions
are never called. The names they read are the reward's, imported for the type checker only.
"""

# mypy: disable-error-code="var-annotated, no-untyped-call"
# ruff: noqa: E501

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cuagym.apps.pdf._read_home import after, before, changes, start
    from cuagym.apps.pdf._reward_lib import (
        covers,
        identify,
        marked_rows,
        near,
        pdf_pages,
        rows,
        squeeze,
        stray,
        text_of,
    )
    from cuagym.families.pdf._names import (
        extra_ok,
        free,
        notes_wanted,
        out,
        output,
        rows_wanted,
        src,
        wanted,
    )
    from cuagym.scripts._globs import listing
    from cuagym.scripts._home import HOME
    from cuagym.scripts._reward_names import P, checks

__all__ = ["head", "tail"]

# fmt: off


def head() -> None:
    """Read the source (initial home) and the export; guard every other path of the home."""
    src = pdf_pages(start + "/" + P["source"])
    out = pdf_pages(HOME + "/" + output)
    off = stray(changes, [output, *free], before)
    checks.append(("source_kept", 0, bool(src) and after.get(P["source"]) == before.get(P["source"]),
                   "the source PDF is unchanged"))
    checks.append(("nothing_else_changed", 0, not off, "unplanned changes: " + listing(off)))
    checks.append(("exported", 0, out is not None, output + " is a readable PDF"))


def tail() -> None:
    """Score the export: its pages, its notes, its highlights, nothing else added."""
    ids = identify(out, src) if out and src else []
    got = [n for n, _ in ids]
    checks.append(("inputs_as_stated", 0, extra_ok and bool(wanted), f"{len(wanted)} pages wanted"))
    checks.append(("some_pages_right", 1, bool(got) and sum(1 for g in got if g in wanted) * 2 >= len(wanted),
                   f"pages {got[:12]}"))
    checks.append(("pages_in_order", 3, got == wanted, f"got {got[:12]}, wanted {wanted[:12]}"))
    placed, missing, used = 0, [], set()
    for index, notes in notes_wanted.items():
        added = ids[index][1] if index < len(ids) else []
        for y, text in notes:
            # anywhere on the page: the line of added text that holds the note
            at = [r[0] for r in rows(added) if squeeze(text) in squeeze(r[3])] if y is None else [y]
            pool = near(added, at[0]) if at else []
            if squeeze(text) in squeeze(text_of(pool)):
                placed += 1
                used.update(id(w) for w in pool)
            else:
                missing.append(f"p{index + 1}:{text}")
    total_notes = sum(len(n) for n in notes_wanted.values())
    extra = [w[0] for _, added in ids for w in added if id(w) not in used]
    if total_notes:
        checks.append(("notes_placed", 3, placed == total_notes, "missing: " + listing(missing)))
    checks.append(("no_other_text", 1, bool(ids) and not extra, "added text: " + listing(extra)))
    lit, unlit, wrong = 0, [], []
    for index, page in enumerate(out or []):
        src_rows = rows(src[ids[index][0] - 1]["words"]) if ids[index][0] else []
        want = rows_wanted.get(index, [])
        for row in want:
            if covers(page["marks"], row):
                lit += 1
            else:
                unlit.append(row[3][:30])
        wrong += [r[3][:30] for r in marked_rows(page["marks"], src_rows)
                  if all(abs(r[0] - w[0]) > 1 for w in want)]
        wrong += ["mark off the text" for m in page["marks"]
                  if not any(m[1] - 1 <= r[0] <= m[3] + 1 for r in src_rows)]
    total_rows = sum(len(r) for r in rows_wanted.values())
    if total_rows:
        checks.append(("rows_highlighted", 3, lit == total_rows, "not highlighted: " + listing(unlit)))
    checks.append(("no_other_marks", 1, bool(ids) and not wrong, "marked: " + listing(wrong)))
