"""``set-category-limit``'s reward checks: the category's limit as asked; nothing else."""

# ruff: noqa: F405, E501
import json

from cuagym.families.expenses._checks._scope import *  # noqa: F403

# fmt: off
# -- inlined into reward.py --
cid = category_id(init, P["category"])
category = cur["categories"].get(cid) or {}
checks.append(("limit", 3, category.get("limitCents") == P["limit_cents"], f"limit {category.get('limitCents')!r}, want {P['limit_cents']}"))
checks.append(("category_found", 0, cid is not None, f"category {cid}"))
extra = diff_outside(diff, ["categories." + str(cid) + ".limitCents", *audit_paths(diff)])
checks.append(("nothing_else_changed", 0, not extra, "other changes: " + listing(extra)))
logged = audit_log(cur, diff)
checks.append(("audit_trail", 0, logged == [["policy changed", str(category.get("name")) + " limit " + str(category.get("limitCents"))]], "new audit entries: " + json.dumps(logged)))
