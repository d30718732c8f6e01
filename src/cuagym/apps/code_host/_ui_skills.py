"""UI skills of the code-host app: how an oracle reads its pages and works them, on the web
oracle kit (:mod:`cuagym.apps.web_oracle`). Filled in with the families' oracles."""

from __future__ import annotations

from cuagym.apps.web_oracle import WebOracle

__all__ = ["ForgeOracle"]


class ForgeOracle(WebOracle):
    """What every code-host oracle reads and does."""
