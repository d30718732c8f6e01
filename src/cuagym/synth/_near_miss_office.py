"""Units of an office file (cells, paragraphs, slide elements) and how to change one of them.

``units(fmt, initial, gold)`` compares a file's initial and gold bytes unit by unit and returns
the changed units (each can be reverted to its initial form, and its value perturbed) and some
untouched ones (their value can be perturbed: collateral). ``mutate(fmt, gold, fn)`` loads the
gold bytes, applies ``fn`` to the loaded document and returns the saved bytes. The libraries
are the ones rewards read with (openpyxl, python-docx, python-pptx); each is imported only when a
file of its format is handled.

A round trip through openpyxl drops what it cannot keep (charts, images): a near miss of such
a workbook differs from gold in those too. That only makes it easier to reject, never hides a
lenient check elsewhere; it is said in docs/near-misses.md.
"""

from __future__ import annotations

import copy
import difflib
import io
import warnings
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

__all__ = ["OFFICE_FORMATS", "Unit", "longest_run", "mutate", "units", "xml_of"]

OFFICE_FORMATS = {".xlsx": "xlsx", ".xlsm": "xlsx", ".docx": "docx", ".pptx": "pptx"}
_MAX_UNTOUCHED = 12

Doc = Any
Setter = Callable[[Doc, Any], None]


@dataclass
class Unit:
    """One cell / paragraph / slide element: ``label`` names it; ``revert`` puts its initial
    form back into a loaded gold document (needs the loaded initial one); ``value`` and ``put``
    read and replace its text or value (None when it has none to perturb); ``drop`` removes an
    untouched sheet or slide (offered where the task removes one: a different one removed)."""

    label: str
    revert: Callable[[Doc, Doc], None] | None = None
    value: Any = None
    put: Setter | None = None
    drop: Callable[[Doc], None] | None = None


def _load(fmt: str, data: bytes) -> Doc:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        if fmt == "xlsx":
            import openpyxl  # type: ignore[import-untyped, unused-ignore]

            return openpyxl.load_workbook(io.BytesIO(data))
        if fmt == "docx":
            import docx

            return docx.Document(io.BytesIO(data))
        import pptx

        return pptx.Presentation(io.BytesIO(data))


def mutate(fmt: str, gold: bytes, fn: Callable[[Doc], None]) -> bytes:
    doc = _load(fmt, gold)
    fn(doc)
    out = io.BytesIO()
    doc.save(out)
    return out.getvalue()


def reverter(fmt: str, initial: bytes, fn: Callable[[Doc, Doc], None]) -> Callable[[Doc], None]:
    """``fn(gold_doc, initial_doc)`` as a one-argument mutation (the initial loaded once)."""
    init_doc = _load(fmt, initial)
    return lambda doc: fn(doc, init_doc)


def units(fmt: str, initial: bytes | None, gold: bytes) -> tuple[list[Unit], list[Unit]]:
    """(changed units, untouched units) of one file; ``initial`` None: the file is new."""
    gold_doc = _load(fmt, gold)
    init_doc = _load(fmt, initial) if initial is not None else None
    if fmt == "xlsx":
        return _xlsx(init_doc, gold_doc)
    if fmt == "docx":
        return _docx(init_doc, gold_doc)
    return _pptx(init_doc, gold_doc)


# -- xlsx ------------------------------------------------------------------------------------------
def _cell_sig(cell: Any) -> tuple[Any, ...]:
    font, fill, align = cell.font, cell.fill, cell.alignment
    return (
        cell.value,
        cell.number_format,
        font.b,
        font.i,
        font.u,
        getattr(font.color, "rgb", None),
        getattr(fill.fgColor, "rgb", None),
        fill.fill_type,
        align.horizontal,
    )


def _copy_cell(src: Any, dst: Any) -> None:
    dst.value = src.value
    dst.number_format = src.number_format
    for attr in ("font", "fill", "alignment", "border"):
        setattr(dst, attr, copy.copy(getattr(src, attr)))


def _xlsx(init: Doc | None, gold: Doc) -> tuple[list[Unit], list[Unit]]:
    changed: list[Unit] = []
    untouched: list[Unit] = []
    init_sheets = list(init.worksheets) if init is not None else []
    for index, ws in enumerate(gold.worksheets):
        title = ws.title
        # Sheets are matched by position when the count is kept (a rename), else by title.
        if init is not None and len(init_sheets) == len(gold.worksheets):
            other: Any = init_sheets[index]
        else:
            other = init[title] if init is not None and title in init.sheetnames else None
        if other is None:
            if init is not None:
                changed.append(Unit(f"sheet {title!r}", revert=_drop_sheet(index)))
        elif other.title != title:
            changed.append(
                Unit(
                    f"the name of sheet {index + 1}",
                    _rename(index, other.title),
                    title,
                    _retitle(index),
                )
            )
        coords = {c.coordinate for c in ws._cells.values()}
        if other is not None:
            coords |= {c.coordinate for c in other._cells.values()}
        for coord in sorted(coords):
            cell = ws[coord]
            label = f"{title}!{coord}"
            if other is None or _cell_sig(cell) != _cell_sig(other[coord]):
                revert = _revert_cell(index, coord) if other is not None else None
                changed.append(Unit(label, revert, cell.value, _put_cell(index, coord)))
            elif cell.value not in (None, "") and len(untouched) < _MAX_UNTOUCHED * 20:
                untouched.append(Unit(label, None, cell.value, _put_cell(index, coord)))
    gold_titles = set(gold.sheetnames)
    removed = [i for i, ws in enumerate(init_sheets) if ws.title not in gold_titles]
    if init is not None and len(init_sheets) != len(gold.worksheets) and removed:
        for i in removed:
            title = init_sheets[i].title
            changed.append(Unit(f"sheet {title!r} (removed)", _restore_sheet(i)))
        kept = [ws.title for ws in gold.worksheets if ws.title in init.sheetnames]
        if len(gold.worksheets) > 1:  # a workbook keeps at least one sheet
            untouched += [Unit(f"sheet {t!r}", drop=_drop_sheet_named(t)) for t in kept]
    return changed, _spread(untouched)


def _restore_sheet(init_index: int) -> Callable[[Doc, Doc], None]:
    """The removed sheet back, at its initial position, with its cells and their formats."""

    def fn(doc: Doc, init: Doc) -> None:
        src = init.worksheets[init_index]
        dst = doc.create_sheet(src.title, min(init_index, len(doc.worksheets)))
        for row in src.iter_rows():
            for cell in row:
                if cell.value is not None or cell.has_style:
                    _copy_cell(cell, dst[cell.coordinate])
        for key, dim in src.column_dimensions.items():
            dst.column_dimensions[key].width = dim.width

    return fn


def _drop_sheet_named(title: str) -> Callable[[Doc], None]:
    return lambda doc: doc.remove(doc[title])


def _drop_sheet(index: int) -> Callable[[Doc, Doc], None]:
    return lambda doc, _init: doc.remove(doc.worksheets[index])


def _rename(index: int, title: str) -> Callable[[Doc, Doc], None]:
    def fn(doc: Doc, _init: Doc) -> None:
        doc.worksheets[index].title = title

    return fn


def _retitle(index: int) -> Setter:
    def fn(doc: Doc, value: Any) -> None:
        doc.worksheets[index].title = str(value)[:31]

    return fn


def _revert_cell(index: int, coord: str) -> Callable[[Doc, Doc], None]:
    def fn(doc: Doc, init: Doc) -> None:
        _copy_cell(init.worksheets[index][coord], doc.worksheets[index][coord])

    return fn


def _put_cell(index: int, coord: str) -> Setter:
    def fn(doc: Doc, value: Any) -> None:
        doc.worksheets[index][coord].value = value

    return fn


def _spread(items: list[Unit]) -> list[Unit]:
    step = max(1, len(items) // _MAX_UNTOUCHED)
    return items[::step][:_MAX_UNTOUCHED]


# -- docx ------------------------------------------------------------------------------------------
def _para_sig(p: Any) -> tuple[Any, ...]:
    runs = tuple(
        (r.text, r.bold, r.italic, r.underline, r.style.name if r.style else None) for r in p.runs
    )
    ppr = p._p.pPr
    return (
        p.style.name if p.style else None,
        p.text,
        runs,
        p.alignment,
        str(ppr.xml) if ppr is not None else None,
    )


def longest_run(p: Any) -> int | None:
    runs = [(len(r.text), i) for i, r in enumerate(p.runs) if r.text.strip()]
    return max(runs)[1] if runs else None


def _put_run(index: int, run: int) -> Setter:
    def fn(doc: Doc, value: Any) -> None:
        doc.paragraphs[index].runs[run].text = str(value)

    return fn


def _para_unit(label: str, doc: Doc, index: int, revert: Any) -> Unit:
    p = doc.paragraphs[index]
    if "fldChar" in str(p._p.xml):
        # A field (a table of contents...) spans paragraphs from its begin to its end mark:
        # undoing the paragraph that holds a mark leaves the field unterminated, a document no
        # editor writes. Its text may still be perturbed.
        revert = None
    run = longest_run(p)
    if run is None:
        return Unit(label, revert)
    return Unit(label, revert, p.runs[run].text, _put_run(index, run))


def _docx(init: Doc | None, gold: Doc) -> tuple[list[Unit], list[Unit]]:
    from cuagym.synth._near_miss_docx import docx_extra_units

    extra_changed, extra_untouched = docx_extra_units(init, gold)
    gold_sigs = [_para_sig(p) for p in gold.paragraphs]
    if init is None:
        paras = [_para_unit(f"paragraph {j + 1}", gold, j, None) for j in range(len(gold_sigs))]
        return paras + extra_changed, []
    init_sigs = [_para_sig(p) for p in init.paragraphs]
    changed: list[Unit] = []
    untouched: list[Unit] = []
    matcher = difflib.SequenceMatcher(a=init_sigs, b=gold_sigs, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            untouched += [
                _para_unit(f"paragraph {j + 1}", gold, j, None)
                for j in range(j1, j2)
                if gold.paragraphs[j].text.strip()
            ]
            continue
        pairs = min(i2 - i1, j2 - j1)
        for k in range(pairs):
            changed.append(
                _para_unit(f"paragraph {j1 + k + 1}", gold, j1 + k, _replace_para(j1 + k, i1 + k))
            )
        for j in range(j1 + pairs, j2):
            changed.append(_para_unit(f"paragraph {j + 1}", gold, j, _delete_para(j)))
        if i2 - i1 > pairs:
            changed.append(
                Unit(
                    f"paragraph(s) removed before paragraph {j2 + 1}",
                    _insert_paras(list(range(i1 + pairs, i2)), j2),
                )
            )
    return changed + extra_changed, _spread(untouched + extra_untouched)


def _replace_para(j: int, i: int) -> Callable[[Doc, Doc], None]:
    def fn(doc: Doc, init: Doc) -> None:
        el = doc.paragraphs[j]._p
        el.addprevious(copy.deepcopy(init.paragraphs[i]._p))
        el.getparent().remove(el)

    return fn


def _delete_para(j: int) -> Callable[[Doc, Doc], None]:
    def fn(doc: Doc, _init: Doc) -> None:
        el = doc.paragraphs[j]._p
        el.getparent().remove(el)

    return fn


def _insert_paras(indices: list[int], before: int) -> Callable[[Doc, Doc], None]:
    def fn(doc: Doc, init: Doc) -> None:
        paras = doc.paragraphs
        for i in indices:
            el = copy.deepcopy(init.paragraphs[i]._p)
            if before < len(paras):
                paras[before]._p.addprevious(el)
            else:
                doc.element.body.append(el)

    return fn


# -- pptx ------------------------------------------------------------------------------------------
def xml_of(el: Any) -> bytes:
    from lxml import etree  # type: ignore[import-untyped, unused-ignore]

    return bytes(etree.tostring(el))


def _slide(doc: Doc, slide_id: int) -> Any:
    return doc.slides.get(slide_id)


def _shape_el(doc: Doc, slide_id: int, shape_id: int) -> Any:
    for shape in _slide(doc, slide_id).shapes:
        if shape.shape_id == shape_id:
            return shape
    raise LookupError(f"shape {shape_id} of slide {slide_id}")


def _text_unit(label: str, shape: Any, slide_id: int, revert: Any) -> Unit:
    if not getattr(shape, "has_text_frame", False):
        return Unit(label, revert)
    runs = [
        (len(r.text), pi, ri)
        for pi, p in enumerate(shape.text_frame.paragraphs)
        for ri, r in enumerate(p.runs)
        if r.text.strip()
    ]
    if not runs:
        return Unit(label, revert)
    _, pi, ri = max(runs)
    text = shape.text_frame.paragraphs[pi].runs[ri].text
    sid = shape.shape_id

    def put(doc: Doc, value: Any) -> None:
        _shape_el(doc, slide_id, sid).text_frame.paragraphs[pi].runs[ri].text = str(value)

    return Unit(label, revert, text, put)


def _pptx(init: Doc | None, gold: Doc) -> tuple[list[Unit], list[Unit]]:
    changed: list[Unit] = []
    untouched: list[Unit] = []
    init_ids = [s.slide_id for s in init.slides] if init is not None else []
    gold_ids = [s.slide_id for s in gold.slides]
    common = [i for i in gold_ids if i in init_ids]
    if init is not None and common != [i for i in init_ids if i in gold_ids]:
        changed.append(
            Unit("the order of the slides", _reorder([i for i in init_ids if i in gold_ids]))
        )
    for n, slide in enumerate(gold.slides, start=1):
        sid = slide.slide_id
        if init is None or sid not in init_ids:
            if init is not None:
                changed.append(Unit(f"slide {n} (added)", _drop_slide(sid)))
            changed += [
                _text_unit(f"slide {n} shape {s.name!r}", s, sid, None) for s in slide.shapes
            ]
            continue
        before = init.slides.get(sid)
        if slide._element.get("show") != before._element.get("show"):
            changed.append(Unit(f"slide {n} visibility", _reshow(sid)))
        notes = slide.notes_slide.notes_text_frame.text if slide.has_notes_slide else ""
        old_notes = before.notes_slide.notes_text_frame.text if before.has_notes_slide else ""
        if notes != old_notes:
            changed.append(
                Unit(f"slide {n} notes", _renote(sid, old_notes), notes, _put_notes(sid))
            )
        old_shapes = {s.shape_id: s for s in before.shapes}
        for shape in slide.shapes:
            label = f"slide {n} shape {shape.name!r}"
            prior = old_shapes.pop(shape.shape_id, None)
            if prior is None:
                changed.append(_text_unit(label, shape, sid, _drop_shape(sid, shape.shape_id)))
            elif xml_of(prior._element) != xml_of(shape._element):
                changed.append(_text_unit(label, shape, sid, _revert_shape(sid, shape.shape_id)))
            else:
                unit = _text_unit(label, shape, sid, None)
                if unit.put is not None:
                    untouched.append(unit)
        for shape_id, prior in old_shapes.items():
            changed.append(
                Unit(f"slide {n} shape {prior.name!r} (removed)", _restore_shape(sid, shape_id))
            )
    removed = [(k, i) for k, i in enumerate(init_ids) if i not in gold_ids]
    if init is not None and removed:
        for position, ident in removed:
            changed.append(
                Unit(f"slide {position + 1} of the initial deck (removed)", _restore_slide(ident))
            )
        if len(common) > 1:
            untouched += [
                Unit(f"slide {gold_ids.index(i) + 1} (kept)", drop=_drop_kept_slide(i))
                for i in common
            ]
    return changed, _spread(untouched)


def _restore_slide(slide_id: int) -> Callable[[Doc, Doc], None]:
    """The removed slide back at its initial position: a new slide on the layout of the same
    name, holding copies of its shapes (those without links to other parts: a picture or chart
    would point at a part the copy does not have) and its notes."""

    def fn(doc: Doc, init: Doc) -> None:
        src = init.slides.get(slide_id)
        layouts = {layout.name: layout for layout in doc.slide_layouts}
        new = doc.slides.add_slide(layouts.get(src.slide_layout.name, doc.slide_layouts[-1]))
        tree = new.shapes._spTree
        for shape in list(new.shapes):
            tree.remove(shape._element)
        for shape in src.shapes:
            if b"r:embed=" in xml_of(shape._element) or b"r:id=" in xml_of(shape._element):
                continue
            tree.append(copy.deepcopy(shape._element))
        if src.has_notes_slide and src.notes_slide.notes_text_frame.text:
            new.notes_slide.notes_text_frame.text = src.notes_slide.notes_text_frame.text
        init_ids = [s.slide_id for s in init.slides]
        later = set(init_ids[init_ids.index(slide_id) + 1 :])
        lst = doc.slides._sldIdLst
        entry = lst[-1]
        for el in list(lst)[:-1]:
            if int(el.get("id")) in later:
                el.addprevious(entry)
                break

    return fn


def _drop_kept_slide(slide_id: int) -> Callable[[Doc], None]:
    return lambda doc: _drop_slide(slide_id)(doc, doc)


def _reorder(order: list[int]) -> Callable[[Doc, Doc], None]:
    def fn(doc: Doc, _init: Doc) -> None:
        lst = doc.slides._sldIdLst
        by_id = {int(el.get("id")): el for el in lst}
        for el in list(lst):
            lst.remove(el)
        for ident in order:
            lst.append(by_id[ident])
        for ident, el in by_id.items():
            if ident not in order:
                lst.append(el)

    return fn


def _drop_slide(slide_id: int) -> Callable[[Doc, Doc], None]:
    def fn(doc: Doc, _init: Doc) -> None:
        lst = doc.slides._sldIdLst
        for el in list(lst):
            if int(el.get("id")) == slide_id:
                lst.remove(el)
                # and its part: kept, it would be saved under the name of a renumbered slide
                doc.part.drop_rel(el.rId)

    return fn


def _reshow(slide_id: int) -> Callable[[Doc, Doc], None]:
    def fn(doc: Doc, init: Doc) -> None:
        el, old = _slide(doc, slide_id)._element, init.slides.get(slide_id)._element.get("show")
        if old is None:
            el.attrib.pop("show", None)
        else:
            el.set("show", old)

    return fn


def _renote(slide_id: int, text: str) -> Callable[[Doc, Doc], None]:
    return lambda doc, _init: _put_notes(slide_id)(doc, text)


def _put_notes(slide_id: int) -> Setter:
    def fn(doc: Doc, value: Any) -> None:
        _slide(doc, slide_id).notes_slide.notes_text_frame.text = str(value)

    return fn


def _drop_shape(slide_id: int, shape_id: int) -> Callable[[Doc, Doc], None]:
    def fn(doc: Doc, _init: Doc) -> None:
        el = _shape_el(doc, slide_id, shape_id)._element
        el.getparent().remove(el)

    return fn


def _revert_shape(slide_id: int, shape_id: int) -> Callable[[Doc, Doc], None]:
    def fn(doc: Doc, init: Doc) -> None:
        el = _shape_el(doc, slide_id, shape_id)._element
        el.addprevious(copy.deepcopy(_shape_el(init, slide_id, shape_id)._element))
        el.getparent().remove(el)

    return fn


def _restore_shape(slide_id: int, shape_id: int) -> Callable[[Doc, Doc], None]:
    def fn(doc: Doc, init: Doc) -> None:
        tree = _slide(doc, slide_id).shapes._spTree
        tree.append(copy.deepcopy(_shape_el(init, slide_id, shape_id)._element))

    return fn
