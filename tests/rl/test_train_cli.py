"""cuagym train --dry-run: the paper-gspo preset, validated by verl's own config classes."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from cuagym.cli import app
from tests.rl.conftest import write_bundle_config

pytest.importorskip("verl")
pytestmark = pytest.mark.slow


@pytest.fixture(autouse=True)
def _keep_hub_mode(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The command switches the hub libraries offline for its process; undo it per test."""
    import huggingface_hub.constants

    monkeypatch.setattr(
        huggingface_hub.constants, "HF_HUB_OFFLINE", huggingface_hub.constants.HF_HUB_OFFLINE
    )
    monkeypatch.delenv("HF_HUB_OFFLINE", raising=False)
    yield


@pytest.fixture(scope="module")
def setup(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    from cuagym.rl import save_tiny_vlm
    from cuagym.rl._export import export_verl

    root = tmp_path_factory.mktemp("train")
    model = save_tiny_vlm(root / "model")
    for i in range(2):
        write_bundle_config(root / "corpus" / f"t{i}", f"Task {i}.", task_id=f"calc-t-{i}")
    export_verl(root / "corpus", root / "data")
    return model, root / "data"


def _dry_run(setup: tuple[Path, Path], tmp_path: Path, *extra: str) -> tuple[int, str, str]:
    model, data = setup
    runner = CliRunner()
    result = runner.invoke(
        app,
        [
            "train",
            "--preset", "paper-gspo",
            "--model", str(model),
            "--data", str(data),
            "--run-dir", str(tmp_path / "run"),
            "--dry-run",
            *extra,
        ],
    )  # fmt: skip
    return result.exit_code, result.stdout, result.stderr


def test_dry_run_prints_the_paper_recipe(setup: tuple[Path, Path], tmp_path: Path) -> None:
    code, out, err = _dry_run(setup, tmp_path)
    assert code == 0, err
    assert "valid" in err
    config = yaml.safe_load(out)
    actor = config["actor_rollout_ref"]["actor"]
    assert actor["policy_loss"]["loss_mode"] == "gspo"
    assert actor["loss_agg_mode"] == "seq-mean-token-mean"
    assert actor["use_kl_loss"] is False
    assert (actor["clip_ratio_low"], actor["clip_ratio_high"]) == (0.2, 0.2)
    assert actor["optim"]["lr"] == 1e-6 and actor["optim"]["weight_decay"] == 0.01
    assert list(actor["optim"]["betas"]) == [0.9, 0.999]
    assert actor["ppo_mini_batch_size"] == 32 and actor["ppo_epochs"] == 1
    assert config["algorithm"]["adv_estimator"] == "grpo"
    assert config["algorithm"]["norm_adv_by_std_in_grpo"] is False
    assert config["data"]["train_batch_size"] == 128
    rollout = config["actor_rollout_ref"]["rollout"]
    assert rollout["n"] == 20 and rollout["temperature"] == 1.0
    assert rollout["val_kwargs"]["temperature"] == 0.6 and rollout["val_kwargs"]["top_p"] == 0.95
    assert rollout["max_model_len"] == 144_000 and rollout["prompt_length"] == 8192
    assert rollout["agent"]["default_agent_loop"] == "cuagym"
    trainer = config["trainer"]
    assert trainer["use_v1"] is True and trainer["v1"]["trainer_mode"] == "separate_async"
    assert trainer["v1"]["sampler"]["max_off_policy_threshold"] == 4
    assert trainer["total_training_steps"] == 1000
    # A dry run starts nothing and writes nothing.
    assert not (tmp_path / "run").exists()


def test_overrides_after_the_preset_win(setup: tuple[Path, Path], tmp_path: Path) -> None:
    code, out, err = _dry_run(
        setup, tmp_path, "--", "actor_rollout_ref.rollout.name=vllm", "trainer.nnodes=4"
    )
    assert code == 0, err
    config = yaml.safe_load(out)
    assert config["actor_rollout_ref"]["rollout"]["name"] == "vllm"
    assert config["trainer"]["nnodes"] == 4


@pytest.mark.parametrize(
    ("override", "message"),
    [
        ("actor_rollout_ref.actor.loss_agg_mode=per-token-nonsense", "loss_agg_mode"),
        ("actor_rollout_ref.actor.use_kl_loss=True", "reference model"),
        ("actor_rollout_ref.actor.ppo_mini_batch_size=48", "parameter_sync_step"),
        ("trainer.no_such_key=1", "no_such_key"),
    ],
)
def test_invalid_settings_are_refused_by_verl(
    setup: tuple[Path, Path], tmp_path: Path, override: str, message: str
) -> None:
    code, _, err = _dry_run(setup, tmp_path, "--", override)
    assert code == 2
    assert "invalid verl configuration" in err and message in err


def test_missing_data_is_named(setup: tuple[Path, Path], tmp_path: Path) -> None:
    model, _ = setup
    code, _, err = _dry_run((model, tmp_path / "nowhere"), tmp_path)
    assert code == 2 and "cuagym export verl" in err


# A hub that refuses every connection at once: what a machine without the model hub sees,
# without waiting on DNS. The hub libraries read these variables at import, hence subprocesses.
UNREACHABLE_HUB = "http://127.0.0.1:9"


def _train_process(
    setup: tuple[Path, Path], tmp_path: Path, model: str, **env: str
) -> subprocess.CompletedProcess[str]:
    _, data = setup
    environment = {k: v for k, v in os.environ.items() if k != "HF_HUB_OFFLINE"}
    environment.update(HF_ENDPOINT=UNREACHABLE_HUB, **env)
    return subprocess.run(
        [
            sys.executable, "-m", "cuagym.cli", "train",
            "--model", model,
            "--data", str(data),
            "--run-dir", str(tmp_path / "run"),
            "--dry-run",
        ],
        capture_output=True,
        text=True,
        env=environment,
        timeout=240,
    )  # fmt: skip


def test_a_local_model_folder_never_asks_the_hub(setup: tuple[Path, Path], tmp_path: Path) -> None:
    model, _ = setup
    done = _train_process(setup, tmp_path, str(model))
    assert done.returncode == 0, done.stderr
    assert "Retrying" not in done.stderr and "127.0.0.1:9" not in done.stderr


def test_a_cached_model_id_works_offline(setup: tuple[Path, Path], tmp_path: Path) -> None:
    model, _ = setup
    # The Hugging Face cache layout: refs/main names a snapshot folder holding the files.
    repo = tmp_path / "cache" / "models--tiny--vlm"
    revision = "0" * 40
    (repo / "refs").mkdir(parents=True)
    (repo / "refs" / "main").write_text(revision)
    shutil.copytree(model, repo / "snapshots" / revision)
    done = _train_process(setup, tmp_path, "tiny/vlm", HF_HUB_CACHE=str(tmp_path / "cache"))
    assert done.returncode == 0, done.stderr
    assert "Retrying" not in done.stderr


def test_an_unreachable_hub_is_said_in_one_line(setup: tuple[Path, Path], tmp_path: Path) -> None:
    done = _train_process(
        setup, tmp_path, "nobody/no-such-vlm", HF_HUB_CACHE=str(tmp_path / "empty-cache")
    )
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    assert "nobody/no-such-vlm" in lines[0] and "hub cannot be reached" in lines[0]
    assert "invalid verl configuration" not in done.stderr
    assert done.stdout == ""


def test_offline_mode_with_an_uncached_id_fails_at_once(
    setup: tuple[Path, Path], tmp_path: Path
) -> None:
    done = _train_process(
        setup,
        tmp_path,
        "nobody/no-such-vlm",
        HF_HUB_CACHE=str(tmp_path / "empty-cache"),
        HF_HUB_OFFLINE="1",
    )
    assert done.returncode == 2
    assert "HF_HUB_OFFLINE is set" in done.stderr and len(done.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize(
    ("name", "message"),
    [("missing-dir/model", "no such"), ("not a model id!", "not a Hugging Face model id")],
)
def test_a_model_that_is_neither_folder_nor_id_is_named(
    setup: tuple[Path, Path], tmp_path: Path, name: str, message: str
) -> None:
    _, data = setup
    target = str(tmp_path / name) if "/" in name else name
    code, out, err = _dry_run((Path(target), data), tmp_path)
    assert code == 2 and message in err and out == ""


def test_a_folder_without_a_model_is_named(setup: tuple[Path, Path], tmp_path: Path) -> None:
    _, data = setup
    code, _, err = _dry_run((tmp_path, data), tmp_path)
    assert code == 2 and "no config.json" in err
