"""The instruction linter: the kinds of instruction the spec's Task-Gen prompt forbids.

An instruction states a goal with one correct end state; it never says how to reach it. Five
kinds are rejected (errors), and an instruction with any error never reaches synthesis:

* ``vague`` — "make the spreadsheet look nice": no end state a reward can check;
* ``mechanical`` — "perform the following operations", numbered steps, cell-by-cell recipes;
* ``open-ended`` — no unique right answer ("any name you like", "write a short story", a bare
  question);
* ``infeasible`` — needs what the environment does not have (a printer, a phone call, the
  internet, a product the sandbox does not run);
* ``method-leaking`` — "use the DSUM function", "Format > Cells", "press Ctrl+H", "click".

Text inside quotation marks (a title, a message to post, a value to type) is the task's data,
not its wording, so the rules never look inside it; nor inside a block that follows a colon
and a blank line (the body of a template to save). Generator glitches ("Group Group",
"1 story points", "Co..") are reported as warnings: they do not reject a task, they are
counted so the families that make them can be fixed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Literal

from pydantic import BaseModel

__all__ = ["LINT_KINDS", "LintFinding", "LintKind", "LintReport", "lint_instruction"]

LintKind = Literal["vague", "mechanical", "open-ended", "infeasible", "method-leaking", "glitch"]
LINT_KINDS: tuple[LintKind, ...] = (
    "vague", "mechanical", "open-ended", "infeasible", "method-leaking",
)  # fmt: skip


class LintFinding(BaseModel):
    kind: LintKind
    rule: str
    excerpt: str
    message: str

    def __str__(self) -> str:
        return f"{self.kind} ({self.rule}): {self.excerpt!r}: {self.message}"


@dataclass
class LintReport:
    errors: list[LintFinding] = field(default_factory=list)
    warnings: list[LintFinding] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.errors

    def summary(self) -> str:
        return "; ".join(str(f) for f in self.errors) or "ok"


@dataclass(frozen=True)
class _Rule:
    kind: LintKind
    name: str
    pattern: re.Pattern[str]
    message: str


def _r(kind: LintKind, name: str, pattern: str, message: str, flags: int = re.I) -> _Rule:
    return _Rule(kind, name, re.compile(pattern, flags), message)


# Spreadsheet functions a goal never needs to name (the spec's example is DSUM).
_FUNCTIONS = (
    "SUM|SUMIF|SUMIFS|SUMPRODUCT|DSUM|AVERAGE|AVERAGEIF|AVERAGEIFS|COUNT|COUNTA|COUNTIF|COUNTIFS|"
    "MIN|MAX|MINIFS|MAXIFS|VLOOKUP|HLOOKUP|XLOOKUP|LOOKUP|INDEX|MATCH|XMATCH|IF|IFS|IFERROR|AND|"
    "OR|NOT|CONCAT|CONCATENATE|TEXTJOIN|LEFT|RIGHT|MID|LEN|TRIM|UPPER|LOWER|PROPER|SUBSTITUTE|"
    "ROUND|ROUNDUP|ROUNDDOWN|TODAY|NOW|DATE|DATEDIF|EOMONTH|NETWORKDAYS|WEEKDAY|TEXT|VALUE|"
    "RANK|LARGE|SMALL|MEDIAN|STDEV|FILTER|SORT|UNIQUE|OFFSET|INDIRECT|SUBTOTAL|PMT|NPV|IRR"
)
_MENUS = (
    "File|Edit|View|Insert|Format|Styles|Sheet|Slide|Table|Tools|Data|Window|Help|Settings|"
    "Preferences|Options|Shape|Slide Show|Form|Actions|Navigate|Go|Arrange|Page"
)
# Products that the environments do not run (their generic mocks have other names).
_PRODUCTS = (
    "Microsoft Excel|Excel|MS Word|Microsoft Word|PowerPoint|Google Sheets|Google Docs|"
    "Google Slides|Google Drive|Slack|Gmail|Outlook|Jira|Salesforce|HubSpot|Trello|Asana|Notion|"
    "Microsoft Teams|Discord|Dropbox|OneDrive|Photoshop|Zendesk|Confluence|WhatsApp|Keynote|"
    "Numbers app|Pages app"
)

_RULES: tuple[_Rule, ...] = (
    # -- method-leaking -----------------------------------------------------------------------
    _r(
        "method-leaking",
        "menu-path",
        rf"\b(?:{_MENUS})\s*(?:>|→|»|->)\s*\w",
        "names a menu path; state the end state, not where to click",
        0,
    ),
    _r(
        "method-leaking",
        "ui-widget",
        r"\b(?:from|in|via|under|open|opening|using|use|through|with)\s+(?:the\s+|a\s+)?"
        r"(?:[\w&-]+\s+){0,3}?(?:menu|submenu|dialog|dialogue|toolbar|ribbon|context menu|"
        r"wizard|sidebar|navigator)\b",
        "names the UI widget to use; state the end state",
    ),
    _r(
        "method-leaking",
        "click",
        r"\b(?:double[- ]click|right[- ]click|click|tap)(?:s|ed|ing)?\b",
        "dictates clicks; state the end state",
    ),
    _r(
        "method-leaking",
        "key-press",
        r"\b(?:press|hit)(?:ing)?\s+(?:the\s+)?(?:enter|return|tab|escape|esc|delete|backspace|"
        r"space(?:bar)?|f\d{1,2}|ctrl|alt|shift|cmd)\b",
        "dictates key presses; state the end state",
    ),
    _r(
        "method-leaking",
        "shortcut",
        r"\b(?:ctrl|control|cmd|command|alt|option|shift|meta|super)\s*\+\s*\S"
        r"|\bkeyboard shortcut\b|\bhot ?key\b",
        "names a keyboard shortcut; state the end state",
    ),
    _r(
        "method-leaking",
        "function-name",
        rf"\b(?:use|using|with|via|apply|applying|call|calling|by means of)\s+"
        rf"(?:the\s+|a\s+|an\s+)?(?:{_FUNCTIONS})\b(?:\s*\(|\s+function|\s+formula)?"
        rf"|\bthe\s+(?:{_FUNCTIONS})\s+(?:function|formula)\b|=\s*(?:{_FUNCTIONS})\s*\(",
        "names the function to use; state what the cells must hold",
        0,
    ),
    _r(
        "method-leaking",
        "function-call",
        r"\b[A-Z][A-Z0-9]{1,14}(?:\.[A-Z0-9]+)*\([^)]*\)",
        "spells out a formula; state what the cells must compute",
        0,
    ),
    _r(
        "method-leaking",
        "tooling",
        r"\b(?:write|run|use|using|with|via)\s+(?:a\s+|an\s+|the\s+)?(?:python|bash|shell|"
        r"script|macro|terminal|command[- ]line|openpyxl|api|curl|sql query)\b",
        "prescribes a tool; a computer-use task is done through the apps' UI",
    ),
    _r(
        "method-leaking",
        "drag",
        r"\bdrag(?:ging)?\s+(?:and\s+drop(?:ping)?\s+)?"
        r"(?:it|them|the|each|every|this|that)\b",
        "dictates a drag; state the end state",
    ),
    # -- mechanical ----------------------------------------------------------------------------
    _r(
        "mechanical",
        "perform-following",
        r"\b(?:perform|execute|carry out|do|complete|run|follow)\s+(?:the\s+|these\s+)?"
        r"(?:following|below|listed)\b(?:\s+(?:steps|operations|actions|instructions|tasks))?",
        "a mechanical list of operations; state the goal the operations serve",
    ),
    _r(
        "mechanical",
        "numbered-steps",
        r"\bstep\s*\d+\s*[:.)-]|(?:^|\n|[:;]\s)\s*(?:\(?[1-9]\)|[1-9]\.)\s+[A-Za-z]",
        "numbered steps; state the goal instead of the recipe",
    ),
    _r(
        "mechanical",
        "then-chain",
        r"\bthen\b(?:.|\n)*\bthen\b(?:.|\n)*\bthen\b",
        "a chain of 'then' steps reads as a recipe; state the end state",
    ),
    # -- vague ---------------------------------------------------------------------------------
    _r(
        "vague",
        "looks",
        r"\blook(?:s|ing)?\s+(?:more\s+)?(?:nice|nicer|good|better|great|professional|clean|"
        r"cleaner|pretty|prettier|neat|neater|polished|modern|appealing|presentable)\b",
        "a look is not a checkable end state; say what must be true",
    ),
    _r(
        "vague",
        "adverb",
        r"\b(?:nicely|properly|appropriately|neatly|beautifully|attractively|suitably|"
        r"reasonably|professionally|correctly formatted)\b",
        "a vague standard; say exactly what must hold",
    ),
    _r(
        "vague",
        "make-better",
        r"\bmake\s+(?:it|this|them|that|the\s+\w+)\s+(?:better|nicer|prettier|cleaner|"
        r"more\s+(?:readable|professional|appealing|attractive|organi[sz]ed|consistent))\b",
        "an improvement without a target; say what the result must be",
    ),
    _r(
        "vague",
        "as-needed",
        r"\bas\s+(?:you\s+see\s+fit|needed|appropriate|necessary|required)\b|\bwhere\s+"
        r"(?:needed|appropriate|necessary)\b|\bif\s+(?:needed|necessary)\b",
        "leaves the end state to judgement; say exactly what must change",
    ),
    # -- open-ended ----------------------------------------------------------------------------
    _r(
        "open-ended",
        "free-choice",
        r"\b(?:any|whatever|whichever)\s+(?:\w+\s+)?(?:you|one)\s+(?:like|want|prefer|choose|"
        r"think)\b|\b(?:of\s+)?your\s+(?:own\s+)?choice\b|\bfeel free\b|\byour own words\b|"
        r"\bin your opinion\b|\bbe creative\b",
        "several end states would be right; fix the one that is",
    ),
    _r(
        "open-ended",
        "compose-freely",
        r"\b(?:brainstorm|come up with|think of|imagine|explore|play around|experiment with)\b"
        r"|\bwrite\s+(?:a|an|some)\s+(?:short\s+|brief\s+|creative\s+)?(?:poem|story|essay|"
        r"blog post|article|joke|slogan|tagline|limerick)\b",
        "asks for free composition; no unique right answer",
    ),
    # -- infeasible ----------------------------------------------------------------------------
    _r(
        "infeasible",
        "physical-world",
        r"\bprint(?:ed)?\s+(?:it|them|this|that|the\s+\w+|\w+)?\s*out\b|\bprinter\b|\bfax\b|"
        r"\bphone call\b|\b(?:on|over|by) the phone\b|\bby phone\b|\bin person\b|"
        r"\bphysically\b|\bby hand\b|\bpostal mail\b|\bsnail mail\b",
        "needs the physical world; the environment is a sandboxed computer",
    ),
    _r(
        "infeasible",
        "outside-world",
        r"\b(?:on|from)\s+the\s+(?:internet|web|cloud)\b|\bsearch\s+online\b|\bgoogle\s+it\b|"
        r"\b(?:install|uninstall|upgrade)\s+(?:a\s+|an\s+|the\s+)?(?:new\s+)?(?:app|application|"
        r"extension|plugin|plug-in|add-on|package|software|libreoffice|font)\b",
        "needs the outside world (network, installs); the sandbox has neither",
    ),
    _r(
        "infeasible",
        "other-product",
        rf"\b(?:{_PRODUCTS})\b",
        "names a product the environments do not run; name the task's own app",
        0,
    ),
)

_QUOTED = re.compile(r"“[^”]*”|\"[^\"\n]*\"|(?<!\w)‘[^’]*’(?!\w)|(?<!\w)'[^'\n]{2,}'(?!\w)")
_DATA_BLOCK = re.compile(r":\s*\n\s*\n(?:.|\n)*\Z")
_QUESTION_START = re.compile(
    r"^(?:what|which|who|whom|whose|when|where|why|how|is|are|was|were|do|does|did|can|could|"
    r"should|would|will|has|have)\b", re.I)  # fmt: skip
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")

_GLITCHES: tuple[_Rule, ...] = (
    _r(
        "glitch",
        "repeated-word",
        r"\b([A-Za-z][A-Za-z'-]*)\s+\1\b",
        "a word twice in a row (a slot filled into a frame that already has it?)",
    ),
    _r(
        "glitch",
        "one-plural",
        r"(?<![\d.,-])\b1\s+(?:(?!of\b|the\b|in\b|and\b|or\b|to\b|per\b|for\b)[a-z]+\s+)?"
        r"[a-z]+[^su\W]s\b",
        "'1' with a plural noun",
    ),
    _r(
        "glitch",
        "doubled-punctuation",
        r"(?<!\.)\.\.(?!\.)|,,|\s[,.;:](?=\s|$)|;;",
        "doubled or detached punctuation",
    ),
    _r(
        "glitch",
        "placeholder",
        r"\{[a-z_]+\}|\bNone\b|\bnan\b|<[a-z_]+>",
        "an unfilled slot or a Python value in the text",
        0,
    ),
)
# Doubles that English allows.
_ALLOWED_REPEATS = {"that", "had", "is", "bye", "no", "very", "far", "knock"}


def lint_instruction(instruction: str) -> LintReport:
    """Check one instruction (errors reject it; warnings count glitches)."""
    report = LintReport()
    text = instruction.strip()
    if not text:
        report.errors.append(LintFinding(kind="vague", rule="empty", excerpt="",
                                         message="the instruction is empty"))  # fmt: skip
        return report
    wording = _wording(text)
    for rule in _RULES:
        match = rule.pattern.search(wording)
        if match:
            report.errors.append(
                LintFinding(kind=rule.kind, rule=rule.name, excerpt=_excerpt(wording, match),
                            message=rule.message)
            )  # fmt: skip
    words = re.findall(r"\w+", text)
    if len(words) < 4:
        report.errors.append(LintFinding(
            kind="vague", rule="too-short", excerpt=text[:80],
            message=f"{len(words)} word(s) cannot state a checkable goal",
        ))  # fmt: skip
    last = _SENTENCE_END.split(wording.strip())[-1]
    if last.endswith("?") and _QUESTION_START.match(last):
        report.errors.append(LintFinding(
            kind="open-ended", rule="question", excerpt=last[:80],
            message="asks a question instead of stating an end state to reach",
        ))  # fmt: skip
    for rule in _GLITCHES:
        for match in rule.pattern.finditer(text):
            if rule.name == "repeated-word" and match.group(1).lower() in _ALLOWED_REPEATS:
                continue
            report.warnings.append(
                LintFinding(kind="glitch", rule=rule.name, excerpt=_excerpt(text, match),
                            message=rule.message)
            )  # fmt: skip
            break
    return report


def _wording(text: str) -> str:
    """The instruction's own words: quoted data and a trailing data block blanked out."""
    text = _DATA_BLOCK.sub(": …", text)
    return _QUOTED.sub("“…”", text)


def _excerpt(text: str, match: re.Match[str]) -> str:
    start, end = max(0, match.start() - 20), min(len(text), match.end() + 20)
    return text[start:end].replace("\n", " ").strip()
