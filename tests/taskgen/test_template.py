"""Slot templates: one sentence frame filled twice has one template."""

from __future__ import annotations

import re

import pytest

from cuagym.domains import load_domains
from cuagym.taskgen._template import _replace_whole, slot_template, slot_values, tokens


def test_fillers_become_slots() -> None:
    a = slot_template("Star the email from Adele Galloway with the subject “Integration”.")
    b = slot_template("Star the email from Tamsin Jo with the subject “Training next month”.")
    assert a == b == "star the email from <> with the subject <>."


def test_numbers_paths_cells_keys_channels() -> None:
    a = slot_template("In ~/Docs/a.xlsx, sum F2:F44 into F45 and set WEB-9 to $1,200.50 in #ops.")
    b = slot_template("In /home/user/b.xlsx, sum G2:G9 into G10 and set OPS-12 to €3 in #design.")
    assert a == b
    assert "<>" in a and "f45" not in a


def test_params_are_slots_even_in_lower_case() -> None:
    params = {"style": "italic", "phrase": "customer records", "n": 3}
    text = "Put every occurrence of customer records in italic, at most 3 times."
    assert slot_template(text, params) == "put every occurrence of <> in <>, at most <> times."
    assert sorted(slot_values(params)) == ["3", "customer records", "italic"]


def test_different_frames_differ() -> None:
    a = slot_template("Archive every conversation from Vera in the inbox.")
    b = slot_template("Delete every conversation from Vera in the inbox.")
    assert a != b


def test_tokens() -> None:
    assert tokens("Sort the 29 orders, A-Z!") == ["sort", "the", "29", "orders", "a", "z"]


def _regex_replace(text: str, values: list[str]) -> str:
    either = "|".join(re.escape(v) for v in values)
    return re.sub(rf"(?<!\w)(?:{either})(?!\w)", "<>", text)


@pytest.mark.parametrize(
    ("text", "values"),
    [
        ("Pay $1,200 to Ann Lee and Ann", ["Ann Lee", "Ann", "$1,200", "1,200"]),
        ("file a.b.c and b.c", ["a.b.c", "b.c"]),
        ("12 and 123 and 1234", ["123", "12"]),
        ("aaaa", ["aa"]),
        ("(x) x(x) x", ["(x)", "x"]),
        ("café and caféx", ["café"]),
        ("no filler here", ["absent"]),
    ],
)
def test_filler_replacement_matches_the_regex(text: str, values: list[str]) -> None:
    assert _replace_whole(text, values) == _regex_replace(text, values)


def test_filler_replacement_matches_the_regex_on_every_family() -> None:
    families = [f for dom in load_domains().values() for f in dom.families]
    for family in families:
        for seed in range(3):
            task = family.sample(seed)
            params = task.params
            values = sorted(set(slot_values(params)), key=len, reverse=True) if params else []
            values = [v for v in values if v in task.instruction]
            if values:
                expected = _regex_replace(task.instruction, values)
                assert _replace_whole(task.instruction, values) == expected, family.id
