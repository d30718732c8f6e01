"""reward.py's output contract: CHECK lines, then one final REWARD line in [0, 1]."""

from __future__ import annotations

import pytest

from cuagym.core import Check, parse_reward_output


def test_good_output() -> None:
    out = parse_reward_output(
        "CHECK sum_formula 2 PASS D10 holds =SUM(D2:D9)\n"
        "CHECK bold_header 1 FAIL A1 is not bold\n"
        "CHECK no_detail 0.5 PASS\n"
        "REWARD: 0.8333\n\n"
    )
    assert out.ok and out.errors == []
    assert out.reward == pytest.approx(0.8333)
    assert out.checks == [
        Check(name="sum_formula", points=2, passed=True, detail="D10 holds =SUM(D2:D9)"),
        Check(name="bold_header", points=1, passed=False, detail="A1 is not bold"),
        Check(name="no_detail", points=0.5, passed=True),
    ]
    assert out.points_passed == 2.5 and out.points_total == 3.5


def test_check_line_round_trips() -> None:
    check = Check(name="a", points=2, passed=False, detail="x | y")
    assert check.line() == "CHECK a 2 FAIL x | y"
    assert parse_reward_output(check.line() + "\nREWARD: 0.0").checks == [check]


@pytest.mark.parametrize("text", ["REWARD: 0.0", "REWARD: 0", "REWARD: 1.0", "REWARD: 1.0000"])
def test_reward_spellings(text: str) -> None:
    assert parse_reward_output(text).ok


def test_no_output() -> None:
    out = parse_reward_output("")
    assert out.reward is None and not out.ok
    assert "no output" in out.errors[0]


def test_no_reward_line() -> None:
    out = parse_reward_output("CHECK a 1 PASS fine\n")
    assert out.reward is None
    assert any("last line must be 'REWARD" in e for e in out.errors)
    assert out.checks == [Check(name="a", points=1, passed=True, detail="fine")]


@pytest.mark.parametrize("value", ["1.5", "-0.1", "2", "1e3", "nan", "inf"])
def test_reward_out_of_range_or_not_a_number(value: str) -> None:
    out = parse_reward_output(f"REWARD: {value}\n")
    assert out.reward is None
    assert out.errors


def test_full_reward_must_read_as_osworld_expects() -> None:
    # OSWorld scores with a substring test for "REWARD: 1.0"; "REWARD: 1" would pass here only.
    out = parse_reward_output("REWARD: 1\n")
    assert out.reward is None
    assert "REWARD: 1.0" in out.errors[0]


def test_reward_not_last() -> None:
    out = parse_reward_output("REWARD: 1.0\nCHECK a 1 PASS late\n")
    assert out.reward is None
    assert any("REWARD line is not the last line" in e for e in out.errors)
    assert any("last line must be 'REWARD" in e for e in out.errors)


def test_two_reward_lines_are_ambiguous() -> None:
    out = parse_reward_output("REWARD: 0.0\nREWARD: 1.0\n")
    assert out.reward is None
    assert any("not the last line" in e for e in out.errors)


@pytest.mark.parametrize(
    "line",
    [
        "CHECK",
        "CHECK name",
        "CHECK name 1",
        "CHECK name one PASS",
        "CHECK name 1 MAYBE detail",
        "CHECK name -1 PASS negative",
        "CHECK  name 1 PASS double space",
        "CHECK name 1 pass lower-case status",
    ],
)
def test_malformed_check_is_an_error_not_ignored(line: str) -> None:
    out = parse_reward_output(f"{line}\nREWARD: 0.0\n")
    assert out.reward == 0.0
    assert not out.ok
    assert out.errors and out.errors[0].startswith("line 1:")
    assert out.checks == []


def test_stray_output_is_an_error() -> None:
    out = parse_reward_output("debug: loading\nREWARD: 0.0\n")
    assert out.reward == 0.0 and not out.ok
    assert "unexpected output" in out.errors[0]


def test_reward_text_inside_a_check_is_an_error() -> None:
    # OSWorld would find "REWARD: 1.0" in this output although the reward is 0.
    out = parse_reward_output("CHECK a 1 FAIL expected REWARD: 1.0\nREWARD: 0.0\n")
    assert not out.ok
    assert any("only the final line may contain" in e for e in out.errors)


def test_windows_line_endings_and_trailing_spaces() -> None:
    out = parse_reward_output("CHECK a 1 PASS ok  \r\nREWARD: 1.0 \r\n")
    assert out.ok and out.reward == 1.0
