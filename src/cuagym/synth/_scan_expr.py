"""Expression half of the taint analysis: sources of state, existence probes, constants, sinks.

A read of the environment is recognised by what is called (openpyxl/docx/pptx/fitz loaders,
``open``, ``os.listdir``, ``requests``/``urllib``, ``Path.read_text``); everything else only
propagates the taints of its operands, so a constant stays a constant however it is dressed up.
"""

from __future__ import annotations

import ast
import math
import operator
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from cuagym.synth._scan_imports import Resolver
from cuagym.synth._scan_labels import (
    EMPTY,
    STATE,
    UNKNOWN,
    Collector,
    Ctx,
    Env,
    Event,
    Exists,
    Lit,
    Taint,
    Value,
    as_helper,
    join_taints,
    truth,
)
from cuagym.synth._scan_rules import dynamic, process_call
from cuagym.synth._scan_scopes import Scopes
from cuagym.synth._scan_score import MUTATORS, ScoreVars, sink_values

_EXISTS_FUNCS = frozenset(
    {
        "os.path.exists",
        "os.path.isfile",
        "os.path.isdir",
        "os.path.lexists",
        "os.path.islink",
        "os.access",
        "glob.glob",
        "glob.iglob",
        # Metadata says a file is there (and how big, how old), never what it holds.
        "os.stat",
        "os.lstat",
        "os.path.getsize",
        "os.path.getmtime",
        "os.path.getctime",
    }
)
_EXISTS_METHODS = frozenset(
    {"exists", "is_file", "is_dir", "is_symlink", "glob", "rglob", "stat", "lstat"}
)
_SOURCE_FUNCS = frozenset(
    {
        "builtins.open",
        "io.open",
        "codecs.open",
        "gzip.open",
        "os.listdir",
        "os.scandir",
        "os.walk",
        "openpyxl.load_workbook",
        "openpyxl.reader.excel.load_workbook",
        "docx.Document",
        "pptx.Presentation",
        "fitz.open",
        "fitz.Document",
        "pymupdf.open",
        "pymupdf.Document",
        "PyPDF2.PdfReader",
        "PyPDF2.PdfFileReader",
        "pypdf.PdfReader",
        "pdfplumber.open",
        "sqlite3.connect",
        "zipfile.ZipFile",
        "tarfile.open",
        "xml.etree.ElementTree.parse",
        "xml.dom.minidom.parse",
        "lxml.etree.parse",
        "PIL.Image.open",
        "pandas.ExcelFile",
        "odf.opendocument.load",
    }
)
_SOURCE_PREFIXES = (
    "requests.",
    "httpx.",
    "urllib.request.",
    "urllib3.",
    "http.client.",
    "pandas.read_",
)
# Path methods read the file system; file-object methods (read, readlines) only pass on the
# taint of the object, which its opener already decided.
_SOURCE_METHODS = frozenset({"read_text", "read_bytes", "iterdir", "open"})
_PATH_BUILDERS = frozenset(
    {"pathlib.Path", "pathlib.PurePath", "pathlib.PosixPath", "os.path.join", "builtins.str"}
)
_STATE_ROOT = "/home/user"
_BIN: dict[type[ast.operator], Callable[[Any, Any], Any]] = {
    ast.Add: operator.add,
    ast.Sub: operator.sub,
    ast.Mult: operator.mul,
    ast.Div: operator.truediv,
    ast.FloorDiv: operator.floordiv,
    ast.Mod: operator.mod,
}
_CMP: dict[type[ast.cmpop], Callable[[Any, Any], Any]] = {
    ast.Eq: operator.eq,
    ast.NotEq: operator.ne,
    ast.Lt: operator.lt,
    ast.LtE: operator.le,
    ast.Gt: operator.gt,
    ast.GtE: operator.ge,
    ast.Is: operator.is_,
    ast.IsNot: operator.is_not,
}
_FOLDABLE: dict[str, Callable[..., Any]] = {
    "builtins.float": float,
    "builtins.int": int,
    "builtins.bool": bool,
    "builtins.round": round,
    "builtins.abs": abs,
    "builtins.min": min,
    "builtins.max": max,
}
_SCALARS = (bool, int, float, str, type(None))
_SPLIT_CALLS = frozenset({"builtins.sum", "builtins.all", "builtins.any", "math.fsum"})
_UNWRAP_CALLS = frozenset(
    {"builtins.round", "builtins.float", "builtins.int", "builtins.abs", "builtins.bool"}
)

Part = tuple[ast.expr, tuple[ast.expr, ...]]


def attr_key(name: str, attr: str) -> str:
    """The environment key of ``name.attr`` once assigned (never a valid identifier)."""
    return f"{name}.{attr}"


def forget_attrs(env: Env, name: str) -> None:
    """Drop what is known of ``name``'s attributes (rebound, or handed to a call)."""
    prefix = f"{name}."
    for key in [k for k in env if k.startswith(prefix)]:
        del env[key]


def _safe(value: object) -> object:
    if isinstance(value, str) and len(value) > 10_000:
        return UNKNOWN
    if isinstance(value, float) and not math.isfinite(value):
        return UNKNOWN
    return value if isinstance(value, _SCALARS) else UNKNOWN


class ExprEvaluator(ABC):
    """Evaluates expressions to ``Value``s and records award events at score sinks."""

    def __init__(self, resolver: Resolver, scopes: Scopes, tiers: ScoreVars) -> None:
        self.r = resolver
        self.scopes = scopes
        self.tiers = tiers
        self.globals: dict[str, Taint] = {}
        # Instance attributes written in methods (``self.wb = load_workbook(...)``), by name,
        # for the class's other methods to read.
        self.attrs: dict[str, Taint] = {}

    # Implemented by the statement half (FlowAnalyzer).
    @abstractmethod
    def call_user(
        self, name: str, node: ast.Call, env: Env, ctx: Ctx, receiver: Taint | None = None
    ) -> Value: ...

    @abstractmethod
    def assign(
        self, target: ast.expr, v: Value, value: ast.expr | None, env: Env, ctx: Ctx
    ) -> None: ...

    @abstractmethod
    def mutate(self, name: str, taint: Taint, env: Env, ctx: Ctx) -> None: ...

    def method_result(self, name: str) -> Taint:
        """What calling the script's method ``name`` returns, its parameters left open."""
        return EMPTY

    # ---- variables -----------------------------------------------------------------------------

    def var(self, name: str, ctx: Ctx) -> tuple[str, str]:
        return (self.scopes.scope_of(name, ctx.scope), name)

    def lookup(self, name: str, env: Env, ctx: Ctx) -> Value:
        if name in env:
            return env[name]
        if ctx.scope and name in self.scopes.locals.get(ctx.scope, ()):
            return Value()
        return Value(self.globals.get(name, EMPTY))

    # ---- expressions ---------------------------------------------------------------------------

    def expr(self, e: ast.expr, env: Env, ctx: Ctx) -> Value:
        if isinstance(e, ast.Constant):
            return self.constant(e, env, ctx)
        if isinstance(e, ast.Name):
            if e.id not in env and self.probe_reference(e):
                return Value(frozenset({Exists(e.lineno)}))
            return self.lookup(e.id, env, ctx)
        if isinstance(e, ast.Attribute):
            if isinstance(e.value, ast.Name) and attr_key(e.value.id, e.attr) in env:
                return env[attr_key(e.value.id, e.attr)]
            if self.probe_reference(e):
                return Value(frozenset({Exists(e.lineno)}))
            script_object = self.script_object(e.value, ctx)
            default = self.scopes.constant_attrs.get(e.attr)
            if default is not None and script_object:
                # A class-body literal that nothing ever overwrites (``verified: bool = True``)
                # is that literal, not the state stored beside it on the object.
                return self.constant(default, env, replace(ctx, loop_only=False))
            owner = self.expr(e.value, env, ctx).taint
            if script_object:  # self.wb, check.ok: what the class's methods stored there
                owner |= self.attrs.get(e.attr, EMPTY)
            method = self.user_method(e, ctx)
            if method is not None:
                # ``check(obj.has_heading, ...)``: a method handed on as a callable gives, when
                # called, what it returns (its parameters stay open: they may be state).
                owner |= self.method_result(method)
            return Value(owner)
        if isinstance(e, ast.Subscript):
            base, key = self.expr(e.value, env, ctx), self.expr(e.slice, env, ctx)
            return Value(base.taint | key.taint)
        if isinstance(e, ast.BinOp):
            found = sink_values(e, self.r)
            if found:
                self.sink(e, found, env, ctx)
            left, right = self.expr(e.left, env, ctx), self.expr(e.right, env, ctx)
            return Value(left.taint | right.taint, self.fold_bin(e.op, left.const, right.const))
        if isinstance(e, ast.UnaryOp):
            v = self.expr(e.operand, env, ctx)
            return Value(v.taint, self.fold_unary(e.op, v.const))
        if isinstance(e, ast.BoolOp):
            vals = [self.expr(x, env, ctx) for x in e.values]
            return Value(join_taints(v.taint for v in vals), self.fold_bool(e.op, vals))
        if isinstance(e, ast.Compare):
            vals = [self.expr(x, env, ctx) for x in (e.left, *e.comparators)]
            return Value(join_taints(v.taint for v in vals), self.fold_compare(e, vals))
        if isinstance(e, ast.IfExp):
            test = self.expr(e.test, env, ctx)
            body, orelse = self.expr(e.body, env, ctx), self.expr(e.orelse, env, ctx)
            known = truth(test.const) if not isinstance(test.const, str) else None
            if known is None:
                return Value(test.taint | body.taint | orelse.taint)
            taken = body if known else orelse  # the other branch is dead code
            return Value(test.taint | taken.taint, taken.const)
        if isinstance(e, ast.Call):
            return self.call(e, env, ctx)
        if isinstance(e, ast.JoinedStr):
            return self.joined(e, env, ctx)
        if isinstance(e, ast.FormattedValue | ast.Starred | ast.Await):
            return self.expr(e.value, env, ctx)
        if isinstance(e, ast.List | ast.Tuple | ast.Set):
            vals = [self.expr(x, env, ctx) for x in e.elts]
            return Value(join_taints(v.taint for v in vals), UNKNOWN if e.elts else ())
        if isinstance(e, ast.Dict):
            vals = [self.expr(x, env, ctx) for x in (*e.keys, *e.values) if x is not None]
            return Value(join_taints(v.taint for v in vals), UNKNOWN if e.values else ())
        if isinstance(e, ast.ListComp | ast.SetComp | ast.GeneratorExp | ast.DictComp):
            return self.comprehension(e, env, ctx)
        if isinstance(e, ast.Lambda):
            local = dict(env)
            for a in ast.walk(e.args):
                if isinstance(a, ast.arg):
                    local[a.arg] = Value()
            body = self.expr(e.body, local, Ctx(ctx.scope, EMPTY, False, Collector()))
            return Value(as_helper(body.taint))
        if isinstance(e, ast.NamedExpr):
            v = self.expr(e.value, env, ctx)
            self.assign(e.target, v, e.value, env, ctx)
            return v
        if isinstance(e, ast.Slice):
            parts = [self.expr(x, env, ctx) for x in (e.lower, e.upper, e.step) if x is not None]
            return Value(join_taints(v.taint for v in parts))
        return Value()

    def constant(self, e: ast.Constant, env: Env, ctx: Ctx) -> Value:
        v = e.value
        if isinstance(v, str):
            found = sink_values(e, self.r)
            if found:
                self.sink(e, found, env, ctx)
            return Value(EMPTY, v)
        if v is True:
            return Value(frozenset({Lit(e.lineno, "bool", loop=ctx.loop_only)}), True)
        if isinstance(v, int | float) and not isinstance(v, bool) and v != 0:
            return Value(frozenset({Lit(e.lineno, "num")}), v)
        return Value(EMPTY, v if isinstance(v, _SCALARS) else UNKNOWN)

    def joined(self, e: ast.JoinedStr, env: Env, ctx: Ctx) -> Value:
        found = sink_values(e, self.r)
        if found:
            self.sink(e, found, env, ctx)
        taint = EMPTY
        texts: list[str] = []
        for part in e.values:
            if isinstance(part, ast.FormattedValue):
                v = self.expr(part.value, env, ctx)
                taint |= v.taint
                texts.append(
                    str(v.const) if v.const is not UNKNOWN and not part.format_spec else ""
                )
                if v.const is UNKNOWN or part.format_spec:
                    texts = []
                    break
            elif isinstance(part, ast.Constant):
                texts.append(str(part.value))
        for part in e.values:  # finish the taint if the constant folding stopped early
            if isinstance(part, ast.FormattedValue):
                taint |= self.expr(part.value, env, ctx).taint
        return Value(taint, "".join(texts) if texts else UNKNOWN)

    def comprehension(
        self, e: ast.ListComp | ast.SetComp | ast.GeneratorExp | ast.DictComp, env: Env, ctx: Ctx
    ) -> Value:
        local = dict(env)
        taint = EMPTY
        for gen in e.generators:
            it = self.expr(gen.iter, local, ctx).taint
            for n in ast.walk(gen.target):
                if isinstance(n, ast.Name):
                    local[n.id] = Value(it)
            taint |= it
            for cond in gen.ifs:
                taint |= self.expr(cond, local, ctx).taint
        elts = [e.key, e.value] if isinstance(e, ast.DictComp) else [e.elt]
        return Value(taint | join_taints(self.expr(x, local, ctx).taint for x in elts))

    # ---- calls ---------------------------------------------------------------------------------

    def call(self, e: ast.Call, env: Env, ctx: Ctx) -> Value:
        func = e.func
        # A call may change the attributes of any object it is handed (or called on).
        for a in (func.value if isinstance(func, ast.Attribute) else None, *e.args):
            if isinstance(a, ast.Name):
                forget_attrs(env, a.id)
        if isinstance(func, ast.Name) and func.id in self.scopes.functions and func.id not in env:
            return self.call_user(func.id, e, env, ctx)
        method = self.user_method(func, ctx)
        if method is not None and isinstance(func, ast.Attribute):
            binding = self.scopes.methods[method][1]
            bound = None if binding == "static" else self.expr(func.value, env, ctx).taint
            result = self.call_user(method, e, env, ctx, receiver=bound)
            owner = func.value
            if bound is not None and isinstance(owner, ast.Name) and not self.is_self(owner, ctx):
                # `res.fill(state)`: the method may keep what it was given on the object
                given = join_taints(self.expr(a, env, ctx).taint for a in e.args)
                given |= join_taints(self.expr(k.value, env, ctx).taint for k in e.keywords)
                if given:
                    self.mutate(owner.id, given, env, ctx)
            return result
        if (
            isinstance(func, ast.Name)
            and func.id not in env
            and func.id in self.scopes.inits
            and self.scopes.functions.get("__init__") is self.scopes.inits[func.id]
        ):
            # Constructing one of the script's classes runs its __init__ (attribute writes).
            init = self.call_user("__init__", e, env, ctx, receiver=EMPTY)
            given = join_taints(self.expr(a, env, ctx).taint for a in e.args)
            return Value(given | init.taint)
        found = sink_values(e, self.r)
        if found:
            self.sink(e, found, env, ctx)
        q = self.r.resolve(func)
        args = [self.expr(a, env, ctx) for a in e.args]
        kws = [self.expr(k.value, env, ctx) for k in e.keywords]
        receiver = self.expr(func, env, ctx)
        taint = receiver.taint | join_taints(v.taint for v in (*args, *kws))
        attr = func.attr if isinstance(func, ast.Attribute) else None
        if attr in MUTATORS and isinstance(func, ast.Attribute):
            self.mutation(e, func, attr, env, ctx)
        if q in _EXISTS_FUNCS or (q is None and attr in _EXISTS_METHODS):
            return Value(taint | {Exists(e.lineno)})
        # Process output counts as read state: the `subprocess` rule already condemns the call,
        # and reporting a constant score on top of it would only add noise.
        is_source = q is not None and (
            q in _SOURCE_FUNCS or q.startswith(_SOURCE_PREFIXES) or process_call(q) or dynamic(q)
        )
        if isinstance(func, ast.Call) and q is None:
            is_source = True  # getattr(os, name)(...): unknown code, condemned by the rules
        if is_source or (q is None and attr in _SOURCE_METHODS):
            path = args[0] if q is not None and args else receiver
            if not self.outside_state(path, e, func):
                taint |= {STATE}
            return Value(taint)
        return Value(taint, self.fold_call(q, args, kws))

    def probe_reference(self, e: ast.Name | ast.Attribute) -> bool:
        """``map(Path.exists, paths)``, ``filter(os.path.isfile, names)``: an existence probe
        handed on as a callable is a probe all the same."""
        q = self.r.resolve(e)
        if q is None:
            return False
        return q in _EXISTS_FUNCS or (
            q.startswith("pathlib.") and q.rsplit(".", 1)[-1] in _EXISTS_METHODS
        )

    def user_method(self, func: ast.expr, ctx: Ctx) -> str | None:
        """The script's own method that ``obj.name(...)`` calls, if any: by name, on ``self``,
        on one of the script's classes or on a name bound to an instance of one (never a
        list/dict mutator, whose tracking must not be bypassed by a class defining one)."""
        if not isinstance(func, ast.Attribute) or func.attr in MUTATORS:
            return None
        owner = func.value
        if isinstance(owner, ast.Call) and isinstance(owner.func, ast.Name):
            owner = owner.func  # Hub().go(...): a method of a fresh instance of the class
            if owner.id not in self.scopes.classes:
                return None
        known = isinstance(owner, ast.Name) and (
            owner.id in self.scopes.classes
            or owner.id in self.scopes.instances
            or self.is_self(owner, ctx)
            or owner.id in ("self", "cls")
        )
        if not known:
            return None
        entry = self.scopes.methods.get(func.attr)
        if entry is None or self.scopes.functions.get(func.attr) is not entry[0]:
            return None
        return func.attr if self.r.resolve(func) is None else None

    def script_object(self, node: ast.expr, ctx: Ctx) -> bool:
        """Is ``node`` one of the script's classes, an instance of one, or ``self``/``cls``?"""
        if not isinstance(node, ast.Name):
            return False
        return (
            node.id in self.scopes.classes
            or node.id in self.scopes.instances
            or node.id in ("self", "cls")
            or self.is_self(node, ctx)
        )

    def is_self(self, node: ast.expr, ctx: Ctx) -> bool:
        """Is ``node`` the instance parameter of the method being analysed?"""
        entry = self.scopes.methods.get(ctx.scope)
        if entry is None or entry[1] != "self" or not isinstance(node, ast.Name):
            return False
        args = entry[0].args
        first = (*args.posonlyargs, *args.args)[:1]
        return bool(first) and first[0].arg == node.id

    def mutation(self, e: ast.Call, func: ast.Attribute, attr: str, env: Env, ctx: Ctx) -> None:
        if not isinstance(func.value, ast.Name):
            return
        name = func.value.id
        added = join_taints(self.expr(a, env, ctx).taint for a in e.args)
        added |= join_taints(self.expr(k.value, env, ctx).taint for k in e.keywords)
        self.mutate(name, added, env, ctx)
        var = self.var(name, ctx)
        if not self.tiers.counts_increment(var):
            return
        values: list[ast.expr] = [k.value for k in e.keywords]
        if e.args:
            if attr in ("insert", "setdefault") and len(e.args) > 1:
                values.append(e.args[1])
            elif attr in ("extend", "update"):
                values.append(e.args[0])
            else:
                values.append(e.args[-1])
        for v in values:
            self.award("incr", var, v, env, ctx, split=attr in ("extend", "update"))

    def outside_state(self, path: Value, e: ast.Call, func: ast.expr) -> bool:
        """Reads of the script itself or of system files are not reads of the task state."""
        node = e.args[0] if e.args else (func.value if isinstance(func, ast.Attribute) else None)
        if isinstance(node, ast.Name) and node.id == "__file__":
            return True
        c = path.const
        return isinstance(c, str) and c.startswith("/") and not c.startswith(_STATE_ROOT)

    # ---- constant folding ----------------------------------------------------------------------

    def fold_bin(self, op: ast.operator, a: object, b: object) -> object:
        if a is UNKNOWN or b is UNKNOWN:
            return UNKNOWN
        if isinstance(op, ast.Div) and isinstance(a, str) and isinstance(b, str):
            return f"{a.rstrip('/')}/{b}"  # pathlib's `/` on folded paths
        fn = _BIN.get(type(op))
        if fn is None:
            return UNKNOWN
        if isinstance(op, ast.Mult) and (isinstance(a, str) or isinstance(b, str)):
            return UNKNOWN
        try:
            return _safe(fn(a, b))
        except Exception:
            return UNKNOWN

    def fold_unary(self, op: ast.unaryop, a: object) -> object:
        if a is UNKNOWN:
            return UNKNOWN
        try:
            if isinstance(op, ast.Not):
                return not a
            if isinstance(op, ast.USub) and isinstance(a, int | float):
                return -a
            if isinstance(op, ast.UAdd) and isinstance(a, int | float):
                return a
        except Exception:
            return UNKNOWN
        return UNKNOWN

    def fold_bool(self, op: ast.boolop, vals: list[Value]) -> object:
        if any(v.const is UNKNOWN for v in vals):
            return UNKNOWN
        result: object = vals[0].const
        for v in vals[1:]:
            if isinstance(op, ast.And):
                result = v.const if result else result
            else:
                result = result if result else v.const
        return result

    def fold_compare(self, e: ast.Compare, vals: list[Value]) -> object:
        if any(v.const is UNKNOWN for v in vals):
            return UNKNOWN
        try:
            for op, a, b in zip(e.ops, vals, vals[1:], strict=False):
                fn = _CMP.get(type(op))
                if fn is None or not fn(a.const, b.const):
                    return False if fn is not None else UNKNOWN
            return True
        except Exception:
            return UNKNOWN

    def fold_call(self, q: str | None, args: list[Value], kws: list[Value]) -> object:
        if q is None or kws or any(a.const is UNKNOWN for a in args):
            return UNKNOWN
        consts = [a.const for a in args]
        if q in _PATH_BUILDERS and consts and all(isinstance(c, str) for c in consts):
            return "/".join(str(c).rstrip("/") for c in consts)
        fn = _FOLDABLE.get(q)
        if fn is None or not consts:
            return UNKNOWN
        try:
            return _safe(fn(*consts))
        except Exception:
            return UNKNOWN

    # ---- awards --------------------------------------------------------------------------------

    def sink(
        self, node: ast.expr, found: tuple[list[ast.expr], float | None], env: Env, ctx: Ctx
    ) -> None:
        values, number = found
        var = ("", "<sink>")
        if values:
            for v in values:
                self.award("sink", var, v, env, ctx)
            return
        num = number or 0.0
        taint = (frozenset({Lit(node.lineno, "num")}) if num > 0 else EMPTY) | ctx.pc
        ctx.col.add(Event("sink", var, node.lineno, taint, num > 0, ctx.in_except, (id(node), ())))

    def award(
        self,
        kind: str,
        var: tuple[str, str],
        value: ast.expr,
        env: Env,
        ctx: Ctx,
        helper_lines: range | None = None,
        split: bool = False,
    ) -> None:
        """Record an event per independently awarded piece of ``value``. ``split`` says that
        collection displays are collections of results, not one record like ("name", ok, 2)."""
        for part, conds in self.parts(value, (), split):
            v = self.expr(part, env, ctx)
            around = ctx.pc | join_taints(self.expr(c, env, ctx).taint for c in conds)
            taint = v.taint | around
            if helper_lines is not None:
                taint = as_helper(taint, helper_lines)
            ev = Event(
                kind,
                var,
                part.lineno,
                taint,
                self.success(part, v, env, ctx),
                ctx.in_except,
                (id(part), ()),
            )
            ctx.col.add(ev)
            if isinstance(part, ast.Tuple):
                self.record_flags(kind, var, part, around, env, ctx)

    def record_flags(
        self, kind: str, var: tuple[str, str], record: ast.Tuple, around: Taint, env: Env, ctx: Ctx
    ) -> None:
        """A check record like ``("bold", 2, True, f"B2 is {cell.value}")``: its label and
        detail may read state while its verdict is a literal, so each element that carries a
        truthy literal flag is also judged alone (texts are labels, never verdicts)."""
        for elt in record.elts:
            if isinstance(elt, ast.JoinedStr) or (
                isinstance(elt, ast.Constant) and isinstance(elt.value, str)
            ):
                continue
            v = self.expr(elt, env, ctx)
            if not any(isinstance(lab, Lit) and lab.kind == "bool" for lab in v.taint):
                continue
            if truth(v.const) is False:
                continue
            ctx.col.add(
                Event(kind, var, elt.lineno, v.taint | around, True, ctx.in_except, (id(elt), ()))
            )

    def parts(self, e: ast.expr, conds: tuple[ast.expr, ...], split: bool) -> list[Part]:
        """Split an awarded expression into the pieces that are awarded independently."""
        if isinstance(e, ast.IfExp):
            inner = (*conds, e.test)
            return self.parts(e.body, inner, split) + self.parts(e.orelse, inner, split)
        if isinstance(e, ast.BinOp):
            if isinstance(e.op, ast.Add):
                return self.parts(e.left, conds, split) + self.parts(e.right, conds, split)
            if isinstance(e.op, ast.Sub | ast.Div | ast.FloorDiv | ast.Mod):
                return self.parts(e.left, conds, split)
        if isinstance(e, ast.FormattedValue | ast.Starred):
            return self.parts(e.value, conds, split)
        if split and isinstance(e, ast.List | ast.Set) and e.elts:
            return [p for x in e.elts for p in self.parts(x, conds, False)]
        if split and isinstance(e, ast.Dict) and e.values:
            return [p for x in e.values for p in self.parts(x, conds, False)]
        if isinstance(e, ast.Call) and e.args:
            q = self.r.resolve(e.func)
            if q in _UNWRAP_CALLS:
                return self.parts(e.args[0], conds, split)
            if q in ("builtins.min", "builtins.max"):
                free = [a for a in e.args if not isinstance(a, ast.Constant)]
                if free:
                    return [p for a in free for p in self.parts(a, conds, split)]
            if q in _SPLIT_CALLS and isinstance(e.args[0], ast.List | ast.Tuple | ast.Set):
                return [p for x in e.args[0].elts for p in self.parts(x, conds, False)]
        return [(e, conds)]

    def success(self, part: ast.expr, v: Value, env: Env, ctx: Ctx) -> bool:
        """Could this piece be a positive award? Constant zero/False/"FAIL" never is."""
        if isinstance(part, ast.Tuple):
            for elt in part.elts:
                c = self.expr(elt, env, ctx).const
                if c is False or (isinstance(c, str) and c.strip().upper() in ("FAIL", "FAILED")):
                    return False
            return bool(part.elts)
        known = truth(v.const)
        return True if known is None else known
