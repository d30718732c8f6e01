"""The figures a typed message states (``_reward/_figures``, inlined into rewards that check a
reported figure): the families' convention, point decimals and optional thousands commas."""

from __future__ import annotations

import pytest

from cuagym.scripts._figures import figures_in, states_figure


@pytest.mark.parametrize(
    ("text", "figures"),
    [
        ("Total Amount of the North orders: 12,345.60", [12345.6]),
        ("north total $12345.6 (USD)", [12345.6]),
        ("12,345.60 EUR.", [12345.6]),
        ("The East region has 5 orders.", [5.0]),
        ("1,234,567.891 and 7", [1234567.891, 7.0]),
        ("Largest order: Desk lamp, 414.00", [414.0]),
        # not one number under the convention: no figure at all
        ("1,2 or 12,34 or 1.2.3", []),
        # digits glued to letters are names, not figures
        ("Q1 v2 SO-1043", [1043.0]),
        ("", []),
    ],
)
def test_figures_in_reads_the_convention(text: str, figures: list[float]) -> None:
    assert figures_in(text) == figures


def test_states_figure_within_the_tolerance() -> None:
    assert states_figure("total 12,345.60", 12345.6)
    assert states_figure("total 12,345.604", 12345.6)
    assert not states_figure("total 12,346", 12345.6)
    assert not states_figure("total 12345", 12345.6)
    assert states_figure("5 orders", 5, tol=0.5) and not states_figure("6 orders", 5, tol=0.5)
    assert not states_figure(None, 0.0)
