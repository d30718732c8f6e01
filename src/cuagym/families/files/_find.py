"""Families on finding files and on what the file manager tells about them: files collected
from a deep tree by a word in their names, hidden settings files copied out of a backup, and
permissions set on scripts and a secrets file."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar

from cuagym.apps.files import PROJECTS, file_spec, filler_text, stamp
from cuagym.core import Difficulty, StartWindow, TaskConfig
from cuagym.families._family import TaskParams
from cuagym.families.files._base import FilesFamily, FileSpec, Op, quote
from cuagym.families.files._find_checks import set_permissions
from cuagym.scripts import statements_of

__all__ = ["CollectBySearch", "CopyHiddenFiles", "SetPermissions"]

# term -> (stems whose names hold it, in any case, and stems that only look related)
_TERMS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "invoice": (
        ("invoice_2291", "Invoice_March", "final_invoice_acme", "invoice-draft-v2", "INVOICE_0042"),
        ("receipt_scan", "payment_reminder", "purchase_order_17", "bank_statement"),
    ),
    "receipt": (
        ("receipt_scan", "Receipt_taxi_0312", "hotel_receipt", "receipt-lunch", "RECEIPT_991"),
        ("invoice_2291", "expense_report", "card_statement", "booking_confirmation"),
    ),
    "contract": (
        ("contract_signed", "Service_Contract_v3", "subcontractor_terms", "contract-renewal"),
        ("lease_agreement", "nda_draft", "terms_of_service", "proposal_final"),
    ),
}
_FOLDERS = ("2023/Q1", "2023/Q4", "2024/Q2", "2024/Q3/misc", "Clients/acme", "Clients/helix/old")
_KINDS = ("pdf", "pdf", "docx", "jpg", "txt")


class CollectBySearchParams(TaskParams):
    """What a :class:`CollectBySearch` task states (its ``params``)."""

    root: str
    term: str
    target: str
    hits: int


class CollectBySearch(FilesFamily):
    """Copy every file under a deep tree whose name contains a word (any case) into one
    folder; a folder named after the word holds files whose own names do not contain it."""

    id: ClassVar[str] = "collect-by-search"
    difficulty: ClassVar[Difficulty] = "medium"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("navigate", "search", "search-by-name")
    params_type: ClassVar[type[TaskParams] | None] = CollectBySearchParams
    also_covers: ClassVar[tuple[str, ...]] = ("files:manage/copy/copy-to-folder",)

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        term = rng.choice(sorted(_TERMS))
        hits = rng.randint(3, len(_TERMS[term][0]))
        root = rng.choice(["Archive", "Documents/Old"])
        target = f"Desktop/{term}s_{rng.choice([2024, 2025])}"
        word, src, dst = quote(term), f"~/{root}", f"~/{target}"
        instruction = rng.choice(
            [
                f"Copy every file anywhere under {src} whose name contains {word}, in any "
                f"mix of upper and lower case, into {dst}, keeping the file names. The "
                "originals stay where they are.",
                f"Gather copies of all files named with {word} (case does not matter) from "
                f"{src} and every folder inside it into {dst}. Names stay the same and "
                "nothing is moved or deleted.",
                f"I need every file from {src} that has {word} in its file name, whether "
                f"written in capitals or not, copied into {dst} under its own name; leave "
                "the tree it comes from untouched.",
                f"{dst} should end up holding a copy of each file below {src} whose name "
                f"includes {word} (ignoring case), each with its original name. Do not "
                "change anything inside the tree.",
                f"Search the whole of {src}, subfolders included, for files with {word} in "
                f"their names (upper or lower case) and put a copy of each into {dst} with "
                "its name unchanged; the originals remain.",
            ]
        )
        return self.make_task(
            task_id,
            instruction,
            f"/home/user/{root} is an old archive spread over many nested folders; {hits} of "
            f"its files have {word} in their names, some in capitals, while a folder named "
            f"after the word holds files whose own names do not. /home/user/{target} exists "
            "and is empty. The home folder is /home/user (~).",
            root=root,
            term=term,
            target=target,
            hits=hits,
        )

    def start_windows(self, params: Mapping[str, Any]) -> list[StartWindow]:
        """The file manager on the archive the context describes."""
        return [StartWindow(app="files", path="/home/user/" + params["root"])]

    def world(self, p: dict[str, Any], rng: random.Random) -> tuple[list[FileSpec], list[str]]:
        matching, others = _TERMS[p["term"]]
        folders = list(_FOLDERS)
        files: list[FileSpec] = []
        for stem in rng.sample(matching, p["hits"]):
            kind = rng.choice(_KINDS)
            where = f"{p['root']}/{rng.choice(folders)}"
            files.append(
                file_spec(f"{where}/{stem}.{kind}", kind, filler_text(rng, stem), stamp(rng))
            )
        for stem in others:
            kind = rng.choice(_KINDS)
            where = f"{p['root']}/{rng.choice(folders)}"
            files.append(
                file_spec(f"{where}/{stem}.{kind}", kind, filler_text(rng, stem), stamp(rng))
            )
        # the decoy folder: named after the word, its files' names do not contain it
        decoy = f"{p['root']}/{rng.choice(folders)}/{p['term']}s_old"
        for i, stem in enumerate(("scan_001", "scan_002", "notes")):
            kind = "txt" if stem == "notes" else "pdf"
            text = filler_text(rng, f"{stem} {i}")
            files.append(file_spec(f"{decoy}/{stem}.{kind}", kind, text, stamp(rng)))
        return files, [p["target"]]

    def solve(self, p: dict[str, Any], files: list[FileSpec]) -> list[Op]:
        return [
            ["copy", f["path"], f"{p['target']}/{f['path'].rsplit('/', 1)[1]}"]
            for f in files
            if p["term"] in f["path"].rsplit("/", 1)[1].lower()
        ]

    def checks(self, p: dict[str, Any]) -> str:
        return """
found = [f for f in regular_files(before, P["root"]) if P["term"] in name_of(f).lower()]
copies = [(f, P["target"] + "/" + name_of(f)) for f in found]
off = off_plan(changes, after, planned(before, copies=copies))
done = [dst for src, dst in copies if after.get(dst) == before[src]]
kept = [f for f in regular_files(before, P["root"]) if after.get(f) == before[f]]
checks.append(("found_all", 0, len(found) == P["hits"], f"{len(found)} files hold the word"))
checks.append(("tree_kept", 0, len(kept) == len(regular_files(before, P["root"])),
               f"{len(kept)} files of the tree as they were"))
checks.append(("nothing_else_changed", 0, not off, "unplanned changes: " + listing(off)))
checks.append(("most_copied", 1, len(done) * 2 >= len(copies), f"{len(done)} of {len(copies)}"))
checks.append(("all_copied", 3, len(done) == len(copies),
               "missing: " + ", ".join(sorted(d for _, d in copies if d not in done))[:150]))
"""


_DOTFILES: tuple[tuple[str, str], ...] = (
    (".bashrc", "export PATH=$HOME/bin:$PATH\nalias ll='ls -l'"),
    (".gitconfig", "[user]\n    name = Sam\n[pull]\n    rebase = true"),
    (".vimrc", "set number\nsyntax on"),
    (".profile", "umask 022"),
    (".inputrc", "set completion-ignore-case on"),
    (".npmrc", "save-exact=true"),
)
_VISIBLE: tuple[str, ...] = ("notes.txt", "bashrc_backup_notes.txt", "todo.md", "vimrc.txt")


class CopyHiddenFilesParams(TaskParams):
    """What a :class:`CopyHiddenFiles` task states (its ``params``)."""

    backup: str
    target: str
    hidden: int


class CopyHiddenFiles(FilesFamily):
    """Copy the hidden settings files (names starting with a dot) of a laptop backup folder
    into a dotfiles folder; the look-alike visible files are not hidden files."""

    id: ClassVar[str] = "copy-hidden-files"
    difficulty: ClassVar[Difficulty] = "medium"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("navigate", "view", "hidden-files")
    params_type: ClassVar[type[TaskParams] | None] = CopyHiddenFilesParams
    also_covers: ClassVar[tuple[str, ...]] = ("files:manage/copy/copy-to-folder",)

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        hidden = rng.randint(3, 5)
        backup = f"Backups/{rng.choice(['old-laptop', 'work-laptop-2023', 'thinkpad'])}"
        target = "Projects/dotfiles"
        src, dst = f"~/{backup}", f"~/{target}"
        instruction = rng.choice(
            [
                f"Copy every hidden file directly inside {src} (the names that start with a "
                f"dot) into {dst}, keeping their names. Visible files are not copied and the "
                "backup stays as it is.",
                f"{dst} should get a copy of each settings file hidden in {src}, that is each "
                "file there whose name begins with a dot, under the same name; leave the "
                "visible files out and the originals in place.",
                f"Rescue the dotfiles of {src}: every file at the top of that folder whose "
                f"name starts with a dot is copied into {dst} with its name unchanged, and "
                "nothing else is copied, moved or deleted.",
                f"The hidden configuration files of the backup {src} (names beginning with a "
                f"dot, in that folder itself) belong in {dst} as well. Copy them there, names "
                "kept; ordinary files stay where they are and are not copied.",
                f"Bring over my hidden settings from {src}: a copy of each file there with a "
                f"dot at the start of its name goes into {dst}, same name, while visible files "
                "and the backup are left alone.",
            ]
        )
        return self.make_task(
            task_id,
            instruction,
            f"/home/user/{backup} holds {hidden} hidden files (their names start with a dot) "
            "and a few visible files, some named after a settings file; a file manager does "
            f"not list hidden files unless asked to. /home/user/{target} exists and is empty. "
            "The home folder is /home/user (~).",
            backup=backup,
            target=target,
            hidden=hidden,
        )

    def start_windows(self, params: Mapping[str, Any]) -> list[StartWindow]:
        """The file manager on the backup folder."""
        return [StartWindow(app="files", path="/home/user/" + params["backup"])]

    def world(self, p: dict[str, Any], rng: random.Random) -> tuple[list[FileSpec], list[str]]:
        files = [
            file_spec(f"{p['backup']}/{name}", "txt", text, stamp(rng))
            for name, text in rng.sample(_DOTFILES, p["hidden"])
        ]
        files += [
            file_spec(f"{p['backup']}/{name}", "txt", filler_text(rng, name), stamp(rng))
            for name in rng.sample(_VISIBLE, 3)
        ]
        # a hidden file one level down is not "directly inside" the backup
        files.append(file_spec(f"{p['backup']}/.cache/session", "txt", "tmp", stamp(rng)))
        return files, [p["target"]]

    def solve(self, p: dict[str, Any], files: list[FileSpec]) -> list[Op]:
        return [
            ["copy", f["path"], f"{p['target']}/{f['path'].rsplit('/', 1)[1]}"]
            for f in files
            if f["path"].rsplit("/", 1)[1].startswith(".")
            and f["path"].rsplit("/", 1)[0] == p["backup"]
        ]

    def checks(self, p: dict[str, Any]) -> str:
        return """
hidden = [f for f in regular_files(before, P["backup"])
          if parent_of(f) == P["backup"] and name_of(f).startswith(".")]
copies = [(f, P["target"] + "/" + name_of(f)) for f in hidden]
off = off_plan(changes, after, planned(before, copies=copies))
done = [dst for src, dst in copies if after.get(dst) == before[src]]
checks.append(("hidden_known", 0, len(hidden) == P["hidden"], f"{len(hidden)} hidden files"))
checks.append(("nothing_else_changed", 0, not off, "unplanned changes: " + listing(off)))
checks.append(("some_copied", 1, bool(done), f"{len(done)} of {len(copies)}"))
checks.append(("all_copied", 3, len(done) == len(copies),
               "missing: " + ", ".join(sorted(d for _, d in copies if d not in done))[:150]))
"""


class SetPermissionsParams(TaskParams):
    """What a :class:`SetPermissions` task states (its ``params``)."""

    base: str
    scripts: list[str]
    secret: str
    script_mode: str
    secret_mode: str


class SetPermissions(FilesFamily):
    """Scripts runnable by anyone (rwxr-xr-x), a secrets file private to its owner (rw-------);
    every other file keeps its permissions."""

    id: ClassVar[str] = "set-permissions"
    difficulty: ClassVar[Difficulty] = "medium"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("properties", "permissions", "change-permissions")
    params_type: ClassVar[type[TaskParams] | None] = SetPermissionsParams

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        project = rng.choice(PROJECTS)
        base = f"Projects/{project}"
        scripts = sorted(rng.sample(["build.sh", "deploy.sh", "backup.sh", "setup.sh"], 2))
        secret = rng.choice(["secrets.env", "api_keys.env", "db_password.txt"])
        shown = " and ".join(scripts)
        folder, config = f"~/{base}/scripts", f"~/{base}/config/{secret}"
        instruction = rng.choice(
            [
                f"In {folder}, let anyone run {shown}: read and execute for owner, group and "
                f"others, write for the owner only (rwxr-xr-x). Make {config} private: read "
                "and write for its owner, no access at all for anyone else (rw-------). "
                "Other files keep their permissions.",
                f"Set the permissions of {shown} in {folder} to rwxr-xr-x, so everyone may "
                f"execute them but only the owner may change them, and lock {config} down to "
                "rw------- (owner read and write, nothing for group or others). Leave the "
                "rest as it is.",
                f"{config} is readable by everyone and the scripts {shown} in {folder} cannot "
                "be run. Fix both: the scripts become rwxr-xr-x, the secrets file rw-------, "
                "and no other file's permissions change.",
                f"Before the handover, {shown} in {folder} must be executable by owner, group "
                "and others while staying writable by the owner alone (rwxr-xr-x), and "
                f"{config} must be open to its owner only, read and write (rw-------). Touch "
                "no other permissions.",
                f"Give the owner, the group and everyone else permission to read and execute "
                f"{shown} in {folder}, with write for the owner only (rwxr-xr-x); strip every "
                f"permission of group and others from {config}, leaving the owner read and "
                "write (rw-------). Nothing else changes.",
            ]
        )
        return self.make_task(
            task_id,
            instruction,
            f"/home/user/{base} has a scripts folder with {shown} and a README.md, and a "
            f"config folder with {secret} and settings.yaml. Every file there is rw-r--r-- "
            "now (owner read and write, everyone else read only). The home folder is "
            "/home/user (~).",
            base=base,
            scripts=scripts,
            secret=secret,
            script_mode="rwxr-xr-x",
            secret_mode="rw-------",
        )

    def start_windows(self, params: Mapping[str, Any]) -> list[StartWindow]:
        """The file manager on the project folder."""
        return [StartWindow(app="files", path="/home/user/" + params["base"])]

    def world(self, p: dict[str, Any], rng: random.Random) -> tuple[list[FileSpec], list[str]]:
        base = p["base"]
        files = [
            file_spec(
                f"{base}/scripts/{name}",
                "txt",
                f"#!/bin/sh\nset -e\necho {name[:-3]} step for {base.rsplit('/', 1)[1]}",
                stamp(rng),
            )
            for name in p["scripts"]
        ]
        files += [
            file_spec(
                f"{base}/scripts/README.md", "txt", "# Scripts\nRun from the root.", stamp(rng)
            ),
            file_spec(f"{base}/config/{p['secret']}", "txt", "API_TOKEN=s3cr3t-token", stamp(rng)),
            file_spec(
                f"{base}/config/settings.yaml", "txt", "debug: false\nport: 8080", stamp(rng)
            ),
        ]
        for f in files:
            f["mode"] = "644"
        return files, []

    def solve(self, p: dict[str, Any], files: list[FileSpec]) -> list[Op]:
        ops = [["chmod", f"{p['base']}/scripts/{name}", "755"] for name in p["scripts"]]
        return [*ops, ["chmod", f"{p['base']}/config/{p['secret']}", "600"]]

    def checks(self, p: dict[str, Any]) -> str:
        # Permissions are no part of the tree listing: every regular file's permissions are
        # compared between the initial home and now, and only the asked ones may differ; the
        # asked ones are read as the instruction writes them (rwxr-xr-x).
        return statements_of(set_permissions)
