"""Desktop rewards: compare the final home with the initial one (inlined after ``_globs``).

The general cure for rewards that accept wrong end states is a *whole-state guard*: compare
everything outside the task's target with the initial state and allow exactly the changes the
instruction asks for. A reward runs on the final state only, so the initial home comes from the
runner, read-only, at ``$CUAGYM_INITIAL_HOME`` (``cuagym.core._initial_home``); a reward that
needs it and does not get it fails (:func:`initial_home` raises: no comparison, no reward).

Two levels, both returning sorted lists of what differs, for a 0-point check:

* files: :func:`tree` lists a home (files by content hash, symlinks by target, folders), and
  :func:`tree_changes` names every added, removed or changed entry; office files whose bytes
  differ but whose :func:`office_view` is equal (a save without edits) do not count;
* inside office files: :func:`office_view` is a flat, comparable view of a workbook (every
  sheet's cells with value, number format, font, fill, alignment; merges, validations,
  conditional formats, charts), a document (every paragraph's style, text, alignment,
  spacing and run formatting; tables; sections) or a deck (every slide's layout, shapes with
  their text and formatting, position, notes). :func:`view_changes` names the keys that
  differ; :func:`cells_outside` keeps those outside a sheet's target ranges.

Example, a calc task that may change only F2:F20 of the Sales sheet and nothing else::

    before = office_view(initial_path(P["path"]))
    after = office_view(P["path"])
    extra = cells_outside(view_changes(before, after), "Sales", ["F2:F20"])
    checks.append(("nothing_else_changed", 0, not extra, "also changed: " + listing(extra)))
    moved = tree_changes(tree(initial_home()), tree(HOME), initial_home(), HOME)
    strays = uncovered(moved, ["Documents/budget.xlsx"], "/")

Views compare what LibreOffice keeps when it re-saves a file untouched (it renames styles,
rewrites XML and adds defaults): values, formats and structure, not bytes.
"""

# -- inlined into reward.py --
import datetime
import hashlib
import os
import re
import stat
from typing import Any

HOME = "/home/user"
INITIAL_HOME_ENV = "CUAGYM_INITIAL_HOME"
OFFICE_SUFFIXES = (".xlsx", ".docx", ".pptx")


def initial_home() -> str:
    """The home as initial_setup.py left it (read-only). Raises when the runner gave none:
    a reward that must compare with the start cannot score without it."""
    root = os.environ.get(INITIAL_HOME_ENV, "")
    if not root:
        raise RuntimeError(
            "no initial home ($" + INITIAL_HOME_ENV + "): the runner must snapshot the state "
            "after initial_setup.py as 'initial'"
        )
    os.listdir(root)  # raises a clear OSError when it is not there
    return root


def initial_path(path: str) -> str:
    """Where ``path`` (absolute under /home/user, or relative to it) was in the initial home."""
    rel = os.path.relpath(path, HOME) if os.path.isabs(path) else path
    if rel == ".." or rel.startswith("../"):
        raise ValueError(path + " is not under " + HOME)
    return os.path.join(initial_home(), rel)


# -- files -------------------------------------------------------------------------------------
def file_hash(path: str) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def tree(root: str, hidden: bool = False) -> dict[str, tuple[str, str]]:
    """Every entry under ``root`` by '/'-path: ("file", sha256), ("link", target; never
    followed), ("dir", "") or ("other", ""). Top-level hidden entries (.cache, .config, the
    trash, .cuagym) are left out unless ``hidden``."""
    out: dict[str, tuple[str, str]] = {}
    for folder, dirnames, filenames in os.walk(root):
        rel = os.path.relpath(folder, root).replace(os.sep, "/")
        rel = "" if rel == "." else rel + "/"
        if not rel and not hidden:
            dirnames[:] = [d for d in dirnames if not d.startswith(".")]
            filenames = [f for f in filenames if not f.startswith(".")]
        for name in sorted(dirnames) + sorted(filenames):
            full = os.path.join(folder, name)
            info = os.lstat(full)
            if stat.S_ISLNK(info.st_mode):
                out[rel + name] = ("link", os.readlink(full))
            elif stat.S_ISDIR(info.st_mode):
                out[rel + name] = ("dir", "")
            elif stat.S_ISREG(info.st_mode):
                out[rel + name] = ("file", file_hash(full))
            else:
                out[rel + name] = ("other", "")
    return out


def tree_changes(
    before: dict[str, tuple[str, str]],
    after: dict[str, tuple[str, str]],
    before_root: str = "",
    after_root: str = "",
) -> list[str]:
    """Paths added, removed or changed between two :func:`tree` listings. With both roots
    given, an office file whose bytes changed but whose :func:`office_view` did not (opened
    and saved, nothing edited) is not a change."""
    out = []
    for path in sorted(before.keys() | after.keys()):
        old, new = before.get(path), after.get(path)
        if old == new:
            continue
        if (
            before_root
            and after_root
            and old is not None
            and new is not None
            and old[0] == new[0] == "file"
            and path.lower().endswith(OFFICE_SUFFIXES)
            and same_view(os.path.join(before_root, path), os.path.join(after_root, path))
        ):
            continue
        out.append(path)
    return out


def same_view(a: str, b: str) -> bool:
    try:
        return office_view(a) == office_view(b)
    except Exception:  # an unreadable file is a changed file
        return False


# -- views of office files ----------------------------------------------------------------------
#: views already made in this run, by file content: a reward's guard and its checks both ask for
#: the target's views (the guard to tell an edit from a resave), and a parse is most of a
#: reward's time (hashing the bytes is a small part of it). Callers only read a view.
_VIEWS: dict[tuple[str, str], dict[str, Any]] = {}


def office_view(path: str) -> dict[str, Any]:
    """The comparable view of an xlsx, docx or pptx file (by extension), made once per content
    in a run."""
    key = (path.lower().rsplit(".", 1)[-1], file_hash(path))
    if key not in _VIEWS:
        _VIEWS[key] = _fresh_view(path)
    return _VIEWS[key]


def _fresh_view(path: str) -> dict[str, Any]:
    lower = path.lower()
    if lower.endswith(".xlsx"):
        return xlsx_view(path)
    if lower.endswith(".docx"):
        return docx_view(path)
    if lower.endswith(".pptx"):
        return pptx_view(path)
    raise ValueError("no office view for " + os.path.basename(path))


def view_changes(before: dict[str, Any], after: dict[str, Any]) -> list[str]:
    """Keys whose value differs (added, removed or changed), sorted."""
    return sorted(k for k in before.keys() | after.keys() if before.get(k) != after.get(k))


def plain(value: Any) -> Any:
    """A cell or attribute value in comparable form: numbers as rounded floats, dates as ISO
    text, enums by name, everything else as text (None stays None)."""
    if value is None or isinstance(value, bool):
        return value
    name = getattr(value, "name", None)
    if isinstance(name, str) and type(value).__module__.startswith(("docx", "pptx", "enum")):
        return name
    if isinstance(value, int | float):
        return round(float(value), 9)
    if isinstance(value, datetime.datetime | datetime.date | datetime.time):
        return value.isoformat()
    return str(getattr(value, "text", value))


def color_of(color: Any) -> str:
    """An openpyxl/docx/pptx colour as text: RRGGBB, ``theme:N``, ``indexed:N`` or ""."""
    if color is None:
        return ""
    kind = getattr(color, "type", None)
    kind = getattr(kind, "name", kind)
    if kind in ("rgb", "RGB") or kind is None:
        rgb = getattr(color, "rgb", None)
        text = str(rgb) if rgb is not None else ""
        return text[-6:].upper() if re.fullmatch(r"[0-9A-Fa-f]{6,8}", text) else ""
    if kind in ("theme", "SCHEME"):
        return "theme:" + str(getattr(color, "theme", getattr(color, "theme_color", "")))
    if kind == "indexed":
        return "indexed:" + str(getattr(color, "indexed", ""))
    return ""


def text_color(color: str) -> str:
    """Automatic text colour is "": the theme's dark text, black and indexed 8 (LibreOffice
    writes explicit black where openpyxl left the theme colour)."""
    return "" if color in ("theme:1", "000000", "indexed:8", "indexed:64") else color


# xlsx -------------------------------------------------------------------------------------------
def xlsx_value(value: Any) -> Any:
    if isinstance(value, str) and value.startswith("="):
        return "=" + value[1:].replace(" ", "").replace("_xlfn.", "").upper()
    return plain(value)


def number_format(fmt: Any) -> str:
    text = str(fmt or "General").replace("\\", "").replace('"', "").lower()
    return "general" if text in ("general", "") else text


def xlsx_cell(cell: Any) -> list[Any]:
    font, fill, align = cell.font, cell.fill, cell.alignment
    solid = fill is not None and fill.fill_type == "solid"
    return [
        xlsx_value(cell.value),
        number_format(cell.number_format),
        [
            bool(font.b),
            bool(font.i),
            str(font.u or ""),
            bool(font.strike),
            text_color(color_of(font.color)),
            plain(font.sz or 11),  # no size: Excel's and LibreOffice's default
        ],
        color_of(fill.fgColor) if solid else "",
        [
            str(align.horizontal or "general"),
            str(align.vertical or "bottom"),
            bool(align.wrap_text),
            plain(align.indent or 0),
        ],
    ]


def plain_cell(key: list[Any]) -> bool:
    """No value and no formatting a user would see (font name and size aside)."""
    _, fmt, font, fill, align = key
    return (
        key[0] in (None, "")
        and fmt == "general"
        and font[:5] == [False, False, "", False, ""]
        and not fill
        and align == ["general", "bottom", False, 0.0]
    )


def xlsx_view(path: str) -> dict[str, Any]:
    """One key per sheet-level thing: ``sheets`` (names in order), ``<sheet>!<cell>`` for every
    cell with a value or visible formatting, and ``<sheet>:merged``, ``:validations``,
    ``:conditional``, ``:hidden``, ``:freeze``, ``:filter``, ``:charts``."""
    import openpyxl  # type: ignore[import-untyped, unused-ignore]

    wb = openpyxl.load_workbook(path)
    view: dict[str, Any] = {"sheets": list(wb.sheetnames)}
    for ws in wb.worksheets:
        name = ws.title
        for row in ws.iter_rows():
            for cell in row:
                key = xlsx_cell(cell)
                if not plain_cell(key):
                    view[name + "!" + cell.coordinate] = key
        view[name + ":merged"] = sorted(str(r) for r in ws.merged_cells.ranges)
        view[name + ":validations"] = sorted(
            validation_view(dv) for dv in ws.data_validations.dataValidation
        )
        rules = []
        for cf in ws.conditional_formatting:
            for rule in cf.rules:
                dxf = rule.dxf
                fill = dxf_fill(dxf.fill) if dxf is not None and dxf.fill else ""
                font = color_of(dxf.font.color) if dxf is not None and dxf.font else ""
                bold = bool(dxf.font.b) if dxf is not None and dxf.font else False
                formula = [str(f).replace(" ", "").upper() for f in rule.formula or []]
                rules.append(
                    [str(cf.sqref), str(rule.type), str(rule.operator), formula, fill, font, bold]
                )
        view[name + ":conditional"] = sorted(rules)
        view[name + ":hidden"] = sorted(
            [k for k, d in ws.column_dimensions.items() if d.hidden]
            + [str(k) for k, d in ws.row_dimensions.items() if d.hidden]
        )
        view[name + ":freeze"] = str(ws.freeze_panes or "")
        view[name + ":filter"] = str(ws.auto_filter.ref or "")
        view[name + ":charts"] = sorted(type(c).__name__ for c in getattr(ws, "_charts", []))
    return view


def validation_view(dv: Any) -> list[str]:
    """A data validation: range, type and what it allows. A list's operator and second
    formula mean nothing (LibreOffice fills in ``between`` and ``0``)."""
    out = [str(dv.sqref), str(dv.type), str(dv.formula1)]
    if dv.type != "list":
        out += [str(dv.formula2), str(dv.operator or "between")]
    return out


def dxf_fill(fill: Any) -> str:
    """A conditional format's fill colour: openpyxl writes it as the pattern's foreground,
    LibreOffice (like Excel) as its background; the first colour that is set counts."""
    for color in (fill.fgColor, fill.bgColor):
        text = color_of(color)
        if text not in ("", "000000"):
            return text
    return ""


def cell_in(coord: str, ranges: list[str]) -> bool:
    """Is cell ``coord`` (``F7``) in one of ``ranges`` (``F2:F20``, ``A1``, ``C:C``, ``3:3``)?"""
    from openpyxl.utils.cell import (  # type: ignore[import-untyped, unused-ignore]
        coordinate_to_tuple,
        range_boundaries,
    )

    row, col = coordinate_to_tuple(coord)
    for text in ranges:
        min_col, min_row, max_col, max_row = range_boundaries(text)
        if (min_col or 1) <= col <= (max_col or 16384) and (min_row or 1) <= row <= (
            max_row or 1048576
        ):
            return True
    return False


def cells_outside(changes: list[str], sheet: str, ranges: list[str]) -> list[str]:
    """The changed keys of an :func:`xlsx_view` that are not cells of ``sheet`` inside
    ``ranges``: other sheets, other cells, and sheet-level changes (merges, rules, ...)."""
    out = []
    for key in changes:
        name, bang, coord = key.rpartition("!")
        if bang and name == sheet and cell_in(coord, ranges):
            continue
        out.append(key)
    return out


# docx -------------------------------------------------------------------------------------------
def runs_view(runs: Any) -> list[list[Any]]:
    """Runs as (text, bold, italic, underline, strike, colour, size, highlight), adjacent runs
    with equal formatting merged (LibreOffice splits and joins runs freely)."""
    out: list[list[Any]] = []
    for run in runs:
        font = run.font
        fmt = [
            bool(font.bold),
            bool(font.italic),
            str(font.underline or ""),
            bool(getattr(font, "strike", False)),
            text_color(color_of(font.color) if font.color is not None and font.color.type else ""),
            plain(font.size.pt) if font.size is not None else None,
            plain(getattr(font, "highlight_color", None)),
        ]
        if out and out[-1][1:] == fmt:
            out[-1][0] += run.text
        elif run.text:
            out.append([run.text, *fmt])
    return out


PARAGRAPH_ATTRS = (
    "alignment",
    "left_indent",
    "right_indent",
    "first_line_indent",
    "space_before",
    "space_after",
    "line_spacing",
)
NS_WML = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"


def doc_defaults(doc: Any) -> dict[str, Any]:
    """The document's default paragraph spacing (``w:docDefaults``), in points and lines:
    what a paragraph without its own or its style's values shows."""
    out: dict[str, Any] = {}
    node = doc.styles.element.find(
        NS_WML + "docDefaults/" + NS_WML + "pPrDefault/" + NS_WML + "pPr"
    )
    spacing = node.find(NS_WML + "spacing") if node is not None else None
    if spacing is not None:
        for attr, key in (("before", "space_before"), ("after", "space_after")):
            if spacing.get(NS_WML + attr) is not None:
                out[key] = int(spacing.get(NS_WML + attr)) / 20
        line = spacing.get(NS_WML + "line")
        if line is not None:
            auto = spacing.get(NS_WML + "lineRule", "auto") == "auto"
            out["line_spacing"] = int(line) / 240 if auto else int(line) / 20
    return out


def shown_format(paragraph: Any, attr: str, defaults: dict[str, Any]) -> Any:
    """A paragraph-format attribute as shown: direct formatting, else the style chain, else
    the document defaults (LibreOffice writes the shown value on paragraphs that had none)."""
    value = getattr(paragraph.paragraph_format, attr)
    style = paragraph.style
    while value is None and style is not None:
        value = getattr(style.paragraph_format, attr)
        style = style.base_style
    if value is None:
        value = defaults.get(attr)
    if attr == "alignment":
        name = plain(value) if value is not None else "LEFT"
        return "LEFT" if name in ("START", "JUSTIFY_LOW") else name
    if value is None:
        return 1.0 if attr == "line_spacing" else 0.0
    return round(float(value.pt if hasattr(value, "pt") else value), 2)


def paragraph_view(paragraph: Any, defaults: dict[str, Any]) -> list[Any]:
    style = paragraph.style.name if paragraph.style is not None else ""
    return [
        " ".join(str(style).split()).casefold(),
        paragraph.text,
        [shown_format(paragraph, attr, defaults) for attr in PARAGRAPH_ATTRS],
        runs_view(paragraph.runs),
    ]


def docx_view(path: str) -> dict[str, Any]:
    """``p<i>`` for every body paragraph (style, text, alignment, indents, spacing, runs),
    ``t<i>:<row>:<col>`` for every table cell's text, ``section<i>`` (orientation, page size
    and margins in mm), ``header<i>``/``footer<i>`` texts, and ``counts``."""
    import docx

    doc = docx.Document(path)
    defaults = doc_defaults(doc)
    view: dict[str, Any] = {}
    for i, paragraph in enumerate(doc.paragraphs):
        view["p" + str(i)] = paragraph_view(paragraph, defaults)
    for t, table in enumerate(doc.tables):
        for r, row in enumerate(table.rows):
            for c, cell in enumerate(row.cells):
                view["t" + str(t) + ":" + str(r) + ":" + str(c)] = cell.text
    for s, section in enumerate(doc.sections):
        sizes = (
            section.page_width,
            section.page_height,
            section.left_margin,
            section.right_margin,
            section.top_margin,
            section.bottom_margin,
        )
        view["section" + str(s)] = [plain(section.orientation)] + [
            round(x.mm) if x is not None else None for x in sizes
        ]
        # Digits masked: page-number fields show whatever page the writer last laid out.
        for part, where in (("header", section.header), ("footer", section.footer)):
            texts = [re.sub(r"[0-9]+", "#", p.text) for p in where.paragraphs if p.text.strip()]
            view[part + str(s)] = texts
    view["counts"] = [len(doc.paragraphs), len(doc.tables), len(doc.inline_shapes)]
    return view


# pptx -------------------------------------------------------------------------------------------
NS_DML = "{http://schemas.openxmlformats.org/drawingml/2006/main}"
NS_PML = "{http://schemas.openxmlformats.org/presentationml/2006/main}"
TITLE_TYPES = ("TITLE", "CENTER_TITLE", "VERTICAL_TITLE")


def placeholder_sources(shape: Any) -> list[Any]:
    """Where a placeholder inherits paragraph properties from, nearest first: the layout's and
    the master's placeholder with the same index (or type), then the master's text style."""
    out: list[Any] = []
    try:
        fmt = shape.placeholder_format
        layout = shape.part.slide.slide_layout
    except Exception:  # not a slide placeholder (a layout's own, a notes page)
        return out
    kind = plain(fmt.type)
    for owner in (layout, layout.slide_master):
        for candidate in owner.placeholders:
            other = candidate.placeholder_format
            if other.idx == fmt.idx or (kind in TITLE_TYPES and plain(other.type) in TITLE_TYPES):
                out.append(candidate._element.find(".//" + NS_DML + "lstStyle"))
                break
    styles = layout.slide_master._element.find(NS_PML + "txStyles")
    if styles is not None:
        out.append(styles.find(NS_PML + ("titleStyle" if kind in TITLE_TYPES else "bodyStyle")))
    return [x for x in out if x is not None]


def inherited(sources: list[Any], level: int) -> tuple[str, Any]:
    """(alignment, size in points) a paragraph at ``level`` gets from ``sources``."""
    align, size = "", None
    for node in sources:
        lvl = node.find(NS_DML + "lvl" + str(level + 1) + "pPr")
        if lvl is None:
            continue
        if not align and lvl.get("algn"):
            align = lvl.get("algn")
        rpr = lvl.find(NS_DML + "defRPr")
        if rpr is None:
            continue
        if size is None and rpr.get("sz"):
            size = int(rpr.get("sz")) / 100
    names = {"l": "LEFT", "ctr": "CENTER", "r": "RIGHT", "just": "JUSTIFY", "dist": "DISTRIBUTE"}
    return names.get(align, align.upper()), size


def shape_view(shape: Any) -> list[Any]:
    """Kind, placeholder type, position and size (in 1/10 inch), and the text: one entry per
    paragraph (level, alignment, runs), with a placeholder's inherited alignment and font size
    filled in (LibreOffice writes them on every paragraph and run it saves)."""
    ph = plain(shape.placeholder_format.type) if shape.is_placeholder else ""
    ph = "TITLE" if ph == "CENTER_TITLE" else ph  # LibreOffice saves every title as TITLE
    sources = placeholder_sources(shape) if shape.is_placeholder else []
    box = [round((x or 0) / 91440) for x in (shape.left, shape.top, shape.width, shape.height)]
    text = []
    if shape.has_text_frame:
        for paragraph in shape.text_frame.paragraphs:
            align, size = inherited(sources, paragraph.level)
            if paragraph.alignment is not None:
                align = plain(paragraph.alignment)
            runs = runs_view(paragraph.runs)
            for run in runs:
                run[6] = size if run[6] is None else run[6]
                if shape.is_placeholder:
                    # A placeholder's text colour comes from theme colours with tints, which
                    # LibreOffice saves as the rgb it computed: not comparable, left out.
                    run[5] = ""
            text.append([paragraph.level, align or "LEFT", runs])
    kind = plain(shape.shape_type) if shape.shape_type is not None else ""
    extra: list[Any] = []
    if getattr(shape, "has_table", False) and shape.has_table:
        extra = [[cell.text for cell in row.cells] for row in shape.table.rows]
    if getattr(shape, "has_chart", False) and shape.has_chart:
        extra = [plain(shape.chart.chart_type)]
    return [kind, ph, box, text, extra]


def pptx_view(path: str) -> dict[str, Any]:
    """``slides`` (count), and per slide ``s<i>:shape<j>`` (kind, placeholder, box, paragraphs
    with runs, table cells / chart type) and ``s<i>:notes``. Layout names are left out:
    LibreOffice renames them when it saves."""
    import pptx

    deck = pptx.Presentation(path)
    view: dict[str, Any] = {"slides": len(deck.slides)}
    for i, slide in enumerate(deck.slides):
        prefix = "s" + str(i)
        for j, shape in enumerate(slide.shapes):
            view[prefix + ":shape" + str(j)] = shape_view(shape)
        notes = ""
        if slide.has_notes_slide and slide.notes_slide.notes_text_frame is not None:
            notes = slide.notes_slide.notes_text_frame.text
        view[prefix + ":notes"] = notes
    return view
