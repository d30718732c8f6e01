"""``publish-release``'s reward checks: the body of its ``main``, pasted as text."""

# ruff: noqa: F405
from typing import Any

from cuagym.families.code_host._checks._scope import *  # noqa: F403

# -- inlined into reward.py --
made = [cur["releases"][k] for k in added(diff, "releases")]
rel: dict[str, Any] = next(
    (r for r in made if r["repoId"] == P["repo"] and r["tag"] == P["tag"]), {}
)
checks.append(("tag_released", 2, bool(rel), "new tags: " + listing([r["tag"] for r in made])))
checks.append(("published", 1, rel.get("draft") is False, f"draft {rel.get('draft')}"))
checks.append(("target", 1, rel.get("target") == P["target"], f"target {rel.get('target')!r}"))
checks.append(
    ("title", 1, exact(rel.get("name")) == exact(P["name"]), f"title {rel.get('name')!r}")
)
checks.append(
    ("notes", 1, exact(rel.get("notes")) == exact(P["notes"]), f"notes {rel.get('notes')!r}")
)
checks.append(
    (
        "pre_release_flag",
        1,
        rel.get("prerelease") is P["prerelease"],
        f"prerelease {rel.get('prerelease')}",
    )
)
checks.append(("one_release", 0, len(made) <= 1, f"{len(made)} new releases"))
extra = diff_outside(diff, ["releases." + str(rel.get("id"))])
checks.append(("nothing_else_changed", 0, not extra, "other changes: " + listing(extra)))
