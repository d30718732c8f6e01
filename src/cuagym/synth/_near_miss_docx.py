"""Units of a Word document beyond its body paragraphs: table cells and header/footer paragraphs.

Tables are paired with the initial document's by position (when the task keeps their number;
otherwise a table whose content the initial document does not hold is new), rows and cells by
position within a table. A changed cell can be put back as it was (its whole ``w:tc``: text and
formatting) and its text perturbed; an untouched cell's text can be changed. Header and footer
paragraphs are paired by section and position; a header linked to the previous section's is
that one and is skipped (reading it through python-docx would add a definition to the file).
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterator
from typing import Any

from cuagym.synth._near_miss_office import Doc, Unit, longest_run, xml_of

__all__ = ["docx_extra_units"]


def docx_extra_units(init: Doc | None, gold: Doc) -> tuple[list[Unit], list[Unit]]:
    changed: list[Unit] = []
    untouched: list[Unit] = []
    _tables(init, gold, changed, untouched)
    _headers_footers(init, gold, changed, untouched)
    return changed, untouched


# -- tables ----------------------------------------------------------------------------------------
def _cells(tbl: Any) -> Iterator[tuple[int, int, Any]]:
    """(row, column, w:tc) of a table as stored (a merged cell once, not once per grid slot)."""
    for r, tr in enumerate(tbl.tr_lst):
        for c, tc in enumerate(tr.tc_lst):
            yield r, c, tc


def _tc(doc: Doc, t: int, r: int, c: int) -> Any:
    return doc.tables[t]._tbl.tr_lst[r].tc_lst[c]


def _cell_text(tc: Any) -> str:
    from docx.oxml.ns import qn

    return "".join(node.text or "" for node in tc.iter(qn("w:t")))


def _computed(para: Any) -> bool:
    """A paragraph holding a field (a page number, a date): its shown text is recomputed by
    the editor, so a changed text there is no state a user could leave."""
    xml = xml_of(para._p)
    return b"fldChar" in xml or b"fldSimple" in xml


def _cell_unit(label: str, doc: Doc, t: int, r: int, c: int, revert: Any) -> Unit:
    from docx.table import _Cell

    cell = _Cell(_tc(doc, t, r, c), doc.tables[t])
    for p_index, para in enumerate(cell.paragraphs):
        run = None if _computed(para) else longest_run(para)
        if run is not None:
            return Unit(label, revert, para.runs[run].text, _put_cell_run(t, r, c, p_index, run))
    return Unit(label, revert)


def _put_cell_run(t: int, r: int, c: int, p_index: int, run: int) -> Callable[[Doc, Any], None]:
    def fn(doc: Doc, value: Any) -> None:
        from docx.table import _Cell

        cell = _Cell(_tc(doc, t, r, c), doc.tables[t])
        cell.paragraphs[p_index].runs[run].text = str(value)

    return fn


def _revert_tc(t: int, r: int, c: int, it: int) -> Callable[[Doc, Doc], None]:
    def fn(doc: Doc, init: Doc) -> None:
        el = _tc(doc, t, r, c)
        el.addprevious(copy.deepcopy(_tc(init, it, r, c)))
        el.getparent().remove(el)

    return fn


def _drop_row(t: int, r: int) -> Callable[[Doc, Doc], None]:
    def fn(doc: Doc, _init: Doc) -> None:
        tr = doc.tables[t]._tbl.tr_lst[r]
        tr.getparent().remove(tr)

    return fn


def _restore_row(t: int, it: int, r: int) -> Callable[[Doc, Doc], None]:
    def fn(doc: Doc, init: Doc) -> None:
        rows = doc.tables[t]._tbl.tr_lst
        el = copy.deepcopy(init.tables[it]._tbl.tr_lst[r])
        if r < len(rows):
            rows[r].addprevious(el)
        else:
            rows[-1].addnext(el)

    return fn


def _table_pairs(init: Doc | None, gold: Doc) -> list[tuple[int, int | None]]:
    """(gold table, its initial table or None when it is new)."""
    if init is None:
        return [(t, None) for t in range(len(gold.tables))]
    if len(init.tables) == len(gold.tables):
        return [(t, t) for t in range(len(gold.tables))]
    before = {xml_of(tbl._tbl): i for i, tbl in enumerate(init.tables)}
    return [(t, before.get(xml_of(tbl._tbl))) for t, tbl in enumerate(gold.tables)]


def _tables(init: Doc | None, gold: Doc, changed: list[Unit], untouched: list[Unit]) -> None:
    for t, it in _table_pairs(init, gold):
        tbl = gold.tables[t]._tbl
        if it is None:
            changed += [
                _cell_unit(f"table {t + 1} cell ({r + 1},{c + 1})", gold, t, r, c, None)
                for r, c, _ in _cells(tbl)
            ]
            continue
        assert init is not None
        old = init.tables[it]._tbl
        old_rows = old.tr_lst
        for r, c, tc in _cells(tbl):
            label = f"table {t + 1} cell ({r + 1},{c + 1})"
            prior = old_rows[r].tc_lst if r < len(old_rows) else []
            if c >= len(prior):
                changed.append(_cell_unit(label, gold, t, r, c, None))
            elif xml_of(prior[c]) != xml_of(tc):
                changed.append(_cell_unit(label, gold, t, r, c, _revert_tc(t, r, c, it)))
            elif _cell_text(tc).strip():
                untouched.append(_cell_unit(label, gold, t, r, c, None))
        rows, before_rows = len(tbl.tr_lst), len(old_rows)
        for r in range(before_rows, rows):
            changed.append(Unit(f"table {t + 1} row {r + 1} (added)", _drop_row(t, r)))
        for r in range(rows, before_rows):
            changed.append(Unit(f"table {t + 1} row {r + 1} (removed)", _restore_row(t, it, r)))


# -- headers and footers ---------------------------------------------------------------------------
def _part(doc: Doc, s: int, which: str) -> Any | None:
    """The section's header or footer when it has its own definition (never adds one)."""
    if s >= len(doc.sections):
        return None
    part = getattr(doc.sections[s], which)
    return None if part.is_linked_to_previous else part


def _hf_put(s: int, which: str, j: int, run: int) -> Callable[[Doc, Any], None]:
    def fn(doc: Doc, value: Any) -> None:
        getattr(doc.sections[s], which).paragraphs[j].runs[run].text = str(value)

    return fn


def _hf_unit(label: str, part: Any, s: int, which: str, j: int, revert: Any) -> Unit:
    para = part.paragraphs[j]
    run = None if _computed(para) else longest_run(para)
    if run is None:
        return Unit(label, revert)
    return Unit(label, revert, part.paragraphs[j].runs[run].text, _hf_put(s, which, j, run))


def _hf_revert(s: int, which: str, j: int) -> Callable[[Doc, Doc], None]:
    def fn(doc: Doc, init: Doc) -> None:
        el = getattr(doc.sections[s], which).paragraphs[j]._p
        el.addprevious(copy.deepcopy(getattr(init.sections[s], which).paragraphs[j]._p))
        el.getparent().remove(el)

    return fn


def _headers_footers(
    init: Doc | None, gold: Doc, changed: list[Unit], untouched: list[Unit]
) -> None:
    for s in range(len(gold.sections)):
        for which in ("header", "footer"):
            part = _part(gold, s, which)
            if part is None:
                continue
            before = _part(init, s, which) if init is not None else None
            old = [xml_of(p._p) for p in before.paragraphs] if before is not None else []
            for j, para in enumerate(part.paragraphs):
                label = f"{which} of section {s + 1} paragraph {j + 1}"
                if j >= len(old):
                    if before is not None or init is None or para.text.strip():
                        changed.append(_hf_unit(label, part, s, which, j, None))
                elif old[j] != xml_of(para._p):
                    changed.append(_hf_unit(label, part, s, which, j, _hf_revert(s, which, j)))
                elif para.text.strip():
                    untouched.append(_hf_unit(label, part, s, which, j, None))
