"""GUI oracles of the writer families on pages and files: page setup, header and footer (the
Page Style dialog), a PDF export and a copy in another format."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from cuagym.apps.writer import PAGE_TAB_ORDER, PAGE_TABS, SAVE_FILE_TYPE
from cuagym.families._office_oracle import (
    Call,
    Move,
    OfficeOracle,
    checkboxes,
    click,
    export_pdf,
    key,
    pause,
    pdf_pages,
    text,
)
from cuagym.families._writer_oracle import WriterOracle, squash

__all__ = [
    "PAPERS",
    "ExportPdfOracle",
    "HeaderFooterOracle",
    "PageSetupOracle",
    "SaveOdtOracle",
    "inches",
    "page_tab",
    "switch_on",
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
            return [click(*SAVE_FILE_TYPE)] if obs.screen_size == (1280, 800) else []

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
