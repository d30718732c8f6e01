"""GUI oracles of the writer families: each solves its task in LibreOffice Writer, keyboard first.

Paragraphs are found the way a person finds them, with Find and Replace (regular expressions
that match a whole paragraph, case kept); styles come from Writer's shortcuts (Ctrl+1 = Heading
1) or the Apply Style box (Ctrl+F11); dialogs open from Writer's command search (Shift+Esc),
their fields reached by their mnemonics. See :mod:`cuagym.families._office_oracle` for the round
loop (plan from the saved file, act, save, read back).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any, ClassVar, cast

from cuagym.families._office_oracle import (
    IMPRESS_POPUP,
    Call,
    FindDialog,
    Move,
    OfficeOracle,
    checkboxes,
    click,
    export_pdf,
    key,
    pause,
    pdf_pages,
    regex_escape,
    text,
)

__all__ = [
    "ORACLES",
    "AcceptChangesOracle",
    "ClearFormattingOracle",
    "CommentPhraseOracle",
    "DeckHandoutOracle",
    "EmphasizeOracle",
    "ExportPdfOracle",
    "HeadingStylesOracle",
    "LinkPhraseOracle",
    "MakeListOracle",
    "ParagraphFormatOracle",
    "ReplaceTermOracle",
    "ReportAndSlideOracle",
    "SaveOdtOracle",
    "TableOfContentsOracle",
    "TableTotalOracle",
    "WriterOracle",
]

#: Writer's Find and Replace dialog: each option's check box from the first one (Match case),
#: in pixels, and the mnemonics of options, fields and buttons.
WRITER_FIND = {
    "offsets": {"match_case": (0, 0), "regex": (-71, 236), "selection": (-71, 180)},
    "mnemonics": {
        "match_case": "t",
        "regex": "g",
        "selection": "u",
        "find": "f",
        "find_all": "a",
        "replace": "p",
        "replace_all": "l",
    },
    "fields": {"find": (264, -27), "replace": (264, 65), "replace_all": (509, 119)},
}
#: Pixels that are white only while the command search (Shift+Esc) is open: its list covers
#: the grey margin right of the page and the toolbar under its entry.
COMMAND_POPUP = ((1040, 300), (860, 47))
#: Pixels left of the page that a menu of the menu bar (Insert, Format) covers in white.
MENU_POPUP = ((150, 300), (150, 500))


def squash(value: str) -> str:
    return " ".join(value.split())


def whole(*paragraphs: str) -> str:
    """A regular expression matching exactly these paragraphs' texts."""
    inner = "|".join(regex_escape(p) for p in paragraphs)
    return f"^({inner})$" if len(paragraphs) > 1 else f"^{inner}$"


def starts(paragraphs: Sequence[str], doc: Any) -> str:
    """A regular expression matching exactly these paragraphs of ``doc``, each by the fewest
    first words that no other paragraph of the document starts with."""
    wanted = set(paragraphs)
    others = [p.text for p in doc.paragraphs if p.text not in wanted]
    heads = []
    for paragraph in paragraphs:
        words = paragraph.split(" ")
        for n in range(1, len(words) + 1):
            head = " ".join(words[:n])
            if n == len(words) or not any(o.startswith(head) for o in others):
                break
        heads.append(regex_escape(head) + ("$" if head == paragraph else ".*$"))
    return "^(" + "|".join(heads) + ")"


#: Format > Paragraph, Indents & Spacing: the Below paragraph field and the Line Spacing list
#: from the top left of the Automatic box.
BELOW_FIELD = (186, 107)
SPACING_LIST = (183, 201)


def paragraph_dialog_box(png: bytes) -> tuple[int, int] | None:
    """The Paragraph dialog's Automatic box, once drawn: the first of three check boxes in one
    column, 131 and 225 pixels apart (Automatic, Do not add space, Activate page
    line-spacing)."""
    boxes = [(x, y) for x, y, _ in checkboxes(png)]
    for x, y in boxes:
        near = {(u - x, v - y) for u, v in boxes if abs(u - x) <= 2}
        if any(abs(dy - 131) <= 3 for _, dy in near) and any(abs(dy - 225) <= 3 for _, dy in near):
            return x, y
    return None


class WriterOracle(OfficeOracle):
    """Shared moves of the writer oracles; ``read`` gives the target document (python-docx)."""

    app_title: ClassVar[str] = "LibreOffice Writer"
    popup_points: ClassVar[tuple[tuple[int, int], ...]] = COMMAND_POPUP
    menu_points: ClassVar[tuple[tuple[int, int], ...]] = MENU_POPUP

    def __init__(self, task: Any) -> None:
        super().__init__(task)
        self.finder = FindDialog(**WRITER_FIND)  # type: ignore[arg-type]

    def read(self, home: Path) -> Any:
        from docx import Document

        return Document(str(self.host(self.path)))

    # -- finding ------------------------------------------------------------------------------
    def find(self, *paragraphs: str, every: bool = False, among: Any = None) -> list[Move]:
        """Select the paragraph(s) whose whole text is one of ``paragraphs`` (Find All when
        ``every``), then back to the document with the selection. With ``among`` (the
        document), each paragraph is found by the shortest start no other paragraph has: a
        long pattern takes xdotool tens of seconds to type under load."""
        shown = paragraphs[0] if len(paragraphs) == 1 else f"{len(paragraphs)} paragraphs"
        pattern = whole(*paragraphs) if among is None else starts(paragraphs, among)
        return [
            Move("go to the top (no selection left).", [key("ctrl", "home")]),
            self.finder.open(),
            self.finder.options(match_case=True, regex=True, selection=False),
            self.finder.search(pattern, every=every, shown=f"“{shown[:40]}”"),
            self.finder.close(self.window),
        ]

    def replace_all(self, old: str, new: str) -> list[Move]:
        return [
            Move("go to the top (no selection left).", [key("ctrl", "home")]),
            self.finder.open(),
            self.finder.options(match_case=True, regex=True, selection=False),
            self.finder.replace_all(regex_escape(old), new.replace("&", "\\&")),
            self.finder.close(self.window),
        ]

    def style(self, name: str) -> Move:
        """Apply paragraph style ``name`` through the Apply Style box."""
        return Move(f"apply the {name} style.", [key("ctrl", "f11"), text(name), key("enter")])


def heading_level(paragraph: Any) -> int | None:
    name = " ".join(str(paragraph.style.name if paragraph.style else "").split()).casefold()
    if name.startswith("heading ") and name[8:].isdigit():
        return int(name[8:])
    return None


# -- the families ------------------------------------------------------------------------------
class HeadingStylesOracle(WriterOracle):
    """apply-heading-styles: Find All the section titles, Ctrl+1; the sub-titles, Ctrl+2."""

    def wanted(self) -> dict[str, int]:
        return {**{t: 1 for t in self.p["h1"]}, **{t: 2 for t in self.p["h2"]}}

    def missing(self, doc: Any) -> list[str]:
        levels = {squash(p.text): heading_level(p) for p in doc.paragraphs}
        return [f"{t} is not Heading {n}" for t, n in self.wanted().items() if levels.get(t) != n]

    def plan(self, doc: Any) -> list[Move]:
        moves: list[Move] = []
        for level in (1, 2):
            todo = [t for t, n in self.wanted().items() if n == level]
            todo = [t for t in todo if f"{t} is not Heading {level}" in self.missing(doc)]
            if todo:
                moves += self.find(*todo, every=True)
                moves.append(Move(f"make them Heading {level}.", [key("ctrl", str(level))]))
        return moves


class ReplaceTermOracle(WriterOracle):
    """replace-company-name: Replace All with Match case."""

    def missing(self, doc: Any) -> list[str]:
        texts = [p.text for p in doc.paragraphs]
        for table in doc.tables:
            for row in table.rows:
                texts += [c.text for c in row.cells]
        joined = "\n".join(texts)
        left = joined.count(self.p["old"])
        return [f"{left} mentions of {self.p['old']}"] if left else []

    def plan(self, doc: Any) -> list[Move]:
        return self.replace_all(self.p["old"], self.p["new"])


class EmphasizeOracle(WriterOracle):
    """emphasize-phrase: Find All the phrase (case kept), then Ctrl+B or Ctrl+I."""

    def flags(self, doc: Any) -> list[bool]:
        out = []
        for paragraph in doc.paragraphs:
            chars: list[bool] = []
            for run in paragraph.runs:
                chars += [bool(getattr(run.font, self.p["attr"]))] * len(run.text)
            body = "".join(r.text for r in paragraph.runs)
            at = body.find(self.p["phrase"])
            while at >= 0:
                out.append(all(chars[at : at + len(self.p["phrase"])]))
                at = body.find(self.p["phrase"], at + 1)
        return out

    def missing(self, doc: Any) -> list[str]:
        flags = self.flags(doc)
        return (
            [f"{flags.count(False)} of {len(flags)} not {self.p['attr']}"] if not all(flags) else []
        )

    def plan(self, doc: Any) -> list[Move]:
        # On a selection that is partly emphasized already, Ctrl+B / Ctrl+I sets the emphasis
        # on all of it (it only removes it when every character has it).
        shortcut = "b" if self.p["attr"] == "bold" else "i"
        return [
            Move("go to the top (no selection left).", [key("ctrl", "home")]),
            self.finder.open(),
            self.finder.options(match_case=True, regex=True, selection=False),
            self.finder.search(regex_escape(self.p["phrase"]), every=True),
            self.finder.close(self.window),
            Move(f"make every occurrence {self.p['attr']}.", [key("ctrl", shortcut)]),
        ]


class ParagraphFormatOracle(WriterOracle):
    """paragraph-format: centre the title (Ctrl+E); select the section's paragraphs (Find All),
    justify them (Ctrl+J) and set line spacing and space below in Format > Paragraph."""

    def section(self, doc: Any) -> list[Any]:
        out, inside = [], False
        for p in doc.paragraphs:
            level = heading_level(p)
            if inside and level is not None:
                break
            if inside and p.text.strip():
                out.append(p)
            if level == 1 and squash(p.text) == self.p["section"]:
                inside = True
        return out

    def missing(self, doc: Any) -> list[str]:
        from docx.enum.text import WD_ALIGN_PARAGRAPH

        out = []
        title = [p for p in doc.paragraphs if squash(p.text) == self.p["title"]]
        if not title or title[0].alignment != WD_ALIGN_PARAGRAPH.CENTER:
            out.append("title not centred")
        if not self.section(doc):
            out.append(f"the section {self.p['section']} has no paragraphs")
        for p in self.section(doc):
            fmt = p.paragraph_format
            after = fmt.space_after.pt if fmt.space_after is not None else None
            if (
                p.alignment != WD_ALIGN_PARAGRAPH.JUSTIFY
                or not isinstance(fmt.line_spacing, float)
                or abs(fmt.line_spacing - self.p["spacing"]) > 0.01
                or after is None
                or abs(after - self.p["after_pt"]) > 0.5
            ):
                out.append(f"{squash(p.text)[:30]} not formatted")
        return out

    def plan(self, doc: Any) -> list[Move]:
        moves = [*self.find(self.p["title"]), Move("centre the title.", [key("ctrl", "e")])]
        body = [p.text for p in self.section(doc)]
        moves += self.find(*body, every=True, among=doc)
        moves.append(Move("justify them.", [key("ctrl", "j")]))
        moves += self.command("Paragraph", "Paragraph")
        # in points, as the reward reads it (and no "″", which xdotool types through a keymap
        # change that lost the field's focus under load)
        below = f"{self.p['after_pt']:g} pt"
        lines = {1.5: 2, 2.0: 3}[self.p["spacing"]]  # Single, 1.15, 1.5 Lines, Double
        thought = f"{below} below each paragraph, {self.p['spacing']:g} lines."

        async def fields(oracle: OfficeOracle, obs: Any) -> list[Call]:
            # the fields by clicks placed from the dialog's Automatic box (on its Indents &
            # Spacing tab): keys sent to the dialog right after it opened reached no field
            box = paragraph_dialog_box(obs.screenshot)
            if box is None:
                oracle.waited += 1
                if oracle.waited > oracle.patience * 2:
                    oracle.queue.clear()
                    return [oracle.finish("failure")]
                oracle.queue.appendleft(Move(thought, dynamic=fields))
                return [pause(0.5)]
            oracle.waited = 0
            (x, y), (bx, by), (lx, ly) = box, BELOW_FIELD, SPACING_LIST
            return [click(x + bx, y + by), key("ctrl", "a"), text(below), click(x + lx, y + ly)]

        moves += [
            # the click on the line spacing list opens it: a popup whose title is not the
            # dialog's, so nothing to wait for; the list's Enter must leave the dialog open
            # (never resent: in the document an Enter would replace the selected paragraphs)
            Move(thought, dynamic=fields),
            Move(
                "pick the line spacing.",
                [pause(0.5), key("home"), *[key("down")] * lines, key("enter")],
                expect="Paragraph",
                retries=0,
            ),
            Move("confirm.", [key("enter")], expect=self.window, retries=0),
        ]
        return moves


class MakeListOracle(WriterOracle):
    """make-list: select the section's items from its heading down, then F12 (numbers) or
    Shift+F12 (bullets)."""

    def items(self, doc: Any) -> list[Any]:
        return ParagraphFormatOracle.section(self, doc)  # type: ignore[arg-type]

    def missing(self, doc: Any) -> list[str]:
        want = "decimal" if self.p["kind"] == "numbered" else "bullet"
        kinds = [list_format(doc, p) for p in self.items(doc)]
        return [f"list formats {kinds}"] if kinds != [want] * self.p["count"] else []

    def plan(self, doc: Any) -> list[Move]:
        toggle = key("f12") if self.p["kind"] == "numbered" else key("shift", "f12")
        return [
            *self.find(self.p["section"]),
            Move(
                f"select the {self.p['count']} items below the heading.",
                [key("down"), key("home")] + [key("ctrl", "shift", "down")] * self.p["count"],
            ),
            Move(f"make them a {self.p['kind']} list.", [toggle]),
        ]


def list_format(doc: Any, paragraph: Any) -> str:
    num_pr = None
    if paragraph._p.pPr is not None and paragraph._p.pPr.numPr is not None:
        num_pr = paragraph._p.pPr.numPr
    style = paragraph.style
    while num_pr is None and style is not None:
        if style.element.pPr is not None and style.element.pPr.numPr is not None:
            num_pr = style.element.pPr.numPr
        style = style.base_style
    if num_pr is None or num_pr.numId is None or num_pr.numId.val == 0:
        return ""
    level = num_pr.ilvl.val if num_pr.ilvl is not None else 0
    numbering = doc.part.numbering_part.element
    abstract = numbering.xpath(f"./w:num[@w:numId='{num_pr.numId.val}']/w:abstractNumId/@w:val")
    if not abstract:
        return ""
    fmt = numbering.xpath(
        f"./w:abstractNum[@w:abstractNumId='{abstract[0]}']/w:lvl[@w:ilvl='{level}']"
        "/w:numFmt/@w:val"
    )
    return str(fmt[0]) if fmt else ""


class TableTotalOracle(WriterOracle):
    """table-total: from the Amount header down, type each line's amount, then Tab out of the
    last cell for a new row: "Total" and the sum."""

    def table(self, doc: Any) -> Any:
        for table in doc.tables:
            if [c.text.strip() for c in table.rows[0].cells][3:4] == ["Amount"]:
                return table
        raise ValueError("no table with an Amount column")

    def amounts(self, doc: Any) -> list[str]:
        rows = self.table(doc).rows[1 : self.p["rows"] + 1]
        out = []
        for row in rows:
            quantity = float(row.cells[1].text)
            price = float(row.cells[2].text.replace(",", ""))
            out.append(f"{round(quantity * price, 2):,.2f}")
        return out

    def total(self, doc: Any) -> str:
        return f"{sum(float(a.replace(',', '')) for a in self.amounts(doc)):,.2f}"

    def missing(self, doc: Any) -> list[str]:
        try:
            rows = [[c.text.strip() for c in r.cells] for r in self.table(doc).rows]
        except ValueError as exc:
            return [str(exc)]
        got = [r[3] for r in rows[1 : self.p["rows"] + 1]]
        out = [] if got == self.amounts(doc) else [f"amounts {got}"]
        last = rows[-1]
        if len(rows) != self.p["rows"] + 2 or last[0] != "Total" or last[3] != self.total(doc):
            out.append(f"total row {last}")
        return out

    def plan(self, doc: Any) -> list[Move]:
        try:
            rows = [[c.text.strip() for c in r.cells] for r in self.table(doc).rows]
        except ValueError:
            return []
        if len(rows) != self.p["rows"] + 1:
            return []  # a row was added already: typing again would add another
        fill: list[Call] = []
        for amount in self.amounts(doc):
            fill += [key("down"), text(amount)]
        return [
            *self.find("Amount"),
            Move("type each line's amount.", fill),
            Move(
                "add the total row.",
                [
                    key("tab"),
                    text("Total"),
                    key("tab"),
                    key("tab"),
                    key("tab"),
                    text(self.total(doc)),
                ],
            ),
        ]


PAPERS = {"A4": (29.7, 21.0), "Letter": (27.94, 21.59)}


def inches(cm: float) -> str:
    """A length for Writer's fields, which show inches with two decimals here (en-US): typed
    rounded to the nearest hundredth, so a 2 cm margin is 0.79" (2.007 cm), not truncated."""
    return f'{round(cm / 2.54, 2):.2f}"'


class PageSetupOracle(WriterOracle):
    """page-setup: Format > Page Style (Shift+Alt+P), Page tab: width and height in inches
    (the orientation follows), then the four margins, tabbing from field to field."""

    def missing(self, doc: Any) -> list[str]:
        long, short = PAPERS[self.p["paper"]]
        out = []
        for s in doc.sections:
            w, h = s.page_width.cm, s.page_height.cm
            want = (long, short) if self.p["orientation"] == "landscape" else (short, long)
            if abs(w - want[0]) > 0.1 or abs(h - want[1]) > 0.1:
                out.append(f"page {w:.2f} x {h:.2f} cm")
            sides = (s.top_margin, s.right_margin, s.bottom_margin, s.left_margin)
            if any(abs(m.cm - self.p["margin_cm"]) > 0.03 for m in sides):
                out.append("margins " + ", ".join(f"{m.cm:.2f}" for m in sides))
        return out

    def plan(self, doc: Any) -> list[Move]:
        long, short = PAPERS[self.p["paper"]]
        width, height = (long, short) if self.p["orientation"] == "landscape" else (short, long)
        margin = inches(self.p["margin_cm"])
        fields: list[Call] = [key("alt", "w"), key("ctrl", "a"), text(inches(width))]
        fields += [key("tab"), key("ctrl", "a"), text(inches(height))]
        fields += [key("tab")] * 3  # past the orientation buttons (it follows the sizes)
        for i in range(4):  # left, right, top, bottom
            fields += [key("tab")] if i else []
            fields += [key("ctrl", "a"), text(margin)]
        fields.append(key("tab"))  # leave the last field: Enter alone would not take its value
        return [
            Move("open the page style.", [key("shift", "alt", "p")], expect="Page Style"),
            page_tab("Page"),
            Move(
                f"{self.p['paper']} {self.p['orientation']}, margins {margin}.",
                fields,
                expect="Page Style",
            ),
            Move("confirm.", [key("enter")], expect=self.window),
        ]


class HeaderFooterOracle(WriterOracle):
    """header-footer: the page style's Header and Footer tabs switch both on; Ctrl+PgUp goes
    into the header to type its text, Ctrl+PgDn into the footer for Insert > Page Number."""

    def parts(self, doc: Any) -> tuple[bool, bool, list[str], bool]:
        import re

        sect = doc.sections[0]._sectPr
        header_on = bool(sect.xpath("./w:headerReference"))
        footer_on = bool(sect.xpath("./w:footerReference"))
        texts = (
            [squash(p.text) for p in doc.sections[0].header.paragraphs if p.text.strip()]
            if header_on
            else []
        )
        footer = doc.sections[0].footer._element if footer_on else None
        fields = (
            " ".join(
                footer.xpath(".//w:instrText/text()") + footer.xpath(".//w:fldSimple/@w:instr")
            )
            if footer is not None
            else ""
        )
        return header_on, footer_on, texts, bool(re.search(r"\bPAGE\b", fields.upper()))

    def missing(self, doc: Any) -> list[str]:
        _, _, texts, page = self.parts(doc)
        out = [] if texts == [self.p["header"]] else [f"header {texts}"]
        return out + ([] if page else ["no page number in the footer"])

    def plan(self, doc: Any) -> list[Move]:
        header_on, footer_on, texts, page = self.parts(doc)
        moves: list[Move] = []
        if not (header_on and footer_on):
            moves.append(
                Move("open the page style.", [key("shift", "alt", "p")], expect="Page Style")
            )
            if not header_on:
                moves += [page_tab("Header"), switch_on("Header")]
            if not footer_on:
                moves += [page_tab("Footer"), switch_on("Footer")]
            moves.append(Move("confirm.", [key("enter")], expect=self.window))
        if texts != [self.p["header"]]:
            # Ctrl+Page Up alone first, after a pause: right after the Page Style dialog closed
            # it could miss the new header under load, and a Ctrl+A behind it then selected
            # (and the text replaced) the whole body. Ctrl+A only for a header with wrong text.
            moves += [
                Move("go to the header.", [pause(1), key("ctrl", "pageup")]),
                Move(
                    "type the header.",
                    [pause(0.5), *([key("ctrl", "a")] if texts else []), text(self.p["header"])],
                ),
                Move("back to the text.", [key("ctrl", "pageup")]),
            ]
        if not page:
            # Insert > Field > Page Number from the menu: the command search (Shift+Esc) takes
            # the cursor out of the footer and would number the body.
            moves.append(Move("go to the footer.", [key("ctrl", "pagedown")]))
            moves += self.menu("i", [key("d"), key("enter")], "Insert > Field > Page Number")
            moves.append(Move("back to the text.", [key("ctrl", "pagedown")]))
        return moves


class InsertSectionOracle(WriterOracle):
    """insert-section: from the next section's heading, Home and Left to the end of the section
    before it; Enter, Ctrl+1 and the heading; the intro; Shift+F12 and the three items."""

    def section(self, doc: Any) -> list[Any]:
        out, inside = [], False
        for p in doc.paragraphs:
            level = heading_level(p)
            if inside and level is not None:
                break
            if inside and p.text.strip():
                out.append(p)
            if level == 1 and squash(p.text) == self.p["heading"]:
                inside = True
        return out

    def missing(self, doc: Any) -> list[str]:
        h1 = [squash(p.text) for p in doc.paragraphs if heading_level(p) == 1]
        at = self.p["sections"].index(self.p["before"]) + 1
        want = [*self.p["sections"][:at], self.p["heading"], *self.p["sections"][at:]]
        body = self.section(doc)
        texts = [squash(p.text) for p in body]
        kinds = [list_format(doc, p) for p in body]
        out = [] if h1 == want else [f"headings {h1}"]
        if texts != [self.p["intro"], *self.p["items"]]:
            out.append(f"section text {texts}")
        if kinds != ["", "bullet", "bullet", "bullet"]:
            out.append(f"list formats {kinds}")
        return out

    def plan(self, doc: Any) -> list[Move]:
        if any(heading_level(p) == 1 and squash(p.text) == self.p["heading"]
               for p in doc.paragraphs):  # fmt: skip
            return []  # typed already: typing it again would add a second section
        items: list[Call] = []
        for i, item in enumerate(self.p["items"]):
            items += [key("enter")] if i else []
            items += [text(item), key("esc")]  # Esc: refuse a word completion's suggestion
        return [
            *self.find(self.p["after"]),
            Move(
                "to the end of the section before, and a new heading.",
                [
                    key("home"),
                    key("left"),
                    key("enter"),
                    key("ctrl", "1"),
                    text(self.p["heading"]),
                    key("esc"),
                    key("enter"),
                ],
            ),
            Move(
                "the intro as a plain paragraph.",
                [
                    key("ctrl", "f11"),
                    text("Default Paragraph Style"),
                    key("enter"),
                    text(self.p["intro"]),
                    key("esc"),
                    key("enter"),
                ],
            ),
            Move("a bulleted list of the items.", [key("shift", "f12"), *items]),
        ]


class TitlePageOracle(WriterOracle):
    """title-page: Enter at the very start makes room above the first heading; the title in
    the Title style, the subtitle line, the "Prepared by" line, then Ctrl+Enter: a page
    break, so the report starts on a new page."""

    def front(self, doc: Any) -> list[Any]:
        out = []
        for p in doc.paragraphs:
            if heading_level(p) == 1:
                break
            if p.text.strip():
                out.append(p)
        return out

    def missing(self, doc: Any) -> list[str]:
        front = self.front(doc)
        texts = [squash(p.text) for p in front]
        want = [self.p["title"], self.p["subtitle"], self.p["line"]]
        out = [] if texts == want else [f"title page {texts}"]
        if front and str(front[0].style.name).casefold() != "title":
            out.append("the title is not in the Title style")
        xml = "".join(p._p.xml for p in doc.paragraphs[: len(front) + 4])
        if 'w:type="page"' not in xml and "pageBreakBefore" not in xml:
            out.append("no page break")
        return out

    def plan(self, doc: Any) -> list[Move]:
        if self.front(doc):
            return []  # typed already: typing again would add a second title page
        return [
            Move(
                "make room above the first heading.",
                [key("ctrl", "home"), key("enter"), key("up")],
            ),
            Move(
                "the title in the Title style.",
                [
                    key("ctrl", "f11"),
                    text("Title"),
                    key("enter"),
                    text(self.p["title"]),
                    key("esc"),
                    key("enter"),
                ],
            ),
            Move(
                "the subtitle line.",
                [
                    key("ctrl", "f11"),
                    text("Subtitle"),
                    key("enter"),
                    text(self.p["subtitle"]),
                    key("esc"),
                    key("enter"),
                ],
            ),
            Move(
                "the prepared-by line, then a page break.",
                [
                    key("ctrl", "f11"),
                    text("Default Paragraph Style"),
                    key("enter"),
                    text(self.p["line"]),
                    key("esc"),
                    key("ctrl", "enter"),
                ],
            ),
        ]


class SalesSummaryOracle(WriterOracle):
    """sales-summary-table (calc -> writer): the region totals summed from the workbook; in
    the report, a new paragraph after the section's intro, Insert Table (Ctrl+F12) with two
    columns and a row per region plus header and total, then the cells, Tab to Tab."""

    def rows(self) -> list[list[str]]:
        from openpyxl import load_workbook  # type: ignore[import-untyped, unused-ignore]

        book = load_workbook(str(self.host(self.p["xlsx"])), read_only=True)
        try:
            sheet = book[self.p["sheet"]]
            lines = list(sheet.iter_rows(values_only=True))
        finally:
            book.close()
        head = [str(c).strip().casefold() for c in lines[0]]
        sums: dict[str, float] = {}
        for row in lines[1:]:
            region, amount = row[head.index("region")], row[head.index("amount")]
            if isinstance(amount, int | float):
                sums[str(region)] = sums.get(str(region), 0.0) + amount
        table = [["Region", "Total sales"]]
        table += [[r, f"{sums[r]:,.2f}"] for r in sorted(sums, key=str.casefold)]
        return [*table, ["Total", f"{sum(sums.values()):,.2f}"]]

    def missing(self, doc: Any) -> list[str]:
        tables = [[[squash(c.text) for c in r.cells] for r in t.rows] for t in doc.tables]
        return [] if tables == [self.rows()] else [f"{len(tables)} tables, not the summary"]

    def plan(self, doc: Any) -> list[Move]:
        if doc.tables:
            return []  # a table is there already: a second one would not fix it
        rows = self.rows()
        cells: list[Call] = []
        for i, value in enumerate(v for row in rows for v in row):
            cells += [key("tab")] if i else []
            cells.append(text(value))
        intro = ParagraphFormatOracle.section(self, doc)[0].text  # type: ignore[arg-type]
        return [
            *self.find(intro),
            Move("a new paragraph after the intro.", [key("end"), key("enter")]),
            Move("open Insert Table.", [key("ctrl", "f12")], expect="Insert Table"),
            Move(
                f"two columns, {len(rows)} rows.",
                [
                    key("tab"),
                    key("ctrl", "a"),
                    text("2"),
                    key("tab"),
                    key("ctrl", "a"),
                    text(str(len(rows))),
                    key("enter"),
                ],
                expect=self.window,
            ),
            Move("fill in the table.", cells),
        ]


class MemoToSlidesOracle(WriterOracle):
    """memo-to-slides (writer -> impress): File > New > Presentation, its Outline view, where
    each level-1 heading typed is a slide's title and each Tab-indented line below it a bullet
    (the memo's level-2 headings), then Save As (Ctrl+Shift+S) the .pptx, with the PowerPoint
    file type picked in the dialog."""

    #: The Save dialog's file type list on a 1280x800 screen: where it opens, and how far
    #: PowerPoint 2007-365 (.pptx) is below ODF Presentation (.odp), where it starts.
    FILE_TYPE = (1022, 694)
    PPTX_BELOW_ODP = 5

    @property
    def deck(self) -> str:
        return str(self.p["deck"])

    @property
    def window(self) -> str:
        return f"{self.deck.rsplit('/', 1)[-1]} - LibreOffice Impress"

    def outputs(self) -> list[str]:
        return [self.deck]

    def read(self, home: Path) -> Any:
        from docx import Document
        from pptx import Presentation

        deck = Presentation(str(self.host(self.deck))) if self.host(self.deck).exists() else None
        return Document(str(self.host(self.path))), deck

    def outline(self, doc: Any) -> list[tuple[str, list[str]]]:
        out: list[tuple[str, list[str]]] = []
        for p in doc.paragraphs:
            level = heading_level(p)
            if level == 1 and p.text.strip():
                out.append((squash(p.text), []))
            elif level == 2 and p.text.strip() and out:
                out[-1][1].append(squash(p.text))
        return out

    def missing(self, state: Any) -> list[str]:
        doc, deck = state
        if deck is None:
            return ["no deck saved"]
        from pptx.enum.shapes import PP_PLACEHOLDER

        footers = {PP_PLACEHOLDER.DATE, PP_PLACEHOLDER.FOOTER, PP_PLACEHOLDER.SLIDE_NUMBER}
        slides = []
        for slide in deck.slides:
            title = slide.shapes.title
            lines = []
            for shape in slide.shapes:
                if not shape.has_text_frame or shape == title:
                    continue
                if shape.is_placeholder and shape.placeholder_format.type in footers:
                    continue
                lines += [squash(x.text) for x in shape.text_frame.paragraphs if x.text.strip()]
            slides.append((squash(title.text) if title is not None else "", lines))
        return [] if slides == self.outline(doc) else [f"slides {slides[:2]}"]

    def save(self, keep: str = "Confirm File Format") -> list[Move]:
        return []  # the plan's Save As saves it

    def plan(self, state: Any) -> list[Move]:
        doc, deck = state
        if deck is not None:
            return []  # saved already: the round's Ctrl+S saves it again
        typed: list[Call] = []
        for i, (title, points) in enumerate(self.outline(doc)):
            typed += [key("enter"), key("shift", "tab")] if i else []
            typed.append(text(title))
            for j, point in enumerate(points):
                typed += [key("enter")] + ([key("tab")] if j == 0 else []) + [text(point)]
        name = f"Untitled 1 - {'LibreOffice Impress'}"

        async def template(oracle: OfficeOracle, obs: Any) -> list[Call]:
            title = await oracle.title()
            if "Select a Template" in title:
                oracle.queue.appendleft(Move("wait for the new presentation.", [pause(0.5)], name))
                return [key("esc")]  # a blank presentation
            if "Impress" in title:
                return []
            oracle.waited += 1
            if oracle.waited > oracle.patience:
                return oracle_gives_up(oracle, "Impress did not open")
            oracle.queue.appendleft(Move("wait for Impress.", dynamic=template))
            return [pause(1)]

        async def file_type(oracle: OfficeOracle, obs: Any) -> list[Call]:
            return [click(*self.FILE_TYPE)] if obs.screen_size == (1280, 800) else []

        return [
            *self.menu(
                "f", [key("n"), key("down"), key("down"), key("enter")], "File > New > Presentation"
            ),
            Move("a blank presentation.", dynamic=template),
            *self.command("Outline", name, points=IMPRESS_POPUP),
            Move("type the memo's outline: titles, then Tab-indented points.", typed),
            self.stamped(Move("save it as…", [key("ctrl", "shift", "s")], expect="Save")),
            Move(
                f"name it {self.deck}.",
                [key("ctrl", "a"), text(self.deck)],
                expect="Save",
            ),
            Move("open the file type list.", dynamic=file_type, expect="Save"),
            Move(
                "pick PowerPoint 2007-365 (.pptx) and save.",
                [*[key("down")] * self.PPTX_BELOW_ODP, key("enter"), key("enter")],
                expect="Confirm File Format",
            ),
            Move("keep the PowerPoint format.", [key("enter")], expect=self.window),
        ]


class DeckHandoutOracle(WriterOracle):
    """deck-handout (impress -> writer): the slides' titles and points read from the deck
    (what a person reads off Impress's window); in the handout, from the end of its text, per
    slide Ctrl+1 and the title, then Shift+F12 and the points, Shift+F12 again to end the list
    on the empty paragraph that the next heading takes."""

    def slides(self) -> list[tuple[str, list[str]]]:
        from pptx import Presentation

        deck = Presentation(str(self.host(self.p["deck"])))
        out = []
        for slide in list(deck.slides)[1:]:
            title = slide.shapes.title
            points = []
            for shape in slide.placeholders:
                if shape.placeholder_format.idx == 1 and shape.has_text_frame:
                    points += [squash(x.text) for x in shape.text_frame.paragraphs]
            out.append((squash(title.text_frame.text), [x for x in points if x]))
        return out

    def missing(self, doc: Any) -> list[str]:
        got: list[tuple[str, list[str]]] = []
        kinds: list[str] = []
        for p in doc.paragraphs:
            if not p.text.strip():
                continue
            if heading_level(p) == 1:
                got.append((squash(p.text), []))
            elif got:
                got[-1][1].append(squash(p.text))
                kinds.append(list_format(doc, p))
        out = [] if got == self.slides() else [f"sections {got[:2]}"]
        return out + ([] if set(kinds) <= {"bullet"} else [f"list formats {kinds}"])

    def plan(self, doc: Any) -> list[Move]:
        if any(heading_level(p) == 1 for p in doc.paragraphs):
            return []  # typed already: typing again would add the sections twice
        moves = [
            Move("to the end of the handout, a new paragraph.", [key("ctrl", "end"), key("enter")])
        ]
        for title, points in self.slides():
            moves.append(
                Move(
                    f"the heading {title}.",
                    [key("ctrl", "1"), text(title), key("esc"), key("enter")],
                )
            )
            if points:
                typed: list[Call] = [key("shift", "f12")]
                for i, point in enumerate(points):
                    typed += ([key("enter")] if i else []) + [text(point), key("esc")]
                moves.append(Move("its points as bullets.", typed))
                moves.append(Move("end the list.", [key("enter"), key("shift", "f12")]))
        return moves


class ExportPdfOracle(WriterOracle):
    """export-pdf: File > Export as PDF from the command search, its options as they are
    (Export), then the file's full path in the Export dialog's name field."""

    @property
    def pdf(self) -> str:
        return str(self.p["pdf"])

    def outputs(self) -> list[str]:
        return [self.pdf]

    def read(self, home: Path) -> Any:
        return super().read(home), pdf_pages(self.host(self.pdf))

    def missing(self, state: Any) -> list[str]:
        doc, pages = state
        # a line may break after a hyphen: no space after one, on both sides (as the reward)
        text = " ".join(pages).replace("- ", "-")
        lost = [
            p.text
            for p in doc.paragraphs
            if squash(p.text).casefold().replace("- ", "-") not in text
        ]
        return (
            [f"not in the PDF: {squash(t)[:40]}" for t in lost if t.strip()]
            if pages
            else ["no PDF"]
        )

    def save(self, keep: str = "Confirm File Format") -> list[Move]:
        return []  # the export writes the file; the document is not edited

    def plan(self, state: Any) -> list[Move]:
        return export_pdf(self, self.pdf)


class ReportAndSlideOracle(WriterOracle):
    """report-and-slide-total (calc -> writer -> impress): the total summed from the workbook
    (what a person reads off Calc's status bar); in the report, Replace All of the placeholder,
    saved; Alt+Tab to the deck (each app runs on its own, so LibreOffice's Window menu lists
    only its own window), Impress's Find and Replace there, saved. One round: a second would
    start in the deck's window."""

    rounds: ClassVar[int] = 1

    @property
    def deck(self) -> str:
        return str(self.p["deck"])

    @property
    def deck_window(self) -> str:
        return f"{self.deck.rsplit('/', 1)[-1]} - LibreOffice Impress"

    def outputs(self) -> list[str]:
        return [self.path, self.deck]

    def figure(self) -> str:
        from openpyxl import load_workbook  # type: ignore[import-untyped, unused-ignore]

        book = load_workbook(str(self.host(self.p["xlsx"])), read_only=True)
        try:
            lines = list(book[self.p["sheet"]].iter_rows(values_only=True))
        finally:
            book.close()
        at = [str(c).strip().casefold() for c in lines[0]].index("amount")
        return f"{sum(r[at] for r in lines[1:] if isinstance(r[at], int | float)):,.2f}"

    def read(self, home: Path) -> Any:
        from pptx import Presentation

        return super().read(home), Presentation(str(self.host(self.deck)))

    def missing(self, state: Any) -> list[str]:
        doc, deck = state
        mark, figure = self.p["placeholder"], self.figure()
        texts = [p.text for p in doc.paragraphs]
        for slide in deck.slides:
            for shape in slide.shapes:
                if shape.has_text_frame:
                    texts += [p.text for p in shape.text_frame.paragraphs]
        left = [t for t in texts if mark in t]
        both = [t for t in texts if figure in t]
        return [f"placeholders left: {left}"] if left or len(both) < 2 else []

    def save(self, keep: str = "Confirm File Format") -> list[Move]:
        return []  # the plan saves the report, then the deck

    async def switch_to_deck(self, oracle: OfficeOracle, obs: Any) -> list[Call]:
        """The window manager's next window (Alt+Tab) until the deck's is in front."""
        if self.deck_window in await self.title():
            self.waited = 0
            return []
        self.waited += 1
        if self.waited > 8:
            return oracle_gives_up(self, "the deck's window never came to the front")
        self.queue.appendleft(Move("look for the deck.", dynamic=self.switch_to_deck))
        return [key("alt", "tab"), pause(1)]

    def plan(self, state: Any) -> list[Move]:
        from cuagym.families.impress._oracle import FixTypoOracle, close_find

        mark, figure = self.p["placeholder"], self.figure()
        impress_replace = FixTypoOracle.replace(cast(Any, self), mark, figure)
        return [
            *self.replace_all(mark, figure),
            self.stamped(
                Move("save the report.", [key("ctrl", "s")], expect="Confirm File Format")
            ),
            Move("keep the Word format.", [key("enter")], expect=self.window),
            Move("switch to the deck.", dynamic=self.switch_to_deck),
            Move("nothing selected.", [key("esc"), key("esc")]),
            Move("open Find and Replace.", [key("ctrl", "h")], expect="Find and Replace"),
            Move(f"replace {mark} with {figure}.", dynamic=impress_replace),
            Move("let it replace.", [pause(1)]),
            Move("close the dialog.", dynamic=close_find, expect=self.deck_window),
            Move("save the deck.", [key("ctrl", "s")], expect="Confirm File Format"),
            Move("keep the PowerPoint format.", [key("enter")], expect=self.deck_window),
        ]


class LinkPhraseOracle(WriterOracle):
    """link-phrase: Find the phrase (case kept), Insert > Hyperlink (Ctrl+K): the address in
    its URL field (the selection is the link's text already), OK."""

    def missing(self, doc: Any) -> list[str]:
        links = [h for p in doc.paragraphs for h in p.hyperlinks]
        got = [(squash(h.text), h.url) for h in links]
        return [] if got == [(self.p["phrase"], self.p["url"])] else [f"links {got}"]

    def plan(self, doc: Any) -> list[Move]:
        if any(p.hyperlinks for p in doc.paragraphs):
            return []  # a link is there already: another would not fix it
        return [
            Move("go to the top (no selection left).", [key("ctrl", "home")]),
            self.finder.open(),
            self.finder.options(match_case=True, regex=True, selection=False),
            self.finder.search(regex_escape(self.p["phrase"])),
            self.finder.close(self.window),
            Move("open Insert Hyperlink.", [key("ctrl", "k")], expect="Hyperlink"),
            Move(f"the address {self.p['url']}.", [text(self.p["url"])], expect="Hyperlink"),
            Move("insert the link.", [key("enter")], expect=self.window),
        ]


class CommentPhraseOracle(WriterOracle):
    """comment-phrase: Find the phrase (case kept), Insert > Comment (Ctrl+Alt+C), the
    comment's text typed into the new comment, Esc back to the page."""

    def missing(self, doc: Any) -> list[str]:
        got = [squash(c.text) for c in doc.comments]
        return [] if got == [squash(self.p["remark"])] else [f"comments {got}"]

    def plan(self, doc: Any) -> list[Move]:
        if list(doc.comments):
            return []  # a comment is there already: another would not fix it
        return [
            Move("go to the top (no selection left).", [key("ctrl", "home")]),
            self.finder.open(),
            self.finder.options(match_case=True, regex=True, selection=False),
            self.finder.search(regex_escape(self.p["phrase"])),
            self.finder.close(self.window),
            Move("insert a comment on the selection.", [key("ctrl", "alt", "c"), pause(1)]),
            Move("type the comment.", [text(self.p["remark"]), pause(0.5)]),
            Move("back to the page.", [key("esc"), key("esc")]),
        ]


class ClearFormattingOracle(WriterOracle):
    """clear-formatting: Find All the section's body paragraphs, then Format > Clear Direct
    Formatting (Ctrl+M)."""

    def body(self, doc: Any) -> list[Any]:
        return ParagraphFormatOracle.section(self, doc)  # type: ignore[arg-type]

    def missing(self, doc: Any) -> list[str]:
        marked = [
            squash(p.text)[:30]
            for p in self.body(doc)
            if any(r.bold or r.italic for r in p.runs if r.text.strip())
        ]
        return [f"still bold or italic: {marked}"] if marked else []

    def plan(self, doc: Any) -> list[Move]:
        texts = [p.text for p in self.body(doc)]
        return [
            *self.find(*texts, every=True, among=doc),
            Move("clear their direct formatting.", [key("ctrl", "m")]),
        ]


class SaveOdtOracle(WriterOracle):
    """save-odt: Save As (Ctrl+Shift+S), the copy's full path as the name, and ODF Text
    Document, the first entry of the dialog's file type list."""

    @property
    def odt(self) -> str:
        return str(self.p["odt"])

    def outputs(self) -> list[str]:
        return [self.odt]

    def read(self, home: Path) -> Any:
        import zipfile

        path = self.host(self.odt)
        if not path.is_file():
            return ""
        with zipfile.ZipFile(path) as package:
            return package.read("mimetype").decode()

    def missing(self, kind: Any) -> list[str]:
        return [] if kind == "application/vnd.oasis.opendocument.text" else [f"saved: {kind!r}"]

    def save(self, keep: str = "Confirm File Format") -> list[Move]:
        return []  # the plan's Save As writes the copy

    def plan(self, kind: Any) -> list[Move]:
        if kind:
            return []  # saved already

        async def file_type(oracle: OfficeOracle, obs: Any) -> list[Call]:
            where = MemoToSlidesOracle.FILE_TYPE
            return [click(*where)] if obs.screen_size == (1280, 800) else []

        name = self.odt.rsplit("/", 1)[-1]
        return [
            self.stamped(Move("save a copy as…", [key("ctrl", "shift", "s")], expect="Save")),
            Move(f"name it {self.odt}.", [key("ctrl", "a"), text(self.odt)], expect="Save"),
            Move("open the file type list.", dynamic=file_type, expect="Save"),
            Move(
                "pick ODF Text Document (.odt), the list's first entry, and save.",
                [key("home"), key("enter"), key("enter")],
                expect=f"{name} - LibreOffice Writer",
            ),
        ]


class AcceptChangesOracle(WriterOracle):
    """accept-changes: Edit > Track Changes > Accept All, from the command search."""

    def missing(self, doc: Any) -> list[str]:
        left = doc.element.body.xpath(".//w:ins | .//w:del")
        return [f"{len(left)} tracked changes left"] if left else []

    def plan(self, doc: Any) -> list[Move]:
        return [
            Move("nothing selected.", [key("ctrl", "home")]),
            *self.command("Accept All", self.window),
            Move("let it accept them.", [pause(1)]),
        ]


W_NS = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"


class TableOfContentsOracle(WriterOracle):
    """table-of-contents: a new paragraph after the byline (found with Find and Replace), then
    Insert > Table of Contents and Index > Table of Contents, Index or Bibliography, kept as
    it opens (every outline level, page numbers) with OK."""

    def entries(self, doc: Any) -> list[str]:
        """The texts of the body paragraphs between the byline and the first Heading 1, inside
        a content control or not (whatever holds the table)."""
        out, inside = [], False
        for element in doc.element.body.iter(W_NS + "p"):
            texts = [t.text or "" for t in element.iter(W_NS + "t")]
            line = squash("".join(texts))
            style = element.xpath("./w:pPr/w:pStyle/@w:val")
            if inside and style and style[0].casefold().replace(" ", "") == "heading1":
                break
            if inside and line:
                out.append(line)
            inside = inside or line == squash(self.p["byline"])
        return out

    def missing(self, doc: Any) -> list[str]:
        instr = " ".join(doc.element.body.xpath(".//w:instrText/text()"))
        entries = self.entries(doc)
        heads = [squash(p.text) for p in doc.paragraphs if heading_level(p) in (1, 2)]
        listed = all(any(e.startswith(h) for e in entries) for h in heads)
        return [] if "TOC" in instr and listed else [f"table of contents: {entries[:3]}"]

    def plan(self, doc: Any) -> list[Move]:
        if self.entries(doc):
            return []  # a table is there already: a second one would not fix it
        return [
            *self.find(self.p["byline"]),
            Move("a new paragraph after the byline.", [key("end"), key("enter")]),
            # the command search does not list this dialog: the Insert menu, its "Table of
            # Contents and Index" submenu (mnemonic x), whose first entry opens the dialog
            *self.menu(
                "i",
                [key("x"), pause(0.5), key("enter")],
                "Insert > Table of Contents and Index > Table of Contents, Index or Bibliography",
            ),
            Move("wait for the dialog.", [pause(0.5)], expect="Table of Contents"),
            Move("insert the table as it is.", [key("enter")], expect=self.window),
        ]


def oracle_gives_up(oracle: OfficeOracle, why: str) -> list[Call]:
    oracle.queue.clear()
    oracle.queue.append(Move(f"give up: {why}.", [{"action": "terminate", "status": "failure"}]))
    return []


#: Tabs of the Page Style dialog (Shift+Alt+P) on a 1280x800 screen, and their order.
PAGE_TABS = {"Organizer": (286, 122), "Page": (365, 122), "Header": (616, 122),
             "Footer": (692, 122)}  # fmt: skip
PAGE_TAB_ORDER = ("Organizer", "Page", "Area", "Transparency", "Header", "Footer")


def page_tab(name: str) -> Move:
    """Show tab ``name`` of the Page Style dialog: a click on its label (the dialog opens on
    the tab used last); without the known layout, from the first tab with Ctrl+PgDn (Ctrl+PgUp
    inside a spin field changes its value instead of the tab)."""

    async def show(oracle: OfficeOracle, obs: Any) -> list[Call]:
        if obs.screen_size == (1280, 800):
            return [click(*PAGE_TABS[name])]
        return [key("ctrl", "pagedown")] * PAGE_TAB_ORDER.index(name)

    return Move(f"show the {name} tab.", dynamic=show, expect="Page Style")


def switch_on(name: str, tries: int = 3) -> Move:
    """Tick "Header on" / "Footer on", the tab's first check box, by a click (its mnemonic did
    not reach it under load), then look again until it shows ticked."""
    thought = f"switch the {name.lower()} on."

    async def tick(oracle: OfficeOracle, obs: Any) -> list[Call]:
        boxes = sorted(checkboxes(obs.screenshot), key=lambda b: (b[1], b[0]))
        if boxes and boxes[0][2]:
            return []
        if tries <= 0:
            return []  # the round reads what is missing
        oracle.queue.appendleft(switch_on(name, tries - 1))
        if not boxes:
            return [pause(0.5)]
        x, y, _ = boxes[0]
        return [click(x + 8, y + 8), pause(0.5)]

    return Move(thought, dynamic=tick)


#: The oracle of each family, by family id.
ORACLES: dict[str, type[WriterOracle]] = {
    "apply-heading-styles": HeadingStylesOracle,
    "replace-company-name": ReplaceTermOracle,
    "emphasize-phrase": EmphasizeOracle,
    "paragraph-format": ParagraphFormatOracle,
    "make-list": MakeListOracle,
    "table-total": TableTotalOracle,
    "page-setup": PageSetupOracle,
    "header-footer": HeaderFooterOracle,
    "insert-section": InsertSectionOracle,
    "title-page": TitlePageOracle,
    "sales-summary-table": SalesSummaryOracle,
    "memo-to-slides": MemoToSlidesOracle,
    "deck-handout": DeckHandoutOracle,
    "export-pdf": ExportPdfOracle,
    "table-of-contents": TableOfContentsOracle,
    "report-and-slide-total": ReportAndSlideOracle,
    "link-phrase": LinkPhraseOracle,
    "comment-phrase": CommentPhraseOracle,
    "accept-changes": AcceptChangesOracle,
    "clear-formatting": ClearFormattingOracle,
    "save-odt": SaveOdtOracle,
}
