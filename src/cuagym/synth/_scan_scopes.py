"""Lexical scopes of a reward script: which function a name belongs to.

Both the rule checks (hub-derived URLs) and the data flow (score variables) key variables by
``(scope, name)`` where scope is the enclosing function's name, or ``""`` for module globals.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator

FuncNode = ast.FunctionDef | ast.AsyncFunctionDef


def param_names(fn: FuncNode) -> list[str]:
    a = fn.args
    names = [p.arg for p in (*a.posonlyargs, *a.args, *a.kwonlyargs)]
    if a.vararg:
        names.append(a.vararg.arg)
    if a.kwarg:
        names.append(a.kwarg.arg)
    return names


def _own_nodes(fn: FuncNode) -> Iterator[ast.AST]:
    """Nodes of a function body, not descending into nested functions or classes."""
    stack: list[ast.AST] = list(fn.body)
    while stack:
        node = stack.pop()
        yield node
        for child in ast.iter_child_nodes(node):
            if not isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                stack.append(child)
            else:
                yield child  # the def binds its name in this scope


def _target_names(target: ast.AST) -> Iterator[str]:
    if isinstance(target, ast.Name):
        yield target.id
    elif isinstance(target, ast.Tuple | ast.List):
        for elt in target.elts:
            yield from _target_names(elt)
    elif isinstance(target, ast.Starred):
        yield from _target_names(target.value)


class Scopes:
    """Locals and global declarations per function, for ``(scope, name)`` keys; and what the
    data flow needs to follow helpers that are not plain module functions:

    * ``free``: for a nested function, the names it reads from its enclosing functions' locals
      (closures: a nested check helper comparing the enclosing function's workbook);
    * ``methods``: functions defined in a class body, by name, with how they bind their first
      parameter (``"self"``, ``"cls"`` or ``"static"``); ``inits``: class name -> ``__init__``;
    * ``constant_attrs``: attributes that a class body (a dataclass field's default included)
      gives a literal and that nothing else in the script ever writes: what ``obj.attr``
      reads there is that literal, whatever else is stored on ``obj``.
    """

    def __init__(self, tree: ast.Module) -> None:
        self.functions: dict[str, FuncNode] = {}
        self.locals: dict[str, set[str]] = {}
        self.globals: dict[str, set[str]] = {}
        self.free: dict[str, set[str]] = {}
        self.methods: dict[str, tuple[FuncNode, str]] = {}
        self.inits: dict[str, FuncNode] = {}
        self.classes: set[str] = set()
        self.instances: set[str] = set()  # names bound to ClassName(...) of the script's classes
        self.constant_attrs: dict[str, ast.Constant] = {}
        self.dataclasses: set[str] = set()  # classes whose constructor sets fields by keyword
        parents: dict[str, list[str]] = {}
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                self.functions[node.name] = node
                self._collect(node)
                for child in _own_nodes(node):
                    if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef):
                        parents[child.name] = [node.name, *parents.get(node.name, [])]
            elif isinstance(node, ast.ClassDef):
                self.classes.add(node.name)
                if any(_is_dataclass(dec) for dec in node.decorator_list):
                    self.dataclasses.add(node.name)
                for item in node.body:
                    if isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef):
                        self.methods[item.name] = (item, _binding(item))
                        if item.name == "__init__":
                            self.inits[node.name] = item
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Assign)
                and isinstance(node.value, ast.Call)
                and isinstance(node.value.func, ast.Name)
                and node.value.func.id in self.classes
            ):
                for t in node.targets:
                    self.instances.update(_target_names(t))
        for name, chain in parents.items():
            enclosing = set().union(*(self.locals.get(p, set()) for p in chain))
            reads = {
                n.id
                for n in _own_nodes(self.functions[name])
                if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)
            }
            self.free[name] = (reads & enclosing) - self.locals.get(name, set())
        self.constant_attrs = _constant_attrs(tree, self.classes, set(self.inits))

    def _collect(self, fn: FuncNode) -> None:
        local = set(param_names(fn))
        declared: set[str] = set()
        for node in _own_nodes(fn):
            if isinstance(node, ast.Global | ast.Nonlocal):
                declared.update(node.names)
            elif isinstance(node, ast.Assign):
                for t in node.targets:
                    local.update(_target_names(t))
            elif isinstance(node, ast.AugAssign | ast.AnnAssign | ast.For | ast.AsyncFor):
                local.update(_target_names(node.target))
            elif isinstance(node, ast.withitem) and node.optional_vars is not None:
                local.update(_target_names(node.optional_vars))
            elif isinstance(node, ast.NamedExpr):
                local.update(_target_names(node.target))
            elif isinstance(
                node, ast.ExceptHandler | ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef
            ):
                if node.name:
                    local.add(node.name)
            elif isinstance(node, ast.Import | ast.ImportFrom):
                for a in node.names:
                    local.add((a.asname or a.name).split(".")[0])
        self.locals[fn.name] = local - declared
        self.globals[fn.name] = declared

    def scope_of(self, name: str, fn: str) -> str:
        """The scope that owns ``name`` when it is used inside function ``fn`` ("" = module)."""
        if fn and name in self.locals.get(fn, ()):
            return fn
        return ""


# Writes that can reach any attribute by a computed name: with them no default is known to stay.
_ANY_ATTR_WRITERS = frozenset({"setattr", "vars", "__dict__", "__setattr__", "replace"})


def _class_literals(tree: ast.Module) -> tuple[dict[str, ast.Constant], dict[str, list[str]]]:
    """Literal class-body attributes (``ok = True``, ``ok: bool = True``) and, per class, the
    names of its fields in order (a dataclass's positional constructor arguments)."""
    found: dict[str, ast.Constant] = {}
    clashes: set[str] = set()
    fields: dict[str, list[str]] = {}
    for node in ast.walk(tree):
        if not isinstance(node, ast.ClassDef):
            continue
        names = fields.setdefault(node.name, [])
        for item in node.body:
            value: ast.expr | None
            if isinstance(item, ast.Assign) and len(item.targets) == 1:
                target, value = item.targets[0], item.value
            elif isinstance(item, ast.AnnAssign):
                target, value = item.target, item.value
            else:
                continue
            if not isinstance(target, ast.Name):
                continue
            names.append(target.id)
            if not isinstance(value, ast.Constant):
                clashes.add(target.id)
            elif target.id in found and found[target.id].value != value.value:
                clashes.add(target.id)  # a subclass overrides it: which one is read is unknown
            else:
                found[target.id] = value
    return {k: v for k, v in found.items() if k not in clashes}, fields


def _constant_attrs(
    tree: ast.Module, classes: set[str], with_init: set[str]
) -> dict[str, ast.Constant]:
    found, fields = _class_literals(tree)
    if not found:
        return found
    written: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store | ast.Del):
            written.add(node.attr)
        elif isinstance(node, ast.Name | ast.Attribute):
            name = node.id if isinstance(node, ast.Name) else node.attr
            if name in _ANY_ATTR_WRITERS:
                return {}
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            if node.func.id not in classes or node.func.id in with_init:
                continue  # an __init__'s writes are attribute stores of its own
            # A dataclass's constructor sets the fields it is given.
            if any(k.arg is None for k in node.keywords) or any(
                isinstance(a, ast.Starred) for a in node.args
            ):
                written.update(fields.get(node.func.id, []))
            written.update(fields.get(node.func.id, [])[: len(node.args)])
            written.update(k.arg for k in node.keywords if k.arg is not None)
    return {k: v for k, v in found.items() if k not in written}


def _is_dataclass(dec: ast.expr) -> bool:
    if isinstance(dec, ast.Call):
        dec = dec.func
    return (isinstance(dec, ast.Name) and dec.id == "dataclass") or (
        isinstance(dec, ast.Attribute) and dec.attr == "dataclass"
    )


def _binding(fn: FuncNode) -> str:
    for dec in fn.decorator_list:
        if isinstance(dec, ast.Name) and dec.id in ("staticmethod", "classmethod"):
            return "static" if dec.id == "staticmethod" else "cls"
    return "self"


def walk_with_scope(tree: ast.Module) -> Iterator[tuple[ast.AST, str]]:
    """Every node with the name of its innermost enclosing function ("" at module level)."""
    stack: list[tuple[ast.AST, str]] = [(tree, "")]
    while stack:
        node, scope = stack.pop()
        yield node, scope
        inner = node.name if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) else scope
        for child in ast.iter_child_nodes(node):
            stack.append((child, inner))
