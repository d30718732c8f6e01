"""Trajectory slicing on synthetic episodes: layout, images, masks, rewards, byte identity."""

from __future__ import annotations

from pathlib import Path

import pytest

from cuagym.agent.context import COLLAPSED, build_messages, prepare_image
from cuagym.core import ImageSpec
from cuagym.core.policy import TurnInput
from cuagym.llm import ImagePart
from cuagym.rl import slice_episode
from tests.rl.conftest import INSTRUCTION, screenshot, write_bundle_config, write_episode


@pytest.mark.parametrize(
    ("steps", "layout"),
    [
        (0, []),
        (1, [(0, 1)]),
        (10, [(0, 10)]),
        (11, [(0, 10), (10, 11)]),
        (25, [(0, 10), (10, 20), (20, 25)]),
    ],
)
def test_one_slice_per_interval(tmp_path: Path, steps: int, layout: list[tuple[int, int]]) -> None:
    episode = write_episode(tmp_path, steps)
    slices = slice_episode(episode)
    assert [(s.collapsed_length, s.end) for s in slices] == layout
    assert all(len(s.loss_mask) == 2 * (s.end - s.collapsed_length) for s in slices)


def test_other_intervals(tmp_path: Path) -> None:
    episode = write_episode(tmp_path, 7)
    assert [s.collapsed_length for s in slice_episode(episode, interval=3)] == [0, 3, 6]
    assert [s.collapsed_length for s in slice_episode(episode, interval=1)] == list(range(7))
    with pytest.raises(ValueError, match="interval must be positive"):
        slice_episode(episode, interval=0)


def test_which_images_stay(tmp_path: Path) -> None:
    episode = write_episode(tmp_path, 23)
    for s in slice_episode(episode):
        c = s.collapsed_length
        # The prompt: system, then turns [0, c) with every screenshot collapsed.
        assert s.prompt[0].role == "system"
        assert len(s.prompt) == 1 + 2 * c
        assert not any(m.images for m in s.prompt)
        user_texts = [m.text for m in s.prompt[1:] if m.role == "user"]
        assert all(text.endswith(COLLAPSED) for text in user_texts)
        # The response: turns [c, end) with their own screenshots, resized as sent.
        assert [m.role for m in s.response] == ["user", "assistant"] * (s.end - c)
        assert len(s.images) == s.end - c
        for t, image in zip(range(c, s.end), s.images, strict=True):
            assert image == prepare_image(screenshot(t), ImageSpec())
            assert (image.width, image.height) == (336, 224)
        assert not any(COLLAPSED in m.text for m in s.response)


def test_instruction_and_feedback_placement(tmp_path: Path) -> None:
    episode = write_episode(
        tmp_path, 12, feedback=lambda t: "Error: no such cell" if t in (3, 11) else None
    )
    first, second = slice_episode(episode)
    assert first.response[0].text.startswith(INSTRUCTION)
    assert first.response[6].text.startswith("Error: no such cell")  # turn 3's user message
    assert second.prompt[1].text == f"{INSTRUCTION}\n{COLLAPSED}"  # turn 0, collapsed
    assert second.response[2].text.startswith("Error: no such cell")  # turn 11


def test_slice_prompt_is_what_the_policy_saw(tmp_path: Path) -> None:
    """Slice c's prompt, followed by its response up to turn t's user message, is byte for byte
    the context the rollout built for turn t — for every t of the slice."""
    steps = 24
    episode = write_episode(tmp_path, steps, feedback=lambda t: "Error: x" if t % 7 == 3 else None)
    turns = [
        TurnInput(screenshot(t), episode.turns[t].feedback, episode.turns[t].response)
        for t in range(steps)
    ]
    for s in slice_episode(episode):
        for t in range(s.collapsed_length, s.end):
            context = build_messages(
                INSTRUCTION, [*turns[:t], TurnInput(screenshot(t), turns[t].feedback, None)]
            )
            mine = [*s.prompt, *s.response[: 2 * (t - s.collapsed_length) + 1]]
            assert [m.model_dump_json() for m in mine] == [m.model_dump_json() for m in context]


def test_every_mask_rule(tmp_path: Path) -> None:
    episode = write_episode(
        tmp_path,
        6,
        logprobs=lambda t: None if t == 2 else [-0.1] * 3,
        calls=lambda t: {4: 11, 5: 10}.get(t, 1),
    )
    (s,) = slice_episode(episode)
    # user messages never; turn 2 (no cached logprobs) and turn 4 (11 calls) not trained.
    assert s.loss_mask == [
        False, True,  # turn 0
        False, True,  # turn 1
        False, False,  # turn 2: no logprobs
        False, True,  # turn 3
        False, False,  # turn 4: more than 10 tool calls
        False, True,  # turn 5: exactly 10 calls is fine
    ]  # fmt: skip


@pytest.mark.parametrize("reward", [1.0, 0.0, 0.375])
def test_reward_on_every_slice(tmp_path: Path, reward: float) -> None:
    episode = write_episode(tmp_path, 31, reward=reward)
    slices = slice_episode(episode)
    assert len(slices) == 4
    assert [s.reward for s in slices] == [reward] * 4
    assert {(s.task_id, s.k) for s in slices} == {("calc-budget-001", 0)}


def test_unscored_episode_is_refused(tmp_path: Path) -> None:
    episode = write_episode(tmp_path, 3, reward=None)
    with pytest.raises(ValueError, match="no reward"):
        slice_episode(episode)


def test_instruction_from_the_bundle(tmp_path: Path) -> None:
    episode = write_episode(tmp_path, 2, extra={"instruction": None})
    with pytest.raises(ValueError, match=r"task_config\.json"):
        slice_episode(episode)
    write_bundle_config(tmp_path / "bundle", "Rename the folder.")
    (s,) = slice_episode(episode)
    assert s.response[0].text.startswith("Rename the folder.")


def test_spec_is_inferred_or_checked(tmp_path: Path) -> None:
    native = write_episode(tmp_path / "n", 2, sent=(320, 200))
    (s,) = slice_episode(native)
    assert (s.images[0].width, s.images[0].height) == (320, 200)
    f32 = write_episode(tmp_path / "f", 2, sent=ImageSpec(factor=32).size(320, 200))
    (s,) = slice_episode(f32)
    assert s.images[0].width % 32 == 0
    odd = write_episode(tmp_path / "o", 2, sent=(300, 100))
    with pytest.raises(ValueError, match="pass spec="):
        slice_episode(odd)
    with pytest.raises(ValueError, match="was sent"):
        slice_episode(native, spec=ImageSpec())


def test_images_are_built_lazily(tmp_path: Path) -> None:
    episode = write_episode(tmp_path, 3)
    (s,) = slice_episode(episode)
    assert "_messages" not in s.__dict__
    assert isinstance(s.images[0], ImagePart)
    assert "_messages" in s.__dict__
