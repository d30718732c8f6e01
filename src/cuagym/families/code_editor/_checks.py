"""The check blocks of the code-editor rewards, as code.

Each function's body is one family's flat check block: :func:`cuagym.scripts.statements_of`
pastes it into reward.py's ``main``; the functions are never called. The names they read are
the reward's (its read block, ``P``, ``checks``, the inlined libraries), imported here for
the type checker only. Every block builds a *plan* (path -> the whole planned text) from the
initial home and the params, then ``plan_checks`` (the app's reward library) scores the home
against it.
"""

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import re

    from cuagym.apps.code_editor._read_home import before, changes, start
    from cuagym.apps.code_editor._reward_lib import (
        ini_set,
        plan_checks,
        renamed,
        replaced_line,
        same_text,
        text_in,
    )
    from cuagym.scripts._home import HOME
    from cuagym.scripts._reward_names import P, checks

__all__ = [
    "bump_version",
    "fix_off_by_one",
    "move_constant",
    "remove_debug_prints",
    "rename_function",
    "replace_in_readme",
    "set_setting",
]

# fmt: off


def replace_in_readme() -> None:
    """:class:`ReplaceInReadme`: the README with every old name written new."""
    readme = P["root"] + "/README.md"
    plan = {readme: (text_in(start, readme) or "").replace(P["old"], P["new"])}
    checks.extend(plan_checks(plan, changes, start, HOME))


def set_setting() -> None:
    """:class:`SetSetting`: the key of the named section set, nothing else."""
    ini = P["root"] + "/settings.ini"
    plan = {ini: ini_set(text_in(start, ini) or "", P["section"], P["key"], str(P["value"]))}
    checks.extend(plan_checks(plan, changes, start, HOME))


def bump_version() -> None:
    """:class:`BumpVersion`: the current version (read from ``__version__``) replaced in the
    three files that state it; the changelog keeps its history."""
    init = P["root"] + "/" + P["pkg"] + "/__init__.py"
    found = re.search(r'__version__ = "([^"]+)"', text_in(start, init) or "")
    old = found.group(1) if found else "?"
    plan = {}
    for rel, was, now in ((init, '"' + old + '"', '"' + P["version"] + '"'),
                          ("package.json", '"version": "' + old + '"',
                           '"version": "' + P["version"] + '"'),
                          ("README.md", "Version: " + old, "Version: " + P["version"])):
        path = rel if rel.startswith(P["root"]) else P["root"] + "/" + rel
        plan[path] = (text_in(start, path) or "").replace(was, now)
    checks.extend(plan_checks(plan, changes, start, HOME))


def remove_debug_prints() -> None:
    """:class:`RemoveDebugPrints`: the module without its print lines ending in ``# DEBUG``."""
    module = P["root"] + "/" + P["module"]
    kept = [line for line in (text_in(start, module) or "").split("\n")
            if not ("print(" in line and line.rstrip().endswith("# DEBUG"))]
    plan = {module: "\n".join(kept)}
    marked = len((text_in(start, module) or "").split("\n")) - len(kept)
    checks.append(("debug_lines_known", 0, marked == P["count"], f"{marked} marked lines"))
    checks.extend(plan_checks(plan, changes, start, HOME))


def rename_function() -> None:
    """:class:`RenameFunction`: every Python file of the project with the function's name
    tokens renamed; strings, comments and other files keep the old name."""
    plan = {}
    for path, (kind, _) in before.items():
        if kind == "file" and path.startswith(P["root"] + "/") and path.endswith(".py"):
            text = text_in(start, path) or ""
            if renamed(text, P["old"], P["new"]) != text:
                plan[path] = renamed(text, P["old"], P["new"])
    checks.extend(plan_checks(plan, changes, start, HOME))


def fix_off_by_one() -> None:
    """:class:`FixOffByOne`: the broken line of core.py written one of the right ways; the
    tests and every other file unchanged."""
    module = P["root"] + "/" + P["pkg"] + "/core.py"
    fixes = {  # the function's kind -> (its broken line, right ways to write it)
        "paginate": ("    start = page * size",
                     ["    start = (page - 1) * size", "    start = size * (page - 1)"]),
        "latest": ("    return {plural}[-count - 1:]",
                   ["    return {plural}[-count:]", "    return {plural}[len({plural}) - count:]"]),
        "count_above": ('    return sum(1 for x in {plural} if x["{qty}"] > limit)',
                        ['    return sum(1 for x in {plural} if x["{qty}"] >= limit)',
                         '    return sum(1 for x in {plural} if limit <= x["{qty}"])']),
    }
    kind = "latest" if P["function"].startswith("latest_") else P["function"]
    bad, goods = fixes.get(kind, ("", []))
    initial = text_in(start, module) or ""
    plans = [replaced_line(initial, bad.format(**P), good.format(**P)) for good in goods]
    fixed = any(same_text(module, text_in(HOME, module), plan) for plan in plans)
    off = [p for p in changes if p != module]
    checks.append(("bug_found", 0, bool(plans) and plans[0] != initial,
                   "the broken line of " + P["function"] + " is in core.py"))
    checks.append(("nothing_else_changed", 0, not off, "also changed: " + ", ".join(off)[:200]))
    checks.append(("no_wrong_edit", 0, module not in changes or fixed,
                   "core.py changed, but not to a right fix of " + P["function"]))
    checks.append(("bug_fixed", 2, fixed, P["function"] + " fixed"))


def move_constant() -> None:
    """:class:`MoveConstant`: the constant's line moved from client.py into config.py as it
    was (its comment may stay behind), anywhere there; client.py importing it from the config
    module — in its import line, or in a line of its own right after it, relative or
    absolute; every other line and file unchanged (blank lines free)."""
    client = P["root"] + "/" + P["pkg"] + "/client.py"
    config = P["root"] + "/" + P["pkg"] + "/config.py"
    importing = re.compile(r"from (\.|" + P["pkg"] + r"\.)config import ([A-Z_]+(, [A-Z_]+)*)$")
    lines = {}  # (path, when) -> its non-blank lines, trailing spaces cut
    for path in (client, config):
        for when, root in (("start", start), ("now", HOME)):
            lines[(path, when)] = [x.rstrip() for x in (text_in(root, path) or "").split("\n")
                                   if x.strip()]
    moved = [x for x in lines[(client, "start")] if x.startswith(P["name"] + " = ")]
    bare = moved[0].split("#")[0].rstrip() if moved else "?"
    shown = {}  # when -> (client's lines but imports from config, the names they import)
    for when in ("start", "now"):
        rest: list[str] = []
        names: list[str] = []
        imports: list[int] = []
        for x in lines[(client, when)]:
            found = importing.match(x)
            if found:
                names += found.group(2).split(", ")
                imports.append(len(rest))
            else:
                rest.append(x)
        # the config imports sit together where the first one was
        shown[when] = (rest, sorted(names), len(set(imports)) <= 1)
    rest_was, names_was, _ = shown["start"]
    rest_now, names_now, together = shown["now"]
    client_ok = (together and rest_now == [x for x in rest_was if x not in moved]
                 and names_now == sorted([*names_was, P["name"]]))
    config_was, config_now = lines[(config, "start")], lines[(config, "now")]
    added = [x for x in config_now if x not in config_was]
    config_ok = (len(added) == 1 and added[0] in [*moved, bare]
                 and [x for x in config_now if x != added[0]] == config_was)
    off = [p for p in changes if p not in (client, config)]
    checks.append(("constant_known", 0, len(moved) == 1, P["name"] + " is assigned in client.py"))
    checks.append(("nothing_else_changed", 0, not off, "also changed: " + ", ".join(off)[:200]))
    checks.append(("client_edited_right", 0, client not in changes or client_ok,
                   "client.py changed otherwise than dropping and importing " + P["name"]))
    checks.append(("config_edited_right", 0, config not in changes or config_ok,
                   "config.py changed otherwise than defining " + P["name"]))
    checks.append(("config_defines_it", 1, config_ok, "config.py defines " + P["name"]))
    checks.append(("client_imports_it", 2, client_ok, "client.py imports " + P["name"]))
