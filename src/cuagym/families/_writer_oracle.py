"""What the writer oracles share, single-app and cross-app: their base and Writer's UI skills.

Paragraphs are found the way a person finds them, with Find and Replace (regular expressions
that match a whole paragraph, case kept); styles come from Writer's shortcuts (Ctrl+1 = Heading
1) or the Apply Style box (Ctrl+F11); dialogs open from Writer's command search (Shift+Esc),
their fields reached by their mnemonics. See :mod:`cuagym.families._office_oracle` for the round
loop (plan from the saved file, act, save, read back).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any, ClassVar

from cuagym.apps.writer import COMMAND_POPUP, MENU_POPUP, WRITER_FIND
from cuagym.families._office_oracle import (
    Call,
    FindDialog,
    Move,
    OfficeOracle,
    key,
    regex_escape,
    text,
)

__all__ = [
    "WriterOracle",
    "heading_level",
    "list_format",
    "oracle_gives_up",
    "section_paragraphs",
    "squash",
    "starts",
    "whole",
]


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


def section_paragraphs(doc: Any, heading: str) -> list[Any]:
    """The non-empty paragraphs under the level-1 heading ``heading``, up to the next heading."""
    out, inside = [], False
    for p in doc.paragraphs:
        level = heading_level(p)
        if inside and level is not None:
            break
        if inside and p.text.strip():
            out.append(p)
        if level == 1 and squash(p.text) == heading:
            inside = True
    return out


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


def oracle_gives_up(oracle: OfficeOracle, why: str) -> list[Call]:
    oracle.queue.clear()
    oracle.queue.append(Move(f"give up: {why}.", [{"action": "terminate", "status": "failure"}]))
    return []
