"""Terminal families on permissions: the judgement is in the files.

- scripts-executable (hard): every script of a folder that is meant to run (a ``#!`` line)
  becomes executable; the helper files that are only sourced stay as they are;
- private-ssh (medium): ~/.ssh locked down: the folder 700, every file 600, public keys 644;
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from cuagym.core import Difficulty, TaskConfig
from cuagym.families._family import TaskParams
from cuagym.families.terminal._base import Entry, Op, TerminalFamily, quote
from cuagym.families.terminal._checks import private_ssh, scripts_executable
from cuagym.scripts import statements_of

__all__ = ["PrivateSsh", "ScriptsExecutable"]

_RUNNABLE = {
    "backup.sh": "#!/bin/bash\n# Nightly backup of the documents folder.\nset -eu\n"
    'source "$HOME/bin/{lib}"\ntar -czf "$HOME/backup-$(date +%F).tar.gz" "$HOME/Documents"\n'
    'log "backup done"\n',
    "rotate-logs.sh": "#!/bin/sh\n# Keep the last 14 days of logs.\n"
    'find "$HOME/logs" -name "*.log" -mtime +14 -delete\n',
    "deploy.sh": "#!/bin/bash\n# Copy the site to the staging folder.\nset -eu\n"
    'source "$HOME/bin/{lib}"\nrsync -a "$HOME/site/" "$HOME/staging/"\nlog "deployed"\n',
    "report.py": '#!/usr/bin/env python3\n"""Print yesterday\'s order count."""\n'
    "import csv\nprint(sum(1 for _ in csv.reader(open('orders.csv'))))\n",
    "healthcheck.sh": "#!/bin/bash\n# Is the local service answering?\n"
    "curl -fsS http://localhost:8080/health || echo DOWN\n",
    "sync-photos.sh": "#!/bin/bash\n# Mirror the camera folder into Pictures.\n"
    'cp -n "$HOME/camera/"*.jpg "$HOME/Pictures/"\n',
    "cleanup.py": '#!/usr/bin/env python3\n"""Remove empty folders under ~/tmp."""\n'
    "import os\nprint('nothing to do')\n",
}
_SOURCED = {
    "common.sh": "# Helper functions, sourced by the other scripts - not run on its own.\n"
    'log() { printf "%s %s\\n" "$(date +%T)" "$*"; }\n',
    "colors.sh": "# Colour codes for messages; sourced, never executed.\n"
    "RED='\\033[31m'\nGREEN='\\033[32m'\nRESET='\\033[0m'\n",
    "paths.sh": "# Common locations, sourced by the backup and deploy scripts.\n"
    'BACKUP_DIR="$HOME/backup"\nSITE_DIR="$HOME/site"\n',
    "env.sh": "# Exports for the scripts in this folder (source it; do not run it).\n"
    "export TZ=UTC\nexport LC_ALL=C.UTF-8\n",
}


class ScriptsExecutableParams(TaskParams):
    folder: str
    files: int


class ScriptsExecutable(TerminalFamily):
    """permissions: the scripts meant to run get the execute bits; sourced helpers do not."""

    id: ClassVar[str] = "scripts-executable"
    difficulty: ClassVar[Difficulty] = "hard"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("permissions", "modes", "make-executable")
    params_type: ClassVar[type[TaskParams] | None] = ScriptsExecutableParams

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        folder = rng.choice(["bin", "scripts", "tools"])
        files = rng.randint(6, 8)
        where = f"~/{folder}"
        instruction = rng.choice(
            [
                f"Make every script in {where} that is meant to be run executable. The helper "
                "files there that other scripts only source must stay non-executable, and "
                "nothing else changes.",
                f"The scripts in {where} fail with {quote('Permission denied')}. Give the execute "
                "permission to each one that is a program of its own (it starts with a #! line); "
                "files that are only sourced keep their permissions.",
                f"Fix the permissions in {where}: runnable scripts need to be executable, while "
                "the sourced helper files and everything else keep the modes they have.",
                f"I copied {where} from a USB stick and lost the execute bits. Restore them on "
                "the scripts that are run directly, not on the helpers that are only sourced.",
                f"Every program in {where} should be runnable by its name; the libraries that "
                "are sourced by them must not become executable. Change nothing but modes.",
            ]
        )
        return self.make_task(
            task_id,
            instruction,
            f"A terminal is open in /home/user/{folder}, which holds {files} files: shell and "
            "Python scripts (a script run directly starts with a #! line; a helper that is only "
            "sourced has a comment saying so), and a README.md. The home folder is /home/user "
            "(~).",
            folder=folder,
            files=files,
        )

    def world(self, p: dict[str, Any], rng: random.Random) -> tuple[list[Entry], list[str]]:
        sourced = rng.sample(sorted(_SOURCED), 2)
        runnable = rng.sample(sorted(_RUNNABLE), p["files"] - 3)
        entries: list[Entry] = []
        for i, name in enumerate(runnable):
            mode = "755" if i == 0 else "644"  # one already runs
            text = _RUNNABLE[name].replace("{lib}", sourced[0])
            entries.append({"path": f"{p['folder']}/{name}", "text": text, "mode": mode})
        for name in sourced:
            entries.append({"path": f"{p['folder']}/{name}", "text": _SOURCED[name]})
        entries.append({"path": f"{p['folder']}/README.md", "text": "# Scripts\nRun from cron.\n"})
        rng.shuffle(entries)
        return entries, [p["folder"]]

    def _to_fix(self, entries: list[Entry]) -> list[str]:
        return sorted(
            e["path"]
            for e in entries
            if e["text"].startswith("#!") and e.get("mode", "644") == "644"
        )

    def solve(self, p: dict[str, Any], entries: list[Entry]) -> list[Op]:
        return [["chmod", path, "755"] for path in self._to_fix(entries)]

    def commands(self, p: dict[str, Any], entries: list[Entry]) -> list[str]:
        names = [path.rsplit("/", 1)[1] for path in self._to_fix(entries)]
        return [f"chmod +x {' '.join(names)}"]

    def checks(self, p: dict[str, Any]) -> str:
        return statements_of(scripts_executable)


class PrivateSshParams(TaskParams):
    keys: str


class PrivateSsh(TerminalFamily):
    """permissions: the ssh folder 700, its files 600, public keys 644."""

    id: ClassVar[str] = "private-ssh"
    difficulty: ClassVar[Difficulty] = "medium"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("permissions", "modes", "private-files")
    params_type: ClassVar[type[TaskParams] | None] = PrivateSshParams

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        keys = ".ssh"
        instruction = rng.choice(
            [
                "ssh refuses my keys because ~/.ssh is readable by others. Make the folder 700 "
                "and every file in it 600, except the public keys (*.pub), which must be 644.",
                "Lock down ~/.ssh: the folder itself gets mode 700, each private file in it "
                "(keys, config, known_hosts, authorized_keys) 600, and the .pub files 644. "
                "Nothing else changes.",
                "Set the permissions of ~/.ssh the way OpenSSH wants them: 700 on the folder, "
                "600 on every file except public keys ending in .pub, which are 644.",
                "Our security scan flagged ~/.ssh. Only I may enter the folder (700) or read "
                "its files (600); the public keys (*.pub) stay world-readable at 644.",
                "Fix ~/.ssh after a careless copy: folder mode 700, files 600, and 644 for the "
                "public halves of the key pairs (the *.pub files). Leave everything else alone.",
            ]
        )
        return self.make_task(
            task_id,
            instruction,
            "A terminal is open in /home/user. ~/.ssh holds key pairs (a private key and its "
            "public key ending in .pub), config, known_hosts and authorized_keys, with loose "
            "permissions (the folder 755, files 644 or 664). The home folder is /home/user (~).",
            keys=keys,
        )

    def world(self, p: dict[str, Any], rng: random.Random) -> tuple[list[Entry], list[str]]:
        pairs = rng.sample(["id_ed25519", "id_rsa", "deploy_key", "github", "backup_key"], 2)
        entries: list[Entry] = []
        for name in pairs:
            body = "".join(rng.choice("ABCDEFGHabcdefgh0123456789+/") for _ in range(64))
            entries.append(
                {
                    "path": f".ssh/{name}",
                    "mode": rng.choice(["644", "664"]),
                    "text": f"-----BEGIN OPENSSH PRIVATE KEY-----\n{body}\n"
                    "-----END OPENSSH PRIVATE KEY-----\n",
                }
            )
            entries.append(
                {
                    "path": f".ssh/{name}.pub",
                    "mode": rng.choice(["644", "664"]),
                    "text": f"ssh-ed25519 AAAAC3Nza{body[:40]} user@laptop\n",
                }
            )
        hosts = rng.sample(["git.example.org", "build01", "nas.local", "backup.example.net"], 2)
        config = "".join(
            f"Host {h}\n    User user\n    IdentityFile ~/.ssh/{pairs[0]}\n" for h in hosts
        )
        entries += [
            {"path": ".ssh/config", "text": config, "mode": "664"},
            {"path": ".ssh/known_hosts", "text": "".join(f"{h} ssh-ed25519 AAAA\n" for h in hosts)},
            {"path": ".ssh/authorized_keys", "text": "ssh-ed25519 AAAAC3Nzaother user@desk\n",
             "mode": rng.choice(["644", "664"])},
            {"path": ".bashrc", "text": "HISTSIZE=5000\nalias ll='ls -alF'\n"},
            {"path": "notes.txt", "text": "Renew the VPN certificate in June.\n", "mode": "664"},
        ]  # fmt: skip
        rng.shuffle(entries)
        return entries, [".ssh"]

    def solve(self, p: dict[str, Any], entries: list[Entry]) -> list[Op]:
        ops = [["chmod", ".ssh", "700"]]
        for e in entries:
            if e["path"].startswith(".ssh/"):
                ops.append(["chmod", e["path"], "644" if e["path"].endswith(".pub") else "600"])
        return ops

    def commands(self, p: dict[str, Any], entries: list[Entry]) -> list[str]:
        return ["chmod 700 ~/.ssh", "chmod 600 ~/.ssh/*", "chmod 644 ~/.ssh/*.pub"]

    def checks(self, p: dict[str, Any]) -> str:
        return statements_of(private_ssh)
