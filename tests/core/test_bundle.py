"""Bundle folders: write then load gives the same bundle; writes are atomic; errors name files."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from pydantic import ValidationError

import cuagym.core._atomic as atomic
from cuagym.core import Bundle, BundleError
from cuagym.core.files import BUNDLE_FILES, sweep_stale
from tests.core.bundle_examples import (
    INITIAL_SETUP,
    final_bundle,
    meta,
    passing_review,
    rejected_bundle,
    task,
)

TASK_ID = "files-budget-total-001"


def test_final_bundle_round_trips(tmp_path: Path) -> None:
    bundle = final_bundle()
    path = bundle.write(tmp_path)
    assert path == tmp_path / "final" / TASK_ID
    assert sorted(p.name for p in path.iterdir()) == sorted(BUNDLE_FILES)
    loaded = Bundle.load(path)
    assert loaded == bundle
    assert loaded.task.model_extra == {}
    assert loaded.review.render() == (path / "REVIEW.md").read_text()
    assert not (tmp_path / ".cuagym-tmp").exists(), "nothing internal left after a write"


def test_files_are_the_contracts_format(tmp_path: Path) -> None:
    path = final_bundle().write(tmp_path)
    cfg = json.loads((path / "task_config.json").read_text())
    assert list(cfg) == ["task_id", "instruction", "context", "domain", "apps", "difficulty"]
    assert (path / "initial_setup.py").read_text() == INITIAL_SETUP
    assert json.loads((path / "config.json").read_text())["id"] == TASK_ID


def test_unknown_task_config_keys_round_trip(tmp_path: Path) -> None:
    t = task(assets={"budget.csv": {"rows": 2}}, language="en")
    bundle = final_bundle().model_copy(update={"task": t})
    loaded = Bundle.load(bundle.write(tmp_path))
    assert loaded.task.model_extra == {"assets": {"budget.csv": {"rows": 2}}, "language": "en"}
    assert loaded == bundle


def test_rejected_bundle_goes_to_rejected_with_what_exists(tmp_path: Path) -> None:
    bundle = rejected_bundle()
    path = bundle.write(tmp_path)
    assert path == tmp_path / "rejected" / TASK_ID
    names = sorted(p.name for p in path.iterdir())
    assert names == sorted(
        ["task_config.json", "meta.json", "REVIEW.md", "initial_setup.py", "golden_patch.py"]
    )
    loaded = Bundle.load(path)
    assert loaded == bundle and loaded.reward is None and loaded.config is None


def test_kind_follows_the_verdict(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="written to final/, not rejected/"):
        final_bundle().write(tmp_path, kind="rejected")
    assert final_bundle().write(tmp_path, kind="final").parent.name == "final"


def test_an_accepted_bundle_needs_every_file() -> None:
    with pytest.raises(ValidationError, match=r"reward\.py: missing"):
        Bundle.model_validate(final_bundle().model_dump() | {"reward": None})


def test_files_must_agree() -> None:
    data = final_bundle().model_dump()
    data["meta"]["domain"] = "calc"
    with pytest.raises(ValidationError, match=r"meta\.json: domain: is 'calc'"):
        Bundle.model_validate(data)
    data = final_bundle().model_dump()
    data["meta"]["task_type"] = "cross"
    with pytest.raises(ValidationError, match="task_type: is 'cross' but the task uses 1 app"):
        Bundle.model_validate(data)


# --- atomic writes ------------------------------------------------------------------------


def test_existing_bundle_is_refused_then_replaced_on_request(tmp_path: Path) -> None:
    final_bundle().write(tmp_path)
    with pytest.raises(FileExistsError, match="replace=True"):
        final_bundle().write(tmp_path)
    newer = final_bundle().model_copy(update={"meta": meta(rounds=3)})
    path = newer.write(tmp_path, replace=True)
    assert Bundle.load(path).meta.rounds == 3
    assert not (tmp_path / ".cuagym-tmp").exists()


def test_replace_without_atomic_exchange_falls_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(atomic, "_exchange", lambda a, b: False)
    final_bundle().write(tmp_path)
    newer = final_bundle().model_copy(update={"meta": meta(rounds=4)})
    assert Bundle.load(newer.write(tmp_path, replace=True)).meta.rounds == 4
    assert not (tmp_path / ".cuagym-tmp").exists()


def test_crash_mid_write_leaves_no_bundle_and_no_temp(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real_write = atomic._write_file
    calls = []

    def failing_write(path: Path, data: bytes) -> None:
        calls.append(path.name)
        if len(calls) == 4:
            raise OSError(28, "No space left on device")
        real_write(path, data)

    monkeypatch.setattr(atomic, "_write_file", failing_write)
    with pytest.raises(OSError, match="No space left"):
        final_bundle().write(tmp_path)
    assert not (tmp_path / "final" / TASK_ID).exists()
    assert not (tmp_path / ".cuagym-tmp").exists(), "nothing internal left after a write"
    monkeypatch.setattr(atomic, "_write_file", real_write)
    assert Bundle.load(final_bundle().write(tmp_path)) == final_bundle()


def test_crash_during_rename_keeps_the_old_bundle(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    final_bundle().write(tmp_path)

    def boom(a: Path, b: Path) -> bool:
        raise OSError(5, "I/O error")

    monkeypatch.setattr(atomic, "_exchange", boom)
    with pytest.raises(OSError, match="I/O error"):
        final_bundle().model_copy(update={"meta": meta(rounds=4)}).write(tmp_path, replace=True)
    assert Bundle.load(tmp_path / "final" / TASK_ID).meta.rounds == 2


def test_failed_fallback_replace_restores_the_old_bundle(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    final_bundle().write(tmp_path)
    monkeypatch.setattr(atomic, "_exchange", lambda a, b: False)
    real_rename = os.rename
    calls: list[str] = []

    def flaky_rename(a: Path, b: Path) -> None:
        calls.append(str(b))
        if len(calls) == 2:  # the new folder's move into place
            raise OSError(5, "I/O error")
        real_rename(a, b)

    monkeypatch.setattr(os, "rename", flaky_rename)
    with pytest.raises(OSError, match="I/O error"):
        final_bundle().model_copy(update={"meta": meta(rounds=4)}).write(tmp_path, replace=True)
    monkeypatch.setattr(os, "rename", real_rename)
    assert Bundle.load(tmp_path / "final" / TASK_ID).meta.rounds == 2
    assert not (tmp_path / ".cuagym-tmp").exists(), "nothing internal left after a write"


def test_temp_folder_of_a_dead_writer_is_swept_on_next_write(tmp_path: Path) -> None:
    # A writer killed mid-write (SIGKILL: no cleanup) leaves its temp folder behind.
    script = (
        "import os, sys\n"
        "import cuagym.core._atomic as a\n"
        "from tests.core.bundle_examples import final_bundle\n"
        "a._install = lambda *args, **kw: os._exit(9)\n"
        "final_bundle().write(sys.argv[1])\n"
    )
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).parents[2])}
    done = subprocess.run([sys.executable, "-c", script, str(tmp_path)], env=env, check=False)
    assert done.returncode == 9
    left = list((tmp_path / ".cuagym-tmp").iterdir())
    assert len(left) == 1 and not (tmp_path / "final" / TASK_ID).exists()
    # A live writer's folder (this process) is kept; the dead one's is removed.
    mine = tmp_path / ".cuagym-tmp" / f"other-task.{atomic._host()}.{os.getpid()}.abcd"
    mine.mkdir()
    final_bundle().write(tmp_path)
    assert list((tmp_path / ".cuagym-tmp").iterdir()) == [mine]
    assert sweep_stale(tmp_path) == []


# --- loading bad bundles --------------------------------------------------------------------


def _problems(path: Path) -> list[str]:
    with pytest.raises(BundleError) as info:
        Bundle.load(path)
    assert str(path) in str(info.value)
    return [str(p) for p in info.value.problems]


def test_missing_files_are_named(tmp_path: Path) -> None:
    path = final_bundle().write(tmp_path)
    (path / "reward.py").unlink()
    (path / "meta.json").unlink()
    assert _problems(path) == ["meta.json: missing"]
    meta_ok = final_bundle().files()["meta.json"]
    (path / "meta.json").write_bytes(meta_ok)
    assert _problems(path) == ["reward.py: missing (required in an accepted bundle)"]


def test_bad_json_names_file_and_position(tmp_path: Path) -> None:
    path = final_bundle().write(tmp_path)
    (path / "task_config.json").write_text('{\n  "task_id": "x",\n  oops\n}')
    (path / "config.json").write_text("[1, 2]")
    (path / "meta.json").write_text('{"cost_usd": NaN}')
    problems = _problems(path)
    assert (
        "task_config.json: invalid JSON at line 3 column 3: Expecting property name"
        in (problems[0])
    )
    assert "meta.json: invalid JSON: NaN is not JSON" in problems
    assert "config.json: must hold a JSON object, not list" in problems


def test_wrong_types_name_file_and_field(tmp_path: Path) -> None:
    path = final_bundle().write(tmp_path)
    data = json.loads((path / "meta.json").read_text())
    data["rounds"] = "three"
    data["scenario"] = "military"
    (path / "meta.json").write_text(json.dumps(data))
    data = json.loads((path / "config.json").read_text())
    data["evaluator"]["func"] = "made_up_metric"
    (path / "config.json").write_text(json.dumps(data))
    data = json.loads((path / "task_config.json").read_text())
    del data["instruction"]
    data["apps"] = "files"
    (path / "task_config.json").write_text(json.dumps(data))
    problems = "\n".join(_problems(path))
    assert "meta.json: rounds: Input should be a valid integer" in problems
    assert "(got 'three')" in problems
    assert "meta.json: scenario: Input should be 'commercial'" in problems
    assert "config.json: evaluator: unknown OSWorld metric 'made_up_metric'" in problems
    assert "task_config.json: instruction: Field required" in problems
    assert "task_config.json: apps: Input should be a valid list" in problems


def test_inconsistent_files_are_named(tmp_path: Path) -> None:
    path = final_bundle().write(tmp_path)
    renamed = path.parent / "another-id"
    path.rename(renamed)
    review = (renamed / "REVIEW.md").read_text().replace("**PASS**", "**FAIL**")
    (renamed / "REVIEW.md").write_text(review)
    problems = _problems(renamed)
    assert (
        "task_config.json: task_id: is 'files-budget-total-001' but the folder is 'another-id'"
        in problems
    )
    assert any(p.startswith("REVIEW.md: verdict FAIL contradicts the conditions") for p in problems)


def test_a_rejected_bundle_under_final_is_refused(tmp_path: Path) -> None:
    path = rejected_bundle().write(tmp_path)
    (tmp_path / "final").mkdir()
    moved = path.rename(tmp_path / "final" / TASK_ID)
    assert _problems(moved) == ["REVIEW.md: verdict: is FAIL but a bundle under final/ needs PASS"]


def test_not_utf8_and_not_a_folder(tmp_path: Path) -> None:
    path = final_bundle().write(tmp_path)
    (path / "golden_patch.py").write_bytes(b"print('\xff')\n")
    assert _problems(path) == ["golden_patch.py: not UTF-8 text (invalid start byte at byte 7)"]
    assert _problems(tmp_path / "nowhere") == [f"{tmp_path / 'nowhere'}: not a folder"]


def test_review_must_name_the_same_task(tmp_path: Path) -> None:
    path = final_bundle().write(tmp_path)
    other = passing_review("other-task").render()
    (path / "REVIEW.md").write_text(other)
    assert _problems(path) == ["REVIEW.md: task_id: is 'other-task', not 'files-budget-total-001'"]
