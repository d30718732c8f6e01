"""cuagym export verl (parquet rows for verl's dataset) and export sft (TRL reads it)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from cuagym.rl._export import export_sft, export_verl
from tests.rl.conftest import INSTRUCTION, response, write_bundle_config, write_episode


def _corpus(root: Path, n: int) -> Path:
    for i in range(n):
        name = f"calc-task-{i:03d}"
        write_bundle_config(root / "final" / name, f"Task number {i}.", task_id=name)
    (root / ".cuagym-tmp" / "half-written").mkdir(parents=True)
    return root


def test_export_verl_rows_read_by_verls_dataset(tmp_path: Path, processor: Any) -> None:
    pytest.importorskip("verl")
    corpus = _corpus(tmp_path / "corpus", 3)
    summary = export_verl(corpus, tmp_path / "data", val=0)
    assert summary.rows == 3 and summary.sources == 3
    import pandas as pd

    frame = pd.read_parquet(tmp_path / "data" / "train.parquet")
    assert list(frame["agent_name"]) == ["cuagym"] * 3
    assert [Path(b).name for b in frame["bundle"]] == [f"calc-task-{i:03d}" for i in range(3)]
    assert all(
        Path(b).is_absolute() and (Path(b) / "task_config.json").is_file() for b in frame["bundle"]
    )
    # verl's own dataset turns the prompt column into the raw_prompt the agent loop receives.
    from omegaconf import OmegaConf
    from verl.utils.dataset.rl_dataset import RLHFDataset

    config = OmegaConf.create(
        {
            "prompt_key": "prompt",
            "max_prompt_length": 8192,
            "return_raw_chat": True,
            "filter_overlong_prompts": False,
        }
    )
    dataset = RLHFDataset(
        str(tmp_path / "data" / "train.parquet"), processor.tokenizer, config, processor
    )
    item = dataset[1]
    assert item["raw_prompt"] == [{"role": "user", "content": "Task number 1."}]
    assert item["agent_name"] == "cuagym"
    assert item["bundle"].endswith("calc-task-001")


def test_export_verl_holds_out_val_tasks(tmp_path: Path) -> None:
    pytest.importorskip("pyarrow")
    corpus = _corpus(tmp_path / "corpus", 5)
    export_verl(corpus, tmp_path / "data", val=2)
    import pandas as pd

    train = set(pd.read_parquet(tmp_path / "data" / "train.parquet")["task_id"])
    val = set(pd.read_parquet(tmp_path / "data" / "val.parquet")["task_id"])
    assert len(train) == 3 and len(val) == 2 and not train & val
    with pytest.raises(ValueError, match="--val 5: must be 0"):
        export_verl(corpus, tmp_path / "x", val=5)
    write_bundle_config(corpus / "final" / "dup", task_id="calc-task-000")
    with pytest.raises(ValueError, match="calc-task-000 twice"):
        export_verl(corpus, tmp_path / "z")
    with pytest.raises(ValueError, match="no bundle"):
        export_verl(tmp_path / "data", tmp_path / "y")


def test_export_sft_rows_are_what_the_policy_saw(tmp_path: Path) -> None:
    pytest.importorskip("datasets")
    run = tmp_path / "run"
    write_episode(run, 12, k=0, logprobs=lambda t: None, calls=lambda t: 11 if t == 4 else 1)
    write_episode(run, 3, k=1, reward=0.5)
    write_episode(run, 2, k=2, reward=None)
    summary = export_sft(run, tmp_path / "sft", min_reward=1.0)
    assert summary.sources == 3 and summary.skipped == 2
    assert summary.rows == 11  # 12 turns of the r = 1 episode, less turn 4 (11 tool calls)
    from datasets import load_dataset

    ds = load_dataset("parquet", data_files=str(summary.files[0]), split="train")
    assert [row["turn"] for row in ds] == [t for t in range(12) if t != 4]
    row = ds[10]  # turn 11: slice 10's prompt (turns 0-9 collapsed) and turn 10, then turn 11
    assert row["collapsed_length"] == 10
    assert row["completion"] == [
        {"role": "assistant", "content": [{"type": "text", "text": response(11)}]}
    ]
    assert len(row["images"]) == 2  # the screenshots of turns 10 and 11
    assert row["prompt"][1]["content"][0]["text"] == INSTRUCTION
    with pytest.raises(ValueError, match="no trained turn"):
        export_sft(run, tmp_path / "none", min_reward=1.01)


@pytest.mark.slow
def test_trl_sft_trainer_reads_it_and_trains_on_completions(tmp_path: Path, processor: Any) -> None:
    pytest.importorskip("trl")
    import torch
    from datasets import load_dataset
    from trl import SFTConfig, SFTTrainer

    from cuagym.rl._tiny import tiny_vlm

    run = tmp_path / "run"
    write_episode(run, 3, logprobs=lambda t: None)
    summary = export_sft(run, tmp_path / "sft")
    ds = load_dataset("parquet", data_files=str(summary.files[0]), split="train")
    model = tiny_vlm(processor)
    args = SFTConfig(
        output_dir=str(tmp_path / "out"),
        max_steps=1,
        per_device_train_batch_size=1,
        learning_rate=1e-3,
        report_to=[],
        use_cpu=True,
        save_strategy="no",
        gradient_checkpointing=False,
        max_length=None,
    )
    trainer = SFTTrainer(model=model, args=args, train_dataset=ds, processing_class=processor)
    batch = trainer.data_collator([trainer.train_dataset[2]])
    labels, ids = batch["labels"][0], batch["input_ids"][0]
    trained = ids[labels != -100].tolist()
    # Only the completion carries labels: the assistant's answer, its end-of-turn token and the
    # template's newline after it (TRL trains the completion's whole rendering).
    assert processor.tokenizer.decode(trained) == response(2) + "<|im_end|>\n"
    before = [p.detach().clone() for p in model.parameters()]
    result = trainer.train()
    assert torch.isfinite(torch.tensor(result.training_loss))
    assert any(
        not torch.equal(a, b.detach()) for a, b in zip(before, model.parameters(), strict=True)
    )


def test_export_verl_holds_out_a_validation_split_by_default(tmp_path: Path) -> None:
    pytest.importorskip("pyarrow")
    import pandas as pd

    for n, held in ((2, 1), (3, 1), (25, 2)):
        corpus = _corpus(tmp_path / f"corpus-{n}", n)
        data = tmp_path / f"data-{n}"
        summary = export_verl(corpus, data)
        train = list(pd.read_parquet(data / "train.parquet")["task_id"])
        val = list(pd.read_parquet(data / "val.parquet")["task_id"])
        assert len(val) == held and len(train) == n - held and not set(train) & set(val)
        assert summary.val_ids == tuple(sorted(val)) and summary.rows == n - held
        assert (data / "train.parquet").read_bytes() != (data / "val.parquet").read_bytes()
        # The same split on every export of the same corpus.
        again = export_verl(corpus, tmp_path / f"again-{n}")
        assert again.val_ids == summary.val_ids


def test_a_single_task_has_no_validation_split(tmp_path: Path) -> None:
    pytest.importorskip("pyarrow")
    corpus = _corpus(tmp_path / "corpus", 1)
    with pytest.raises(ValueError, match=r"holds 1 task.*--val 0"):
        export_verl(corpus, tmp_path / "data")
    assert not (tmp_path / "data").exists()
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "val.parquet").write_bytes(b"an earlier export's split")
    summary = export_verl(corpus, tmp_path / "data", val=0)
    assert summary.rows == 1 and summary.val_ids == ()
    assert not (tmp_path / "data" / "val.parquet").exists()


def test_export_verl_command_prints_the_split(tmp_path: Path) -> None:
    pytest.importorskip("pyarrow")
    from typer.testing import CliRunner

    from cuagym.cli import app

    corpus = _corpus(tmp_path / "corpus", 4)
    done = CliRunner().invoke(app, ["export", "verl", str(corpus), "--out", str(tmp_path / "d")])
    assert done.exit_code == 0, done.output
    (held,) = export_verl(corpus, tmp_path / "again").val_ids
    assert "train.parquet: 3 tasks" in done.stdout
    assert f"val.parquet: 1 task held out by task id ({held})" in done.stdout
    one = _corpus(tmp_path / "one", 1)
    refused = CliRunner().invoke(app, ["export", "verl", str(one), "--out", str(tmp_path / "o")])
    assert refused.exit_code == 2 and "holds 1 task" in refused.stderr
