"""Families of everyday edits: a name replaced in a README, a setting changed in an INI file,
a release's version set in every file that states it, debug prints removed from a module."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar

from cuagym.apps.code_editor import ini_set
from cuagym.core import Difficulty, TaskConfig
from cuagym.families._family import TaskParams
from cuagym.families.code_editor._base import CodeFamily, World, pick_project, quote
from cuagym.families.code_editor._checks import (
    bump_version,
    remove_debug_prints,
    replace_in_readme,
    set_setting,
)
from cuagym.scripts import statements_of

__all__ = ["BumpVersion", "RemoveDebugPrints", "ReplaceInReadme", "SetSetting"]

_NEW_NAMES = ("Northwind Suite", "Bluebird Tools", "Atlas Console", "Harbor Desk", "Quartz Kit")


class ReplaceInReadmeParams(TaskParams):
    """What a :class:`ReplaceInReadme` task states."""

    root: str
    pkg: str
    old: str
    new: str


class ReplaceInReadme(CodeFamily):
    """The product was renamed: every mention of its old name in the README becomes the new
    one; the package's docstring, which names it too, is not part of the task."""

    id: ClassVar[str] = "replace-name-in-readme"
    difficulty: ClassVar[Difficulty] = "easy"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("edit", "replace", "in-file")
    params_type: ClassVar[type[TaskParams] | None] = ReplaceInReadmeParams

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        pkg, root = pick_project(rng)
        old = " ".join(w.title() for w in root.rsplit("/", 1)[1].split("-"))
        new = rng.choice(_NEW_NAMES)
        readme, was, now = f"~/{root}/README.md", quote(old), quote(new)
        instruction = rng.choice(
            [
                f"The product is now called {now}. In {readme}, replace every {was} with {now} "
                "and save the file; no other file changes.",
                f"Rename the project in its README: each {was} in {readme} becomes {now}. "
                "Only the README is edited, and it is saved.",
                f"{readme} still says {was} where it should say {now}. Fix every occurrence "
                "and save; leave the rest of the project alone.",
                f"Update {readme} for the new name: wherever it reads {was}, it should read "
                f"{now}. Nothing else in the project is touched.",
                f"Make the README at {readme} use the new product name {now} instead of {was}, "
                "everywhere in that file, and save it. The code keeps its old docstrings.",
            ]
        )
        return self.make_task(
            task_id,
            instruction,
            f"/home/user/{root} is a small Python project; the editor shows its README.md, "
            f"which names the product {was} in its title and its text. The package's "
            "docstring names it too. The home folder is /home/user (~).",
            root=root,
            pkg=pkg,
            old=old,
            new=new,
        )

    def start_file(self, params: Mapping[str, Any]) -> str:
        return f"{params['root']}/README.md"

    def world(self, p: dict[str, Any], rng: random.Random) -> World:
        return World(dict(self.project(p, rng).files))

    def oracle_replacements(self, params: Mapping[str, Any]) -> list[tuple[str, str]]:
        return [(params["old"], params["new"])]

    def edits(self, p: dict[str, Any], world: World) -> dict[str, str]:
        readme = f"{p['root']}/README.md"
        return {readme: world.files[readme].replace(p["old"], p["new"])}

    def checks(self, p: dict[str, Any]) -> str:
        return statements_of(replace_in_readme)


# (section, key, values a task may ask for: never a value the world writes)
_SETTINGS: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    ("server", "timeout", ("45", "60", "90")),
    ("server", "workers", ("12", "16")),
    ("server", "port", ("8443", "7000")),
    ("cache", "ttl", ("900", "1800")),
    ("cache", "timeout", ("8", "10")),
    ("cache", "max_entries", ("5000", "10000")),
    ("logging", "level", ("DEBUG", "ERROR")),
)


class SetSettingParams(TaskParams):
    """What a :class:`SetSetting` task states."""

    root: str
    pkg: str
    section: str
    key: str
    value: str


class SetSetting(CodeFamily):
    """One key of one INI section set to a new value; the same key in another section (the
    cache's timeout beside the server's) stays."""

    id: ClassVar[str] = "set-ini-setting"
    difficulty: ClassVar[Difficulty] = "easy"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("configure", "config-files", "set-setting")
    params_type: ClassVar[type[TaskParams] | None] = SetSettingParams

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        pkg, root = pick_project(rng)
        section, key, values = rng.choice(_SETTINGS)
        value = rng.choice(values)
        ini, k, v = f"~/{root}/settings.ini", quote(key), quote(value)
        instruction = rng.choice(
            [
                f"In {ini}, set {k} in the [{section}] section to {v} and save the file.",
                f"Change the [{section}] section's {k} in {ini} to {v}; nothing else in the "
                "file or the project changes.",
                f"The deployment needs {k} = {value} under [{section}] in {ini}. Make that "
                "change and save it.",
                f"Edit {ini} so that the {k} setting of [{section}] reads {v}. Other sections "
                "keep their values.",
                f"Set [{section}] {k} to {v} in the settings file {ini}, then save.",
            ]
        )
        return self.make_task(
            task_id,
            instruction,
            f"/home/user/{root} is a small Python project whose settings.ini has [server], "
            "[cache] and [logging] sections (both [server] and [cache] have a timeout); the "
            "editor shows settings.ini. The home folder is /home/user (~).",
            root=root,
            pkg=pkg,
            section=section,
            key=key,
            value=value,
        )

    def start_file(self, params: Mapping[str, Any]) -> str:
        return f"{params['root']}/settings.ini"

    def world(self, p: dict[str, Any], rng: random.Random) -> World:
        return World(dict(self.project(p, rng).files))

    def edits(self, p: dict[str, Any], world: World) -> dict[str, str]:
        ini = f"{p['root']}/settings.ini"
        return {ini: ini_set(world.files[ini], p["section"], p["key"], p["value"])}

    def checks(self, p: dict[str, Any]) -> str:
        return statements_of(set_setting)


class BumpVersionParams(TaskParams):
    """What a :class:`BumpVersion` task states."""

    root: str
    pkg: str
    version: str


class BumpVersion(CodeFamily):
    """A release: the new version in ``__version__``, package.json and the README's
    "Version:" line; the changelog's entries (the current version among them) stay."""

    id: ClassVar[str] = "bump-version"
    difficulty: ClassVar[Difficulty] = "medium"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("configure", "release", "bump-version")
    params_type: ClassVar[type[TaskParams] | None] = BumpVersionParams
    also_covers: ClassVar[tuple[str, ...]] = ("code-editor:edit/lines/multi-file",)

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        pkg, root = pick_project(rng)
        version = f"{rng.randint(4, 6)}.{rng.randint(0, 9)}.{rng.randint(0, 9)}"
        where, v = f"~/{root}", quote(version)
        init = f"{pkg}/__init__.py"
        instruction = rng.choice(
            [
                f"Release {v} of {where}: set that version in {init} (__version__), in "
                "package.json and on the README's Version line. CHANGELOG.md is not edited.",
                f"Bump the project in {where} to version {v} everywhere it states its current "
                f"version: {init}, package.json and README.md. Save them all; the changelog "
                "keeps its history.",
                f"The current version of {where} must become {v} in the three places that "
                f"state it ({init}, package.json, README.md); nothing else changes.",
                f"Set the version of the project at {where} to {v}: __version__ in {init}, "
                "the version field of package.json and README.md's Version line, all saved.",
                f"Prepare {where} for release {v} by updating its version in {init}, "
                "package.json and README.md. Past releases in CHANGELOG.md stay as written.",
            ]
        )
        return self.make_task(
            task_id,
            instruction,
            f"/home/user/{root} is a small Python project with a web front end; its current "
            f"version appears in {init}, package.json, README.md and, as the newest entry, "
            "in CHANGELOG.md. The editor shows the package's __init__.py. The home folder is "
            "/home/user (~).",
            root=root,
            pkg=pkg,
            version=version,
        )

    def start_file(self, params: Mapping[str, Any]) -> str:
        return f"{params['root']}/{params['pkg']}/__init__.py"

    def world(self, p: dict[str, Any], rng: random.Random) -> World:
        return World(dict(self.project(p, rng).files))

    def edits(self, p: dict[str, Any], world: World) -> dict[str, str]:
        root, new = p["root"], p["version"]
        init = f"{root}/{p['pkg']}/__init__.py"
        old = world.files[init].split('__version__ = "', 1)[1].split('"', 1)[0]
        pairs = {
            init: (f'"{old}"', f'"{new}"'),
            f"{root}/package.json": (f'"version": "{old}"', f'"version": "{new}"'),
            f"{root}/README.md": (f"Version: {old}", f"Version: {new}"),
        }
        return {path: world.files[path].replace(a, b) for path, (a, b) in pairs.items()}

    def checks(self, p: dict[str, Any]) -> str:
        return statements_of(bump_version)


# (function whose body gets a debug print, the print line, its indent) by the domain's words
_DEBUG_SPOTS: tuple[tuple[str, str], ...] = (
    ('    return sum(x["{qty}"] for x in {plural})', '    print("DEBUG total of", len({plural}))'),
    ('        if x["{key}"] == {key}:', '        print("DEBUG checking", x["{key}"])'),
    ("    start = (page - 1) * size", '    print("DEBUG page", page, "starts at", start)'),
    ("    return {plural}[-count:]", '    print("DEBUG latest", count)'),
)


class RemoveDebugPrintsParams(TaskParams):
    """What a :class:`RemoveDebugPrints` task states."""

    root: str
    pkg: str
    module: str
    count: int


class RemoveDebugPrints(CodeFamily):
    """The print lines marked ``# DEBUG`` removed from one module; a comment that starts with
    "DEBUG" and the command line's real prints stay."""

    id: ClassVar[str] = "remove-debug-prints"
    difficulty: ClassVar[Difficulty] = "medium"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("debug", "fix", "remove-debug-code")
    params_type: ClassVar[type[TaskParams] | None] = RemoveDebugPrintsParams

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        pkg, root = pick_project(rng)
        count = rng.randint(2, len(_DEBUG_SPOTS))
        module = f"{pkg}/core.py"
        path, mark = f"~/{root}/{module}", quote("# DEBUG")
        instruction = rng.choice(
            [
                f"Remove the {count} leftover debug prints from {path}: every print line that "
                f"ends with the comment {mark}. Keep all other lines and save the file.",
                f"Clean {path} before the review: delete each line that prints and is marked "
                f"{mark} at its end ({count} of them), nothing else.",
                f"{path} still has {count} debugging print statements, each tagged {mark}. Take "
                "those lines out and save; other comments and code stay.",
                f"Delete the {count} print lines marked {mark} from {path}. The module must "
                "otherwise stay exactly as it is.",
                f"Strip the debug output from {path}: the {count} print calls whose line ends "
                f"in {mark} go away, then save. Other files are not touched.",
            ]
        )
        return self.make_task(
            task_id,
            instruction,
            f"/home/user/{root} is a small Python project; the editor shows {module}, which "
            f"has {count} print lines ending in {mark} and a comment about the DEBUG "
            "environment variable that is not a debug print. The home folder is /home/user (~).",
            root=root,
            pkg=pkg,
            module=module,
            count=count,
        )

    def start_file(self, params: Mapping[str, Any]) -> str:
        return f"{params['root']}/{params['module']}"

    def world(self, p: dict[str, Any], rng: random.Random) -> World:
        project = self.project(p, rng)
        d = project.domain
        words = {"qty": d.qty, "plural": d.plural, "key": d.key}
        path = f"{p['root']}/{p['module']}"
        lines = project.files[path].split("\n")
        lines.insert(2, "# Set DEBUG=1 in the environment for verbose logs of the service.")
        for anchor, debug in rng.sample(_DEBUG_SPOTS, p["count"]):
            at = lines.index(anchor.format(**words))
            lines.insert(
                at + (1 if anchor.endswith(":") else 0), debug.format(**words) + "  # DEBUG"
            )
        files = dict(project.files)
        files[path] = "\n".join(lines)
        return World(files)

    def edits(self, p: dict[str, Any], world: World) -> dict[str, str]:
        path = f"{p['root']}/{p['module']}"
        kept = [
            line
            for line in world.files[path].split("\n")
            if not ("print(" in line and line.rstrip().endswith("# DEBUG"))
        ]
        return {path: "\n".join(kept)}

    def checks(self, p: dict[str, Any]) -> str:
        return statements_of(remove_debug_prints)
