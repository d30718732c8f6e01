"""Terminal families on the environment and config files.

- set-env-export (medium): ``~/.bashrc`` exports a variable with a given value — one
  definition, an old one replaced, every other line kept;
- edit-tool-config (medium): one key of one section of an INI or JSON file under ``~/.config``
  changes (the same key lives in another section too); every other setting stays;
"""

from __future__ import annotations

import json
import random
from typing import Any, ClassVar

from cuagym.core import Difficulty, TaskConfig
from cuagym.families._family import TaskParams
from cuagym.families.terminal._base import Entry, Op, TerminalFamily, quote
from cuagym.families.terminal._checks import edit_tool_config, set_env_export
from cuagym.scripts import statements_of

__all__ = ["EditToolConfig", "SetEnvExport"]

_BASHRC = (
    "# ~/.bashrc: executed by bash for interactive shells.\n",
    '[ -z "$PS1" ] && return\n',
    "HISTSIZE=5000\nHISTCONTROL=ignoredups\n",
    "alias ll='ls -alF'\nalias gs='git status'\n",
    'export PATH="$HOME/bin:$PATH"\n',
)
#: (variable, value asked for, an older value a .bashrc may already set)
_VARIABLES = (
    ("EDITOR", "vim", "nano"),
    ("PAGER", "less", "more"),
    ("JAVA_HOME", "/usr/lib/jvm/java-21", "/usr/lib/jvm/java-17"),
    ("NODE_ENV", "development", "production"),
    ("TZ", "Europe/Lisbon", "UTC"),
    ("LANG", "en_GB.UTF-8", "C.UTF-8"),
)


class SetEnvExportParams(TaskParams):
    file: str
    var: str
    value: str


class SetEnvExport(TerminalFamily):
    """environment: ``export VAR=value`` in ~/.bashrc, replacing an older definition."""

    id: ClassVar[str] = "set-env-export"
    difficulty: ClassVar[Difficulty] = "medium"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("environment", "shell-startup", "export-variable")
    params_type: ClassVar[type[TaskParams] | None] = SetEnvExportParams

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        var, value, _ = rng.choice(_VARIABLES)
        file, line = ".bashrc", quote(f"export {var}={value}")
        instruction = rng.choice(
            [
                f"Make every new shell export {var} with the value {value}: ~/{file} should "
                f"define it once, as {line}, and keep all its other lines.",
                f"Set {var} to {value} for future terminals by exporting it in ~/{file}. If the "
                "file already sets it, replace that definition; leave other lines alone.",
                f"My shells should start with {var}={value} in their environment. Put an export "
                f"of it in ~/{file} (exactly one definition of {var}) without touching the rest "
                "of the file.",
                f"Change ~/{file} so that {var} is exported as {value} - a single {line} line, "
                "with any older value of the variable gone and every other setting kept.",
                f"New terminals still get the wrong {var}. Fix ~/{file}: it must export {var}="
                f"{value}, once, and otherwise stay as it is.",
            ]
        )
        return self.make_task(
            task_id,
            instruction,
            f"A terminal is open in /home/user. /home/user/{file} holds the user's shell "
            "settings (history options, aliases, PATH), one per line; it may already set "
            f"{var} to another value. The home folder is /home/user (~).",
            file=file,
            var=var,
            value=value,
        )

    def world(self, p: dict[str, Any], rng: random.Random) -> tuple[list[Entry], list[str]]:
        lines = list(_BASHRC)
        old = next(o for v, _, o in _VARIABLES if v == p["var"])
        if rng.random() < 0.6:  # an older value to replace
            lines.insert(rng.randint(2, len(lines)), f"export {p['var']}={old}\n")
        return [{"path": p["file"], "text": "".join(lines)}], []

    def _new_text(self, p: dict[str, Any], entries: list[Entry]) -> str:
        text = entries[0]["text"]
        kept = [ln for ln in text.splitlines(True) if not ln.startswith(f"export {p['var']}=")]
        return "".join(kept) + f"export {p['var']}={p['value']}\n"

    def solve(self, p: dict[str, Any], entries: list[Entry]) -> list[Op]:
        return [["write", p["file"], self._new_text(p, entries)]]

    def commands(self, p: dict[str, Any], entries: list[Entry]) -> list[str]:
        return [
            f"sed -i '/^export {p['var']}=/d' ~/{p['file']}",
            f"echo 'export {p['var']}={p['value']}' >> ~/{p['file']}",
        ]

    def checks(self, p: dict[str, Any]) -> str:
        return statements_of(set_env_export)


_TOOLS = ("photosync", "notesd", "mailfetch", "backupctl")


def _settings(tool: str, rng: random.Random) -> dict[str, dict[str, Any]]:
    return {
        "general": {"name": rng.choice(["laptop", "desk", "studio"]), "log_level": "info"},
        "sync": {"interval": rng.choice([300, 600, 900]), "retries": 3, "timeout": 30},
        "backup": {"interval": 86400, "retries": rng.choice([4, 5]), "target": f"/srv/{tool}"},
    }


def _ini(tool: str, data: dict[str, dict[str, Any]]) -> str:
    blocks = [f"# {tool} settings\n"]
    for section, keys in data.items():
        blocks.append(f"[{section}]\n" + "".join(f"{k} = {v}\n" for k, v in keys.items()))
    return "\n".join(blocks)


class EditToolConfigParams(TaskParams):
    tool: str
    format: str
    section: str
    key: str
    value: int


class EditToolConfig(TerminalFamily):
    """config: one key of one section changes in an INI or JSON settings file."""

    id: ClassVar[str] = "edit-tool-config"
    difficulty: ClassVar[Difficulty] = "medium"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("config", "settings", "edit-setting")
    params_type: ClassVar[type[TaskParams] | None] = EditToolConfigParams
    reward_imports: ClassVar[str] = "import configparser\n"

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        tool, fmt = rng.choice(_TOOLS), rng.choice(["ini", "json"])
        section, key = rng.choice(["sync", "backup"]), rng.choice(["interval", "retries"])
        value = {"interval": rng.choice([60, 120, 3600, 43200]), "retries": rng.choice([1, 2, 8])}[
            key
        ]
        path = f"~/.config/{tool}/config.{fmt}"
        setting = quote(f"{key}")
        instruction = rng.choice(
            [
                f"In {path}, set {setting} of the {quote(section)} section to {value}. Every "
                "other setting, including the same key in other sections, stays as it is.",
                f"Change {tool}'s {section} {key} to {value} in its config file {path}; nothing "
                "else in the file or the home folder changes.",
                f"{tool} should use {key} = {value} for {section}. Edit {path} accordingly and "
                f"keep the {key} of the other sections untouched.",
                f"Update the {quote(section)} block of {path}: its {setting} becomes {value}. "
                "Leave the other keys and sections alone.",
                f"Our admin asked for {tool}'s {section} {key} to be {value}. Make that change "
                f"in {path} and only that change.",
            ]
        )
        return self.make_task(
            task_id,
            instruction,
            f"A terminal is open in /home/user. /home/user/.config/{tool}/config.{fmt} is "
            f"{tool}'s settings file ({'INI' if fmt == 'ini' else 'JSON'}) with the sections "
            "general, sync and backup; sync and backup both have interval and retries. The home "
            "folder is /home/user (~).",
            tool=tool,
            format=fmt,
            section=section,
            key=key,
            value=value,
        )

    def _path(self, p: dict[str, Any]) -> str:
        return f".config/{p['tool']}/config.{p['format']}"

    def world(self, p: dict[str, Any], rng: random.Random) -> tuple[list[Entry], list[str]]:
        data = _settings(p["tool"], rng)
        text = _ini(p["tool"], data) if p["format"] == "ini" else json.dumps(data, indent=2) + "\n"
        notes = {"path": f".config/{p['tool']}/README", "text": f"{p['tool']} reads config.*\n"}
        return [{"path": self._path(p), "text": text}, notes], [".config", f".config/{p['tool']}"]

    def solve(self, p: dict[str, Any], entries: list[Entry]) -> list[Op]:
        text = entries[0]["text"]
        if p["format"] == "json":
            data = json.loads(text)
            data[p["section"]][p["key"]] = p["value"]
            return [["write", self._path(p), json.dumps(data, indent=2) + "\n"]]
        out, section = [], ""
        for line in text.splitlines(True):
            if line.startswith("["):
                section = line.strip()[1:-1]
            if section == p["section"] and line.startswith(p["key"] + " ="):
                line = f"{p['key']} = {p['value']}\n"
            out.append(line)
        return [["write", self._path(p), "".join(out)]]

    def commands(self, p: dict[str, Any], entries: list[Entry]) -> list[str]:
        s, k, v = p["section"], p["key"], p["value"]
        if p["format"] == "json":
            edit = f'/"{s}"/,/}}/s/"{k}": [0-9]*/"{k}": {v}/'
        else:
            edit = f"/^\\[{s}\\]/,/^\\[/s/^{k} = .*/{k} = {v}/"
        return [f"sed -i '{edit}' ~/{self._path(p)}"]

    def checks(self, p: dict[str, Any]) -> str:
        return statements_of(edit_tool_config)
