"""Document readers every writer ``reward.py`` carries (python-docx on the environment image).

They resolve *effective* formatting (direct formatting, then the style chain), because a person
in Writer may reach the same visible result through direct formatting or through a style, and
both are correct. The whole-document guards compare the body (:func:`body_view`) and the page
(:func:`page_view`) with the document setup wrote, built on the desktop views of
:mod:`cuagym.scripts._home` (inlined before this text). Read as text, never imported on the host.
"""

# mypy: allow-untyped-defs, allow-untyped-calls, disable-error-code="var-annotated"
# The text below the marker is pasted into task scripts as it is (their bytes are part of
# every generated task): untyped, hand-wrapped lines kept, so ruff's formatter stays off.
# ruff: noqa: B905  (zips pair views of equal length; a strict zip would change the text)
# fmt: off
from docx import Document

from cuagym.scripts._home import (
    NS_WML,
    PARAGRAPH_ATTRS,
    doc_defaults,
    docx_view,
    paragraph_view,
    view_changes,
)


# -- inlined into reward.py --
def norm(text):
    return " ".join(str(text).split()).casefold()


def style_name(paragraph):
    style = paragraph.style
    return norm(style.name) if style is not None and style.name else ""


def heading_level(paragraph):
    """1-9 for "Heading N", 0 for "Title", None otherwise (Writer saves "heading 1" too)."""
    name = style_name(paragraph)
    if name == "title":
        return 0
    if name.startswith("heading ") and name[8:].isdigit():
        return int(name[8:])
    return None


def effective(paragraph, attr):
    """A paragraph-format attribute: direct formatting first, then the paragraph style chain."""
    value = getattr(paragraph.paragraph_format, attr)
    style = paragraph.style
    while value is None and style is not None:
        value = getattr(style.paragraph_format, attr)
        style = style.base_style
    return value


def char_flags(paragraph, attr):
    """(text, [effective bold/italic per character]) over the paragraph's runs."""
    text, flags = "", []
    for run in paragraph.runs:
        value = getattr(run.font, attr)
        style = run.style
        while value is None and style is not None:
            value = getattr(style.font, attr)
            style = style.base_style
        style = paragraph.style
        while value is None and style is not None:
            value = getattr(style.font, attr)
            style = style.base_style
        text += run.text
        flags.extend([bool(value)] * len(run.text))
    return text, flags


def list_format(doc, paragraph):
    """The list numbering format of a paragraph ("bullet", "decimal", ...) or "" if none.

    numPr may sit on the paragraph (Writer's toolbar lists) or on its style ("List Bullet").
    """
    num_pr = None
    ppr = paragraph._p.pPr
    if ppr is not None and ppr.numPr is not None:
        num_pr = ppr.numPr
    style = paragraph.style
    while num_pr is None and style is not None:
        sppr = style.element.pPr
        if sppr is not None and sppr.numPr is not None:
            num_pr = sppr.numPr
        style = style.base_style
    if num_pr is None or num_pr.numId is None or num_pr.numId.val == 0:
        return ""
    level = num_pr.ilvl.val if num_pr.ilvl is not None else 0
    numbering = doc.part.numbering_part.element
    abstract = numbering.xpath(
        f"./w:num[@w:numId='{num_pr.numId.val}']/w:abstractNumId/@w:val")
    if not abstract:
        return ""
    fmt = numbering.xpath(
        f"./w:abstractNum[@w:abstractNumId='{abstract[0]}']/w:lvl[@w:ilvl='{level}']"
        "/w:numFmt/@w:val")
    return str(fmt[0]) if fmt else ""


def list_id(paragraph):
    """The numId a listed paragraph points to directly (one list = one id), else None."""
    ppr = paragraph._p.pPr
    if ppr is not None and ppr.numPr is not None and ppr.numPr.numId is not None:
        return ppr.numPr.numId.val
    return None


def headings(doc):
    """[(level, normalized text)] of the body's heading paragraphs, in order."""
    out = []
    for p in doc.paragraphs:
        level = heading_level(p)
        if level is not None and p.text.strip():
            out.append((level, norm(p.text)))
    return out


def section_blocks(doc, heading):
    """The blocks (paragraphs and tables) under the first heading ``heading``, up to the
    next heading; None if there is no such heading."""
    blocks, inside, found = [], False, False
    for block in doc.iter_inner_content():
        is_para = not hasattr(block, "rows")
        level = heading_level(block) if is_para else None
        if inside and level is not None and block.text.strip():
            break
        if inside and (not is_para or block.text.strip()):
            blocks.append(block)
        if not found and level is not None and norm(block.text) == norm(heading):
            inside, found = True, True
    return blocks if found else None


def all_texts(doc):
    """The text of every body paragraph and every table cell paragraph, in order."""
    out = [p.text for p in doc.paragraphs]
    for table in doc.tables:
        for row in table.rows:
            for cell in row.cells:
                out.extend(p.text for p in cell.paragraphs)
    return out


def number(text):
    """A number written in a cell ("1,234.50", "$ 99", "-3") or None."""
    cleaned = "".join(ch for ch in str(text) if ch.isdigit() or ch in ".-")
    try:
        return float(cleaned)
    except ValueError:
        return None


def squash(text):
    """Whitespace collapsed, case kept: how a text the instruction gives exactly is compared."""
    return " ".join(str(text).split())


# -- whole-document guards: the document compared with the one setup wrote ----------------------
FIELDS = {"style": 1, "text": 2, "formats": 3, "runs": 4}


def body_view(doc):
    """The body in order: ["p", style, text, formats, runs] (see paragraph_view) for every
    paragraph with text, ["t", rows of cell texts] for every table. Empty paragraphs show
    nothing and are left out (page breaks are compared by page_starts)."""
    defaults = doc_defaults(doc)
    out = []
    for block in doc.iter_inner_content():
        if hasattr(block, "rows"):
            out.append(["t", [[c.text for c in r.cells] for r in block.rows]])
        elif block.text.strip():
            out.append(["p", *paragraph_view(block, defaults)])
    return out


def page_starts(doc):
    """The texts (squashed, 60 characters) of the body paragraphs that begin a new page: a page
    break before their text (in a run of theirs or of an earlier, empty paragraph), "page break
    before" (direct or from their style), or a section break at the end of the paragraph before.
    Writer and python-docx spell a break differently; the pages they make are the same."""
    out, pending = [], False
    for p in doc.paragraphs:
        starts = bool(effective(p, "page_break_before"))
        for node in p._p.iter(NS_WML + "br", NS_WML + "t"):
            if node.tag == NS_WML + "br" and node.get(NS_WML + "type") == "page":
                pending = True
            elif node.tag == NS_WML + "t" and node.text and node.text.strip():
                starts, pending = starts or pending, False
        if p.text.strip() and starts:
            out.append(squash(p.text)[:60])
        elif starts:
            pending = True
        if p._p.xpath("./w:pPr/w:sectPr"):
            pending = True
    return out


def page_view(path):
    """Everything around the body: per section its orientation, page size and margins (mm),
    header and footer texts (page numbers masked), pictures, and the page starts."""
    view = docx_view(path)
    out = {k: v for k, v in view.items() if k.startswith(("section", "header", "footer"))}
    out["pictures"] = view["counts"][2]
    out["page_starts"] = page_starts(Document(path))
    return out


RUN_FIELDS = ("bold", "italic", "underline", "strike", "color", "size", "highlight")


def loosened(block, fields):
    """A body_view block with ``fields`` blanked: "style", "runs", "formats" (all paragraph
    formats), a paragraph-format name (alignment, space_after, line_spacing, ...) or a run
    attribute (bold, italic, ...: left out of every run, runs then merged again)."""
    if block[0] != "p":
        return block
    out = list(block)
    for name in fields:
        if name in FIELDS:
            out[FIELDS[name]] = None
    out[3] = [None if attr in fields or "formats" in fields else value
              for attr, value in zip(PARAGRAPH_ATTRS, block[3])]
    free = [i + 1 for i, name in enumerate(RUN_FIELDS) if name in fields]
    if free and out[4] is not None:
        runs = []
        for run in out[4]:
            fmt = [None if i in free else v for i, v in enumerate(run) if i]
            if runs and runs[-1][1:] == fmt:
                runs[-1][0] += run[0]
            else:
                runs.append([run[0], *fmt])
        out[4] = runs
    return out


def label(block):
    return squash(block[2])[:30] if block[0] == "p" else "a table"


def body_changes(before, after, loose=None):
    """What differs between two body views, block by block: their labels, or the counts when
    blocks were added or removed. ``loose`` maps an initial paragraph text to the fields that
    may change in it (see loosened); its text must stay as it was."""
    loose = loose or {}
    if len(before) != len(after):
        return [str(len(before)) + " blocks became " + str(len(after))]
    out = []
    for old, new in zip(before, after):
        fields = loose.get(old[2], ()) if old[0] == "p" else ()
        if loosened(old, fields) != loosened(new, fields):
            out.append(label(old))
    return out


def replaced(value, old, new):
    """A view (nested lists of texts and values) with ``old`` replaced by ``new`` in every text."""
    if isinstance(value, str):
        return value.replace(old, new)
    if isinstance(value, list):
        return [replaced(v, old, new) for v in value]
    return value


def char_formats(runs, free=()):
    """One entry per character of a runs view (text, bold, italic, underline, strike, colour,
    size, highlight): its formatting, the fields at the indexes ``free`` left out."""
    out = []
    for run in runs:
        fmt = [v for i, v in enumerate(run) if i and i not in free]
        out.extend([fmt] * len(run[0]))
    return out


def page_changes(before, after, keys=()):
    """The page_view keys that differ, other than ``keys`` (prefixes)."""
    return [k for k in view_changes(before, after) if not k.startswith(tuple(keys))]
