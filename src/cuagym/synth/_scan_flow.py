"""Flow-sensitive taint analysis of a reward script, producing award events.

An abstract interpreter walks the script statement by statement. Each variable holds a
``Value``: the set of origins it depends on (``STATE`` for reads of the environment, literals,
existence probes, parameters) and its constant value when known. Control dependence is tracked
with a ``pc`` taint: everything assigned under ``if <test>`` also depends on the test, and so
does everything after an ``if`` whose branch exits early (``sys.exit``, ``return``,
``continue``), which is how ``if not os.path.exists(p): sys.exit(0)`` guards are understood.
Helper functions get summaries with parameters as symbolic labels, instantiated at each call;
so do nested functions (their reads of the enclosing function's locals are parameters too,
bound at the call) and methods (``obj.check()``; attributes a method stores on ``self`` are
visible to the class's other methods). A for loop's body depends on the iterated state only
through :class:`Iter`: a flag set True there with no test of the item says "some item exists",
which the verdict treats as a placeholder, not as a comparison.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, replace

from cuagym.synth._scan_expr import ExprEvaluator, attr_key, forget_attrs
from cuagym.synth._scan_imports import Resolver
from cuagym.synth._scan_labels import (
    EMPTY,
    STATE,
    UNKNOWN,
    Collector,
    Ctx,
    Env,
    Event,
    Lit,
    Param,
    Summary,
    Taint,
    Value,
    as_guard,
    as_helper,
    as_iteration,
    join_envs,
    join_taints,
    substitute,
    truth,
)
from cuagym.synth._scan_scopes import Scopes, param_names
from cuagym.synth._scan_score import ScoreVars

_EXIT_FUNCS = frozenset(
    {"sys.exit", "builtins.exit", "builtins.quit", "os._exit", "os.abort", "os.kill"}
)
_RECORD_TYPES = frozenset({"types.SimpleNamespace", "argparse.Namespace"})
_ERRORISH = ("err", "fail", "exc", "missing", "bad", "invalid", "problem", "crash", "broken")
_MAX_LOOP_ROUNDS = 4
_MODULE_ROUNDS = 3


@dataclass
class Outcome:
    env: Env
    terminated: bool = False
    extra_pc: Taint = EMPTY  # control dependence that flows past this statement


class FlowAnalyzer(ExprEvaluator):
    def __init__(
        self, tree: ast.Module, resolver: Resolver, scopes: Scopes, tiers: ScoreVars
    ) -> None:
        super().__init__(resolver, scopes, tiers)
        self.tree = tree
        self.summaries: dict[str, Summary] = {}
        self.in_progress: set[str] = set()

    # ---- driver ------------------------------------------------------------------------------

    def run(self) -> list[Event]:
        col = Collector()
        for _ in range(_MODULE_ROUNDS):  # rounds let globals set late reach helpers read early
            self.summaries = {}
            col = Collector()
            self.block(self.tree.body, {}, Ctx("", EMPTY, False, col))
        for name in list(self.scopes.functions):
            if name not in self.summaries:
                # Never called directly (a method, a callback): judged on its own, with its
                # parameters unknown, which the verdict treats as state.
                for key, ev in self.summarize(name).events.items():
                    col.events.setdefault(key, ev)
        return list(col.events.values())

    def summarize(self, name: str) -> Summary:
        done = self.summaries.get(name)
        if done is not None:
            return done
        if name in self.in_progress:
            return Summary(Value(frozenset({STATE})), {}, {})  # recursion: assume the best
        self.in_progress.add(name)
        fn = self.scopes.functions[name]
        env: Env = {p: Value(frozenset({Param(name, p)})) for p in param_names(fn)}
        for var in self.scopes.free.get(name, ()):  # a closure's reads: bound at each call
            env[var] = Value(frozenset({Param(name, var)}))
        col = Collector()
        out = self.block(fn.body, env, Ctx(name, EMPTY, False, col))
        if not out.terminated:
            col.returns.append(Value(out.extra_pc, None))
        consts = {repr(v.const) for v in col.returns}
        const = col.returns[0].const if len(consts) == 1 and col.returns else UNKNOWN
        ret = Value(as_helper(join_taints(v.taint for v in col.returns)), const)
        writes = {g: as_helper(t) for g, t in col.global_writes.items()}
        summary = Summary(ret, col.events, writes)
        self.in_progress.discard(name)
        self.summaries[name] = summary
        return summary

    def method_result(self, name: str) -> Taint:
        return self.summarize(name).ret.taint

    # ---- calls of the script's own functions ---------------------------------------------------

    def call_user(
        self, name: str, node: ast.Call, env: Env, ctx: Ctx, receiver: Taint | None = None
    ) -> Value:
        """Instantiate ``name``'s summary at this call. ``receiver``: the call binds the first
        parameter to an object (``obj.method()``, ``Class()``), whose taint this is."""
        fn = self.scopes.functions[name]
        positional = [p.arg for p in (*fn.args.posonlyargs, *fn.args.args)]
        mapping: dict[str, Taint] = {}
        spread = EMPTY
        if receiver is not None and positional:
            mapping[positional[0]] = receiver
            positional = positional[1:]
        for var in self.scopes.free.get(name, ()):
            mapping[var] = self.lookup(var, env, ctx).taint
        for i, a in enumerate(node.args):
            v = self.expr(a, env, ctx).taint
            if isinstance(a, ast.Starred):
                spread |= v
            elif i < len(positional):
                mapping[positional[i]] = v
            elif fn.args.vararg:
                mapping[fn.args.vararg.arg] = mapping.get(fn.args.vararg.arg, EMPTY) | v
        for kw in node.keywords:
            v = self.expr(kw.value, env, ctx).taint
            if kw.arg is None:
                spread |= v
            elif fn.args.kwarg and kw.arg not in param_names(fn):
                mapping[fn.args.kwarg.arg] = mapping.get(fn.args.kwarg.arg, EMPTY) | v
            else:
                mapping[kw.arg] = v
        if spread:
            mapping = {p: mapping.get(p, EMPTY) | spread for p in param_names(fn)}
        s = self.summarize(name)
        for g, t in s.global_writes.items():
            self.write_global(g, substitute(t, name, mapping) | ctx.pc, env, ctx)
        for (node_id, chain), ev in s.events.items():
            own_param = any(isinstance(lab, Param) and lab.func == name for lab in ev.taint)
            ctx.col.add(
                Event(
                    kind=ev.kind,
                    var=ev.var,
                    line=node.lineno if own_param else ev.line,
                    taint=substitute(ev.taint, name, mapping) | ctx.pc,
                    success=ev.success,
                    in_except=ev.in_except or ctx.in_except,
                    key=(node_id, (id(node), *chain)),
                )
            )
        return Value(substitute(s.ret.taint, name, mapping), s.ret.const)

    def write_global(self, name: str, taint: Taint, env: Env, ctx: Ctx) -> None:
        self.globals[name] = self.globals.get(name, EMPTY) | taint
        if ctx.scope:
            ctx.col.write_global(name, taint)
        if not ctx.scope or name in self.scopes.globals.get(ctx.scope, ()):
            old = env.get(name)
            env[name] = Value((old.taint if old else EMPTY) | taint, UNKNOWN)

    # ---- assignments ---------------------------------------------------------------------------

    def assign(
        self, target: ast.expr, v: Value, value: ast.expr | None, env: Env, ctx: Ctx
    ) -> None:
        if isinstance(target, ast.Name):
            taint = v.taint | ctx.pc
            if ctx.in_except and not any(w in target.id.lower() for w in _ERRORISH):
                # `except: ok = True` marks the check as passed exactly when reading failed.
                lines = range(target.lineno, (target.end_lineno or target.lineno) + 1)
                if isinstance(value, ast.Constant) and value.value is True:
                    lines = range(value.lineno, value.lineno + 1)
                taint = _mark_exc(taint, lines, bool_only=True)
            forget_attrs(env, target.id)  # a new object: its attributes are not the old one's
            self.bind(target.id, Value(taint, v.const), env, ctx)
            if isinstance(value, ast.Call) and self.record_like(value):
                # `verdict = SimpleNamespace(sent=..., pinned=True)`: each field reads back
                # what it was given, not the union of all of them
                for kw in value.keywords:
                    if kw.arg is not None:
                        field = self.expr(kw.value, env, ctx)
                        env[attr_key(target.id, kw.arg)] = Value(field.taint | ctx.pc, field.const)
            var = self.var(target.id, ctx)
            if value is not None and var in self.tiers.tier_b:
                self.assign_events(var, value, env, ctx)
        elif isinstance(target, ast.Tuple | ast.List):
            if _same_shape(target, value):
                # `a, b = True, state_ok`: each name gets its own element, not their union
                assert isinstance(value, ast.Tuple | ast.List)
                for elt, part in zip(target.elts, value.elts, strict=True):
                    self.assign(elt, self.expr(part, env, ctx), part, env, ctx)
                return
            for elt in target.elts:
                self.assign(elt, Value(v.taint), None, env, ctx)
        elif isinstance(target, ast.Starred):
            self.assign(target.value, Value(v.taint), None, env, ctx)
        elif isinstance(target, ast.Subscript | ast.Attribute):
            base: ast.expr = target
            extra = EMPTY
            while isinstance(base, ast.Subscript | ast.Attribute):
                if isinstance(base, ast.Subscript):
                    extra |= self.expr(base.slice, env, ctx).taint
                base = base.value
            if isinstance(target, ast.Attribute) and self.is_self(target.value, ctx):
                stored = frozenset(lab for lab in v.taint | ctx.pc if not isinstance(lab, Param))
                self.attrs[target.attr] = self.attrs.get(target.attr, EMPTY) | stored
            if isinstance(base, ast.Name):
                self.mutate(base.id, v.taint | extra, env, ctx)
                owned = isinstance(target, ast.Attribute) and target.value is base
                if owned and not self.is_self(base, ctx):
                    # `res.pinned = True`: what `res.pinned` reads next is this value, not the
                    # union of everything stored on `res`
                    assert isinstance(target, ast.Attribute)
                    env[attr_key(base.id, target.attr)] = Value(v.taint | ctx.pc, v.const)
                var = self.var(base.id, ctx)
                if value is not None and self.tiers.counts_increment(var):
                    self.award("incr", var, value, env, ctx)

    def record_like(self, call: ast.Call) -> bool:
        """A namespace or one of the script's dataclasses (without its own ``__init__``): its
        keyword arguments become attributes of the same names."""
        func = call.func
        if isinstance(func, ast.Name) and func.id in self.scopes.classes:
            return func.id in self.scopes.dataclasses and func.id not in self.scopes.inits
        return self.r.resolve(func) in _RECORD_TYPES

    def assign_events(self, var: tuple[str, str], value: ast.expr, env: Env, ctx: Ctx) -> None:
        if any(isinstance(n, ast.Name) and n.id == var[1] for n in ast.walk(value)):
            return  # `score = min(score, 1.0)` transforms the score, it awards nothing
        if isinstance(value, ast.List | ast.Set | ast.Dict | ast.Tuple) and not isinstance(
            value, ast.Tuple
        ):
            self.award("display", var, value, env, ctx, split=True)
        elif var in self.tiers.tier_a and isinstance(value, ast.BinOp) and not ctx.in_except:
            # `score = 0.5 * cells_ok + 0.5 * chart_ok`: each term is awarded on its own, so a
            # flag set to a literal cannot hide behind the real check beside it. Only terms
            # that carry a boolean flag are judged (weights and offsets are not verdicts).
            for part, conds in self.parts(value, (), False):
                if part is value:
                    break  # not a sum: judged where it is consumed
                v = self.expr(part, env, ctx)
                around = ctx.pc | join_taints(self.expr(c, env, ctx).taint for c in conds)
                if not any(isinstance(lab, Lit) and lab.kind == "bool" for lab in v.taint | around):
                    continue
                ctx.col.add(
                    Event("assign", var, part.lineno, v.taint | around,
                          self.success(part, v, env, ctx), False, (id(part), ()))
                )  # fmt: skip
        elif var in self.tiers.tier_a and (ctx.in_except or self.tiers.base_credit(var)):
            # Otherwise a constant (re)assignment is judged where it is consumed (the REWARD
            # line, flow-sensitively): `reward = 1.0; if bad: reward = 0.0` is legitimate, and so
            # is `score = 1.0` lowered by penalties; `score = 0.5` that only grows is not.
            self.award("assign", var, value, env, ctx)

    def bind(self, name: str, v: Value, env: Env, ctx: Ctx) -> None:
        env[name] = v
        if not ctx.scope or name in self.scopes.globals.get(ctx.scope, ()):
            self.globals[name] = self.globals.get(name, EMPTY) | v.taint
            if ctx.scope:
                ctx.col.write_global(name, v.taint)

    def mutate(self, name: str, taint: Taint, env: Env, ctx: Ctx) -> None:
        old = self.lookup(name, env, ctx)
        self.bind(name, Value(old.taint | taint | ctx.pc), env, ctx)

    # ---- statements ----------------------------------------------------------------------------

    def block(self, stmts: list[ast.stmt], env: Env, ctx: Ctx) -> Outcome:
        extra = EMPTY
        for stmt in stmts:
            out = self.stmt(stmt, env, ctx.tested(extra))
            env = out.env
            extra |= out.extra_pc
            if out.terminated:
                return Outcome(env, True, extra)
        return Outcome(env, False, extra)

    def stmt(self, s: ast.stmt, env: Env, ctx: Ctx) -> Outcome:
        if isinstance(s, ast.Expr):
            if isinstance(s.value, ast.Constant):
                return Outcome(env)  # docstrings are not output
            self.expr(s.value, env, ctx)
            call = s.value
            exits = isinstance(call, ast.Call) and self.r.resolve(call.func) in _EXIT_FUNCS
            return Outcome(env, terminated=exits)
        if isinstance(s, ast.Assign):
            v = self.expr(s.value, env, ctx)
            for t in s.targets:
                self.assign(t, v, s.value, env, ctx)
            return Outcome(env)
        if isinstance(s, ast.AnnAssign):
            if s.value is not None:
                self.assign(s.target, self.expr(s.value, env, ctx), s.value, env, ctx)
            return Outcome(env)
        if isinstance(s, ast.AugAssign):
            self.aug_assign(s, env, ctx)
            return Outcome(env)
        if isinstance(s, ast.If):
            return self.if_stmt(s, env, ctx)
        if isinstance(s, ast.For | ast.AsyncFor | ast.While):
            return Outcome(self.loop(s, env, ctx))
        if isinstance(s, ast.Try | ast.TryStar):
            return self.try_stmt(s, env, ctx)
        if isinstance(s, ast.With | ast.AsyncWith):
            for item in s.items:
                v = self.expr(item.context_expr, env, ctx)
                if item.optional_vars is not None:
                    self.assign(item.optional_vars, v, None, env, ctx)
            return self.block(s.body, env, ctx)
        if isinstance(s, ast.Return):
            self.return_stmt(s, env, ctx)
            return Outcome(env, terminated=True)
        if isinstance(s, ast.Raise):
            if s.exc is not None:
                self.expr(s.exc, env, ctx)
            return Outcome(env, terminated=True)
        if isinstance(s, ast.Continue | ast.Break):
            return Outcome(env, terminated=True)
        if isinstance(s, ast.Assert):
            return Outcome(env, extra_pc=as_guard(self.expr(s.test, env, ctx).taint))
        if isinstance(s, ast.Match):
            return self.match_stmt(s, env, ctx)
        return Outcome(env)  # def, class, import, global, pass, del: no data flow to follow

    def aug_assign(self, s: ast.AugAssign, env: Env, ctx: Ctx) -> None:
        v = self.expr(s.value, env, ctx)
        target = s.target
        if isinstance(target, ast.Name):
            old = self.lookup(target.id, env, ctx)
            const = self.fold_bin(s.op, old.const, v.const)
            self.bind(target.id, Value(old.taint | v.taint | ctx.pc, const), env, ctx)
            var = self.var(target.id, ctx)
        else:
            self.assign(target, v, None, env, ctx)
            base: ast.expr = target
            while isinstance(base, ast.Subscript | ast.Attribute):
                base = base.value
            if not isinstance(base, ast.Name):
                return
            var = self.var(base.id, ctx)
            if isinstance(target, ast.Attribute):
                var = (var[0], target.attr)  # `self.score += 1`: judge by the attribute name
        if isinstance(s.op, ast.Add | ast.BitOr) and self.tiers.counts_increment(var):
            self.award("incr", var, s.value, env, ctx, split=True)

    def if_stmt(self, s: ast.If, env: Env, ctx: Ctx) -> Outcome:
        test = self.expr(s.test, env, ctx)
        inner = ctx.tested(test.taint)
        known = truth(test.const) if not isinstance(test.const, str) else None
        if known is True:
            return self.block(s.body, env, inner)
        if known is False:
            return self.block(s.orelse, env, inner)
        a = self.block(s.body, dict(env), inner)
        b = self.block(s.orelse, dict(env), inner)
        extra = a.extra_pc | b.extra_pc
        if a.terminated and b.terminated:
            return Outcome(join_envs(a.env, b.env), True, extra)
        if a.terminated or b.terminated:
            # What follows runs only when the test went the non-exiting way.
            return Outcome((b if a.terminated else a).env, False, extra | as_guard(test.taint))
        return Outcome(join_envs(a.env, b.env), False, extra)

    def match_stmt(self, s: ast.Match, env: Env, ctx: Ctx) -> Outcome:
        subject = self.expr(s.subject, env, ctx)
        inner = ctx.tested(subject.taint)
        out = env
        for case in s.cases:
            res = self.block(case.body, dict(env), inner)
            if not res.terminated:
                out = join_envs(out, res.env)
        return Outcome(out)

    def loop(self, s: ast.For | ast.AsyncFor | ast.While, env: Env, ctx: Ctx) -> Env:
        if _unrollable(s):
            return self.unrolled(s, env, ctx)
        cur = dict(env)
        for _ in range(_MAX_LOOP_ROUNDS):
            body_env = dict(cur)
            if isinstance(s, ast.While):
                test = self.expr(s.test, body_env, ctx).taint
                inner = ctx.tested(test)
            else:
                test = self.expr(s.iter, body_env, ctx).taint
                inner = replace(ctx.with_pc(as_iteration(test, s.lineno)), loop_only=True)
                self.assign(s.target, Value(test), None, body_env, inner)
            out = self.block(s.body, body_env, inner)
            new = join_envs(cur, out.env)
            if new == cur:
                break
            cur = new
        return self.block(s.orelse, cur, ctx).env

    def unrolled(self, s: ast.For | ast.AsyncFor | ast.While, env: Env, ctx: Ctx) -> Env:
        """A loop over a literal display of records (``for name, ok, pts in (("a", a_ok, 2),
        ...)``) run once per element, in order: each record's verdict is judged on its own
        instead of through the union of all of them, which would let one real check launder
        a constant flag beside it. The body is straight-line code then (no test of its own)."""
        assert isinstance(s, ast.For | ast.AsyncFor) and isinstance(s.iter, ast.List | ast.Tuple)
        cur = dict(env)
        inner = replace(ctx, loop_only=False)
        for i, elt in enumerate(s.iter.elts):
            sub = Collector()
            each = replace(inner, col=sub)
            self.assign(s.target, self.expr(elt, cur, ctx), elt, cur, each)
            out = self.block(s.body, cur, each)
            cur = out.env
            for ev in sub.events.values():
                ctx.col.add(replace(ev, key=(ev.key[0], (id(s), i, *ev.key[1]))))
            ctx.col.returns.extend(sub.returns)
            for g, t in sub.global_writes.items():
                ctx.col.write_global(g, t)
        return self.block(s.orelse, cur, ctx).env

    def try_stmt(self, s: ast.Try | ast.TryStar, env: Env, ctx: Ctx) -> Outcome:
        body = self.block(s.body, dict(env), ctx)
        handler_start = join_envs(env, body.env)
        results: list[Outcome] = []
        if not body.terminated:
            results.append(self.block(s.orelse, body.env, ctx.with_pc(body.extra_pc)))
        else:
            results.append(body)
        handler_ctx = replace(ctx, in_except=True)
        for h in s.handlers:
            henv = dict(handler_start)
            if h.name:
                henv[h.name] = Value()
            results.append(self.block(h.body, henv, handler_ctx))
        live = [r for r in results if not r.terminated]
        merged = live[0].env if live else results[0].env
        for r in live[1:]:
            merged = join_envs(merged, r.env)
        extra = body.extra_pc
        fin = self.block(s.finalbody, merged, ctx.with_pc(extra))
        return Outcome(fin.env, not live or fin.terminated, extra | fin.extra_pc)

    def return_stmt(self, s: ast.Return, env: Env, ctx: Ctx) -> None:
        if s.value is None:
            ctx.col.returns.append(Value(ctx.pc, None))
            return
        v = self.expr(s.value, env, ctx)
        lines = range(s.lineno, (s.end_lineno or s.lineno) + 1)
        if ctx.in_except and truth(v.const) is True:
            # `except: return True` passes the check exactly when reading state failed.
            v = Value(_mark_exc(v.taint, lines, bool_only=False), v.const)
        ctx.col.returns.append(v.with_taint(ctx.pc))
        if ctx.scope and (ctx.scope, "<return>") in self.tiers.tier_a:
            self.award(
                "return", (ctx.scope, "<return>"), s.value, env, ctx, helper_lines=lines, split=True
            )


_MAX_UNROLL = 16


def _same_shape(target: ast.Tuple | ast.List, value: ast.expr | None) -> bool:
    return (
        isinstance(value, ast.Tuple | ast.List)
        and len(value.elts) == len(target.elts)
        and not any(isinstance(x, ast.Starred) for x in (*target.elts, *value.elts))
    )


def _unrollable(s: ast.For | ast.AsyncFor | ast.While) -> bool:
    """A for-loop over a short literal list/tuple whose body never leaves the iteration early
    (no break, continue, return, raise, yield: unrolled, it stays the same program)."""
    if not isinstance(s, ast.For | ast.AsyncFor) or not isinstance(s.iter, ast.List | ast.Tuple):
        return False
    elts = s.iter.elts
    if not elts or len(elts) > _MAX_UNROLL or any(isinstance(x, ast.Starred) for x in elts):
        return False
    jumps = (ast.Break, ast.Continue, ast.Return, ast.Raise, ast.Yield, ast.YieldFrom)
    return not any(isinstance(n, jumps) for stmt in s.body for n in ast.walk(stmt))


def _mark_exc(taint: Taint, lines: range, bool_only: bool) -> Taint:
    return frozenset(
        replace(lab, exc=True)
        if isinstance(lab, Lit) and lab.line in lines and (lab.kind == "bool" or not bool_only)
        else lab
        for lab in taint
    )
