"""Export a corpus of bundles as OSWorld tasks (``cuagym export osworld``).

Each bundle's ``config.json`` is rebuilt for a concrete deployment: scripts inlined (in
chunks, any size), the hub's address as the VM reaches it baked into the commands for web
tasks, with the token in those commands only (OSWorld sends a command to the VM's server,
which runs it; nothing writes the token to the VM's disk). The output follows OSWorld's
``evaluation_examples`` layout: ``examples/<domain>/<task_id>.json`` and ``test_all.json``
(``{domain: [task_id, ...]}``), so ``run.py --test_all_meta_path`` takes it as is.

Files that hold a token are written readable by their owner only.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from cuagym.core import Bundle
from cuagym.core.files import write_folder_atomically
from cuagym.domains import start_screen_json
from cuagym.hub import discover_web_apps
from cuagym.synth._osworld_config import osworld_config

__all__ = ["ExportError", "OSWorldExport", "export_osworld", "find_bundles"]


class ExportError(ValueError):
    """Bundles that cannot become OSWorld tasks as asked (each problem named)."""


@dataclass
class OSWorldExport:
    """What an export wrote: the folder, and the task ids per domain (web ones marked)."""

    out: Path
    by_domain: dict[str, list[str]] = field(default_factory=dict)
    web: list[str] = field(default_factory=list)

    @property
    def count(self) -> int:
        return sum(len(ids) for ids in self.by_domain.values())


def find_bundles(corpus: Path) -> list[Path]:
    """The bundle folders of ``corpus``: itself if it is one, else its ``final/`` bundles (a
    ``cuagym synth`` output), else its immediate sub-folders holding a task_config.json."""
    if (corpus / "task_config.json").is_file():
        return [corpus]
    root = corpus / "final" if (corpus / "final").is_dir() else corpus
    if not root.is_dir():
        raise FileNotFoundError(f"{corpus} is not a folder")
    return sorted(p for p in root.iterdir() if (p / "task_config.json").is_file())


def export_osworld(
    bundles: Iterable[Bundle],
    out: Path,
    *,
    hub: str | None = None,
    token: str | None = None,
    web_app_ids: Sequence[str] | None = None,
) -> OSWorldExport:
    """Write OSWorld task files for ``bundles`` under ``out`` (replaced atomically).

    ``hub``: the hub's root URL as the VMs reach it, required when a task uses a web app
    (``web_app_ids``: the installed ones by default); ``token``: the hub's bearer token.
    """
    web_ids = set(web_app_ids if web_app_ids is not None else _installed_web_apps())
    files: dict[str, bytes] = {}
    result = OSWorldExport(out=out)
    problems: list[str] = []
    for bundle in bundles:
        task = bundle.task
        if bundle.initial_setup is None or bundle.reward is None:
            problems.append(f"{task.task_id}: needs initial_setup.py and reward.py")
            continue
        web = [a for a in dict.fromkeys(task.apps) if a in web_ids]
        if web and hub is None:
            problems.append(f"{task.task_id}: uses web app(s) {web}: give the hub's address")
            continue
        config = osworld_config(
            task,
            initial_setup=bundle.initial_setup,
            reward=bundle.reward,
            web_apps=web,
            hub=hub if web else None,
            hub_token=token if web else None,
            start=start_screen_json(task),
        )
        text = json.dumps(config.to_json(), indent=2, ensure_ascii=False) + "\n"
        files[f"examples/{task.domain}/{task.task_id}.json"] = text.encode("utf-8")
        result.by_domain.setdefault(task.domain, []).append(task.task_id)
        if web:
            result.web.append(task.task_id)
    if problems:
        raise ExportError("cannot export:\n" + "\n".join(f"  {p}" for p in problems))
    index = {domain: sorted(ids) for domain, ids in sorted(result.by_domain.items())}
    files["test_all.json"] = (json.dumps(index, indent=2) + "\n").encode("utf-8")
    write_folder_atomically(out.parent, out, files, replace=True)
    if token and result.web:  # the token is in the web tasks' commands: owner only
        os.chmod(out, 0o700)
        for rel in files:
            os.chmod(out / rel, 0o600)
    return result


def _installed_web_apps() -> list[str]:
    return [app.app_id for app in discover_web_apps()]
