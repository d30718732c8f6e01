"""Cross-entity rules of a drive state that the pydantic schema cannot express.

Each rule yields a :class:`~cuagym.hub.Violation` whose path uses the diff-path syntax of
``state_diff`` (``files.file-0042.folderId``), so a task author who gets a 422 finds the
offending value at the same path a reward would read in ``/go``.
"""

from __future__ import annotations

import copy
from collections import defaultdict
from collections.abc import Iterator
from typing import Any

from cuagym.apps.drive._schema import DriveState
from cuagym.hub import InvariantChecks, Violation

__all__ = ["CHECKS", "broken_states", "check_invariants", "invariants_hold_after", "used_bytes"]

# Keys the hub masks by name (DriveApp.volatile): an entity keyed so would vanish from diffs.
_RESERVED = frozenset({"ui", "recentFiles"})


def check_invariants(state: DriveState) -> Iterator[Violation]:
    return CHECKS.run(state)


def invariants_hold_after(before: DriveState, after: DriveState) -> bool:
    return CHECKS.hold_after(before, after)


def used_bytes(files: dict[str, Any]) -> int:
    """The storage the files take (the trash counts until it is emptied)."""
    return sum(int(f["sizeBytes"]) for f in files.values())


def _check_people(state: DriveState) -> Iterator[Violation]:
    if state.current_user not in state.users:
        yield Violation(path="currentUser", message=f"unknown user {state.current_user!r}")
    items: list[tuple[str, Any]] = [("folders", f) for f in state.folders.values()]
    items += [("files", f) for f in state.files.values()]
    for name, item in items:
        if item.owner_id not in state.users:
            yield Violation(
                path=f"{name}.{item.id}.ownerId", message=f"unknown user {item.owner_id!r}"
            )
        for uid in item.shared_with:
            if uid not in state.users:
                yield Violation(path=f"{name}.{item.id}.sharedWith.{uid}", message="unknown user")
            elif uid == item.owner_id:
                yield Violation(
                    path=f"{name}.{item.id}.sharedWith.{uid}",
                    message="the owner is not shared with",
                )


def _check_ids(state: DriveState) -> Iterator[Violation]:
    collections: dict[str, dict[str, Any]] = {
        "users": state.users,
        "folders": state.folders,
        "files": state.files,
        "versions": state.versions,
        "comments": state.comments,
    }
    for name, records in collections.items():
        for key, record in records.items():
            if key in _RESERVED:
                yield Violation(path=f"{name}.{key}", message=f"{key!r} is a reserved id")
            if record.id != key:
                yield Violation(path=f"{name}.{key}.id", message=f"id {record.id!r} is not its key")


def _check_tree(state: DriveState) -> Iterator[Violation]:
    folders = state.folders
    for key, folder in folders.items():
        if folder.parent_id is not None and folder.parent_id not in folders:
            yield Violation(
                path=f"folders.{key}.parentId", message=f"no folder {folder.parent_id!r}"
            )
            continue
        seen = {key}
        up = folder.parent_id
        while up is not None and up in folders:
            if up in seen:
                yield Violation(
                    path=f"folders.{key}.parentId", message="the folder is inside itself"
                )
                break
            seen.add(up)
            up = folders[up].parent_id
    for key, file in state.files.items():
        if file.folder_id is not None and file.folder_id not in folders:
            yield Violation(path=f"files.{key}.folderId", message=f"no folder {file.folder_id!r}")
        if file.modified_by not in state.users:
            yield Violation(path=f"files.{key}.modifiedBy", message="unknown user")
    # Names are unique among the items of a folder that are not in the trash.
    names: dict[tuple[str | None, str, str], list[str]] = defaultdict(list)
    for key, folder in folders.items():
        if folder.trashed_at is None:
            names[
                (
                    folder.parent_id,
                    folder.owner_id if folder.parent_id is None else "",
                    folder.name.casefold(),
                )
            ].append(f"folders.{key}")
    for key, file in state.files.items():
        if file.trashed_at is None:
            names[
                (
                    file.folder_id,
                    file.owner_id if file.folder_id is None else "",
                    file.name.casefold(),
                )
            ].append(f"files.{key}")
    for paths in names.values():
        for path in paths[1:]:
            yield Violation(
                path=f"{path}.name", message=f"the same name as {paths[0]} in its folder"
            )


def _check_versions(state: DriveState) -> Iterator[Violation]:
    newest: dict[str, Any] = {}
    numbers: dict[str, set[int]] = defaultdict(set)
    for key, version in state.versions.items():
        if version.file_id not in state.files:
            yield Violation(path=f"versions.{key}.fileId", message=f"no file {version.file_id!r}")
            continue
        if version.author_id not in state.users:
            yield Violation(path=f"versions.{key}.authorId", message="unknown user")
        if version.number in numbers[version.file_id]:
            yield Violation(path=f"versions.{key}.number", message="two versions share a number")
        numbers[version.file_id].add(version.number)
        best = newest.get(version.file_id)
        if best is None or version.number > best.number:
            newest[version.file_id] = version
    for key, file in state.files.items():
        last = newest.get(key)
        if last is None:
            yield Violation(path=f"files.{key}", message="a file has at least one version")
        elif last.size_bytes != file.size_bytes:
            yield Violation(
                path=f"files.{key}.sizeBytes", message="differs from the newest version's size"
            )


def _check_comments(state: DriveState) -> Iterator[Violation]:
    for key, comment in state.comments.items():
        if comment.file_id not in state.files:
            yield Violation(path=f"comments.{key}.fileId", message=f"no file {comment.file_id!r}")
        if comment.author_id not in state.users:
            yield Violation(path=f"comments.{key}.authorId", message="unknown user")


def _check_quota(state: DriveState) -> Iterator[Violation]:
    used = sum(f.size_bytes for f in state.files.values())
    if used > state.org.quota_bytes:
        yield Violation(
            path="org.quotaBytes",
            message=f"{used} bytes stored, over the {state.org.quota_bytes} quota",
        )


CHECKS = InvariantChecks(
    (["current_user", "users", "folders", "files"], _check_people),
    (["users", "folders", "files", "versions", "comments"], _check_ids),
    (["folders", "files", "users"], _check_tree),
    (["versions", "files", "users"], _check_versions),
    (["comments", "files", "users"], _check_comments),
    (["files", "org"], _check_quota),
)


def broken_states(seed: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The seed with one rule broken each (what ``cuagym appgen audit`` proves 422s with)."""
    loop = copy.deepcopy(seed)
    top = next(k for k, f in loop["folders"].items() if f["parentId"] is None)
    child = next(k for k, f in loop["folders"].items() if f["parentId"] == top)
    loop["folders"][top]["parentId"] = child
    lost = copy.deepcopy(seed)
    lost["files"][next(iter(lost["files"]))]["folderId"] = "fold-nowhere"
    full = copy.deepcopy(seed)
    full["org"]["quotaBytes"] = 1_000_000
    stranger = copy.deepcopy(seed)
    stranger["files"][next(iter(stranger["files"]))]["sharedWith"]["u-nobody"] = "viewer"
    size = copy.deepcopy(seed)
    size["files"][next(iter(size["files"]))]["sizeBytes"] += 1
    return {
        "a folder inside its own subfolder": loop,
        "a file in a folder that does not exist": lost,
        "files over the storage quota": full,
        "shared with someone who does not exist": stranger,
        "a file whose size is not its newest version's": size,
    }
