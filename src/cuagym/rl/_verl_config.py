"""The paper's recipe as a verl configuration (DESIGN.md §7), built and checked by verl itself.

A preset is a list of Hydra overrides on verl's own ``ppo_trainer`` config: printable, diffable,
and exactly what ``python -m verl.trainer.main_ppo`` takes on its command line. :func:`compose`
loads verl's config with them, and :func:`validate` runs the checks verl's entry point runs
(``validate_config``) plus the conversions its workers do (actor, rollout, algorithm and model
sections into verl's dataclasses), so a bad setting fails here, before any GPU is allocated.

The paper (appendix C.3.3, Table 6): GSPO with sequence-mean-token-mean aggregation, advantage
r − group mean (GRPO without σ), no KL term and no reference model, ε = 0.2 on both sides,
AdamW lr 1e-6 (0.9, 0.999), eps 1e-8, weight decay 0.01, constant schedule; 128 prompts per
batch in 4 mini-batches of 32, 1 epoch, 1,000 steps; G = 16 of 20 over-sampled rollouts;
rollout temperature 1.0, evaluation 0.6 with top-p 0.95; 2,048 new tokens per turn, 144K context,
8K prompt; a separated trainer (rollout and training on their own GPUs) whose samples lag the
policy by at most 4 versions.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from importlib.resources import files
from pathlib import Path
from typing import Any

from cuagym._extras import needs_extra

__all__ = [
    "AGENT_NAME",
    "PRESETS",
    "LoopOptions",
    "compose",
    "paper_gspo",
    "validate",
    "verl_command",
    "write_agent_loop_config",
]

AGENT_NAME = "cuagym"
CONTEXT = 144_000
PROMPT = 8_192
NEW_TOKENS_PER_TURN = 2_048


@dataclass(frozen=True)
class LoopOptions:
    """What the cuagym agent loop needs besides verl's config (written to its YAML entry)."""

    max_steps: int = 100
    interval: int = 10
    max_new_tokens: int = NEW_TOKENS_PER_TURN
    group_size: int = 16  # of rollout.n over-sampled sessions, the first G valid are kept
    executor: str = "local"
    image_spec: dict[str, Any] = field(default_factory=dict)  # ImageSpec fields; {} = default

    def entry(self) -> dict[str, Any]:
        return {
            "name": AGENT_NAME,
            "_target_": "cuagym.rl._verl_loop.CuagymAgentLoop",
            "max_steps": self.max_steps,
            "interval": self.interval,
            "max_new_tokens": self.max_new_tokens,
            "group_size": self.group_size,
            "executor": self.executor,
            "image_spec": dict(self.image_spec),
        }


def write_agent_loop_config(path: Path, options: LoopOptions) -> Path:
    """verl's ``agent_loop_config_path`` file: registers the loop in every worker process."""
    import yaml

    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(path.suffix + ".tmp")
    tmp.write_text(yaml.safe_dump([options.entry()], sort_keys=False), encoding="utf-8")
    os.replace(tmp, path)
    return path


def paper_gspo(
    *,
    model: str,
    data: Path,
    agent_loop_config: Path,
    run_dir: Path,
    nnodes: int = 1,
    gpus_per_node: int = 8,
    rollout_nnodes: int = 1,
    rollout_gpus_per_node: int = 8,
    oversample: int = 20,
    engine: str = "sglang",
) -> list[str]:
    """The paper's recipe as verl overrides (see the module docstring for the sources)."""
    train = data / "train.parquet"
    val = data / "val.parquet"
    response = CONTEXT - PROMPT
    return [
        # data: cuagym export verl's parquet, one row per task (the instruction as the prompt)
        f"data.train_files={train}",
        f"data.val_files={val}",
        "data.prompt_key=prompt",
        "data.return_raw_chat=True",
        "data.train_batch_size=128",
        f"data.max_prompt_length={PROMPT}",
        f"data.max_response_length={response}",
        "data.filter_overlong_prompts=False",
        # the policy
        f"actor_rollout_ref.model.path={model}",
        "actor_rollout_ref.hybrid_engine=False",
        # GSPO, no KL, no reference model, entropy bonus 0
        "actor_rollout_ref.actor.policy_loss.loss_mode=gspo",
        "actor_rollout_ref.actor.loss_agg_mode=seq-mean-token-mean",
        "actor_rollout_ref.actor.clip_ratio_low=0.2",
        "actor_rollout_ref.actor.clip_ratio_high=0.2",
        "actor_rollout_ref.actor.use_kl_loss=False",
        "actor_rollout_ref.actor.kl_loss_coef=0.0",
        "actor_rollout_ref.actor.entropy_coeff=0.0",
        "actor_rollout_ref.actor.ppo_epochs=1",
        "actor_rollout_ref.actor.ppo_mini_batch_size=32",
        "actor_rollout_ref.actor.use_dynamic_bsz=True",
        f"actor_rollout_ref.actor.ppo_max_token_len_per_gpu={CONTEXT}",
        # AdamW, constant lr 1e-6, no warmup
        "actor_rollout_ref.actor.optim.optimizer=AdamW",
        "actor_rollout_ref.actor.optim.lr=1e-06",
        "actor_rollout_ref.actor.optim.betas=[0.9,0.999]",
        "actor_rollout_ref.actor.optim.weight_decay=0.01",
        "actor_rollout_ref.actor.optim.lr_scheduler_type=constant",
        "actor_rollout_ref.actor.optim.lr_warmup_steps=0",
        "actor_rollout_ref.actor.optim.lr_warmup_steps_ratio=0.0",
        "+actor_rollout_ref.actor.optim.override_optimizer_config={eps:1e-08}",
        # advantages: r - group mean (GRPO without sigma)
        "algorithm.adv_estimator=grpo",
        "algorithm.norm_adv_by_std_in_grpo=False",
        "algorithm.use_kl_in_reward=False",
        # rollout: G = 16 kept of 20 over-sampled (the agent loop's group gate), sampling
        f"actor_rollout_ref.rollout.name={engine}",
        "actor_rollout_ref.rollout.mode=async",
        f"actor_rollout_ref.rollout.n={oversample}",
        "actor_rollout_ref.rollout.temperature=1.0",
        "actor_rollout_ref.rollout.top_p=1.0",
        "actor_rollout_ref.rollout.top_k=-1",
        "actor_rollout_ref.rollout.val_kwargs.temperature=0.6",
        "actor_rollout_ref.rollout.val_kwargs.top_p=0.95",
        "actor_rollout_ref.rollout.val_kwargs.top_k=-1",
        "actor_rollout_ref.rollout.val_kwargs.do_sample=True",
        "actor_rollout_ref.rollout.val_kwargs.n=1",
        f"actor_rollout_ref.rollout.prompt_length={PROMPT}",
        f"actor_rollout_ref.rollout.response_length={response}",
        f"actor_rollout_ref.rollout.max_model_len={CONTEXT}",
        "actor_rollout_ref.rollout.calculate_log_probs=True",
        "actor_rollout_ref.rollout.log_prob_use_dynamic_bsz=True",
        f"actor_rollout_ref.rollout.log_prob_max_token_len_per_gpu={CONTEXT}",
        f"actor_rollout_ref.rollout.agent.default_agent_loop={AGENT_NAME}",
        f"actor_rollout_ref.rollout.agent.agent_loop_config_path={agent_loop_config}",
        # the separated trainer: rollout on its own GPUs, at most 4 policy versions of lag
        "trainer.use_v1=True",
        "trainer.v1.trainer_mode=separate_async",
        "trainer.v1.separate_async.parameter_sync_step=4",
        "trainer.v1.sampler.max_off_policy_threshold=4",
        "trainer.v1.sampler.max_off_policy_strategy=drop",
        f"actor_rollout_ref.rollout.nnodes={rollout_nnodes}",
        f"actor_rollout_ref.rollout.n_gpus_per_node={rollout_gpus_per_node}",
        "actor_rollout_ref.rollout.checkpoint_engine.backend=nccl",
        # schedule and bookkeeping
        "trainer.total_training_steps=1000",
        "trainer.total_epochs=1000",
        f"trainer.nnodes={nnodes}",
        f"trainer.n_gpus_per_node={gpus_per_node}",
        "trainer.project_name=cuagym",
        "trainer.experiment_name=paper-gspo",
        f"trainer.default_local_dir={run_dir / 'checkpoints'}",
        "trainer.logger=[console]",
        "trainer.val_before_train=False",
        "trainer.test_freq=50",
        "trainer.save_freq=50",
    ]


PRESETS = {"paper-gspo": paper_gspo}


def require_train_extra() -> None:
    """Raise :class:`~cuagym._extras.MissingExtra` unless verl and its config stack import."""
    with needs_extra("train"):
        import hydra  # noqa: F401
        import omegaconf  # noqa: F401
        import verl  # noqa: F401


def _config_dir() -> str:
    return str(files("verl") / "trainer" / "config")


def compose(overrides: Sequence[str]) -> Any:
    """verl's ``ppo_trainer`` config with ``overrides`` applied (Hydra syntax)."""
    from hydra import compose as hydra_compose
    from hydra import initialize_config_dir
    from hydra.core.global_hydra import GlobalHydra

    GlobalHydra.instance().clear()
    with initialize_config_dir(config_dir=_config_dir(), version_base=None):
        return hydra_compose(config_name="ppo_trainer", overrides=list(overrides))


def validate(config: Any, *, load_model: bool = True) -> None:
    """Run verl's own checks on ``config``: its entry point's ``validate_config`` and the
    dataclass conversions its trainer and workers make (model files are read when
    ``load_model``: the tokenizer and processor must load)."""
    from omegaconf import OmegaConf
    from verl.trainer.config import AlgoConfig
    from verl.trainer.ppo.utils import need_critic, need_reference_policy
    from verl.utils.config import omega_conf_to_dataclass, validate_config
    from verl.workers.config import HFModelConfig, RolloutConfig

    resolved = OmegaConf.create(OmegaConf.to_container(config, resolve=True))
    if need_reference_policy(resolved):
        raise ValueError("the configuration builds a reference model; the paper uses none (β = 0)")
    validate_config(
        config=resolved,
        use_reference_policy=need_reference_policy(resolved),
        use_critic=need_critic(resolved),
    )
    algorithm = omega_conf_to_dataclass(resolved.algorithm)
    if not isinstance(algorithm, AlgoConfig):
        raise TypeError(f"algorithm section is a {type(algorithm).__name__}, not AlgoConfig")
    omega_conf_to_dataclass(resolved.actor_rollout_ref.rollout, RolloutConfig)
    if load_model:
        try:
            omega_conf_to_dataclass(resolved.actor_rollout_ref.model, HFModelConfig)
        except OSError as exc:  # transformers' "couldn't connect" / missing files: not a setting
            from cuagym.rl._model_source import ModelUnavailableError

            model = resolved.actor_rollout_ref.model.path
            first = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
            message = f"model {model}: its files cannot be read ({first})"
            raise ModelUnavailableError(message) from exc
    if resolved.trainer.v1.trainer_mode == "separate_async":
        sync = resolved.trainer.v1.separate_async.parameter_sync_step
        mini = resolved.actor_rollout_ref.actor.ppo_mini_batch_size
        if resolved.data.train_batch_size != sync * mini:
            raise ValueError(
                f"separate_async needs train_batch_size = parameter_sync_step x "
                f"ppo_mini_batch_size ({resolved.data.train_batch_size} != {sync} x {mini})"
            )
    for key in ("train_files", "val_files"):
        path = Path(str(resolved.data[key]))
        if not path.is_file():
            raise ValueError(
                f"data.{key}: {path} does not exist (run cuagym export verl; it writes "
                "val.parquet unless --val 0)"
            )


def verl_command(overrides: Sequence[str]) -> list[str]:
    """verl's own entry point with ``overrides``."""
    return [sys.executable, "-m", "verl.trainer.main_ppo", *overrides]
