"""Name resolution for the scanner: which module attribute does an expression denote?

Reward hacks hide calls behind aliases (`import subprocess as sp`, `from os import system`,
`run = subprocess.run`) and indirection (`getattr(__import__("os"), "system")`). Every check
works on canonical dotted names such as ``os.system`` or ``builtins.eval`` so that one table of
forbidden names covers all spellings.
"""

from __future__ import annotations

import ast
import builtins

# Platform modules that re-export os / os.path under another name.
_MODULE_ALIASES = {
    "posixpath": "os.path",
    "ntpath": "os.path",
    "genericpath": "os.path",
    "posix": "os",
    "nt": "os",
    "_posixsubprocess": "subprocess",
    "_io": "io",
    "__builtin__": "builtins",
}

_BUILTIN_NAMES = frozenset(dir(builtins))
_IMPORTERS = frozenset({"builtins.__import__", "importlib.import_module", "importlib.__import__"})


def normalize(qualname: str) -> str:
    head, _, rest = qualname.partition(".")
    for alias, real in _MODULE_ALIASES.items():
        if qualname == alias or qualname.startswith(alias + "."):
            return real + qualname[len(alias) :]
    return f"{head}.{rest}" if rest else head


def const_str(node: ast.AST | None) -> str | None:
    """Fold string expressions that are constant at parse time (obfuscated names)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        left, right = const_str(node.left), const_str(node.right)
        if left is not None and right is not None:
            return left + right
    if isinstance(node, ast.JoinedStr):
        parts = [const_str(v) for v in node.values]
        if all(p is not None for p in parts):
            return "".join(p for p in parts if p is not None)
    if isinstance(node, ast.Call) and not node.keywords and len(node.args) == 1:
        func = node.func
        if isinstance(func, ast.Attribute) and func.attr == "join":
            sep = const_str(func.value)
            arg = node.args[0]
            if sep is not None and isinstance(arg, ast.List | ast.Tuple):
                items = [const_str(e) for e in arg.elts]
                if all(i is not None for i in items):
                    return sep.join(i for i in items if i is not None)
    if isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Slice):
        # "metsys"[::-1]
        base = const_str(node.value)
        step = node.slice.step
        if (
            base is not None
            and node.slice.lower is None
            and node.slice.upper is None
            and isinstance(step, ast.UnaryOp)
            and isinstance(step.op, ast.USub)
            and isinstance(step.operand, ast.Constant)
            and step.operand.value == 1
        ):
            return base[::-1]
    return None


class Resolver:
    """Maps expressions to canonical dotted names, flow-insensitively over the whole module."""

    def __init__(self, tree: ast.AST) -> None:
        self.aliases: dict[str, str] = {}
        self.bound: set[str] = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                for a in node.names:
                    if a.asname:
                        self.aliases[a.asname] = normalize(a.name)
                    else:
                        top = a.name.split(".")[0]
                        self.aliases[top] = normalize(top)
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                for a in node.names:
                    if a.name != "*":
                        self.aliases[a.asname or a.name] = normalize(f"{node.module}.{a.name}")
            elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                self.bound.add(node.name)
            elif isinstance(node, ast.arg):
                self.bound.add(node.arg)
        # Assignments of module attributes are aliases too (`run = subprocess.run`); a few rounds
        # reach chains of them.
        assigns = [n for n in ast.walk(tree) if isinstance(n, ast.Assign | ast.NamedExpr)]
        for _ in range(3):
            for node in assigns:
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                value = node.value
                if not isinstance(value, ast.Name | ast.Attribute | ast.Call | ast.Subscript):
                    continue
                q = self.resolve(value)
                for t in targets:
                    if isinstance(t, ast.Name):
                        if q is not None:
                            self.aliases[t.id] = q
                        elif t.id not in self.aliases:
                            self.bound.add(t.id)
        for node in assigns:
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for t in targets:
                if isinstance(t, ast.Name) and t.id not in self.aliases:
                    self.bound.add(t.id)

    def resolve(self, node: ast.AST) -> str | None:
        if isinstance(node, ast.Name):
            if node.id in self.aliases:
                return self.aliases[node.id]
            if node.id in self.bound:
                return None
            if node.id == "__builtins__":
                return "builtins"
            if node.id in _BUILTIN_NAMES:
                return f"builtins.{node.id}"
            return None
        if isinstance(node, ast.Attribute):
            if node.attr == "__dict__":
                return self.resolve(node.value)
            base = self.resolve(node.value)
            return normalize(f"{base}.{node.attr}") if base else None
        if isinstance(node, ast.Call):
            func = self.resolve(node.func)
            first = node.args[0] if node.args else None
            if func in _IMPORTERS:
                name = const_str(first)
                return normalize(name) if name else None
            if func == "builtins.getattr" and len(node.args) >= 2:
                base = self.resolve(node.args[0])
                attr = const_str(node.args[1])
                return normalize(f"{base}.{attr}") if base and attr else None
            if func == "builtins.vars" and first is not None:
                return self.resolve(first)
            return None
        if isinstance(node, ast.Subscript):
            key = const_str(node.slice)
            base = self.resolve(node.value)
            if key is None or base is None:
                return None
            if base == "sys.modules":
                return normalize(key)
            return normalize(f"{base}.{key}")
        return None
