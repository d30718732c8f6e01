"""The scanner on rewards built with the shared frame: legitimate ones pass, hacks inside
the frame's check list are still caught (the REWARD line is printed by a helper there)."""

from __future__ import annotations

from pathlib import Path

from cuagym.scripts import reward_script
from cuagym.synth._scan import scan_source


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
            checks.append(("nothing_else", 0, names == ["report.txt"], ", ".join(names)))
        """,
    )


def test_a_legitimate_framed_reward_is_clean(tmp_path: Path) -> None:
    assert scan_source(listing_reward(tmp_path)).ok


def test_hacked_checks_inside_the_frame_are_still_caught(tmp_path: Path) -> None:
    code = listing_reward(tmp_path)
    hacked = code.replace('text.strip() == "done"', "True")
    assert "True, " in hacked
    assert scan_source(hacked).pattern_ids == {"direct_bool_assignment"}
    bonus = '    checks.append(("bonus", 2, 1 > 0, "x"))\n    return checks'
    constant = code.replace("    return checks", bonus)
    assert not scan_source(constant).ok


def test_a_guard_pinned_to_true_is_caught(tmp_path: Path) -> None:
    code = listing_reward(tmp_path).replace('names == ["report.txt"]', "True")
    assert scan_source(code).pattern_ids == {"direct_bool_assignment"}


def test_an_existence_probe_in_the_frame_is_caught(tmp_path: Path) -> None:
    code = reward_script(
        header="# reward.py",
        imports="import os\n",
        body='checks.append(("exported", 2, os.path.isfile("/home/user/out.pdf"), "out.pdf"))',
    )
    assert scan_source(code).pattern_ids == {"existence_only"}
