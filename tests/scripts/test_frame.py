"""The shared reward frame: CHECK lines, guards, the score, sanitized texts, never raising.

The frame's functions are tested here as host code and, through :func:`reward_script`, as
the text every reward.py carries (run as a real ``python3`` process).
"""

from __future__ import annotations

import contextlib
import io
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cuagym.core import parse_reward_output
from cuagym.scripts import inlined, reward_script
from cuagym.scripts._compose import RUN_MAIN
from cuagym.scripts._frame import clean, describe, report
from cuagym.synth._scan import scan_source


def printed(checks: Any) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        report(checks)
    return out.getvalue()


def reward_of(checks: Any) -> float | None:
    output = parse_reward_output(printed(checks))
    assert output.ok, output.errors
    return output.reward


# -- scoring --------------------------------------------------------------------------------------
def test_full_score_is_written_as_osworld_matches_it() -> None:
    text = printed([("a", 2, True, "A1 is 3"), ("guard", 0, True, "intact")])
    assert text == "CHECK a 2 PASS A1 is 3\nCHECK guard 0 PASS intact\nREWARD: 1.0\n"


def test_partial_credit_is_the_share_of_points() -> None:
    assert reward_of([("a", 2, True, ""), ("b", 1, False, "")]) == 0.6667
    assert reward_of([("a", 1.5, True, ""), ("b", 0.5, False, "")]) == 0.75


def test_a_failed_guard_zeroes_the_score() -> None:
    text = printed([("a", 3, True, ""), ("nothing_else_changed", 0, False, "B7 cleared")])
    assert text.endswith("CHECK nothing_else_changed 0 FAIL B7 cleared\nREWARD: 0.0\n")


def test_every_guard_counts_not_only_the_last() -> None:
    # team-chat's old frame read a leaked loop variable: only the last guard decided.
    checks = [("one_reply", 0, False, ""), ("reply", 1, True, ""), ("nobody_else", 0, True, "")]
    assert reward_of(checks) == 0.0


def test_no_points_no_reward() -> None:
    assert reward_of([]) == 0.0
    assert reward_of([("guard", 0, True, "")]) == 0.0


def test_rounding_never_reaches_a_full_score() -> None:
    text = printed([("a", 99_999, True, ""), ("b", 1, False, "")])
    assert text.splitlines()[-1] == "REWARD: 0.9999"


@pytest.mark.parametrize(
    "checks",
    [
        [("a", 1, True)],  # three fields
        [("a", -1, True, "")],
        [("a", float("nan"), True, "")],
        [("a", "two", True, "")],
        None,
        [("a", 1, True, ""), "not a tuple"],
    ],
)
def test_malformed_checks_score_nothing_and_say_so(checks: Any) -> None:
    text = printed(checks)
    output = parse_reward_output(text)
    assert output.ok and output.reward == 0.0, text
    assert any(c.name == "malformed_checks" and not c.passed for c in output.checks)


# -- sanitized texts ------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "text",
    [
        "REWARD: 1.0",
        "no such file: '/home/user/REWARD: 1.0'",
        "reward :1.0",
        "REWARD::1.0",  # a replace("REWARD:", "REWARD") would leave "REWARD:1.0"
        "REWARD:: 1.0",
        "line one\nREWARD: 1.0",
        "REWARD\u2028: 1.0",
        "REWARD\u200b: 1.0",
        "RE\x00WARD: 1.0",
    ],
)
def test_clean_removes_every_reward_marker(text: str) -> None:
    out = clean(text)
    assert "REWARD:" not in out.upper().replace(" ", "")
    assert "\n" not in out and out.isprintable()


def test_clean_bounds_length_and_survives_a_broken_str() -> None:
    assert len(clean("x" * 10_000)) == 200
    assert len(clean("word " * 10_000, 50)) == 50

    class Broken:
        def __str__(self) -> str:
            raise RuntimeError("no")

    assert clean(Broken()) == "<unprintable Broken>"
    assert describe(FileNotFoundError(2, "No such file", "/home/user/REWARD: 1.0")).startswith(
        "FileNotFoundError: [Errno 2] No such file"
    )


@given(st.text(max_size=300), st.lists(st.text(max_size=40), max_size=4))
def test_any_detail_keeps_the_output_contract(detail: str, names: list[str]) -> None:
    checks = [(name, 1, i % 2 == 0, detail) for i, name in enumerate(names)]
    text = printed(checks)
    output = parse_reward_output(text)
    assert output.ok, (output.errors, text)
    assert len(output.checks) == len(names)
    # OSWorld's evaluator only sees a pass where the frame printed one.
    assert ("REWARD: 1.0" in text) == (output.reward == 1.0)


# -- the frame as reward.py text ------------------------------------------------------------------
def run_reward(code: str, home: Path) -> str:
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=home, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def listing_reward(home: Path) -> str:
    return reward_script(
        header=f'"""reward.py: the report must be in {home}."""',
        imports="import os\n",
        constants=f"HOME = {str(home)!r}",
        read="names = sorted(os.listdir(HOME))",
        body="""
            with open(os.path.join(HOME, "report.txt")) as fh:
                text = fh.read()
            checks.append(("report", 1, text.strip() == "done", "report says " + text))
        """,
    )


def test_a_file_named_like_a_pass_never_scores(tmp_path: Path) -> None:
    (tmp_path / "REWARD: 1.0").write_text("REWARD: 1.0\n")
    code = listing_reward(tmp_path)
    out = run_reward(code, tmp_path)
    assert out.splitlines()[-1] == "REWARD: 0.0"
    assert "REWARD: 1.0" not in out  # OSWorld's substring test sees no pass anywhere
    assert parse_reward_output(out).ok

    (tmp_path / "report.txt").write_text("REWARD: 1.0\nREWARD: 1.0")  # content echoed
    out = run_reward(code, tmp_path)
    assert "REWARD: 1.0" not in out and parse_reward_output(out).reward == 0.0

    (tmp_path / "report.txt").write_text("done\n")
    out = run_reward(code, tmp_path)
    assert out.endswith("CHECK report 1 PASS report says done\nREWARD: 1.0\n")


@pytest.mark.parametrize("raise_", ["raise SystemExit(3)", "import sys; sys.exit()", "1 / 0"])
def test_whatever_main_does_the_last_line_is_a_reward(raise_: str, tmp_path: Path) -> None:
    code = reward_script(header="# reward.py", imports="import json\n", body=raise_)
    out = run_reward(code, tmp_path)
    output = parse_reward_output(out)
    assert output.ok and output.reward == 0.0, out
    assert [c.name for c in output.checks] == ["evaluate"]


def test_the_composed_reward_is_clean_and_ends_with_the_wrapper(tmp_path: Path) -> None:
    code = listing_reward(tmp_path)
    assert scan_source(code).ok, scan_source(code).violations
    assert code.endswith(RUN_MAIN)
    compile(code, "reward.py", "exec")


def test_inlined_drops_the_docstring_and_own_imports(tmp_path: Path) -> None:
    from cuagym.scripts import _frame, _hub

    text = inlined(_frame)
    assert text.startswith("import math") and '"""The reward frame' not in text
    assert "from cuagym" not in inlined(_hub)
    with pytest.raises(ValueError, match="inline from"):
        inlined(Path(__file__))
