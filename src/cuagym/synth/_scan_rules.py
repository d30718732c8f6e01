"""Capability rules: processes, dynamic code, file writes and network access.

These are properties of single calls, so they need name resolution but no data flow. The one
exception is the hub: a reward script may GET ``$CUAGYM_HUB/<app>/go``, so URLs are traced back
to the ``CUAGYM_HUB`` environment variable through variables, f-strings and helper parameters.
"""

from __future__ import annotations

import ast
from collections import defaultdict

from cuagym.synth._scan_imports import Resolver, const_str
from cuagym.synth._scan_models import Violation
from cuagym.synth._scan_scopes import Scopes, param_names, walk_with_scope

_PROCESS_MODULES = (
    "subprocess",
    "pty",
    "multiprocessing",
    "pexpect",
    "sh",
    "plumbum",
    "ctypes",
    "commands",
    "popen2",
    "asyncio.subprocess",
)
_PROCESS_FUNCS = frozenset(
    {
        "os.system",
        "os.popen",
        "os.fork",
        "os.forkpty",
        "os.startfile",
        "os.kill",
        "os.killpg",
        "os.pidfd_open",
        "platform.popen",
        "webbrowser.open",
        "webbrowser.open_new",
        "webbrowser.open_new_tab",
        "webbrowser.get",
        "asyncio.create_subprocess_exec",
        "asyncio.create_subprocess_shell",
        "concurrent.futures.ProcessPoolExecutor",
    }
)
_PROCESS_PREFIXES = ("os.exec", "os.spawn", "os.posix_spawn")

_DYNAMIC_FUNCS = frozenset(
    {
        "builtins.eval",
        "builtins.exec",
        "builtins.compile",
        "builtins.__import__",
        "builtins.breakpoint",
        "importlib.import_module",
        "importlib.__import__",
        "importlib.reload",
        "importlib.util.spec_from_file_location",
        "importlib.util.module_from_spec",
        "importlib.machinery.SourceFileLoader",
        "marshal.loads",
        "marshal.load",
        "types.FunctionType",
        "types.CodeType",
        "code.interact",
        "code.InteractiveConsole",
        "code.InteractiveInterpreter",
    }
)
_DYNAMIC_MODULES = ("runpy",)
# getattr(os, name) with a computed name can reach os.system.
_SENSITIVE_MODULES = frozenset(
    {"os", "subprocess", "builtins", "importlib", "pty", "shutil", "sys", "socket"}
)

_WRITE_FUNCS = frozenset(
    {
        "os.remove",
        "os.unlink",
        "os.rmdir",
        "os.removedirs",
        "os.rename",
        "os.renames",
        "os.replace",
        "os.mkdir",
        "os.makedirs",
        "os.chmod",
        "os.chown",
        "os.lchown",
        "os.truncate",
        "os.ftruncate",
        "os.symlink",
        "os.link",
        "os.utime",
        "os.mkfifo",
        "os.mknod",
        "os.write",
        "urllib.request.urlretrieve",
    }
)
_WRITE_MODULES = ("shutil", "tempfile")
_SHUTIL_READONLY = frozenset({"shutil.which", "shutil.disk_usage", "shutil.get_terminal_size"})
# Path / document / DataFrame methods that write whatever their receiver is.
_WRITE_METHODS = frozenset(
    {
        "write_text",
        "write_bytes",
        "touch",
        "unlink",
        "rmdir",
        "mkdir",
        "symlink_to",
        "hardlink_to",
        "link_to",
        "chmod",
        "lchmod",
        "save",
        "ez_save",
        "saveIncr",
        "save_as",
        "saveas",
    }
)
_WRITE_METHODS_WITH_PATH = frozenset({"to_csv", "to_excel", "to_json", "to_parquet", "to_pickle"})
_OPENERS = frozenset({"builtins.open", "io.open", "codecs.open", "os.fdopen", "gzip.open"})

_NET_MODULES = (
    "socket",
    "ftplib",
    "smtplib",
    "telnetlib",
    "poplib",
    "imaplib",
    "paramiko",
    "websocket",
    "websockets",
    "aiohttp",
    "xmlrpc",
    "http.server",
    "socketserver",
)
_HTTP_VERBS = frozenset({"get", "head", "options", "post", "put", "patch", "delete", "request"})
_MUTATING = frozenset({"post", "put", "patch", "delete"})
_HTTP_CLIENT_FACTORIES = frozenset(
    {
        "requests.Session",
        "requests.session",
        "httpx.Client",
        "httpx.AsyncClient",
        "urllib3.PoolManager",
        "http.client.HTTPConnection",
        "http.client.HTTPSConnection",
    }
)
_HUB_ENV = "CUAGYM_HUB"


def _in_modules(q: str, modules: tuple[str, ...]) -> bool:
    return any(q == m or q.startswith(m + ".") for m in modules)


def process_call(q: str) -> bool:
    return (
        _in_modules(q, _PROCESS_MODULES)
        or q in _PROCESS_FUNCS
        or any(q.startswith(p) for p in _PROCESS_PREFIXES)
    )


def dynamic(q: str) -> bool:
    return q in _DYNAMIC_FUNCS or _in_modules(q, _DYNAMIC_MODULES)


def _write(q: str) -> bool:
    if q in _SHUTIL_READONLY:
        return False
    return q in _WRITE_FUNCS or (_in_modules(q, _WRITE_MODULES) and q.count(".") >= 1)


def _arg(call: ast.Call, pos: int, name: str) -> ast.expr | None:
    for kw in call.keywords:
        if kw.arg == name:
            return kw.value
    return call.args[pos] if len(call.args) > pos else None


def _writes_mode(mode: ast.expr | None) -> bool:
    if mode is None:
        return False
    text = const_str(mode)
    if text is None:
        return True  # a computed mode cannot be shown to be read-only
    return any(c in text for c in "wax+")


_DICT_WRITERS = frozenset({"update", "setdefault", "pop", "popitem", "clear", "__setitem__"})


class _HubTracker:
    """Which variables and helper results hold a URL rooted at ``$CUAGYM_HUB``."""

    def __init__(self, tree: ast.Module, resolver: Resolver, scopes: Scopes) -> None:
        self.r = resolver
        self.scopes = scopes
        self.vars: set[tuple[str, str]] = set()
        self.funcs: set[str] = set()
        # ``self.<attr>`` of a hub client class: hub-rooted iff every assignment to it is
        self.attrs: set[str] = set()
        attr_values: dict[str, list[tuple[ast.expr, str]]] = defaultdict(list)
        assigns: list[tuple[ast.expr, ast.expr, str]] = []
        returns: dict[str, list[ast.expr]] = defaultdict(list)
        args: dict[tuple[str, str], list[tuple[ast.expr, str]]] = defaultdict(list)
        for node, scope in walk_with_scope(tree):
            if isinstance(node, ast.Assign):
                assigns.extend((t, node.value, scope) for t in node.targets)
            elif isinstance(node, ast.AnnAssign | ast.NamedExpr) and node.value is not None:
                assigns.append((node.target, node.value, scope))
            elif isinstance(node, ast.withitem) and node.optional_vars is not None:
                assigns.append((node.optional_vars, node.context_expr, scope))
            elif isinstance(node, ast.Return) and node.value is not None and scope:
                returns[scope].append(node.value)
            elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                fn = scopes.functions.get(node.func.id)
                if fn is not None:
                    names = param_names(fn)
                    for i, a in enumerate(node.args):
                        if i < len(names):
                            args[(fn.name, names[i])].append((a, scope))
                    for kw in node.keywords:
                        if kw.arg:
                            args[(fn.name, kw.arg)].append((kw.value, scope))
        # Dict literals bound to a name: `CFG["hub"]` is hub-rooted iff that entry is, in every
        # dict the name is ever bound to (and it is never bound to anything else).
        self.dicts: dict[tuple[str, str], list[tuple[ast.Dict, str]]] = defaultdict(list)
        rebound: set[tuple[str, str]] = set()
        for target, value, scope in assigns:
            if _is_self_attr(target):
                assert isinstance(target, ast.Attribute)
                attr_values[target.attr].append((value, scope))
            elif isinstance(target, ast.Name):
                key = (scopes.scope_of(target.id, scope), target.id)
                if isinstance(value, ast.Dict):
                    self.dicts[key].append((value, scope))
                else:
                    rebound.add(key)
        for node, scope in walk_with_scope(tree):
            # `CFG["hub"] = ...`, `CFG.update(...)`, `del CFG[k]`: the literal no longer says
            base = node.value if isinstance(node, ast.Subscript | ast.Attribute) else None
            changed = isinstance(node, ast.Subscript) and not isinstance(node.ctx, ast.Load)
            changed |= isinstance(node, ast.Attribute) and node.attr in _DICT_WRITERS
            if changed and isinstance(base, ast.Name):
                rebound.add((scopes.scope_of(base.id, scope), base.id))
        for key in rebound:
            self.dicts.pop(key, None)
        for node in ast.walk(tree):
            # `class Hub: BASE = os.environ["CUAGYM_HUB"]`: read back as self.BASE or Hub.BASE
            if isinstance(node, ast.ClassDef):
                for item in node.body:
                    if isinstance(item, ast.Assign | ast.AnnAssign) and item.value is not None:
                        targets = item.targets if isinstance(item, ast.Assign) else [item.target]
                        for t in targets:
                            if isinstance(t, ast.Name):
                                attr_values[t.id].append((item.value, ""))
        for _ in range(6):
            before = (len(self.vars), len(self.funcs), len(self.attrs))
            for target, value, scope in assigns:
                if isinstance(target, ast.Name) and self.is_hub(value, scope):
                    self.vars.add((scopes.scope_of(target.id, scope), target.id))
            for attr, sites in attr_values.items():
                if all(self.is_hub(v, s) for v, s in sites):
                    self.attrs.add(attr)
            for (fn_name, p), sites in args.items():
                if all(self.is_hub(a, s) for a, s in sites):
                    self.vars.add((fn_name, p))
            for fn_name, rets in returns.items():
                if rets and all(self.is_hub(v, fn_name) for v in rets):
                    self.funcs.add(fn_name)
            if (len(self.vars), len(self.funcs), len(self.attrs)) == before:
                break

    def _env_read(self, node: ast.expr) -> bool:
        if isinstance(node, ast.Subscript):
            return self.r.resolve(node.value) == "os.environ" and const_str(node.slice) == _HUB_ENV
        if isinstance(node, ast.Call) and node.args:
            q = self.r.resolve(node.func)
            return q in ("os.environ.get", "os.getenv") and const_str(node.args[0]) == _HUB_ENV
        return False

    def is_hub(self, node: ast.expr | None, scope: str) -> bool:
        if node is None:
            return False
        if isinstance(node, ast.Name):
            return (self.scopes.scope_of(node.id, scope), node.id) in self.vars
        if self._env_read(node):
            return True
        if isinstance(node, ast.JoinedStr):
            first = node.values[0] if node.values else None
            return isinstance(first, ast.FormattedValue) and self.is_hub(first.value, scope)
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
            return self.is_hub(node.left, scope)
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod):
            # "%s/crm/go?sid=%s" % (hub, sid): the format starts with the hub's field
            fmt = const_str(node.left)
            first = node.right.elts[0] if isinstance(node.right, ast.Tuple) else node.right
            return bool(fmt and fmt.startswith("%s")) and self.is_hub(first, scope)
        if isinstance(node, ast.BoolOp) and isinstance(node.op, ast.Or):
            return self.is_hub(node.values[0], scope)
        if isinstance(node, ast.IfExp):
            return self.is_hub(node.body, scope) and self.is_hub(node.orelse, scope)
        if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name):
            return self._dict_entry(node.value.id, const_str(node.slice), scope)
        if isinstance(node, ast.Attribute):
            owner = node.value
            if _is_self_attr(node) or (
                isinstance(owner, ast.Name) and owner.id in self.scopes.classes
            ):
                return node.attr in self.attrs
            return self.is_hub(node.value, scope)  # urlparse(hub).netloc
        if isinstance(node, ast.Call):
            return self._hub_call(node, scope)
        return False

    def _dict_entry(self, name: str, key: str | None, scope: str) -> bool:
        sites = self.dicts.get((self.scopes.scope_of(name, scope), name), [])
        if key is None or not sites:
            return False
        for literal, where in sites:
            values = [
                v for k, v in zip(literal.keys, literal.values, strict=True) if const_str(k) == key
            ]
            if len(values) != 1 or not self.is_hub(values[0], where):
                return False
        return True

    def _hub_call(self, node: ast.Call, scope: str) -> bool:
        func = node.func
        first = node.args[0] if node.args else None
        if isinstance(func, ast.Name) and func.id in self.funcs:
            return True
        if isinstance(func, ast.Attribute):
            if func.attr == "format":
                fmt = const_str(func.value)
                if not fmt or not fmt.startswith("{"):
                    return False
                field = fmt[1 : fmt.find("}")] if "}" in fmt else ""
                if field in ("", "0"):
                    return self.is_hub(first, scope)
                named = [k.value for k in node.keywords if k.arg == field]
                return bool(named) and self.is_hub(named[0], scope)
            if func.attr == "join" and isinstance(first, ast.List | ast.Tuple) and first.elts:
                return self.is_hub(first.elts[0], scope)
            if func.attr in ("rstrip", "strip", "removesuffix", "lower", "geturl", "_replace"):
                return self.is_hub(func.value, scope)
        q = self.r.resolve(func)
        if q in ("urllib.parse.urlunsplit", "urllib.parse.urlunparse"):
            # urlunsplit((scheme, hub.netloc, path, query, "")): the host is the hub's
            parts = first.elts if isinstance(first, ast.Tuple | ast.List) else []
            return len(parts) > 1 and self.is_hub(parts[1], scope)
        if q == "urllib.request.Request":
            return self.is_hub(_arg(node, 0, "url"), scope)
        if q in (
            "builtins.str",
            "urllib.parse.urljoin",
            "urllib.parse.urlparse",
            "urllib.parse.urlsplit",
            "posixpath.join",
            "os.path.join",
        ):
            return self.is_hub(first, scope)
        return False


class RuleChecker:
    def __init__(self, tree: ast.Module, resolver: Resolver, scopes: Scopes) -> None:
        self.tree = tree
        self.r = resolver
        self.hub = _HubTracker(tree, resolver, scopes)
        self.clients: dict[tuple[str, str], bool] = {}  # client var -> has a hub base_url
        self.requests: dict[tuple[str, str], ast.Call] = {}  # var -> urllib Request(...) call
        self.scopes = scopes
        self.out: list[Violation] = []

    def _add(self, pattern: str, node: ast.AST, message: str) -> None:
        self.out.append(
            Violation(pattern=pattern, line=getattr(node, "lineno", 0), message=message)
        )

    def run(self) -> list[Violation]:
        self._find_clients()
        for node, scope in walk_with_scope(self.tree):
            if isinstance(node, ast.Import | ast.ImportFrom):
                self._import(node)
            elif isinstance(node, ast.Name | ast.Attribute) and isinstance(node.ctx, ast.Load):
                self._reference(node)
            if isinstance(node, ast.Call):
                self._call(node, scope)
        return self.out

    def _find_clients(self) -> None:
        for node, scope in walk_with_scope(self.tree):
            pairs: list[tuple[ast.expr, ast.expr]] = []
            if isinstance(node, ast.Assign):
                pairs = [(t, node.value) for t in node.targets]
            elif isinstance(node, ast.withitem) and node.optional_vars is not None:
                pairs = [(node.optional_vars, node.context_expr)]
            for target, value in pairs:
                if not (isinstance(target, ast.Name) and isinstance(value, ast.Call)):
                    continue
                q = self.r.resolve(value.func)
                if q == "urllib.request.Request":
                    self.requests[(self.scopes.scope_of(target.id, scope), target.id)] = value
                if q in _HTTP_CLIENT_FACTORIES:
                    base = _arg(value, 0, "base_url") if q.startswith("httpx") else None
                    if q.startswith("http.client"):
                        base = _arg(value, 0, "host")
                    key = (self.scopes.scope_of(target.id, scope), target.id)
                    self.clients[key] = self.hub.is_hub(base, scope)

    def _import(self, node: ast.Import | ast.ImportFrom) -> None:
        names = (
            [a.name for a in node.names]
            if isinstance(node, ast.Import)
            else [f"{node.module}.{a.name}" for a in node.names if node.module and not node.level]
        )
        for name in names:
            if process_call(name):
                self._add("subprocess", node, f"imports process-control name `{name}`")
            elif _in_modules(name, _NET_MODULES):
                self._add("network", node, f"imports network module `{name}`")

    def _reference(self, node: ast.Name | ast.Attribute) -> None:
        q = self.r.resolve(node)
        if q is None:
            return
        if process_call(q):
            self._add("subprocess", node, f"uses `{q}`: reward scripts may not start processes")
        elif dynamic(q):
            self._add("dynamic_code", node, f"uses `{q}`: dynamic code execution or import")
        elif _write(q):
            self._add("file_write", node, f"uses `{q}`: reward scripts may not modify files")
        elif _in_modules(q, _NET_MODULES):
            self._add("network", node, f"uses `{q}`: raw network access")

    def _call(self, node: ast.Call, scope: str) -> None:
        q = self.r.resolve(node.func)
        first = node.args[0] if node.args else None
        if q == "builtins.getattr" and len(node.args) >= 2 and const_str(node.args[1]) is None:
            base = self.r.resolve(node.args[0])
            if base in _SENSITIVE_MODULES:
                self._add("dynamic_code", node, f"getattr on `{base}` with a computed name")
        indirect = not isinstance(node.func, ast.Name | ast.Attribute)
        if q is not None and indirect and (process_call(q) or dynamic(q)):
            # A resolved callee that is not a plain name: getattr(...)(...), vars(os)[...](...).
            self._add(
                "subprocess" if process_call(q) else "dynamic_code",
                node,
                f"calls `{q}` through indirection",
            )
        if q in _OPENERS and _writes_mode(_arg(node, 1, "mode")):
            self._add("file_write", node, "opens a file for writing")
        elif q == "os.open" and len(node.args) >= 2 and _os_open_writes(node.args[1]):
            self._add("file_write", node, "os.open with write/create flags")
        if isinstance(node.func, ast.Attribute) and q is None:
            self._method_write(node, node.func.attr)
        self._network(node, q, scope, first)

    def _method_write(self, node: ast.Call, attr: str) -> None:
        if attr in _WRITE_METHODS:
            self._add("file_write", node, f"`.{attr}()` writes to the file system")
        elif attr in _WRITE_METHODS_WITH_PATH and (node.args or node.keywords):
            self._add("file_write", node, f"`.{attr}(path)` writes a file")
        elif (
            # Path.open("w"); fitz.open(path) takes a path, not a mode
            attr == "open"
            and node.args
            and _is_mode_literal(node.args[0])
            and _writes_mode(node.args[0])
        ):
            self._add("file_write", node, "opens a path for writing")

    def _request_verb(self, url: ast.expr | None, scope: str) -> str:
        """The method of a ``urllib.request.Request`` that ``url`` is (or names): POST when it
        carries data, else its ``method`` (GET when none)."""
        call = url
        if isinstance(url, ast.Name):
            call = self.requests.get((self.scopes.scope_of(url.id, scope), url.id))
        if not isinstance(call, ast.Call) or self.r.resolve(call.func) != "urllib.request.Request":
            return "get"
        method = const_str(_arg(call, 5, "method"))
        if method:
            return method.lower()
        return "post" if _sends_data(_arg(call, 1, "data")) else "get"

    def _network(self, node: ast.Call, q: str | None, scope: str, first: ast.expr | None) -> None:
        verb: str | None = None
        url: ast.expr | None = None
        hub_base = False
        if q is not None and (q.startswith(("requests.", "httpx.", "urllib3."))):
            verb = q.rsplit(".", 1)[1]
            if verb not in _HTTP_VERBS:
                return
            url = _arg(node, 1, "url") if verb == "request" else _arg(node, 0, "url")
        elif q in ("urllib.request.urlopen", "urllib.request.urlretrieve"):
            url = _arg(node, 0, "url")
            verb = "post" if _sends_data(_arg(node, 1, "data")) else self._request_verb(url, scope)
        elif isinstance(node.func, ast.Attribute) and isinstance(node.func.value, ast.Name):
            name = node.func.value.id
            key = (self.scopes.scope_of(name, scope), name)
            if key not in self.clients or node.func.attr not in _HTTP_VERBS:
                return
            verb = node.func.attr
            hub_base = self.clients[key]
            url = _arg(node, 1, "url") if verb == "request" else _arg(node, 0, "url")
        else:
            return
        if verb == "request":
            method = const_str(first) if node.args else const_str(_arg(node, 0, "method"))
            verb = (method or "post").lower()
        if not (hub_base or self.hub.is_hub(url, scope)):
            self._add("network", node, "HTTP request to a URL that is not built from $CUAGYM_HUB")
        elif verb in _MUTATING:
            self._add("network", node, f"mutating HTTP {verb.upper()}: reward scripts only read")


def _is_self_attr(node: ast.expr) -> bool:
    """``self.<attr>``: an attribute of the instance a method runs on."""
    return (
        isinstance(node, ast.Attribute)
        and isinstance(node.value, ast.Name)
        and node.value.id == "self"
    )


def _sends_data(data: ast.expr | None) -> bool:
    return data is not None and not (isinstance(data, ast.Constant) and data.value is None)


def _is_mode_literal(node: ast.expr) -> bool:
    text = const_str(node)
    return text is not None and 0 < len(text) <= 4 and set(text) <= set("rwxabt+U")


def _os_open_writes(flags: ast.expr) -> bool:
    names = {n.attr for n in ast.walk(flags) if isinstance(n, ast.Attribute)}
    names |= {n.id for n in ast.walk(flags) if isinstance(n, ast.Name)}
    return bool(names & {"O_WRONLY", "O_RDWR", "O_CREAT", "O_APPEND", "O_TRUNC"})


def check_rules(tree: ast.Module, resolver: Resolver, scopes: Scopes) -> list[Violation]:
    return RuleChecker(tree, resolver, scopes).run()
