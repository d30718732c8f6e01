"""The hard families: a function renamed wherever code uses it (but not in prose), the
off-by-one a failing test's message names fixed in the code, a constant moved into the
config module and imported where it was."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar

from cuagym.apps.code_editor import TEST_MESSAGES, domain_of, renamed, replaced_line
from cuagym.core import Difficulty, TaskConfig
from cuagym.families._family import TaskParams
from cuagym.families.code_editor._base import CodeFamily, World, pick_project, quote
from cuagym.families.code_editor._checks import fix_off_by_one, move_constant, rename_function
from cuagym.scripts import statements_of

__all__ = ["FixOffByOne", "MoveConstant", "RenameFunction"]


class RenameFunctionParams(TaskParams):
    """What a :class:`RenameFunction` task states."""

    root: str
    pkg: str
    old: str
    new: str


class RenameFunction(CodeFamily):
    """A function renamed at its definition, its imports and its calls in every module and
    test; a look-alike function whose name starts with the old one, the comments, strings
    and the README keep their words."""

    id: ClassVar[str] = "rename-function"
    difficulty: ClassVar[Difficulty] = "hard"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("refactor", "rename", "rename-function")
    params_type: ClassVar[type[TaskParams] | None] = RenameFunctionParams
    also_covers: ClassVar[tuple[str, ...]] = ("code-editor:edit/replace/in-session",)

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        pkg, root = pick_project(rng)
        d = domain_of(pkg)
        old, new = rng.choice(
            [
                (f"find_{d.noun}", rng.choice([f"lookup_{d.noun}", f"get_{d.noun}"])),
                (f"total_{d.qty}", rng.choice([f"sum_{d.qty}", f"{d.qty}_sum"])),
            ]
        )
        where, o, n = f"~/{root}", quote(old), quote(new)
        instruction = rng.choice(
            [
                f"Rename the function {o} to {n} throughout {where}: its definition, every "
                "import and every call, tests included. Comments, strings and the README keep "
                "the old name; save every file you change.",
                f"In the project {where}, {o} should be called {n}. Change the code everywhere "
                "it is defined, imported or called, but leave mentions in comments, string "
                "literals and docs as they are.",
                f"Refactor {where}: the function {o} becomes {n} in all Python modules and "
                "tests that use it. Text in comments and strings is not code and stays.",
                f"Give {o} its new name {n} across {where}, so that the code still imports "
                "and calls it correctly. Do not edit prose: comments, strings, README.",
                f"Every use of the function {o} in the code of {where} (definition, imports, "
                f"calls) must read {n}; other functions whose names merely start with {o}, "
                "comments and strings are left alone.",
            ]
        )
        return self.make_task(
            task_id,
            instruction,
            f"/home/user/{root} is a small Python project (package {pkg}, tests in tests/). "
            f"{o} is defined in {pkg}/core.py and used by other modules and the tests; a "
            f"comment, a usage string and the README mention it, and core.py has another "
            f"function whose name begins with {o}. The editor shows {pkg}/core.py. The home "
            "folder is /home/user (~).",
            root=root,
            pkg=pkg,
            old=old,
            new=new,
        )

    def start_file(self, params: Mapping[str, Any]) -> str:
        return f"{params['root']}/{params['pkg']}/core.py"

    def world(self, p: dict[str, Any], rng: random.Random) -> World:
        return World(dict(self.project(p, rng).files))

    def edits(self, p: dict[str, Any], world: World) -> dict[str, str]:
        out = {}
        for path, text in world.files.items():
            if path.endswith(".py") and renamed(text, p["old"], p["new"]) != text:
                out[path] = renamed(text, p["old"], p["new"])
        return out

    def checks(self, p: dict[str, Any]) -> str:
        return statements_of(rename_function)


# the function's kind -> (the right line, the broken line the world writes), by domain words
_BUGS: dict[str, tuple[str, str]] = {
    "paginate": ("    start = (page - 1) * size", "    start = page * size"),
    "latest": ("    return {plural}[-count:]", "    return {plural}[-count - 1:]"),
    "count_above": (
        '    return sum(1 for x in {plural} if x["{qty}"] >= limit)',
        '    return sum(1 for x in {plural} if x["{qty}"] > limit)',
    ),
}
_TESTS = {"paginate": "test_first_page", "latest": "test_latest", "count_above": "test_count_limit"}


class FixOffByOneParams(TaskParams):
    """What a :class:`FixOffByOne` task states."""

    root: str
    pkg: str
    function: str
    test: str
    message: str
    plural: str
    qty: str


class FixOffByOne(CodeFamily):
    """The one test that fails names what it expects; the fix is in the function's code,
    never in the test (editing the test, or any other file, is a wrong end state)."""

    id: ClassVar[str] = "fix-off-by-one"
    difficulty: ClassVar[Difficulty] = "hard"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("debug", "fix", "fix-off-by-one")
    params_type: ClassVar[type[TaskParams] | None] = FixOffByOneParams
    also_covers: ClassVar[tuple[str, ...]] = ("code-editor:navigate/locate/go-to-line",)

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        pkg, root = pick_project(rng)
        d = domain_of(pkg)
        kind = rng.choice(sorted(_BUGS))
        function = f"latest_{d.plural}" if kind == "latest" else kind
        message = TEST_MESSAGES[kind].format(noun=d.noun, plural=d.plural)
        test, tests = _TESTS[kind], f"~/{root}/tests/test_core.py"
        core, m, f = f"~/{root}/{pkg}/core.py", quote(message), quote(function)
        instruction = rng.choice(
            [
                f"{test} in {tests} fails with {m}. Fix the off-by-one in {f} in {core} so it "
                "passes; the test is right and must not change.",
                f"The test suite of ~/{root} has one failure, {test}: {m}. Correct the "
                f"function {f} in {core} (not the test) and save.",
                f"Make {test} pass again: its message {m} says what {f} in {core} gets wrong "
                "by one. Change only the code of that function.",
                f"{f} in {core} is off by one, as the failing {test} in {tests} reports "
                f"({m}). Repair the function and save; no test is edited.",
                f"Fix the bug behind the failing test {test} ({m}) in the function {f} of "
                f"{core}. Only that line of code changes; the tests stay as written.",
            ]
        )
        return self.make_task(
            task_id,
            instruction,
            f"/home/user/{root} is a small Python project; {pkg}/core.py works on lists of "
            f"{d.plural}, each a dict with a {quote(d.qty)}. tests/test_core.py has five "
            f"unittest tests and only {test} fails, with the message {m}. The editor shows "
            "tests/test_core.py. The home folder is /home/user (~).",
            root=root,
            pkg=pkg,
            function=function,
            test=test,
            message=message,
            plural=d.plural,
            qty=d.qty,
        )

    def start_file(self, params: Mapping[str, Any]) -> str:
        return f"{params['root']}/tests/test_core.py"

    def _lines(self, p: Mapping[str, Any]) -> tuple[str, str]:
        kind = "latest" if p["function"].startswith("latest_") else p["function"]
        good, bad = _BUGS[kind]
        return good.format(**p), bad.format(**p)

    def world(self, p: dict[str, Any], rng: random.Random) -> World:
        files = dict(self.project(p, rng).files)
        core = f"{p['root']}/{p['pkg']}/core.py"
        good, bad = self._lines(p)
        files[core] = replaced_line(files[core], good, bad)
        return World(files)

    def edits(self, p: dict[str, Any], world: World) -> dict[str, str]:
        core = f"{p['root']}/{p['pkg']}/core.py"
        good, bad = self._lines(p)
        return {core: replaced_line(world.files[core], bad, good)}

    def checks(self, p: dict[str, Any]) -> str:
        return statements_of(fix_off_by_one)


# constant of client.py -> what it is, as a context sentence says it
_CONSTANTS = {
    "MAX_RETRIES": "attempts before a request gives up",
    "BACKOFF_S": "seconds between attempts",
}


class MoveConstantParams(TaskParams):
    """What a :class:`MoveConstant` task states."""

    root: str
    pkg: str
    name: str


class MoveConstant(CodeFamily):
    """A constant defined in client.py moves to config.py, and client.py imports it from
    there beside the settings it imports already: one definition, the same behaviour."""

    id: ClassVar[str] = "move-constant"
    difficulty: ClassVar[Difficulty] = "hard"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("refactor", "move", "move-constant")
    params_type: ClassVar[type[TaskParams] | None] = MoveConstantParams

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        pkg, root = pick_project(rng)
        name = rng.choice(sorted(_CONSTANTS))
        client, config = f"~/{root}/{pkg}/client.py", f"~/{root}/{pkg}/config.py"
        c = quote(name)
        instruction = rng.choice(
            [
                f"Move the constant {c} out of {client} into {config}, keeping its value, and "
                "import it in client.py from the config module so it is defined only once.",
                f"{c} belongs with the other settings: define it in {config} (same value) "
                f"instead of {client}, and make client.py import it from there. Save both.",
                f"Refactor the settings of ~/{root}: {c} moves from {client} to {config}; "
                "client.py then imports it from the config module. Nothing else changes.",
                f"Take the definition of {c} from {client} and put it in {config}; client.py "
                "must keep working by importing it from config. Other files stay as they are.",
                f"Only {config} should define {c}. Move its assignment there from {client} and "
                "extend client.py's import from the config module with it.",
            ]
        )
        return self.make_task(
            task_id,
            instruction,
            f"/home/user/{root} is a small Python project. {pkg}/client.py imports API_URL "
            f"and TIMEOUT_S from its config module (from .config import ...) and defines "
            f"{c}, the {_CONSTANTS[name]}; {pkg}/config.py holds the other settings. The "
            "editor shows client.py. The home folder is /home/user (~).",
            root=root,
            pkg=pkg,
            name=name,
        )

    def start_file(self, params: Mapping[str, Any]) -> str:
        return f"{params['root']}/{params['pkg']}/client.py"

    def world(self, p: dict[str, Any], rng: random.Random) -> World:
        return World(dict(self.project(p, rng).files))

    def edits(self, p: dict[str, Any], world: World) -> dict[str, str]:
        client = f"{p['root']}/{p['pkg']}/client.py"
        config = f"{p['root']}/{p['pkg']}/config.py"
        lines = world.files[client].split("\n")
        line = next(x for x in lines if x.startswith(p["name"] + " = "))
        lines.remove(line)
        imported = "from .config import API_URL, TIMEOUT_S"
        names = ", ".join(sorted(["API_URL", "TIMEOUT_S", p["name"]]))
        lines[lines.index(imported)] = f"from .config import {names}"
        return {client: "\n".join(lines), config: world.files[config] + line + "\n"}

    def checks(self, p: dict[str, Any]) -> str:
        return statements_of(move_constant)
