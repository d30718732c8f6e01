"""Datasets out of a corpus and out of rollouts: verl's prompts and an SFT set of slices.

``export_verl``: one parquet row per verified tuple for verl's ``RLHFDataset``: the agent loop
to run (``agent_name``), the bundle it plays (``bundle``, an absolute path every rollout worker
must reach, e.g. on a shared filesystem), and the instruction as the chat prompt that verl hands
the agent loop as ``raw_prompt``. ``val.parquet`` holds tasks held out of ``train.parquet``
(a validation set the policy never trained on): by default 10 % of the tasks and at least one,
chosen by a hash of the task id, so the split is the same on every export of a corpus (and
does not follow folder order). ``val=0`` writes ``train.parquet`` alone. A corpus of one task has
nothing to hold out: it needs ``val=0``.

``export_sft``: the paper trains SFT on the same slices as RL. Each trained assistant turn of
an episode with reward ≥ ``min_reward`` becomes one prompt–completion row: the prompt is the
context the policy saw at that turn — its slice's prompt (older screenshots collapsed) and the
slice's turns up to the turn's screenshot — and the completion is the assistant's answer. TRL's
``SFTTrainer`` reads it as a conversational vision dataset and puts the loss on the completion
only, i.e. on assistant turns only, and only on those DESIGN.md §7 trains (a turn with more than
10 tool calls is not; cached logprobs are an RL matter and not required here).
"""

from __future__ import annotations

import hashlib
import os
import shutil
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cuagym._quiet import third_party_bars_off
from cuagym.core import Episode, TaskConfig
from cuagym.core.episode import EpisodeError
from cuagym.rl._chat import to_hf_messages
from cuagym.rl._slice import episode_source, slice_turns
from cuagym.rl._verl_config import AGENT_NAME

__all__ = [
    "VAL_FRACTION",
    "ExportSummary",
    "default_val_count",
    "export_sft",
    "export_verl",
    "find_bundles",
    "find_episodes",
]

_SKIP = (".", "_")


VAL_FRACTION = 0.1


@dataclass(frozen=True)
class ExportSummary:
    rows: int  # training rows
    files: list[Path]
    sources: int  # bundles or episodes read
    skipped: int = 0  # episodes below min_reward or unscored
    val_ids: tuple[str, ...] = ()  # export_verl: the tasks held out for validation


def default_val_count(tasks: int) -> int:
    """Tasks held out by default: 10 % of ``tasks``, at least one (``tasks`` >= 2)."""
    return max(1, int(tasks * VAL_FRACTION))


def find_bundles(corpus: Path) -> list[Path]:
    """Bundle folders (holding ``task_config.json``) under ``corpus``, sorted."""
    if not corpus.is_dir():
        raise ValueError(f"{corpus} is not a folder")
    if (corpus / "task_config.json").is_file():
        return [corpus.resolve()]
    found = [
        p.parent.resolve()
        for p in corpus.rglob("task_config.json")
        if not any(part.startswith(_SKIP) for part in p.relative_to(corpus).parts)
    ]
    return sorted(found)


def find_episodes(run: Path) -> list[Path]:
    """Episode folders (holding ``episode.json``) under ``run``, sorted."""
    if not run.is_dir():
        raise ValueError(f"{run} is not a folder")
    return sorted(
        p.parent
        for p in run.rglob("episode.json")
        if not any(part.startswith(_SKIP) for part in p.relative_to(run).parts)
    )


def _write_parquet(table: Any, path: Path) -> None:
    import pyarrow.parquet as pq

    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    pq.write_table(table, tmp)
    with open(tmp, "rb") as fh:
        os.fsync(fh.fileno())
    os.replace(tmp, path)


def _val_count(val: int | None, tasks: int, corpus: Path) -> int:
    if val is None:
        if tasks < 2:
            raise ValueError(
                f"{corpus} holds 1 task: a validation split holds out at least one task and "
                "keeps one for training; add tasks, or pass --val 0 for train.parquet alone"
            )
        return default_val_count(tasks)
    if val < 0 or (val and val >= tasks):
        raise ValueError(
            f"--val {val}: must be 0 (no validation split) up to {tasks - 1} for {tasks} tasks "
            "(at least one stays for training)"
        )
    return val


def export_verl(corpus: Path, out: Path, *, val: int | None = None) -> ExportSummary:
    """verl's dataset of ``corpus``'s bundles: ``OUT/train.parquet`` and ``OUT/val.parquet``
    (``val`` tasks held out by task id; None: :func:`default_val_count`; 0: no val.parquet)."""
    import pyarrow as pa

    bundles = find_bundles(corpus)
    if not bundles:
        raise ValueError(f"{corpus} holds no bundle (no task_config.json)")
    val = _val_count(val, len(bundles), corpus)
    rows = []
    seen: dict[str, Path] = {}
    for index, folder in enumerate(bundles):
        config = TaskConfig.model_validate_json((folder / "task_config.json").read_bytes())
        if config.task_id in seen:
            raise ValueError(
                f"task {config.task_id} twice: {seen[config.task_id]} and {folder} (a group is "
                "one prompt; give each bundle its own task id)"
            )
        seen[config.task_id] = folder
        rows.append(
            {
                "data_source": f"cuagym/{config.domain}",
                "agent_name": AGENT_NAME,
                "prompt": [{"role": "user", "content": config.instruction}],
                "bundle": str(folder),
                "task_id": config.task_id,
                "ability": "computer-use",
                # verl's reward managers read this column; the agent loop scores itself.
                "reward_model": {"style": "rule", "ground_truth": config.task_id},
                "extra_info": {
                    "index": index,
                    "task_id": config.task_id,
                    "bundle": str(folder),
                    "domain": config.domain,
                },
            }
        )

    def held_out(row: dict[str, Any]) -> str:
        return hashlib.sha256(row["task_id"].encode()).hexdigest()

    val_ids: set[str] = {str(r["task_id"]) for r in sorted(rows, key=held_out)[:val]}
    train_rows = [r for r in rows if r["task_id"] not in val_ids]
    val_rows = [r for r in rows if r["task_id"] in val_ids]
    out.mkdir(parents=True, exist_ok=True)
    parts = [("train.parquet", train_rows)] + ([("val.parquet", val_rows)] if val_rows else [])
    files = []
    for name, part in parts:
        _write_parquet(pa.Table.from_pylist(part), out / name)
        files.append(out / name)
    if not val_rows:  # an earlier export's split must not pass for this one's
        (out / "val.parquet").unlink(missing_ok=True)
    return ExportSummary(
        rows=len(train_rows), files=files, sources=len(bundles),
        val_ids=tuple(sorted(val_ids)),
    )  # fmt: skip


def _sft_rows(episode: Episode) -> Iterator[dict[str, Any]]:
    src = episode_source(episode)
    for s in slice_turns(src, require_logprobs=False):
        context = list(s.prompt)
        for i, message in enumerate(s.response):
            if message.role == "assistant" and s.loss_mask[i]:
                images = [img.png for m in context for img in m.images]
                yield {
                    "prompt": to_hf_messages(context),
                    "completion": to_hf_messages([message]),
                    "images": [{"bytes": png, "path": None} for png in images],
                    "task_id": s.task_id,
                    "k": s.k,
                    "collapsed_length": s.collapsed_length,
                    "turn": s.collapsed_length + i // 2,
                    "reward": s.reward,
                }
            context.append(message)


def export_sft(run: Path, out: Path, *, min_reward: float = 1.0) -> ExportSummary:
    """An SFT dataset of ``run``'s episodes with reward ≥ ``min_reward``: ``OUT/train.parquet``
    (Hugging Face ``datasets`` features: ``images`` is a list of images)."""
    from datasets import Dataset, Features, Image, Value
    from datasets import List as DList

    folders = find_episodes(run)
    if not folders:
        raise ValueError(f"{run} holds no episode (no episode.json)")
    rows: list[dict[str, Any]] = []
    skipped = 0
    for folder in folders:
        try:
            episode = Episode.load(folder)
        except EpisodeError as exc:
            raise ValueError(str(exc)) from None
        reward = episode.record.reward
        if reward is None or reward < min_reward:
            skipped += 1
            continue
        rows.extend(_sft_rows(episode))
    if not rows:
        raise ValueError(
            f"no trained turn in {run}: {len(folders)} episodes, {skipped} below reward "
            f"{min_reward} or unscored"
        )
    message = [
        {"role": Value("string"), "content": [{"type": Value("string"), "text": Value("string")}]}
    ]
    features = Features(
        {
            "prompt": message,
            "completion": message,
            "images": DList(Image()),
            "task_id": Value("string"),
            "k": Value("int64"),
            "collapsed_length": Value("int64"),
            "turn": Value("int64"),
            "reward": Value("float64"),
        }
    )
    # Content is always a list of parts here (a string content becomes one text part), so the
    # column has one type.
    for row in rows:
        for key in ("prompt", "completion"):
            for m in row[key]:
                if isinstance(m["content"], str):
                    m["content"] = [{"type": "text", "text": m["content"]}]
                else:
                    m["content"] = [
                        {"type": p["type"], "text": p.get("text")} for p in m["content"]
                    ]
    dataset = Dataset.from_list(rows, features=features)
    out.mkdir(parents=True, exist_ok=True)
    target = out / "train.parquet"
    tmp = out / f".train.parquet.{os.getpid()}.tmp"
    with third_party_bars_off("datasets"):
        dataset.to_parquet(str(tmp))
    with open(tmp, "rb") as fh:
        os.fsync(fh.fileno())
    os.replace(tmp, target)
    shutil.rmtree(out / ".cache", ignore_errors=True)
    return ExportSummary(rows=len(rows), files=[target], sources=len(folders), skipped=skipped)
