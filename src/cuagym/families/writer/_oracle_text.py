"""GUI oracles of the writer families on text: headings, terms, emphasis, paragraph format,
cleared formatting, links, comments and tracked changes."""

from __future__ import annotations

from typing import Any

from cuagym.apps.writer import BELOW_FIELD, SPACING_LIST
from cuagym.families._office_oracle import (
    Call,
    Move,
    OfficeOracle,
    checkboxes,
    click,
    key,
    pause,
    regex_escape,
    text,
)
from cuagym.families._writer_oracle import (
    WriterOracle,
    heading_level,
    section_paragraphs,
    squash,
)

__all__ = [
    "AcceptChangesOracle",
    "ClearFormattingOracle",
    "CommentPhraseOracle",
    "EmphasizeOracle",
    "HeadingStylesOracle",
    "LinkPhraseOracle",
    "ParagraphFormatOracle",
    "ReplaceTermOracle",
    "paragraph_dialog_box",
]


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
        return section_paragraphs(doc, self.p["section"])

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
