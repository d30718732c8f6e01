"""``cuagym train``: the paper's recipe on verl.

``cuagym train --preset paper-gspo --model PATH --data DIR [--dry-run] [-- OVERRIDE...]`` builds
the verl configuration of the preset (Hydra overrides on verl's ``ppo_trainer``; the ones after
``--`` come last and win), validates it with verl's own checks and config classes, writes the
agent loop's registration file and the resolved config into ``--run-dir``, and starts verl's
entry point (``python -m verl.trainer.main_ppo``) — or, with ``--dry-run``, prints the config.

The model is settled first (:mod:`cuagym.rl._model_source`): a local folder or a model id in
the local Hugging Face cache is read offline; any other id is looked up on the hub once, with a
short timeout, so an unreachable hub is said in one line at once rather than after a minute of
retries and as an "invalid configuration".

Exit codes: 0 ok · 2 bad arguments, a model that cannot be read, or an invalid configuration
(the message says which) · otherwise verl's own exit code.
"""

from __future__ import annotations

import contextlib
import subprocess
import sys
from pathlib import Path
from typing import Annotated

import typer

BAD_INPUT = 2


def _fail(message: str) -> typer.Exit:
    typer.echo(f"error: {message}", err=True)
    return typer.Exit(BAD_INPUT)


def train_command(
    ctx: typer.Context,
    model: Annotated[
        str, typer.Option(help="The policy: a local model folder or a Hugging Face model id.")
    ],
    data: Annotated[Path, typer.Option(help="cuagym export verl's folder.")],
    preset: Annotated[str, typer.Option(help="The recipe (paper-gspo).")] = "paper-gspo",
    run_dir: Annotated[
        Path, typer.Option(help="Checkpoints, the resolved config, the agent loop's file.")
    ] = Path("runs/paper-gspo"),
    nnodes: Annotated[int, typer.Option(help="Training nodes.")] = 1,
    gpus_per_node: Annotated[int, typer.Option(help="GPUs per node (training and rollout).")] = 8,
    rollout_nnodes: Annotated[int, typer.Option(help="Rollout nodes (separate GPUs).")] = 1,
    engine: Annotated[str, typer.Option(help="Rollout engine: sglang or vllm.")] = "sglang",
    max_steps: Annotated[int, typer.Option(help="Agent turns per episode.")] = 100,
    executor: Annotated[str, typer.Option(help="Where environments run: local or ray.")] = "local",
    group: Annotated[int, typer.Option(help="G: valid rollouts kept per prompt.")] = 16,
    oversample: Annotated[int, typer.Option(help="Rollouts started per prompt (verl's n).")] = 20,
    image_factor: Annotated[
        int, typer.Option(help="The processor's patch x merge size: 28 (Qwen2/2.5-VL) or 32.")
    ] = 28,
    dry_run: Annotated[
        bool, typer.Option("--dry-run", help="Validate and print the config; start nothing.")
    ] = False,
) -> None:
    """Train a policy with the paper's recipe on verl (overrides for verl after --)."""
    from cuagym.rl._model_source import ModelUnavailableError, go_offline, resolve_model
    from cuagym.rl._verl_config import (
        PRESETS,
        LoopOptions,
        compose,
        require_train_extra,
        validate,
        verl_command,
        write_agent_loop_config,
    )

    require_train_extra()  # before anything else: without verl nothing below can run

    make = PRESETS.get(preset)
    if make is None:
        raise _fail(f"unknown preset {preset!r}: one of {', '.join(PRESETS)}")
    if executor not in ("local", "ray"):
        raise _fail(f"unknown executor {executor!r}: local or ray")
    if image_factor not in (28, 32):
        raise _fail(f"image factor {image_factor}: 28 or 32")
    if not 0 < group <= oversample:
        raise _fail(f"need 0 < group <= oversample, got {group} and {oversample}")
    try:
        source = resolve_model(model)
    except ModelUnavailableError as exc:
        raise _fail(str(exc)) from None
    if source.offline:
        go_offline()
    run_dir = run_dir.resolve()
    loop_file = run_dir / "agent_loop.yaml"
    overrides = make(
        model=model,
        data=data.resolve(),
        agent_loop_config=loop_file,
        run_dir=run_dir,
        nnodes=nnodes,
        gpus_per_node=gpus_per_node,
        rollout_nnodes=rollout_nnodes,
        rollout_gpus_per_node=gpus_per_node,
        oversample=oversample,
        engine=engine,
    )
    overrides += list(ctx.args)
    try:
        # verl prints its checks; stdout is the config's alone (a dry run pipes it).
        with contextlib.redirect_stdout(sys.stderr):
            config = compose(overrides)
            validate(config)
    except ModelUnavailableError as exc:
        raise _fail(str(exc)) from None
    except Exception as exc:  # Hydra, OmegaConf and verl raise many kinds; all mean bad input
        raise _fail(f"invalid verl configuration: {type(exc).__name__}: {exc}") from None
    from omegaconf import OmegaConf

    text = OmegaConf.to_yaml(config)
    if dry_run:
        typer.echo(text)
        typer.echo("# valid: verl's validate_config and config classes accept it", err=True)
        return
    options = LoopOptions(
        max_steps=max_steps,
        group_size=group,
        executor=executor,
        image_spec={"factor": image_factor},
    )
    write_agent_loop_config(loop_file, options)
    (run_dir / "config.yaml").write_text(text, encoding="utf-8")
    command = verl_command(overrides)
    typer.echo("starting verl: " + " ".join(command), err=True)
    raise typer.Exit(subprocess.call(command))
