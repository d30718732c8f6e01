"""Helpers every drive ``reward.py`` carries, copied into the script as source text.

Real code (imported and tested on the host) and the text of the reward's helper block:
the families paste everything below the inline marker into each reward, after the shared
frame and the hub libraries. Standard library only, no state, no checks of its own.

Names are found two ways, on purpose: :func:`fold` (case-insensitive) only *finds* the items a
task names; :func:`exact` judges what the agent typed (a new name): case and punctuation
count, only runs of whitespace are one space.
"""

# -- inlined into reward.py --
from typing import Any


def exact(text: Any) -> str:
    """A text as typed: case and punctuation count; whitespace runs are one space."""
    return " ".join(str(text if text is not None else "").split())


def fold(text: Any) -> str:
    """A text for *finding* items: :func:`exact`, lower case."""
    return exact(text).lower()


def named(state: dict[str, Any], collection: str, name: str, parent: Any = "any") -> list[str]:
    """Ids of the items of ``collection`` (``files``/``folders``) called ``name`` (any case),
    in the folder ``parent`` when one is given (None: the root)."""
    key = "parentId" if collection == "folders" else "folderId"
    return sorted(
        str(k)
        for k, v in state[collection].items()
        if fold(v["name"]) == fold(name) and (parent == "any" or v.get(key) == parent)
    )


def added(diff: dict[str, Any], collection: str) -> list[str]:
    """Ids of records of a collection that exist now and did not initially."""
    out = []
    for path, entry in diff.items():
        head, _, rest = path.partition(".")
        if head == collection and "." not in rest and entry["op"] == "added":
            out.append(rest)
    return sorted(out)


def removed(diff: dict[str, Any], collection: str) -> list[str]:
    """Ids of records of a collection that existed initially and are gone now."""
    out = []
    for path, entry in diff.items():
        head, _, rest = path.partition(".")
        if head == collection and "." not in rest and entry["op"] == "removed":
            out.append(rest)
    return sorted(out)


def trashed(state: dict[str, Any], kind: str, iid: str) -> bool:
    """Is the item in the trash, itself or through a folder above it?"""
    record = state[kind + "s"].get(iid)
    if record is None:
        return False
    if record["trashedAt"] is not None:
        return True
    up = record.get("parentId", record.get("folderId"))
    while up is not None and up in state["folders"]:
        if state["folders"][up]["trashedAt"] is not None:
            return True
        up = state["folders"][up]["parentId"]
    return False


def unlike(record: dict[str, Any], expected: dict[str, Any]) -> list[str]:
    """The keys of ``expected`` whose value in ``record`` differs (a missing key differs)."""
    missing = object()
    return sorted(k for k, v in expected.items() if record.get(k, missing) != v)


def folder_at(state: dict[str, Any], path: str) -> Any:
    """The id of the live folder at ``path`` (``My Drive / Projects / Riverside Library``),
    None for ``My Drive`` itself, ``"?"`` when there is no single such folder."""
    parts = [p.strip() for p in str(path).split(" / ")]
    if parts[0] != "My Drive":
        return "?"
    current = None
    for name in parts[1:]:
        found = [
            k
            for k, f in state["folders"].items()
            if f["parentId"] == current and fold(f["name"]) == fold(name) and f["trashedAt"] is None
        ]
        if len(found) != 1:
            return "?"
        current = found[0]
    return current


def the_file(state: dict[str, Any], name: str, where: str, in_the_trash: bool = False) -> str:
    """The id of the file ``name`` in the folder at ``where`` (in the trash itself or not);
    ``""`` when there is no single one."""
    folder = folder_at(state, where)
    found = [
        k
        for k, f in state["files"].items()
        if fold(f["name"]) == fold(name)
        and f["folderId"] == folder
        and (f["trashedAt"] is not None) == in_the_trash
    ]
    return found[0] if len(found) == 1 else ""


def user_by_email(state: dict[str, Any], email: str) -> str:
    found = [k for k, u in state["users"].items() if fold(u["email"]) == fold(email)]
    return found[0] if len(found) == 1 else ""


def versions_of(state: dict[str, Any], fid: str) -> list[dict[str, Any]]:
    """A file's versions, oldest first."""
    return sorted(
        (v for v in state["versions"].values() if v["fileId"] == fid), key=lambda v: v["number"]
    )
