"""writer rewards read files as LibreOffice saves them: gold re-saved by soffice still scores 1.0,
the initial state re-saved still scores 0.0 (needs soffice; a minute or two)."""

from __future__ import annotations

from pathlib import Path

import pytest

from cuagym.domains import load_domain
from tests.families.writer.roundtrip import SOFFICE, roundtrip

domain = load_domain("writer")

pytestmark = [
    pytest.mark.gui,
    pytest.mark.slow,
    pytest.mark.skipif(SOFFICE is None, reason="needs LibreOffice (soffice)"),
]


# Golden files LibreOffice does not read back as written, by family, with why (none today: the
# table of contents came back with its first heading re-formatted until its golden patch ended
# the TOC field in a paragraph of its own, as Word does). What an agent produces through the GUI
# is LibreOffice's own save, and every family's GUI oracle scores 1 on it (test_oracles.py).
NOT_RESAVE_STABLE: dict[str, str] = {}


async def test_rewards_survive_a_libreoffice_resave(tmp_path: Path) -> None:
    results = await roundtrip(domain.families, 0, tmp_path)
    bad = {r.family for r in results if r.r_gold != 1.0}
    assert bad <= set(NOT_RESAVE_STABLE), bad - set(NOT_RESAVE_STABLE)
    assert all(r.r_init == 0.0 for r in results)
    wrong = [
        r
        for r in results
        if r.family not in NOT_RESAVE_STABLE and (r.r_init != 0.0 or r.r_gold != 1.0)
    ]
    assert not wrong, "\n\n".join(
        f"{r.family}: init={r.r_init} gold={r.r_gold}\n{r.init_output}\n{r.gold_output}"
        for r in wrong
    )
