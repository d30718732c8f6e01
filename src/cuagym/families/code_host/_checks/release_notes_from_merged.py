"""``release-notes-from-merged``'s reward checks: the body of its ``main``, pasted as text."""

# ruff: noqa: F405
from typing import Any

from cuagym.families.code_host._checks._scope import *  # noqa: F403

# -- inlined into reward.py --
made = [cur["releases"][k] for k in added(diff, "releases")]
rel: dict[str, Any] = next(
    (r for r in made if r["repoId"] == P["repo"] and r["tag"] == P["tag"]), {}
)
lines = [exact(x).lstrip("-*• ").strip() for x in str(rel.get("notes", "")).split("\n")]
lines = [x for x in lines if x]
numbers = {p["title"]: p["number"] for p in init["pulls"].values() if p["repoId"] == P["repo"]}
named = [x for x in lines if x in P["titles"]] + [
    t for t in P["titles"] for x in lines if x == t + " (#" + str(numbers.get(t)) + ")"
]
checks.append(
    (
        "tag_released",
        2,
        bool(rel) and rel.get("draft") is False and rel.get("target") == "main",
        "new tags: " + listing([r["tag"] for r in made]),
    )
)
checks.append(("title", 1, exact(rel.get("name")) == P["tag"], f"title {rel.get('name')!r}"))
checks.append(
    (
        "every_merged_pull_listed",
        2,
        sorted(set(named)) == sorted(P["titles"]),
        "listed: " + listing(sorted(set(named))),
    )
)
checks.append(
    (
        "nothing_else_listed",
        1,
        bool(lines) and len(lines) == len(P["titles"]),
        f"{len(lines)} line(s) for {len(P['titles'])} pull request(s)",
    )
)
checks.append(
    ("full_release", 0, rel.get("prerelease") is not True, f"prerelease {rel.get('prerelease')}")
)
checks.append(("one_release", 0, len(made) <= 1, f"{len(made)} new releases"))
extra = diff_outside(diff, ["releases." + str(rel.get("id"))])
checks.append(("nothing_else_changed", 0, not extra, "other changes: " + listing(extra)))
