"""Helpers every social ``reward.py`` carries, copied into the script as source text.

Real code (imported and tested on the host) and the text of the reward's helper block: the
families paste everything below the inline marker into each reward, after the shared frame
and the hub libraries. Standard library only, no state, no checks of its own.

Text is compared two ways, on purpose: :func:`fold` (case-insensitive) only *finds* records;
:func:`exact` judges what the agent typed (a post's text, a reply): case and punctuation
count, only runs of whitespace are one space.
"""

# -- inlined into reward.py --
from typing import Any


def exact(text: Any) -> str:
    """A text as typed: case and punctuation count; whitespace runs are one space."""
    return " ".join(str(text if text is not None else "").split())


def fold(text: Any) -> str:
    """A text for *finding* records: :func:`exact`, lower case."""
    return exact(text).lower()


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


def post_with(state: dict[str, Any], author: str, needle: str) -> list[str]:
    """Ids of ``author``'s posts whose text contains ``needle`` (case-insensitive)."""
    return sorted(
        pid
        for pid, post in state["posts"].items()
        if post["authorId"] == author and fold(needle) in fold(post["body"])
    )


def mine_new(cur: dict[str, Any], diff: dict[str, Any], collection: str) -> list[str]:
    """Ids of records added to ``collection`` by the current user (their ``authorId``)."""
    me = cur["currentUser"]
    return [rid for rid in added(diff, collection) if cur[collection][rid].get("authorId") == me]


def has_words(text: Any, words: list[str]) -> bool:
    """Whether every one of ``words`` occurs in ``text`` (case-insensitive)."""
    folded = fold(text)
    return all(fold(w) in folded for w in words)


def without_tags(body: Any, tags: list[str]) -> str:
    """A post's text without the ``#hashtags`` of ``tags`` (they may be typed into the text or
    into the extra-tags field: both give the post those tags)."""
    wanted = {t.lower() for t in tags}
    words = str(body or "").split()
    kept = [w for w in words if not (w.startswith("#") and w[1:].lower().rstrip(".,!") in wanted)]
    return exact(" ".join(kept))


def pinned_of(state: dict[str, Any], author: str) -> list[str]:
    """Ids of ``author``'s pinned posts (one at most in a valid state)."""
    return sorted(k for k, p in state["posts"].items() if p["authorId"] == author and p["pinned"])


def unlike(record: dict[str, Any], expected: dict[str, Any]) -> list[str]:
    """The keys of ``expected`` whose value in ``record`` differs (a missing key differs): the
    whole-record guard of a record the task adds ("a new post, and nothing odd about it")."""
    missing = object()
    return sorted(k for k, v in expected.items() if record.get(k, missing) != v)


#: what every post or comment the account adds looks like besides what the task asks for
FRESH_POST = {"hidden": False, "pinned": False, "likedBy": [], "editedAt": None}
FRESH_COMMENT = {"hidden": False, "likedBy": []}
