"""How the house is built: the figures issue 24 ("the house for a hundred apps") tracks.

Reads the source tree with ``ast`` (nothing of it is imported, except for the last figure) and
reports:

* lines per package (``src/cuagym/<pkg>``, Python files) and the ten largest modules;
* ``__all__`` size per package (its ``__init__.py``);
* string literals over 20 lines (docstrings aside), their count and lines;
* ``env: Any`` annotations, ``model_extra`` uses, ``Any`` and ``dict[str, Any]`` in the code;
* imports inside functions;
* imports from one app into another (``cuagym.apps.<a>`` → ``cuagym.apps.<b>``);
* private cross-package imports: a module of one package importing a ``_private`` module (or
  a module below a ``_private`` one) of another;
* import loops: the strongly connected components of the module graph built from the imports
  that run (at module level or inside a function, where a loop hides best; not those under
  ``if TYPE_CHECKING``), and those of them that span files of different packages;
* whether ``import cuagym.synth`` imports ``cuagym.agent`` (in a fresh interpreter).

A *package* here is a top-level package of cuagym, except that each app (``apps/<app>``) and
each home of task families (``families/<app>``, ``families/cross/<app>``) counts as its own:
that is the unit §11 keeps apart; a kit under ``apps/`` (a module, or a package without a
SKILL.md) is shared by apps and is no app. Before the split, ``domains/<app>`` (an app with its
families) counts as an app, so that an older tree can be measured the same way.

    .venv/bin/python benchmarks/house_metrics.py [--src src/cuagym] [--json]

The human table is the default; ``--json`` prints one object (the same figures) for machines.
tests/house/ calls these functions on the real tree and on small synthetic ones.
"""

from __future__ import annotations

import argparse
import ast
import json
import os
import subprocess
import sys
from collections import Counter
from collections.abc import Iterator
from dataclasses import asdict, dataclass, field
from pathlib import Path

LONG_LITERAL_LINES = 20
#: Folders whose subpackages are packages of their own: apps, the homes of task families, and
#: (before §11's split) ``domains/<app>``, which held an app and its families together.
_PLUGIN_FOLDERS = ("apps", "families", "domains")
_APP_FOLDERS = ("apps", "domains")
_ANY_ANNOTATIONS = {"Any", "Any | None", "None | Any", "Optional[Any]", "'Any'"}


@dataclass(frozen=True)
class Module:
    """One source file of the tree: its dotted name, path and syntax tree."""

    name: str
    path: Path
    rel: str
    is_package: bool
    tree: ast.Module
    lines: int


@dataclass(frozen=True)
class Import:
    """One import statement's edge: ``importer`` imports the module ``target``."""

    importer: str
    target: str
    line: int
    in_function: bool
    type_checking: bool


@dataclass(frozen=True)
class Site:
    """Where something was found: a path relative to the tree's parent, and a line."""

    path: str
    line: int
    detail: str = ""


def load_tree(src: Path) -> dict[str, Module]:
    """Every ``.py`` file under ``src`` (a package folder such as ``src/cuagym``), by name."""
    modules: dict[str, Module] = {}
    for path in sorted(src.rglob("*.py")):
        parts = list(path.relative_to(src.parent).with_suffix("").parts)
        is_package = parts[-1] == "__init__"
        if is_package:
            parts = parts[:-1]
        text = path.read_text(encoding="utf-8")
        name = ".".join(parts)
        modules[name] = Module(
            name=name,
            path=path,
            rel=str(path.relative_to(src.parent)),
            is_package=is_package,
            tree=ast.parse(text, filename=str(path)),
            lines=text.count("\n"),
        )
    return modules


def unit_of(name: str) -> str:
    """The package a module belongs to for §11's rules (see the module docstring)."""
    parts = name.split(".")
    if len(parts) < 3 or parts[1] not in _PLUGIN_FOLDERS:
        return ".".join(parts[:2])
    if parts[2].startswith("_"):
        return ".".join(parts[:2])
    if parts[1] == "families" and parts[2] == "cross":
        if len(parts) > 3 and not parts[3].startswith("_"):
            return ".".join(parts[:4])
        return ".".join(parts[:3])
    return ".".join(parts[:3])


def _root_unit(name: str, modules: dict[str, Module]) -> str:
    """Like :func:`unit_of`, but a module file at the top (``cuagym/doctor.py``) belongs to the
    top package itself, not to a package of its own."""
    unit = unit_of(name)
    if unit in modules and not modules[unit].is_package:
        return unit.split(".")[0]
    return unit


def _walk_scoped(
    node: ast.AST, in_function: bool, type_checking: bool
) -> Iterator[tuple[ast.AST, bool, bool]]:
    """Every node below ``node``, with whether it sits in a function and under TYPE_CHECKING."""
    for child in ast.iter_child_nodes(node):
        child_fn = in_function or isinstance(
            child, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda
        )
        child_tc = type_checking
        if isinstance(node, ast.If) and child in node.body and _is_type_checking(node.test):
            child_tc = True
        yield child, child_fn, child_tc
        yield from _walk_scoped(child, child_fn, child_tc)


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _resolve(candidate: str, modules: dict[str, Module]) -> str | None:
    """The module a dotted name refers to: itself, or its longest prefix that is a module."""
    parts = candidate.split(".")
    while parts:
        name = ".".join(parts)
        if name in modules:
            return name
        parts.pop()
    return None


def _base_of(module: Module, node: ast.ImportFrom) -> str:
    if not node.level:
        return node.module or ""
    package = module.name.split(".")
    if not module.is_package:
        package = package[:-1]
    package = package[: len(package) - (node.level - 1)]
    return ".".join(package + ([node.module] if node.module else []))


def imports(modules: dict[str, Module]) -> list[Import]:
    """Every import of a module of the tree by a module of the tree."""
    found: list[Import] = []
    for module in modules.values():
        for node, in_fn, tc in _walk_scoped(module.tree, False, False):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = _base_of(module, node)
                for alias in node.names:
                    sub = f"{base}.{alias.name}"
                    targets.append(sub if sub in modules else base)
            else:
                continue
            for target in targets:
                resolved = _resolve(target, modules)
                if resolved is not None and resolved != module.name:
                    line = getattr(node, "lineno", 0)
                    found.append(Import(module.name, resolved, line, in_fn, tc))
    return found


def strongly_connected(graph: dict[str, set[str]]) -> list[list[str]]:
    """The graph's strongly connected components of more than one node (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components: list[list[str]] = []
    counter = 0
    for root in sorted(graph):
        if root in index:
            continue
        work: list[tuple[str, Iterator[str]]] = [(root, iter(sorted(graph.get(root, ()))))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            advanced = False
            for child in children:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.get(child, ())))))
                    advanced = True
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            if advanced:
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component: list[str] = []
                while True:
                    top = stack.pop()
                    on_stack.discard(top)
                    component.append(top)
                    if top == node:
                        break
                if len(component) > 1:
                    components.append(sorted(component))
    return sorted(components)


def import_loops(modules: dict[str, Module], edges: list[Import]) -> list[list[str]]:
    """Import loops among the imports that run (module level or in a function)."""
    graph: dict[str, set[str]] = {name: set() for name in modules}
    for edge in edges:
        if not edge.type_checking:
            graph[edge.importer].add(edge.target)
    return strongly_connected(graph)


def cross_package_loops(modules: dict[str, Module], loops: list[list[str]]) -> list[list[str]]:
    """The loops whose files belong to more than one package."""
    return [loop for loop in loops if len({_root_unit(m, modules) for m in loop}) > 1]


def app_to_app(modules: dict[str, Module], edges: list[Import]) -> list[Site]:
    """Imports from one app's package into another's (any import, wherever it stands)."""
    found = []
    for edge in edges:
        a, b = unit_of(edge.importer), unit_of(edge.target)
        a_parts, b_parts = a.split("."), b.split(".")
        apps = len(a_parts) == 3 == len(b_parts) and a_parts[1] in _APP_FOLDERS
        if apps and a != b and a_parts[1] == b_parts[1] and not _is_kit(b, modules):
            found.append(Site(modules[edge.importer].rel, edge.line, edge.target))
    return found


def _is_kit(unit: str, modules: dict[str, Module]) -> bool:
    """A kit under apps/ (the web kit, the web oracle kit) is shared by apps, not an app: it
    is a plain module, or a package that ships no SKILL.md (every app ships one)."""
    module = modules.get(unit)
    if module is None:
        return False
    return not module.is_package or not (module.path.parent / "SKILL.md").exists()


def private_cross_package(modules: dict[str, Module], edges: list[Import]) -> list[Site]:
    """Imports of another package's private module (a ``_name`` below that package)."""
    found = []
    for edge in edges:
        theirs = _root_unit(edge.target, modules)
        if _root_unit(edge.importer, modules) == theirs:
            continue
        below = edge.target.split(".")[theirs.count(".") + 1 :]
        if any(part.startswith("_") for part in below):
            found.append(Site(modules[edge.importer].rel, edge.line, edge.target))
    return found


def _docstrings(tree: ast.Module) -> set[int]:
    found = set()
    for node in ast.walk(tree):
        kinds = ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef
        first = node.body[0] if isinstance(node, kinds) and node.body else None
        if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
            found.add(id(first.value))
    return found


def long_literals(modules: dict[str, Module], limit: int = LONG_LITERAL_LINES) -> list[Site]:
    """String literals (docstrings aside) of more than ``limit`` lines; detail: their lines."""
    found = []
    for module in modules.values():
        docs = _docstrings(module.tree)
        for node in ast.walk(module.tree):
            if (
                isinstance(node, ast.Constant)
                and isinstance(node.value, str)
                and id(node) not in docs
            ):
                n = node.value.count("\n")
                if n > limit:
                    found.append(Site(module.rel, node.lineno, str(n)))
    return found


def env_any(modules: dict[str, Module]) -> list[Site]:
    """Parameters and attributes named ``env`` annotated ``Any`` (or ``Any | None``)."""
    found = []
    for module in modules.values():
        for node in ast.walk(module.tree):
            named_env = (isinstance(node, ast.arg) and node.arg == "env") or (
                isinstance(node, ast.AnnAssign) and _target_name(node.target) == "env"
            )
            annotation = getattr(node, "annotation", None) if named_env else None
            if annotation is not None and ast.unparse(annotation) in _ANY_ANNOTATIONS:
                found.append(Site(module.rel, node.lineno))
    return found


def _target_name(target: ast.expr) -> str | None:
    if isinstance(target, ast.Name):
        return target.id
    if isinstance(target, ast.Attribute):
        return target.attr
    return None


def model_extra_uses(modules: dict[str, Module]) -> list[Site]:
    """``x.model_extra`` reads and ``"model_extra"`` named as a string (getattr)."""
    found = []
    for module in modules.values():
        for node in ast.walk(module.tree):
            hit = isinstance(node, ast.Attribute) and node.attr == "model_extra"
            hit = hit or (isinstance(node, ast.Constant) and node.value == "model_extra")
            if hit:
                found.append(Site(module.rel, getattr(node, "lineno", 0)))
    return found


def any_counts(modules: dict[str, Module]) -> tuple[int, int]:
    """How often ``Any`` is named in the code, and how often as ``dict[str, Any]``."""
    anys = dict_any = 0
    for module in modules.values():
        for node in ast.walk(module.tree):
            if (isinstance(node, ast.Name) and node.id == "Any") or (
                isinstance(node, ast.Attribute) and node.attr == "Any"
            ):
                anys += 1
            elif isinstance(node, ast.Subscript) and ast.unparse(node) in (
                "dict[str, Any]",
                "Dict[str, Any]",
            ):
                dict_any += 1
    return anys, dict_any


def function_local_imports(modules: dict[str, Module]) -> tuple[int, int]:
    """Import statements inside a function body: all of them, and those naming a module of the
    tree (an import of our own code deferred into a function usually works around a loop)."""
    every = ours = 0
    top = next(iter(modules)).split(".")[0] if modules else ""
    for module in modules.values():
        for node, in_fn, _ in _walk_scoped(module.tree, False, False):
            if not in_fn:
                continue
            if isinstance(node, ast.ImportFrom):
                every += 1
                base = node.module or ""
                ours += bool(node.level) or base == top or base.startswith(top + ".")
            elif isinstance(node, ast.Import):
                every += 1
                ours += any(a.name == top or a.name.startswith(top + ".") for a in node.names)
    return every, ours


def all_sizes(src: Path) -> dict[str, int]:
    """``len(__all__)`` of each top-level package's ``__init__.py`` (-1: not a literal)."""
    sizes = {}
    for init in sorted(src.glob("*/__init__.py")):
        names: list[str] | None = []
        for node in ast.parse(init.read_text(encoding="utf-8")).body:
            target = None
            if isinstance(node, ast.Assign) and len(node.targets) == 1:
                target = node.targets[0]
            elif isinstance(node, ast.AugAssign | ast.AnnAssign):
                target = node.target
            if not (isinstance(target, ast.Name) and target.id == "__all__") or node.value is None:
                continue
            try:
                value = ast.literal_eval(node.value)
            except ValueError:
                names = None
                break
            if names is not None:
                names = (names if isinstance(node, ast.AugAssign) else []) + list(value)
        sizes[init.parent.name] = -1 if names is None else len(names)
    return sizes


def imported_when(src: Path, module: str, watched: str) -> list[str]:
    """The modules named ``watched`` or below it that ``import module`` loads, in a fresh
    interpreter that finds the tree's top package first."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(src.parent), env.get("PYTHONPATH")]))
    code = (
        "import importlib, json, sys\n"
        f"importlib.import_module({module!r})\n"
        f"w = {watched!r}\n"
        "print(json.dumps(sorted(m for m in sys.modules if m == w or m.startswith(w + '.'))))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    )
    loaded: list[str] = json.loads(out.stdout.strip().splitlines()[-1])
    return loaded


@dataclass
class HouseMetrics:
    """The figures of one tree (see the module docstring)."""

    src: str
    total_lines: int
    lines_per_package: dict[str, int]
    largest_modules: list[tuple[str, int]]
    all_sizes: dict[str, int]
    long_literals: int
    long_literal_lines: int
    env_any: int
    model_extra: int
    any_names: int
    dict_str_any: int
    function_local_imports: int
    function_local_imports_of_ours: int
    app_to_app_imports: list[Site]
    private_cross_package_imports: int
    import_loops: list[list[str]]
    cross_package_loops: list[list[str]]
    synth_imports_agent: list[str] = field(default_factory=list)


def measure(src: Path, check_synth: bool = True) -> HouseMetrics:
    """Every figure of the tree at ``src`` (e.g. ``src/cuagym``)."""
    modules = load_tree(src)
    edges = imports(modules)
    per_package: Counter[str] = Counter()
    for module in modules.values():
        parts = module.path.relative_to(src).parts
        per_package[parts[0] if len(parts) > 1 else "(top)"] += module.lines
    largest = sorted(modules.values(), key=lambda m: (-m.lines, m.rel))[:10]
    literals = long_literals(modules)
    loops = import_loops(modules, edges)
    anys, dict_any = any_counts(modules)
    local_all, local_ours = function_local_imports(modules)
    top = src.name
    return HouseMetrics(
        src=str(src),
        total_lines=sum(per_package.values()),
        lines_per_package=dict(sorted(per_package.items())),
        largest_modules=[(m.rel, m.lines) for m in largest],
        all_sizes=all_sizes(src),
        long_literals=len(literals),
        long_literal_lines=sum(int(site.detail) for site in literals),
        env_any=len(env_any(modules)),
        model_extra=len(model_extra_uses(modules)),
        any_names=anys,
        dict_str_any=dict_any,
        function_local_imports=local_all,
        function_local_imports_of_ours=local_ours,
        app_to_app_imports=app_to_app(modules, edges),
        private_cross_package_imports=len(private_cross_package(modules, edges)),
        import_loops=loops,
        cross_package_loops=cross_package_loops(modules, loops),
        synth_imports_agent=(
            imported_when(src, f"{top}.synth", f"{top}.agent")
            if check_synth and (src / "synth").is_dir()
            else []
        ),
    )


def _table(m: HouseMetrics) -> str:
    out = [f"house of {m.src}: {m.total_lines} lines of Python", "", "lines per package:"]
    out += [f"  {pkg:<12} {n:>7}" for pkg, n in m.lines_per_package.items()]
    out += ["", "largest modules:"] + [f"  {n:>6}  {rel}" for rel, n in m.largest_modules]
    out += ["", "__all__ per package:"]
    out += [f"  {pkg:<12} {n:>4}" for pkg, n in sorted(m.all_sizes.items(), key=lambda kv: -kv[1])]
    out += [
        "",
        f"string literals over {LONG_LITERAL_LINES} lines: {m.long_literals} "
        f"({m.long_literal_lines} lines)",
        f"env: Any: {m.env_any}    model_extra: {m.model_extra}",
        f"Any: {m.any_names}    dict[str, Any]: {m.dict_str_any}",
        f"function-local imports: {m.function_local_imports} "
        f"({m.function_local_imports_of_ours} of the tree's own modules)",
        f"app -> app imports: {len(m.app_to_app_imports)}",
        f"private cross-package imports: {m.private_cross_package_imports}",
        f"import loops: {len(m.import_loops)}, between packages: {len(m.cross_package_loops)}",
    ]
    out += [f"  {' <-> '.join(loop)}" for loop in m.cross_package_loops]
    agent = ", ".join(m.synth_imports_agent[:3]) + (
        " ..." if len(m.synth_imports_agent) > 3 else ""
    )
    out.append(
        f"import cuagym.synth imports cuagym.agent: {'yes (' + agent + ')' if agent else 'no'}"
    )
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--src", type=Path, default=Path("src/cuagym"), help="the package folder")
    parser.add_argument("--json", action="store_true", help="one JSON object instead of a table")
    args = parser.parse_args(argv)
    metrics = measure(args.src.resolve())
    if args.json:
        print(json.dumps(asdict(metrics), indent=1))
    else:
        print(_table(metrics))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
