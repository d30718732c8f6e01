"""Episodes on disk (DESIGN.md §6): episode.json, turns.jsonl, screenshots, re-scoring history."""

from cuagym.core._episode import (
    EPISODE_FILE,
    FINAL_SCREEN,
    TURNS_FILE,
    EpisodeCheck,
    EpisodeError,
    EpisodeStatus,
    RewardChange,
    screen_name,
)

__all__ = [
    "EPISODE_FILE",
    "FINAL_SCREEN",
    "TURNS_FILE",
    "EpisodeCheck",
    "EpisodeError",
    "EpisodeStatus",
    "RewardChange",
    "screen_name",
]
