"""What is the score? REWARD sinks, score variables, and the verdict on each award event.

Score variables are found backwards from the REWARD line through *value* edges only: the
numerator of a division, summands, aggregated lists, returns of scoring helpers. Operands of
comparisons and denominators are deliberately not followed, so configuration (expected values,
maximum points) never counts as an award.
"""

from __future__ import annotations

import ast
import re
from collections import defaultdict

from cuagym.synth._scan_imports import Resolver
from cuagym.synth._scan_labels import Event, Exists, Lit, reads_state
from cuagym.synth._scan_models import Violation
from cuagym.synth._scan_scopes import Scopes, param_names, walk_with_scope

_REWARD = re.compile(r"\bREWARD\s*[:=]")
_REWARD_NUM = re.compile(r"\bREWARD\s*[:=]\s*([-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?)")
_REWARD_HEAD = re.compile(r"\bREWARD\s*[:=]?\s*$")
# Names of accumulators that count as score even when no REWARD line reaches them.
_SCORE_NAME = re.compile(r"score|reward|earned|awarded|achieved", re.IGNORECASE)
_NOT_SCORE_NAME = re.compile(r"max|possible|total|avail|weight|expected", re.IGNORECASE)
_COMMENT_EXCUSE = re.compile(
    r"assum|presum|manual|visual|trust|we know|obviously|should be (?:correct|fine|ok|right|"
    r"there|present|good)|(?:is|are|looks?) (?:correct|fine|ok|good|right|valid)\b|already "
    r"(?:checked|verified|validated|confirmed)|no need to|(?:skip|skipping) (?:the )?"
    r"(?:check|verif)|(?:can ?not|can't|hard to|difficult to|impossible to|unable to) "
    r"(?:check|verify|inspect|parse|validate)|give (?:full )?credit|"
    r"benefit of the doubt|taken on faith|believe",
    re.IGNORECASE,
)

AGGREGATORS = frozenset(
    {
        "builtins.sum",
        "builtins.all",
        "builtins.any",
        "builtins.len",
        "builtins.min",
        "builtins.max",
        "builtins.round",
        "builtins.float",
        "builtins.int",
        "builtins.bool",
        "builtins.abs",
        "builtins.sorted",
        "builtins.list",
        "builtins.tuple",
        "builtins.set",
        "builtins.filter",
        "math.fsum",
        "math.prod",
        "statistics.mean",
        "statistics.fmean",
    }
)
_RECEIVER_METHODS = frozenset({"values", "items", "keys", "count", "copy"})
MUTATORS = frozenset({"append", "add", "insert", "extend", "update", "appendleft", "setdefault"})

Node = tuple[str, str]


def sink_values(node: ast.AST, resolver: Resolver) -> tuple[list[ast.expr], float | None] | None:
    """If ``node`` builds a ``REWARD: x`` line: the expressions giving x, or x when literal."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        m = _REWARD_NUM.search(node.value)
        return ([], float(m.group(1))) if m else None
    if isinstance(node, ast.JoinedStr):
        for i, part in enumerate(node.values):
            if isinstance(part, ast.Constant) and _REWARD.search(str(part.value)):
                rest = node.values[i + 1 :]
                vals = [p.value for p in rest if isinstance(p, ast.FormattedValue)]
                if vals:
                    return vals, None
                m = _REWARD_NUM.search("".join(str(getattr(p, "value", "")) for p in rest[:1]))
                m = m or _REWARD_NUM.search(str(part.value))
                return ([], float(m.group(1))) if m else None
        return None
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add | ast.Mod):
        left = node.left
        if isinstance(left, ast.Constant) and _REWARD.search(str(left.value)):
            right = node.right
            if isinstance(node.op, ast.Mod) and isinstance(right, ast.Tuple):
                return list(right.elts), None
            return [right], None
        return None
    if isinstance(node, ast.Call):
        func = node.func
        if (
            isinstance(func, ast.Attribute)
            and func.attr == "format"
            and isinstance(func.value, ast.Constant)
            and _REWARD.search(str(func.value.value))
        ):
            return [*node.args, *(k.value for k in node.keywords)], None
        if (
            resolver.resolve(func) == "builtins.print"
            and len(node.args) > 1
            and isinstance(node.args[0], ast.Constant)
            and _REWARD_HEAD.search(str(node.args[0].value))
        ):
            return list(node.args[1:]), None
    return None


class ScoreVars:
    """Tier A: variables whose value *is* the score (re-assigning a constant is a hack).
    Tier B: A plus collections the score is aggregated from (adding a constant is a hack)."""

    def __init__(self, tree: ast.Module, resolver: Resolver, scopes: Scopes) -> None:
        self.r = resolver
        self.scopes = scopes
        self.edges: dict[Node, set[tuple[Node, bool]]] = defaultdict(set)
        self.raised: set[Node] = set()  # `x += ...` somewhere
        self.lowered: set[Node] = set()  # `x -= ...`, `x *= ...`: penalty scoring
        seeds: set[tuple[Node, bool]] = set()
        for node, scope in walk_with_scope(tree):
            found = sink_values(node, resolver)
            if found:
                for v in found[0]:
                    seeds |= self.value_vars(v, scope, True)
            self._edges_of(node, scope)
        self.tier_a = self._closure({n for n, direct in seeds if direct}, direct_only=True)
        self.tier_b = self._closure({n for n, _ in seeds}, direct_only=False)

    def _closure(self, start: set[Node], direct_only: bool) -> set[Node]:
        seen = set(start)
        todo = list(start)
        while todo:
            for src, direct in self.edges.get(todo.pop(), ()):
                if (direct or not direct_only) and src not in seen:
                    seen.add(src)
                    todo.append(src)
        return seen

    def _key(self, name: str, scope: str) -> Node:
        return (self.scopes.scope_of(name, scope), name)

    def _link(self, target: Node, value: ast.expr | None, scope: str, direct: bool) -> None:
        if value is not None:
            for src, d in self.value_vars(value, scope, direct):
                self.edges[target].add((src, d))

    def _edges_of(self, node: ast.AST, scope: str) -> None:
        if isinstance(node, ast.AugAssign) and isinstance(node.target, ast.Name):
            key = self._key(node.target.id, scope)
            (self.raised if isinstance(node.op, ast.Add) else self.lowered).add(key)
        if isinstance(node, ast.Assign | ast.AugAssign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for t in targets:
                base, direct = _target_base(t)
                if base is not None:
                    self._link(self._key(base, scope), node.value, scope, direct)
        elif isinstance(node, ast.For | ast.AsyncFor | ast.comprehension):
            for name in _names(node.target):
                self._link(self._key(name, scope), node.iter, scope, False)
        elif isinstance(node, ast.Return) and scope:
            self._link((scope, "<return>"), node.value, scope, True)
        elif isinstance(node, ast.If | ast.While):
            # `if ok: earned += w`: what decides an award is part of the score's inputs, so a
            # dict of verdicts looped over (`for name, ok in results.items()`) is judged too.
            for name in _assigned(node.body) | _assigned(node.orelse):
                self._link(self._key(name, scope), node.test, scope, False)
        elif isinstance(node, ast.Call):
            func = node.func
            if (
                isinstance(func, ast.Attribute)
                and func.attr in MUTATORS
                and isinstance(func.value, ast.Name)
            ):
                for a in node.args:
                    self._link(self._key(func.value.id, scope), a, scope, False)
            elif isinstance(func, ast.Name) and func.id in self.scopes.functions:
                fn = self.scopes.functions[func.id]
                names = param_names(fn)
                for i, a in enumerate(node.args):
                    if i < len(names):
                        self._link((fn.name, names[i]), a, scope, True)
                for kw in node.keywords:
                    if kw.arg:
                        self._link((fn.name, kw.arg), kw.value, scope, True)

    def value_vars(self, e: ast.expr, scope: str, direct: bool) -> set[tuple[Node, bool]]:
        """Variables whose value flows into ``e`` as a quantity (not as a comparison operand)."""
        out: set[tuple[Node, bool]] = set()
        if isinstance(e, ast.Name):
            out.add((self._key(e.id, scope), direct))
        elif isinstance(e, ast.BinOp):
            out |= self.value_vars(e.left, scope, direct)
            if isinstance(e.op, ast.Add | ast.Mult | ast.BitOr | ast.BitAnd):
                out |= self.value_vars(e.right, scope, direct)
        elif isinstance(e, ast.UnaryOp):
            out |= self.value_vars(e.operand, scope, direct)
        elif isinstance(e, ast.BoolOp):
            for v in e.values:
                out |= self.value_vars(v, scope, direct)
        elif isinstance(e, ast.IfExp):
            out |= self.value_vars(e.body, scope, direct)
            out |= self.value_vars(e.orelse, scope, direct)
            if isinstance(e.test, ast.Call):
                out |= self.value_vars(e.test, scope, False)
        elif isinstance(e, ast.Starred | ast.FormattedValue | ast.Await):
            out |= self.value_vars(e.value, scope, direct)
        elif isinstance(e, ast.List | ast.Tuple | ast.Set):
            for v in e.elts:
                out |= self.value_vars(v, scope, direct)
        elif isinstance(e, ast.Dict):
            for v in e.values:
                out |= self.value_vars(v, scope, direct)
        elif isinstance(e, ast.Subscript):
            out |= self.value_vars(e.value, scope, False)
        elif isinstance(e, ast.ListComp | ast.SetComp | ast.GeneratorExp | ast.DictComp):
            elt = e.value if isinstance(e, ast.DictComp) else e.elt
            out |= self.value_vars(elt, scope, direct)
            for gen in e.generators:
                out |= self.value_vars(gen.iter, scope, False)
        elif isinstance(e, ast.Call):
            out |= self._call_vars(e, scope, direct)
        return out

    def _call_vars(self, e: ast.Call, scope: str, direct: bool) -> set[tuple[Node, bool]]:
        out: set[tuple[Node, bool]] = set()
        func = e.func
        if isinstance(func, ast.Name) and func.id in self.scopes.functions:
            out.add(((func.id, "<return>"), direct))
        elif self._own_method(func):
            # `check.score()`: the script's method's return is the score like a function's
            assert isinstance(func, ast.Attribute)
            out.add(((func.attr, "<return>"), direct))
        elif self.r.resolve(func) in AGGREGATORS:
            for a in e.args:
                out |= self.value_vars(a, scope, direct)
        elif isinstance(func, ast.Attribute) and func.attr in _RECEIVER_METHODS:
            out |= self.value_vars(func.value, scope, False)
        return out

    def _own_method(self, func: ast.expr) -> bool:
        """``obj.name`` where ``obj`` is one of the script's classes, an instance of one or
        ``self``, and ``name`` one of their methods (and nothing else of that name)."""
        if not isinstance(func, ast.Attribute) or not isinstance(func.value, ast.Name):
            return False
        owner = func.value.id
        known = owner in self.scopes.classes or owner in self.scopes.instances
        entry = self.scopes.methods.get(func.attr)
        return (
            (known or owner == "self")
            and entry is not None
            and self.scopes.functions.get(func.attr) is entry[0]
        )

    def base_credit(self, var: Node) -> bool:
        """A score that only ever goes up: its starting value is credit given for nothing."""
        return var in self.tier_a and var in self.raised and var not in self.lowered

    def counts_increment(self, var: Node) -> bool:
        return var in self.tier_b or bool(
            _SCORE_NAME.search(var[1]) and not _NOT_SCORE_NAME.search(var[1])
        )


def _assigned(stmts: list[ast.stmt]) -> set[str]:
    """Names (re)bound or mutated by ``stmts``, nested blocks included, functions excluded."""
    out: set[str] = set()
    stack: list[ast.AST] = list(stmts)
    while stack:
        node = stack.pop()
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef | ast.Lambda):
            continue
        if isinstance(node, ast.Assign):
            for t in node.targets:
                base, _ = _target_base(t)
                out |= {base} if base else set(_names(t))
        elif isinstance(node, ast.AugAssign | ast.AnnAssign):
            base, _ = _target_base(node.target)
            if base:
                out.add(base)
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in MUTATORS
            and isinstance(node.func.value, ast.Name)
        ):
            out.add(node.func.value.id)
        stack.extend(ast.iter_child_nodes(node))
    return out


def _target_base(t: ast.expr) -> tuple[str | None, bool]:
    if isinstance(t, ast.Name):
        return t.id, True
    while isinstance(t, ast.Subscript | ast.Attribute):
        t = t.value
    return (t.id, False) if isinstance(t, ast.Name) else (None, False)


def _names(t: ast.expr) -> list[str]:
    return [n.id for n in ast.walk(t) if isinstance(n, ast.Name)]


# ---- verdicts -------------------------------------------------------------------------------


def _origins(ev: Event) -> frozenset[tuple[str, int]]:
    out = {(type(lab).__name__, lab.line) for lab in ev.taint if isinstance(lab, Lit | Exists)}
    return frozenset(out) if out else frozenset({("site", ev.line)})


def _verdict(ev: Event, comments: dict[int, str]) -> tuple[str, str] | None:
    lits = [lab for lab in ev.taint if isinstance(lab, Lit)]
    exists = sorted(lab.line for lab in ev.taint if isinstance(lab, Exists) and not lab.guard)
    guards = sorted(lab.line for lab in ev.taint if isinstance(lab, Exists) and lab.guard)
    what = "REWARD value" if ev.kind == "sink" else f"award to `{ev.var[1]}`"
    if ev.in_except:
        return "exception_award", f"{what} inside an except handler: failing to read state pays"
    for lab in lits:
        if lab.exc:
            return (
                "exception_award",
                f"{what} depends on a success value produced in an except handler "
                f"(line {lab.line})",
            )
    if reads_state(ev.taint):
        return None
    bools = sorted(lab.line for lab in lits if lab.kind == "bool")
    if ev.kind == "display" and not bools and not exists:
        return None  # a constant weight table, not a recorded check
    lines = {ev.line, *(lab.line for lab in lits), *exists}
    for line in sorted(lines):
        for near in range(line - 3, line + 1):
            text = comments.get(near)
            if text and _COMMENT_EXCUSE.search(text):
                return (
                    "comment_only",
                    f"{what} rests on the comment {text.strip()!r} (line {near}) instead of a "
                    "check that reads state",
                )
    if exists:
        return (
            "existence_only",
            f"{what} depends only on a file-existence probe (line {exists[0]}), never on the "
            "file's content",
        )
    loop_flags = sorted(lab.line for lab in lits if lab.kind == "bool" and lab.loop)
    if loop_flags:
        return (
            "placeholder_verification",
            f"{what} depends on a flag set True for any item of a loop (line {loop_flags[0]}) "
            "without comparing the item to anything",
        )
    helper_bools = sorted(lab.line for lab in lits if lab.kind == "bool" and lab.helper)
    if helper_bools:
        return (
            "placeholder_verification",
            f"{what} depends on a verification helper that yields a constant (line "
            f"{helper_bools[0]}) without reading state",
        )
    if bools:
        return (
            "direct_bool_assignment",
            f"{what} depends on a flag assigned a literal (line {bools[0]}) with no state check",
        )
    if guards:
        return (
            "existence_only",
            f"{what} is reached once a file exists (guard at line {guards[0]}) without any "
            "check of its content",
        )
    nums = sorted(lab.line for lab in lits)
    origin = f" (constant at line {nums[0]})" if nums else ""
    return "hardcoded_success", f"{what} is constant{origin}, not derived from environment state"


def judge(events: list[Event], comments: dict[int, str]) -> list[Violation]:
    cands: list[tuple[Event, str, str, frozenset[tuple[str, int]]]] = []
    for ev in events:
        if not ev.success:
            continue
        verdict = _verdict(ev, comments)
        if verdict:
            cands.append((ev, verdict[0], verdict[1], _origins(ev)))
    cands.sort(key=lambda c: (len(c[3]), c[0].line, c[1]))
    kept: list[tuple[Event, str, str, frozenset[tuple[str, int]]]] = []
    for cand in cands:
        # One hack propagates into every later sum and into the REWARD line; report it where it
        # enters, i.e. keep only candidates whose origins are not a superset of a kept one.
        # Exception awards form their own family: they are about where the award happens.
        family = cand[1] == "exception_award"
        if any((k[1] == "exception_award") == family and k[3] <= cand[3] for k in kept):
            continue
        kept.append(cand)
    return [Violation(pattern=p, line=ev.line, message=m) for ev, p, m, _ in kept]
