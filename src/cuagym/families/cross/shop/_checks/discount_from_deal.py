"""``discount-from-deal``'s reward checks: the CRM, which the task only reads, holds no change
(the discount checks of the shop's create-discount family follow, read as text)."""

# ruff: noqa: F405
from typing import Any

from cuagym.families.cross.shop._checks._scope import *  # noqa: F403

cdiff: Any = None
# fmt: off
# -- inlined into reward.py --
crm_extra = diff_outside(cdiff, [])
checks.append(("crm_untouched", 0, not crm_extra, "crm changes: " + listing(crm_extra)))
