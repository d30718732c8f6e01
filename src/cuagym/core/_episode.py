"""An episode on disk (DESIGN.md §6): what one rollout of one tuple leaves behind.

``OUT/<task_id>/<k>/`` for rollout ``k`` of a task holds

- ``episode.json`` — :class:`EpisodeRecord`, the outcome;
- ``turns.jsonl`` — one :class:`TurnRecord` per model turn;
- ``screens/NNNN.png`` — the screenshot shown at turn NNNN (native resolution), plus
  ``screens/final.png``, the screen after the last action.

Everything downstream reads these (teacher filter, RL slices, SFT data, batching statistics),
so the models are strict about the contract's fields and keep any extra keys a writer adds.
An episode folder is written atomically: a reader sees all of it or none of it.
"""

from __future__ import annotations

import json
import math
import os
import re
from collections.abc import Mapping, Sequence
from datetime import datetime
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from cuagym.core._atomic import write_folder_atomically
from cuagym.core._image_spec import CoordinateSpace, ImageSpec

__all__ = [
    "EPISODE_FILE",
    "FINAL_SCREEN",
    "SCREENS_DIR",
    "TURNS_FILE",
    "EndedBy",
    "Episode",
    "EpisodeCheck",
    "EpisodeError",
    "EpisodeRecord",
    "EpisodeStatus",
    "RewardChange",
    "TurnRecord",
    "screen_name",
]

EPISODE_FILE = "episode.json"
TURNS_FILE = "turns.jsonl"
SCREENS_DIR = "screens"
#: What the reward read, kept for re-scoring (DESIGN.md §13; cuagym.agent._final).
FINAL_DIR = "final"
FINAL_SCREEN = f"{SCREENS_DIR}/final.png"
_SCREEN = re.compile(rf"^{SCREENS_DIR}/(\d{{4,}}|final)\.png$")

EpisodeStatus = Literal["success", "failure", "error"]
EndedBy = Literal["terminate", "max_steps", "error"]
NonNeg = Annotated[float, Field(ge=0.0)]
Size = tuple[Annotated[int, Field(gt=0)], Annotated[int, Field(gt=0)]]


def screen_name(t: int) -> str:
    """The file of turn ``t``'s screenshot inside an episode folder: ``screens/0007.png``."""
    if t < 0:
        raise ValueError(f"turn index {t} is negative")
    return f"{SCREENS_DIR}/{t:04d}.png"


class EpisodeError(ValueError):
    """An episode folder that does not hold a valid episode (the message names file and line)."""


class EpisodeCheck(BaseModel):
    """One ``CHECK`` line of the reward run on the final state."""

    model_config = ConfigDict(frozen=True, extra="forbid", allow_inf_nan=False)

    name: str
    points: float = Field(ge=0.0)
    passed: bool
    detail: str = ""


def _absent(value: object) -> bool:
    return value is None


class RewardChange(BaseModel):
    """A reward that re-scoring replaced (``reward_history`` in episode.json, oldest first)."""

    model_config = ConfigDict(extra="allow", allow_inf_nan=False)

    reward: float | None = Field(None, ge=0.0, le=1.0)
    status: EpisodeStatus
    checks: list[EpisodeCheck] = Field(default_factory=list)
    replaced_at: str = Field(description="UTC time of the replacement, ISO 8601")
    why: str
    bundle: str | None = Field(
        None, exclude_if=_absent, description="the bundle that gave it, when another was used"
    )


class EpisodeRecord(BaseModel):
    """``episode.json``. ``status`` is ``success`` iff ``reward == 1.0``; an ``error`` episode
    (the sampler failed for good, or the machinery did) is never scored."""

    model_config = ConfigDict(extra="allow", allow_inf_nan=False)

    task_id: str
    k: int = Field(ge=0, description="rollout index of this task (0-based)")
    bundle: str = Field(description="the bundle folder the episode ran")
    policy: str = Field(description="oracle, openai:MODEL, anthropic:MODEL, ...")
    model: str | None = Field(None, description="the model name the provider reported")
    status: EpisodeStatus
    ended_by: EndedBy
    terminate_status: Literal["success", "failure"] | None = Field(
        None, description="what the policy claimed when it terminated"
    )
    steps: int = Field(ge=0, description="model turns taken")
    reward: float | None = Field(None, ge=0.0, le=1.0)
    checks: list[EpisodeCheck] = Field(default_factory=list)
    format_errors: int = Field(0, ge=0, description="malformed model messages")
    action_errors: int = Field(0, ge=0, description="actions the environment refused")
    sampler_retries: int = Field(0, ge=0, description="retries of failed model requests")
    wall_s: NonNeg = 0.0
    started_at: datetime = Field(description="UTC start time, ISO 8601")
    screen_size: Size = Field(description="the display's native [width, height]")
    # What a writer records when it has it. Each is absent (not null) when unset, and they are
    # declared in the order the rollout writes them, so episode.json keeps the key order and
    # bytes it had when these travelled as extras.
    error: str | None = Field(
        None, exclude_if=_absent, description="why an error episode has no reward"
    )
    coordinate_space: CoordinateSpace | None = Field(
        None, exclude_if=_absent, description="how the turns' coordinates read (the policy's)"
    )
    budget: Literal["time"] | None = Field(
        None, exclude_if=_absent, description="the budget that cut the episode, when not steps"
    )
    policy_end_error: str | None = Field(
        None, exclude_if=_absent, description="the policy's end() failed (the episode stands)"
    )
    final_screenshot_error: str | None = Field(
        None, exclude_if=_absent, description="the screen after the last action was not taken"
    )
    settings: dict[str, Any] | None = Field(
        None,
        exclude_if=_absent,
        description="what makes two episodes of a task comparable (cuagym rollout compares "
        "them on resume): policy, n, max_steps, sampling, image, coordinate_space, screen",
    )
    reward_history: list[RewardChange] | None = Field(
        None, exclude_if=_absent, description="earlier rewards, replaced by re-scoring"
    )
    # Recorded by other writers (e.g. an RL trainer's rollouts); the slicer reads them when
    # present and otherwise rebuilds them from the bundle and the screenshots.
    instruction: str | None = Field(None, exclude_if=_absent, description="the task's")
    system_prompt: str | None = Field(
        None, exclude_if=_absent, description="the system prompt the policy was given"
    )
    image_spec: ImageSpec | None = Field(
        None, exclude_if=_absent, description="how the screenshots were resized for the policy"
    )

    @model_validator(mode="after")
    def _status_matches_reward(self) -> EpisodeRecord:
        if self.status == "error":
            if self.reward is not None:
                raise ValueError("an episode with status 'error' is never scored (reward null)")
        elif self.reward is None:
            raise ValueError(f"an episode with status {self.status!r} needs its reward")
        elif (self.status == "success") != (self.reward == 1.0):
            raise ValueError(
                f"status {self.status!r} contradicts reward {self.reward}: "
                "success iff reward == 1.0"
            )
        if self.ended_by == "error" and self.status != "error":
            raise ValueError("an episode that ended by 'error' is never scored: status 'error'")
        return self

    @classmethod
    def status_for(cls, reward: float | None) -> EpisodeStatus:
        """The status a scored (or unscored) episode gets."""
        if reward is None:
            return "error"
        return "success" if reward == 1.0 else "failure"


class TurnRecord(BaseModel):
    """One line of ``turns.jsonl``: what the policy saw and did at turn ``t``."""

    model_config = ConfigDict(extra="allow", allow_inf_nan=False)

    t: int = Field(ge=0)
    screenshot: str = Field(description="screens/NNNN.png, relative to the episode folder")
    image_size: Size = Field(description="[width, height] of the image as sent to the policy")
    feedback: str | None = Field(
        None, description="the parser's or the action's error text shown before the screenshot"
    )
    response: str = Field(description="the raw assistant text")
    calls: list[dict[str, Any]] = Field(
        default_factory=list, description="parsed computer_use arguments, in order"
    )
    error: str | None = Field(None, description="the parser's message for a malformed response")
    results: list[str] = Field(default_factory=list, description='"ok" | "error: ..." per call')
    logprobs: list[float] | None = Field(None, description="per response token, when known")
    policy_version: int | None = None
    t_model_s: NonNeg = 0.0
    t_env_s: NonNeg = 0.0

    @model_validator(mode="after")
    def _consistent(self) -> TurnRecord:
        if not _SCREEN.match(self.screenshot) or self.screenshot == FINAL_SCREEN:
            raise ValueError(f"screenshot {self.screenshot!r} is not screens/NNNN.png")
        if self.error is not None and self.calls:
            raise ValueError("a malformed response executes no call: calls must be empty")
        if len(self.results) > len(self.calls):
            raise ValueError(f"{len(self.results)} results for {len(self.calls)} calls")
        for result in self.results:
            if result != "ok" and not result.startswith("error: "):
                raise ValueError(f"result {result!r} is neither 'ok' nor 'error: ...'")
        if self.logprobs is not None and not all(math.isfinite(x) for x in self.logprobs):
            raise ValueError("logprobs must be finite numbers")
        return self


class Episode:
    """An episode folder read back: its record, its turns and where its screenshots are."""

    def __init__(self, folder: Path, record: EpisodeRecord, turns: list[TurnRecord]) -> None:
        self.folder = folder
        self.record = record
        self.turns = turns

    def __repr__(self) -> str:
        r = self.record
        return f"Episode({r.task_id!r}, k={r.k}, {r.status}, reward={r.reward}, steps={r.steps})"

    def screenshot_path(self, t: int) -> Path:
        return self.folder / self.turns[t].screenshot

    @property
    def final_screenshot_path(self) -> Path | None:
        path = self.folder / FINAL_SCREEN
        return path if path.is_file() else None

    @classmethod
    def load(cls, folder: str | os.PathLike[str]) -> Episode:
        """Read and validate an episode folder (screenshots are checked to exist, not read)."""
        root = Path(folder)
        if not (root / EPISODE_FILE).is_file():
            raise EpisodeError(f"{root}: no {EPISODE_FILE} (not an episode folder)")
        try:
            record = EpisodeRecord.model_validate_json((root / EPISODE_FILE).read_bytes())
        except ValueError as exc:
            raise EpisodeError(f"{root / EPISODE_FILE}: {exc}") from None
        turns: list[TurnRecord] = []
        turns_path = root / TURNS_FILE
        lines = turns_path.read_text(encoding="utf-8").splitlines() if turns_path.is_file() else []
        for n, line in enumerate(lines, 1):
            if not line.strip():
                continue
            try:
                turn = TurnRecord.model_validate_json(line)
            except ValueError as exc:
                raise EpisodeError(f"{turns_path}:{n}: {exc}") from None
            if turn.t != len(turns):
                raise EpisodeError(f"{turns_path}:{n}: turn {turn.t} where {len(turns)} was due")
            if not (root / turn.screenshot).is_file():
                raise EpisodeError(f"{turns_path}:{n}: {turn.screenshot} is missing")
            turns.append(turn)
        if len(turns) != record.steps:
            raise EpisodeError(
                f"{root}: episode.json says {record.steps} steps, turns.jsonl has {len(turns)}"
            )
        return cls(root, record, turns)

    @staticmethod
    def write(
        out_root: str | os.PathLike[str],
        folder: str | os.PathLike[str],
        record: EpisodeRecord,
        turns: Sequence[TurnRecord],
        screens: Mapping[str, bytes],
        *,
        replace: bool = False,
        final: Mapping[str, bytes] | None = None,
    ) -> Path:
        """Write an episode folder atomically (inside ``out_root``, which holds the temp dir).

        ``screens`` maps ``screens/NNNN.png`` / ``screens/final.png`` to PNG bytes; every
        turn's screenshot must be among them. ``final`` maps ``final/...`` paths to what the
        reward read (DESIGN.md §13, kept for re-scoring).
        """
        if record.steps != len(turns):
            raise EpisodeError(f"record says {record.steps} steps for {len(turns)} turns")
        for i, turn in enumerate(turns):
            if turn.t != i:
                raise EpisodeError(f"turn {i} is numbered {turn.t}")
            if turn.screenshot not in screens:
                raise EpisodeError(f"turn {i}'s screenshot {turn.screenshot} was not given")
        for name in screens:
            if not _SCREEN.match(name):
                raise EpisodeError(f"{name!r} is not screens/NNNN.png or {FINAL_SCREEN}")
        for name in final or {}:
            parts = name.split("/")
            if parts[0] != FINAL_DIR or len(parts) < 2 or ".." in parts or "" in parts:
                raise EpisodeError(f"{name!r} is not a path under {FINAL_DIR}/")
        files: dict[str, bytes] = {
            **(final or {}),
            EPISODE_FILE: (record.model_dump_json(indent=2) + "\n").encode("utf-8"),
            TURNS_FILE: "".join(
                json.dumps(t.model_dump(mode="json"), ensure_ascii=False) + "\n" for t in turns
            ).encode("utf-8"),
            **screens,
        }
        return write_folder_atomically(out_root, folder, files, replace=replace)
