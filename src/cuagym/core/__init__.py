"""Models and helpers shared by every part of cuagym. Imports nothing else of ours."""

from cuagym.core._atomic import folder_lock, sweep_stale, write_folder_atomically
from cuagym.core._bundle import BUNDLE_FILES, Bundle, BundleError
from cuagym.core._episode import (
    EPISODE_FILE,
    FINAL_SCREEN,
    TURNS_FILE,
    Episode,
    EpisodeCheck,
    EpisodeError,
    EpisodeRecord,
    EpisodeStatus,
    TurnRecord,
    screen_name,
)
from cuagym.core._initial_home import INITIAL_HOME_ENV, INITIAL_SNAPSHOT
from cuagym.core._json import canonical_bytes, canonical_json, loads, state_id
from cuagym.core._near_misses import (
    NEAR_MISS_KINDS,
    AcceptedNearMiss,
    AllowedNearMiss,
    NearMissKind,
    NearMissReport,
    TriedNearMiss,
)
from cuagym.core._osworld import Evaluator, GetterConfig, OSWorldConfig, SetupStep
from cuagym.core._review import (
    CONDITION_IDS,
    REQUIRED_OK,
    ConditionId,
    ConditionResult,
    ForbiddenHit,
    Review,
)
from cuagym.core._reward_output import Check, RewardOutput, parse_reward_output
from cuagym.core._schemas import schemas
from cuagym.core._start import StartWindow
from cuagym.core._task import (
    Difficulty,
    Platform,
    Scenario,
    SourcePass,
    TaskConfig,
    TaskMeta,
    TaskType,
    validate_task_id,
)

__all__ = [
    "BUNDLE_FILES",
    "CONDITION_IDS",
    "EPISODE_FILE",
    "FINAL_SCREEN",
    "INITIAL_HOME_ENV",
    "INITIAL_SNAPSHOT",
    "NEAR_MISS_KINDS",
    "REQUIRED_OK",
    "TURNS_FILE",
    "AcceptedNearMiss",
    "AllowedNearMiss",
    "Bundle",
    "BundleError",
    "Check",
    "ConditionId",
    "ConditionResult",
    "Difficulty",
    "Episode",
    "EpisodeCheck",
    "EpisodeError",
    "EpisodeRecord",
    "EpisodeStatus",
    "Evaluator",
    "ForbiddenHit",
    "GetterConfig",
    "NearMissKind",
    "NearMissReport",
    "OSWorldConfig",
    "Platform",
    "Review",
    "RewardOutput",
    "Scenario",
    "SetupStep",
    "SourcePass",
    "StartWindow",
    "TaskConfig",
    "TaskMeta",
    "TaskType",
    "TriedNearMiss",
    "TurnRecord",
    "canonical_bytes",
    "canonical_json",
    "folder_lock",
    "loads",
    "parse_reward_output",
    "schemas",
    "screen_name",
    "state_id",
    "sweep_stale",
    "validate_task_id",
    "write_folder_atomically",
]
