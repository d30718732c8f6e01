"""Helpers every calc ``reward.py`` carries, copied into the script as source text.

This module is both real code (imported and tested on the host) and the text of the reward's
helper block: :func:`cuagym.families.calc.kit.reward_script` pastes everything
below the inline marker line into each reward. So it imports only the standard
library, holds no state, and has no checks of its own: rewards stay flat, their ``checks`` list
built in ``main``.

Why a formula evaluator: openpyxl computes nothing. A workbook that LibreOffice saved carries
each formula's cached value (read with ``data_only=True``), one written by openpyxl (a golden
patch, a script) does not. :func:`shown` answers "what does this cell display" either way: the
literal, else the cached value, else the formula evaluated here over the workbook's own cells.
The evaluator covers the functions a task of this domain may need (SUM, AVERAGE, MIN, MAX,
COUNT, COUNTA, COUNTIF, SUMIF, AVERAGEIF, IF, IFERROR, AND, OR, NOT, ROUND, ABS, VLOOKUP,
INDEX, MATCH, SUMPRODUCT) with the operators + - * / ^ & % and comparisons; anything else is an
error, which a check treats as a wrong value (never as a pass).
"""

# -- inlined into reward.py --
import math
import posixpath
import re
import zipfile
from typing import Any
from xml.etree import ElementTree

TOKEN = re.compile(
    r"\s*(?:(?P<str>\"(?:[^\"]|\"\")*\")"
    r"|(?P<func>[A-Za-z_][A-Za-z0-9_.]*)\s*\("
    r"|(?P<ref>(?:(?:'(?:[^']|'')+'|[A-Za-z_][A-Za-z0-9_.]*)!)?"
    r"(?:\$?[A-Za-z]{1,3}\$?\d+(?::\$?[A-Za-z]{1,3}\$?\d+)?|\$?[A-Za-z]{1,3}:\$?[A-Za-z]{1,3}))"
    r"|(?P<num>\d+\.?\d*(?:[eE][-+]?\d+)?|\.\d+)"
    r"|(?P<name>[A-Za-z_][A-Za-z0-9_.]*)"
    r"|(?P<op><>|<=|>=|[-+*/^&=<>(),;%]))"
)
CELL = re.compile(r"\$?([A-Za-z]{1,3})\$?(\d+)$")
COLUMN = re.compile(r"\$?([A-Za-z]{1,3})$")
COMPARE_OPS = ("=", "<>", "<", ">", "<=", ">=")


def col_index(letters: str) -> int:
    n = 0
    for ch in letters.upper():
        n = n * 26 + ord(ch) - 64
    return n


def col_letters(index: int) -> str:
    out = ""
    while index:
        index, rest = divmod(index - 1, 26)
        out = chr(65 + rest) + out
    return out


def split_ref(text: str, sheet: str) -> tuple[str, str]:
    """``'Price list'!$A$2:$C$9`` -> (``Price list``, ``A2:C9``); no sheet = the formula's."""
    if "!" in text:
        name, ref = text.rsplit("!", 1)
        if name.startswith("'"):
            name = name[1:-1].replace("''", "'")
        return name, ref.replace("$", "").upper()
    return sheet, text.replace("$", "").upper()


def tokens(text: str) -> list[tuple[str, str]]:
    text = text.replace("_xlfn.", "").replace("_xlws.", "")
    out: list[tuple[str, str]] = []
    pos = 0
    while text[pos:].strip():
        m = TOKEN.match(text, pos)
        if m is None or m.lastgroup is None:
            raise ValueError("cannot read the formula at: " + text[pos : pos + 12])
        out.append((m.lastgroup, m.group(m.lastgroup)))
        pos = m.end()
    return out


def peek(toks: list[tuple[str, str]], i: int) -> tuple[str, str]:
    return toks[i] if i < len(toks) else ("end", "")


def parse_formula(text: str) -> Any:
    """A formula (without its ``=``) as a tree of tuples."""
    toks = tokens(text)
    node, i = parse_binary(toks, 0, 0)
    if i != len(toks):
        raise ValueError("unexpected " + peek(toks, i)[1])
    return node


# Binary operators by precedence level, loosest first; level 5 is unary minus and primaries.
LEVELS: tuple[tuple[str, ...], ...] = (COMPARE_OPS, ("&",), ("+", "-"), ("*", "/"), ("^",))


def parse_binary(toks: list[tuple[str, str]], i: int, level: int) -> tuple[Any, int]:
    if level == len(LEVELS):
        return parse_unary(toks, i)
    left, i = parse_binary(toks, i, level + 1)
    while peek(toks, i)[0] == "op" and peek(toks, i)[1] in LEVELS[level]:
        op = toks[i][1]
        right, i = parse_binary(toks, i + 1, level + 1)
        left = ("bin", op, left, right)
    return left, i


def parse_unary(toks: list[tuple[str, str]], i: int) -> tuple[Any, int]:
    if peek(toks, i) in (("op", "-"), ("op", "+")):
        sign = toks[i][1]
        operand, i = parse_unary(toks, i + 1)
        return (("neg", operand) if sign == "-" else operand), i
    node, i = parse_primary(toks, i)
    while peek(toks, i) == ("op", "%"):
        node, i = ("pct", node), i + 1
    return node, i


def parse_primary(toks: list[tuple[str, str]], i: int) -> tuple[Any, int]:
    kind, text = peek(toks, i)
    if kind == "num":
        return ("lit", float(text)), i + 1
    if kind == "str":
        return ("lit", text[1:-1].replace('""', '"')), i + 1
    if kind == "name" and text.upper() in ("TRUE", "FALSE"):
        return ("lit", text.upper() == "TRUE"), i + 1
    if kind == "ref":
        return ("ref", text), i + 1
    if kind == "func":
        args: list[Any] = []
        i += 1
        if peek(toks, i) == ("op", ")"):
            return ("fn", text.upper(), args), i + 1
        while True:
            arg, i = parse_binary(toks, i, 0)
            args.append(arg)
            if peek(toks, i) in (("op", ","), ("op", ";")):
                i += 1
            elif peek(toks, i) == ("op", ")"):
                return ("fn", text.upper(), args), i + 1
            else:
                raise ValueError("bad argument list of " + text)
    if (kind, text) == ("op", "("):
        node, i = parse_binary(toks, i + 1, 0)
        if peek(toks, i) != ("op", ")"):
            raise ValueError("missing )")
        return node, i + 1
    raise ValueError("unexpected " + (text or "end of formula"))


def shown(wb: Any, vals: Any, sheet: str, coord: str, depth: int = 0) -> Any:
    """What cell ``coord`` of ``sheet`` displays: literal, cached value, or evaluated formula.

    ``wb`` is the workbook loaded with formulas, ``vals`` the same file with ``data_only=True``
    (or None). Raises ValueError on a formula this evaluator cannot compute.
    """
    if depth > 40:
        raise ValueError("formulas nest too deeply (a cycle?)")
    value = wb[sheet][coord].value
    text = getattr(value, "text", value)  # an ArrayFormula keeps its formula in .text
    if isinstance(text, str) and text.startswith("="):
        cached = vals[sheet][coord].value if vals is not None else None
        if cached is not None:
            return cached
        return scalar(evaluate(wb, vals, sheet, parse_formula(text[1:]), depth + 1))
    return value


def shown_or_error(wb: Any, vals: Any, sheet: str, coord: str) -> Any:
    """:func:`shown`, with a failed evaluation turned into the text ``#ERROR: ...``."""
    try:
        return shown(wb, vals, sheet, coord)
    except (ValueError, KeyError, TypeError, ZeroDivisionError, IndexError) as exc:
        return "#ERROR: " + str(exc)


def is_formula(wb: Any, sheet: str, coord: str) -> bool:
    value = wb[sheet][coord].value
    text = getattr(value, "text", value)
    return isinstance(text, str) and text.startswith("=")


def evaluate(wb: Any, vals: Any, sheet: str, node: Any, depth: int) -> Any:
    kind = node[0]
    if kind == "lit":
        return node[1]
    if kind == "ref":
        return ref_value(wb, vals, sheet, node[1], depth)
    if kind == "neg":
        return -number(scalar(evaluate(wb, vals, sheet, node[1], depth)))
    if kind == "pct":
        return number(scalar(evaluate(wb, vals, sheet, node[1], depth))) / 100
    if kind == "bin":
        a = scalar(evaluate(wb, vals, sheet, node[2], depth))
        b = scalar(evaluate(wb, vals, sheet, node[3], depth))
        return binary(node[1], a, b)
    return call(wb, vals, sheet, node[1], node[2], depth)


def ref_value(wb: Any, vals: Any, sheet: str, text: str, depth: int) -> Any:
    name, ref = split_ref(text, sheet)
    ws = wb[name]
    if ":" not in ref:
        return shown(wb, vals, name, ref, depth)
    first, last = ref.split(":")
    c1, c2 = CELL.match(first), CELL.match(last)
    if c1 and c2:
        col1, row1, col2, row2 = col_index(c1[1]), int(c1[2]), col_index(c2[1]), int(c2[2])
    else:  # whole columns (A:C): stop at the sheet's last used row
        k1, k2 = COLUMN.match(first), COLUMN.match(last)
        if not (k1 and k2):
            raise ValueError("bad range " + text)
        col1, row1, col2, row2 = col_index(k1[1]), 1, col_index(k2[1]), ws.max_row
    return (
        "range",
        [
            [shown(wb, vals, name, col_letters(c) + str(r), depth) for c in range(col1, col2 + 1)]
            for r in range(row1, row2 + 1)
        ],
    )


def is_range(x: Any) -> bool:
    return isinstance(x, tuple) and len(x) == 2 and x[0] == "range"


def scalar(x: Any) -> Any:
    if is_range(x):
        if len(x[1]) == 1 and len(x[1][0]) == 1:
            return x[1][0][0]
        raise ValueError("a range where one value is needed")
    return x


def flat(x: Any) -> list[Any]:
    return [v for row in x[1] for v in row] if is_range(x) else [x]


def is_number(x: Any) -> bool:
    return isinstance(x, int | float) and not isinstance(x, bool)


def number(x: Any) -> float:
    if x is None or x == "":
        return 0.0
    if isinstance(x, bool | int | float):
        return float(x)
    if isinstance(x, str):
        try:
            return float(x.strip())
        except ValueError:
            raise ValueError("not a number: " + x) from None
    raise ValueError("not a number: " + repr(x))


def maybe_number(x: Any) -> float | None:
    try:
        return number(x)
    except ValueError:
        return None


def text_of(x: Any) -> str:
    if x is None:
        return ""
    if isinstance(x, bool):
        return "TRUE" if x else "FALSE"
    if isinstance(x, float) and x.is_integer():
        return str(int(x))
    return str(x)


def compare(op: str, a: Any, b: Any) -> bool:
    """Spreadsheet comparison: numbers < text < logicals; text case-insensitively."""
    if a is None:
        a = "" if isinstance(b, str) else 0.0
    if b is None:
        b = "" if isinstance(a, str) else 0.0
    rank_a = 2 if isinstance(a, bool) else (1 if isinstance(a, str) else 0)
    rank_b = 2 if isinstance(b, bool) else (1 if isinstance(b, str) else 0)
    if rank_a != rank_b:
        x: Any = rank_a
        y: Any = rank_b
    elif rank_a == 1:
        x, y = a.casefold(), b.casefold()
    else:
        x, y = number(a), number(b)
    if op == "=":
        return bool(x == y)
    if op == "<>":
        return bool(x != y)
    if op == "<":
        return bool(x < y)
    if op == ">":
        return bool(x > y)
    if op == "<=":
        return bool(x <= y)
    return bool(x >= y)


def binary(op: str, a: Any, b: Any) -> Any:
    if op in COMPARE_OPS:
        return compare(op, a, b)
    if op == "&":
        return text_of(a) + text_of(b)
    x, y = number(a), number(b)
    if op == "+":
        return x + y
    if op == "-":
        return x - y
    if op == "*":
        return x * y
    if op == "/":
        return x / y
    return x**y


def truthy(x: Any) -> bool:
    if isinstance(x, str):
        if x.upper() in ("TRUE", "FALSE"):
            return x.upper() == "TRUE"
        raise ValueError("text where a condition is needed")
    return number(x) != 0


def criterion(value: Any, crit: Any) -> bool:
    """Does ``value`` meet a COUNTIF/SUMIF criterion (``">100"``, ``"West"``, ``5``)?"""
    if not isinstance(crit, str):
        return compare("=", value, crit)
    m = re.match(r"(<=|>=|<>|<|>|=)?(.*)$", crit, re.S)
    op = (m[1] if m else None) or "="
    rhs: Any = m[2] if m else crit
    if rhs.strip() and maybe_number(rhs) is not None:  # "" would read as 0
        rhs = maybe_number(rhs)
    if isinstance(rhs, str) and not isinstance(value, str):
        return op == "<>" if value is not None else (rhs == "") == (op == "=")
    return compare(op, value, rhs)


def round_half_away(x: float, digits: int) -> float:
    scale = 10.0**digits
    return math.copysign(math.floor(abs(x) * scale + 0.5) / scale, x)


def call(wb: Any, vals: Any, sheet: str, name: str, args: list[Any], depth: int) -> Any:
    if name in ("IF", "IFERROR"):  # lazy: only the branch taken is computed
        if name == "IFERROR":
            try:
                return scalar(evaluate(wb, vals, sheet, args[0], depth))
            except (ValueError, KeyError, TypeError, ZeroDivisionError, IndexError):
                return scalar(evaluate(wb, vals, sheet, args[1], depth))
        cond = truthy(scalar(evaluate(wb, vals, sheet, args[0], depth)))
        if cond:
            return evaluate(wb, vals, sheet, args[1], depth) if len(args) > 1 else True
        return evaluate(wb, vals, sheet, args[2], depth) if len(args) > 2 else False
    a = [evaluate(wb, vals, sheet, arg, depth) for arg in args]
    if name in ("SUM", "AVERAGE", "MIN", "MAX", "COUNT"):
        found = [number(v) for x in a for v in flat(x) if is_number(v) or not is_range(x)]
        if name == "SUM":
            return sum(found)
        if name == "COUNT":
            return float(len(found))
        if name == "AVERAGE":
            return sum(found) / len(found)
        if not found:
            return 0.0
        return min(found) if name == "MIN" else max(found)
    if name == "COUNTA":
        return float(sum(1 for x in a for v in flat(x) if v is not None and v != ""))
    if name in ("COUNTIF", "SUMIF", "AVERAGEIF"):
        keys = flat(a[0])
        crit = scalar(a[1])
        pool = flat(a[2]) if len(a) > 2 else keys
        hits = [pool[i] for i, k in enumerate(keys) if i < len(pool) and criterion(k, crit)]
        if name == "COUNTIF":
            return float(len(hits))
        picked = [number(v) for v in hits if is_number(v)]
        return sum(picked) if name == "SUMIF" else sum(picked) / len(picked)
    if name == "SUMPRODUCT":
        columns = [flat(x) for x in a]
        return sum(math.prod(number(v) for v in row) for row in zip(*columns, strict=True))
    if name in ("AND", "OR"):
        flags = [truthy(v) for x in a for v in flat(x) if v is not None]
        return all(flags) if name == "AND" else any(flags)
    if name == "NOT":
        return not truthy(scalar(a[0]))
    if name == "ROUND":
        return round_half_away(number(scalar(a[0])), int(number(scalar(a[1]))))
    if name == "ABS":
        return abs(number(scalar(a[0])))
    if name == "VLOOKUP":
        key, rows, col = scalar(a[0]), a[1][1], int(number(scalar(a[2])))
        exact = len(a) > 3 and not truthy(scalar(a[3]))
        if exact:
            match = [row for row in rows if compare("=", row[0], key)]
        else:  # approximate: the last row whose key is <= the sought one (sorted table)
            match = [row for row in rows if row[0] is not None and compare("<=", row[0], key)]
            match = match[-1:]
        if not match:
            raise ValueError("VLOOKUP found no " + text_of(key))
        return match[0][col - 1]
    if name == "MATCH":
        key, pool = scalar(a[0]), flat(a[1])
        kind = int(number(scalar(a[2]))) if len(a) > 2 else 1
        if kind == 0:
            hits = [i for i, v in enumerate(pool) if compare("=", v, key)]
        else:
            hits = [i for i, v in enumerate(pool) if v is not None and compare("<=", v, key)]
            hits = hits[-1:]
        if not hits:
            raise ValueError("MATCH found no " + text_of(key))
        return float(hits[0] + 1)
    if name == "INDEX":
        rows = a[0][1] if is_range(a[0]) else [[a[0]]]
        r = int(number(scalar(a[1])))
        c = int(number(scalar(a[2]))) if len(a) > 2 else 1
        if len(rows) == 1 and len(a) == 2:  # INDEX(row, n) counts along the row
            r, c = 1, r
        return rows[r - 1][c - 1]
    raise ValueError("function not supported here: " + name)


def close(a: Any, b: Any, tol: float = 0.005) -> bool:
    """Numbers equal within ``tol`` (cents); False for anything that is not a number."""
    return is_number(a) and is_number(b) and abs(float(a) - float(b)) <= tol


def norm_text(x: Any) -> str:
    return " ".join(text_of(x).split()).casefold()


def rgb6(color: Any) -> str:
    """The RRGGBB of an openpyxl Color (``FF1F4E78`` -> ``1F4E78``); "" for theme/indexed ones."""
    rgb = getattr(color, "rgb", None)
    if getattr(color, "type", "rgb") != "rgb" or not isinstance(rgb, str):
        return ""
    return rgb[-6:].upper()


def cell_key(x: Any) -> Any:
    """A cell value in comparable form: dates as ISO days, numbers to cents, text trimmed."""
    if hasattr(x, "date") and hasattr(x, "hour"):  # datetime: Calc stores dates as datetimes
        x = x.date()
    if hasattr(x, "isoformat"):
        return x.isoformat()
    if is_number(x):
        return round(float(x), 2)
    if isinstance(x, str):
        return " ".join(x.split())
    return x


def row_keys(ws: Any, row: int, width: int) -> list[Any]:
    return [cell_key(ws.cell(row=row, column=c).value) for c in range(1, width + 1)]


NS_C = "{http://schemas.openxmlformats.org/drawingml/2006/chart}"
NS_A = "{http://schemas.openxmlformats.org/drawingml/2006/main}"
NS_R = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}"
NS_MAIN = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"
NS_REL = "{http://schemas.openxmlformats.org/package/2006/relationships}"


def part_rels(archive: Any, part: str) -> dict[str, tuple[str, str]]:
    """Relationship id -> (type suffix, target part path) of one package part."""
    folder, name = posixpath.split(part)
    rels_path = posixpath.join(folder, "_rels", name + ".rels")
    if rels_path not in archive.namelist():
        return {}
    out: dict[str, tuple[str, str]] = {}
    for rel in ElementTree.fromstring(archive.read(rels_path)).iter(NS_REL + "Relationship"):
        target = rel.get("Target", "")
        path = target[1:] if target.startswith("/") else posixpath.join(folder, target)
        out[rel.get("Id", "")] = (rel.get("Type", "").rsplit("/", 1)[-1], posixpath.normpath(path))
    return out


def charts_on_sheet(path: str, sheet: str) -> list[Any]:
    """The chart XML trees (``c:chartSpace``) drawn on worksheet ``sheet`` of an xlsx file.

    Follows the package relationships workbook -> sheet -> drawing -> chart, so a chart on
    another sheet never counts.
    """
    with zipfile.ZipFile(path) as archive:
        book = ElementTree.fromstring(archive.read("xl/workbook.xml"))
        book_rels = part_rels(archive, "xl/workbook.xml")
        charts = []
        for node in book.iter(NS_MAIN + "sheet"):
            if node.get("name") != sheet:
                continue
            sheet_part = book_rels.get(node.get(NS_R + "id", ""), ("", ""))[1]
            for kind, drawing in part_rels(archive, sheet_part).values():
                if kind != "drawing":
                    continue
                for kind2, chart in part_rels(archive, drawing).values():
                    if kind2 == "chart":
                        charts.append(ElementTree.fromstring(archive.read(chart)))
        return charts


def chart_title(chart: Any) -> str:
    title = chart.find(f"{NS_C}chart/{NS_C}title")
    return "" if title is None else "".join(t.text or "" for t in title.iter(NS_A + "t"))


def series_refs(plot: Any, part: str) -> list[str]:
    """The formula refs (``Summary!$C$2:$C$7``) of each series' ``val`` or ``cat`` part."""
    out = []
    for ser in plot.iter(NS_C + "ser"):
        ref = ser.find(f"{NS_C}{part}//{NS_C}f")
        out.append("" if ref is None else (ref.text or ""))
    return out
