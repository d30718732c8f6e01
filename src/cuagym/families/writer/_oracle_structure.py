"""GUI oracles of the writer families on a document's structure: lists, tables, new sections,
a title page and a table of contents."""

from __future__ import annotations

from typing import Any

from cuagym.families._office_oracle import (
    Call,
    Move,
    key,
    pause,
    text,
)
from cuagym.families._writer_oracle import (
    WriterOracle,
    heading_level,
    list_format,
    section_paragraphs,
    squash,
)

__all__ = [
    "W_NS",
    "InsertSectionOracle",
    "MakeListOracle",
    "TableOfContentsOracle",
    "TableTotalOracle",
    "TitlePageOracle",
]


class MakeListOracle(WriterOracle):
    """make-list: select the section's items from its heading down, then F12 (numbers) or
    Shift+F12 (bullets)."""

    def items(self, doc: Any) -> list[Any]:
        return section_paragraphs(doc, self.p["section"])

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
