"""Re-scoring (DESIGN.md §13): episodes keep what their reward read; ``cuagym rescore`` re-runs
a (changed) reward.py on it without re-running the episode.

The end-to-end tests roll out a desktop bundle (a file-manager family, whose reward compares the
final home with the initial one) and a web bundle (team-chat, whose reward reads the hub's /go)
with the oracle in real environments, once for the module.
"""

from __future__ import annotations

import asyncio
import io
import json
import os
import shutil
import sys
import tarfile
from datetime import UTC, datetime
from pathlib import Path

import pytest

from cuagym.agent import PolicyConfig, RolloutBatch, rescore_run, run_rollouts
from cuagym.agent._final import (
    FINAL_HOME,
    FINAL_INITIAL_HOME,
    FINAL_MANIFEST,
    FinalManifest,
    archive_home,
    hub_file,
    unpack_home,
)
from cuagym.agent._rescore import rewrite_reward
from cuagym.core import Episode, EpisodeRecord
from cuagym.core.episode import EpisodeCheck, EpisodeError

ROOT = Path(__file__).resolve().parents[2]
CHAT = ROOT / "tests" / "synth" / "bundles" / "final" / "team-chat--set-channel-topic--0"

needs_gui = pytest.mark.skipif(
    not all(shutil.which(t) for t in ("Xvfb", "pcmanfm", "xdotool", "chromium")),
    reason="needs xvfb, xdotool, pcmanfm and chromium (make test installs them)",
)


def _cli(*args: str) -> tuple[int, str, str]:
    import subprocess

    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    done = subprocess.run(
        [sys.executable, "-m", "cuagym.cli", *args], env=env, capture_output=True, text=True,
        timeout=300, check=False,
    )  # fmt: skip
    return done.returncode, done.stdout, done.stderr


# -- the recorded homes ------------------------------------------------------------------------
def test_a_home_archive_unpacks_to_the_same_tree_links_modes_and_owners_kept(
    tmp_path: Path,
) -> None:
    home = tmp_path / "home"
    (home / "Documents").mkdir(parents=True)
    (home / "Documents" / "a.txt").write_text("alpha")
    (home / "private.txt").write_text("secret")
    os.chmod(home / "private.txt", 0o600)
    os.symlink("/etc/passwd", home / "Documents" / "link")  # kept as a link, never followed
    (home / ".cache").mkdir()
    (home / ".cache" / "thumb.png").write_bytes(b"x" * 100)
    os.lchown(home / "Documents" / "a.txt", 1000, 1000)
    data = archive_home(home)
    (tmp_path / "h.tar.gz").write_bytes(data)
    out = tmp_path / "out"
    out.mkdir()
    unpack_home(tmp_path / "h.tar.gz", out)
    assert (out / "Documents" / "a.txt").read_text() == "alpha"
    assert os.readlink(out / "Documents" / "link") == "/etc/passwd"
    assert (out / "private.txt").stat().st_mode & 0o777 == 0o600
    assert (out / "Documents" / "a.txt").stat().st_uid == 1000
    assert not (out / ".cache").exists(), "caches are not recorded"
    with pytest.raises(ValueError, match="exceed"):
        archive_home(home, limit=8)


def test_unpacking_refuses_a_member_outside_the_home(tmp_path: Path) -> None:
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w:gz") as tar:
        info = tarfile.TarInfo("../escaped.txt")
        info.size = 1
        tar.addfile(info, io.BytesIO(b"x"))
    (tmp_path / "bad.tar.gz").write_bytes(buf.getvalue())
    (tmp_path / "out").mkdir()
    with pytest.raises(tarfile.TarError):
        unpack_home(tmp_path / "bad.tar.gz", tmp_path / "out")
    assert not (tmp_path / "escaped.txt").exists()


def _record(task_id: str = "t", reward: float | None = 1.0) -> EpisodeRecord:
    return EpisodeRecord(
        task_id=task_id, k=0, bundle=str(CHAT), policy="oracle",
        status=EpisodeRecord.status_for(reward), ended_by="terminate", steps=0, reward=reward,
        checks=[EpisodeCheck(name="c", points=1.0, passed=True, detail="ok")],
        started_at=datetime.now(UTC), screen_size=(10, 10),
    )  # fmt: skip


def test_an_episode_writes_final_files_only_under_final(tmp_path: Path) -> None:
    folder = tmp_path / "t" / "0"
    with pytest.raises(EpisodeError, match="final/"):
        Episode.write(tmp_path, folder, _record(), [], {}, final={"home.tar.gz": b""})
    Episode.write(tmp_path, folder, _record(), [], {}, final={"final/x.json": b"{}"})
    assert (folder / "final" / "x.json").read_bytes() == b"{}"


def test_rewrite_keeps_the_old_reward_in_the_history(tmp_path: Path) -> None:
    folder = tmp_path / "t" / "0"
    Episode.write(tmp_path, folder, _record(), [], {})
    rewrite_reward(folder, 0.25, [EpisodeCheck(name="c", points=1, passed=False, detail="")], "x")
    data = json.loads((folder / "episode.json").read_text())
    assert data["reward"] == 0.25 and data["status"] == "failure"
    assert data["checks"][0]["passed"] is False
    assert [h["reward"] for h in data["reward_history"]] == [1.0]
    assert data["reward_history"][0]["status"] == "success" and data["reward_history"][0]["why"]
    rewrite_reward(folder, 1.0, [], "y")
    history = json.loads((folder / "episode.json").read_text())["reward_history"]
    assert [h["reward"] for h in history] == [1.0, 0.25]
    assert not [p for p in folder.iterdir() if p.name.endswith(".tmp")]


def test_bad_input_is_exit_2_and_an_episode_without_final_state_is_exit_1(tmp_path: Path) -> None:
    rc, _, err = _cli("rescore", str(tmp_path / "missing"))
    assert rc == 2 and "no such folder" in err
    rc, _, err = _cli("rescore", str(tmp_path))
    assert rc == 2 and "no episodes" in err
    folder = tmp_path / "t" / "0"
    Episode.write(tmp_path, folder, _record(), [], {})
    Episode.write(tmp_path, tmp_path / "u" / "0", _record("u", None), [], {})  # never scored
    rc, out, err = _cli("rescore", str(tmp_path), "--json")
    assert rc == 1, err
    line = json.loads(out)
    assert line["episodes"] == 1 and line["changed"] == [] and line["skipped"] == 1
    assert "kept nothing" in line["errors"][0]["error"]
    assert FinalManifest(home=None).problem() == "no final home was recorded"


# -- real rollouts, re-scored ------------------------------------------------------------------
@pytest.fixture(scope="module")
def rollouts(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[Path]]:
    """Oracle episodes of a desktop and a web bundle: (the run folder, the bundles)."""
    from cuagym.domains import load_domain, load_domains
    from cuagym.synth import BatchOptions, load_tasks_file, make_backend, run_batch

    tmp = tmp_path_factory.mktemp("rescore")
    task = load_domain("files").family("delete-temp-files").sample(0)
    listed = tmp / "tasks.json"
    listed.write_text(json.dumps([task.model_dump(mode="json")]))
    specs = load_tasks_file(listed, load_domains(), need_family=True)
    summary, outcomes = asyncio.run(
        run_batch(specs, make_backend("procedural"), BatchOptions(out=tmp / "corpus"))
    )
    assert summary.accepted == 1, [(o.task_id, o.status, o.detail) for o in outcomes]
    bundles = [*sorted((tmp / "corpus" / "final").iterdir()), CHAT]
    run = tmp / "run"
    done = asyncio.run(run_rollouts(bundles, PolicyConfig(policy="oracle"), RolloutBatch(out=run)))
    assert done.episodes == 2 and done.errors == 0, done.failures
    return run, bundles


@pytest.mark.gui
@pytest.mark.slow
@needs_gui
def test_rescore_reproduces_every_reward_of_oracle_rollouts(
    rollouts: tuple[Path, list[Path]],
) -> None:
    run, bundles = rollouts
    desktop, web = (run / b.name / "0" for b in bundles)
    for folder in (desktop, web):
        manifest = FinalManifest.model_validate_json((folder / FINAL_MANIFEST).read_bytes())
        assert manifest.problem() is None
        assert (folder / FINAL_HOME).is_file() and (folder / FINAL_INITIAL_HOME).is_file()
    assert json.loads((web / hub_file("team-chat")).read_bytes())["state_diff"], "the agent's diff"
    summary = asyncio.run(rescore_run(run))
    assert summary.errors == [] and len(summary.items) == 2
    for item in summary.items:
        assert item.old == 1.0 and item.new == item.old, item
        recorded = Episode.load(Path(item.folder)).record.checks
        assert item.checks == recorded, "the same checks, detail for detail"


@pytest.mark.gui
@pytest.mark.slow
@needs_gui
def test_a_changed_reward_is_reported_for_exactly_its_episodes_and_written_on_request(
    rollouts: tuple[Path, list[Path]], tmp_path: Path
) -> None:
    run, bundles = rollouts
    run = Path(shutil.copytree(run, tmp_path / "run"))
    fixed = tmp_path / "bundles"
    for b in bundles:
        shutil.copytree(b, fixed / b.name)
    reward = fixed / CHAT.name / "reward.py"
    text = reward.read_text()
    assert text.count("Office move on the 28th") == 2
    reward.write_text(text.replace("Office move on the 28th", "Office move on the 29th"))
    rc, out, err = _cli("rescore", str(run), "--bundles", str(fixed), "--json")
    assert rc == 0, err
    line = json.loads(out)
    assert line["episodes"] == 2 and line["errors"] == []
    assert line["changed"] == [{"task_id": CHAT.name, "k": 0, "old": 1.0, "new": 0.25}]
    episode = run / CHAT.name / "0" / "episode.json"
    assert json.loads(episode.read_text())["reward"] == 1.0, "nothing written without --write"
    rc, out, err = _cli("rescore", str(run), "--bundles", str(fixed), "--json", "--write")
    assert rc == 0 and json.loads(out)["written"] == 1, err
    data = json.loads(episode.read_text())
    assert data["reward"] == 0.25 and data["status"] == "failure"
    assert data["reward_history"][0]["reward"] == 1.0
    rc, out, err = _cli("rescore", str(run), "--bundles", str(fixed), "--json")
    assert rc == 0 and json.loads(out)["changed"] == [], "written: consistent with the fix now"
