"""Entry points of the forbidden-pattern scanner (condition C5 of task acceptance).

Two layers run on every script: capability rules on resolved names (processes, dynamic code,
writes, network) and a taint analysis that decides, for every place a value enters the score,
whether it depends on a read of the environment. Regular expressions cover what the AST does
not keep: comments (for ``comment_only``) and scripts that do not parse at all.
"""

from __future__ import annotations

import io
import re
import tokenize
import warnings
from collections.abc import Iterable
from pathlib import Path

from cuagym.core._pyparse import parse_python
from cuagym.synth._scan_flow import FlowAnalyzer
from cuagym.synth._scan_imports import Resolver
from cuagym.synth._scan_models import ScanReport, Violation
from cuagym.synth._scan_rules import check_rules
from cuagym.synth._scan_scopes import Scopes
from cuagym.synth._scan_score import ScoreVars, judge

# Used only when the script does not parse: the obvious capability patterns are still named.
_FALLBACK_RULES: tuple[tuple[str, re.Pattern[str]], ...] = (
    (
        "subprocess",
        re.compile(r"\b(?:subprocess|os\.(?:system|popen|exec\w*|spawn\w*|fork)|pty|pexpect)\b"),
    ),
    ("dynamic_code", re.compile(r"\b(?:eval|exec|compile|__import__|import_module)\s*\(")),
)


def _comments(source: str) -> dict[int, str]:
    out: dict[int, str] = {}
    try:
        for tok in tokenize.generate_tokens(io.StringIO(source).readline):
            if tok.type == tokenize.COMMENT:
                out[tok.start[0]] = tok.string.lstrip("#").strip()
    except (tokenize.TokenError, IndentationError, SyntaxError):
        pass
    return out


def _syntax_report(path: str, source: str, err: SyntaxError) -> ScanReport:
    violations = [
        Violation(
            pattern="syntax_error",
            line=err.lineno or 0,
            message=f"does not parse: {err.msg}",
        )
    ]
    for lineno, text in enumerate(source.splitlines(), start=1):
        code = text.split("#", 1)[0]
        for pattern, rx in _FALLBACK_RULES:
            if rx.search(code):
                violations.append(
                    Violation(pattern=pattern, line=lineno, message=f"`{code.strip()}` (regex)")
                )
    return ScanReport(path=path, violations=violations)


def _dedupe(violations: Iterable[Violation]) -> list[Violation]:
    seen: set[tuple[str, int]] = set()
    out: list[Violation] = []
    for v in sorted(violations, key=lambda v: (v.line, v.pattern)):
        if (v.pattern, v.line) not in seen:
            seen.add((v.pattern, v.line))
            out.append(v)
    return out


def scan_source(code: str, path: str = "<string>") -> ScanReport:
    """Scan the text of a reward script; never raises on bad input."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", SyntaxWarning)
            tree = parse_python(code, path)
    except (SyntaxError, ValueError) as err:
        if isinstance(err, ValueError):  # e.g. NUL bytes in the source
            err = SyntaxError(str(err))
        return _syntax_report(path, code, err)
    resolver = Resolver(tree)
    scopes = Scopes(tree)
    found = check_rules(tree, resolver, scopes)
    try:
        tiers = ScoreVars(tree, resolver, scopes)
        events = FlowAnalyzer(tree, resolver, scopes, tiers).run()
        found += judge(events, _comments(code))
    except RecursionError:
        found.append(
            Violation(
                pattern="syntax_error",
                line=0,
                message="script nests too deeply to be analysed",
            )
        )
    return ScanReport(path=path, violations=_dedupe(found))


def scan_file(path: str | Path) -> ScanReport:
    """Scan a reward script on disk (read as UTF-8, undecodable bytes replaced)."""
    p = Path(path)
    return scan_source(p.read_text(encoding="utf-8", errors="replace"), str(p))


def iter_scripts(path: Path) -> list[Path]:
    """A file is itself; a directory stands for every ``*.py`` below it, sorted."""
    return sorted(path.rglob("*.py")) if path.is_dir() else [path]
