"""``announce-release``'s reward checks: the body of its ``main``, pasted as text."""

# ruff: noqa: F405
from typing import Any

from cuagym.families.cross.code_host._checks._scope import *  # noqa: F403

# -- inlined into reward.py --
# -- the forge: the release, published from main -----------------------------------------------
made = [cur["releases"][k] for k in added(diff, "releases")]
rel: dict[str, Any] = next(
    (r for r in made if r["repoId"] == P["repo"] and r["tag"] == P["tag"]), {}
)
published = bool(rel) and rel.get("draft") is False and rel.get("target") == "main"
checks.append(("released", 2, published, "new tags: " + listing([r["tag"] for r in made])))
checks.append(
    ("title", 1, exact(rel.get("name")) == exact(P["name"]), f"title {rel.get('name')!r}")
)
checks.append(
    (
        "one_release",
        0,
        len(made) <= 1 and rel.get("prerelease") is not True,
        f"{len(made)} new release(s)",
    )
)
extra = diff_outside(diff, ["releases." + str(rel.get("id"))])
checks.append(("forge_unchanged_otherwise", 0, not extra, "other changes: " + listing(extra)))
# -- the chat: the announcement in the channel -------------------------------------------------
cid = next((c["id"] for c in cinit["channels"].values() if c["name"] == P["channel"]), None)
before = {m["id"] for m in cinit["messages"].get(cid, [])} if cid else set()
fresh = [m for m in ccur["messages"].get(cid, []) if m["id"] not in before] if cid else []
mine = [m for m in fresh if m["sender"] == cme and m["threadParent"] is None]
said = [m for m in mine if exact(m["text"]) == exact(P["text"])]
checks.append(("announced", 2, bool(said), "new messages: " + " | ".join(m["text"] for m in fresh)))
checks.append(("one_announcement", 0, len(fresh) <= 1, f"{len(fresh)} new message(s)"))
kept = [m for m in ccur["messages"].get(cid, []) if m["id"] in before] if cid else []
intact = kept == (cinit["messages"].get(cid, []) if cid else [])
checks.append(("channel_history_intact", 0, intact, "earlier messages of the channel unchanged"))
cextra = diff_outside(cdiff, ["messages." + str(cid)])
checks.append(("chat_unchanged_otherwise", 0, not cextra, "other changes: " + listing(cextra)))
