"""What the policy sees (DESIGN.md §6): the context of turn t and the collapse schedule."""

from __future__ import annotations

from pathlib import Path

import pytest

from cuagym.agent._context import collapse_boundary
from cuagym.agent.context import COLLAPSED, SYSTEM_PROMPT, ImageCache, build_messages, turn_messages
from cuagym.core import ImageSpec
from cuagym.core.policy import TurnInput
from cuagym.envs import encode_png
from cuagym.llm import ImagePart, TextPart

INSTRUCTION = "Rename the channel #design to #product-design."


def shot(n: int) -> bytes:
    """A distinct 320x200 screenshot per turn."""
    return encode_png(320, 200, bytes([n % 256, 7, 9]) * (320 * 200))


def turns(count: int, *, feedback: dict[int, str] | None = None) -> list[TurnInput]:
    out = []
    for t in range(count):
        response = None if t == count - 1 else f"Action: step {t}.\n<tool_call>...</tool_call>"
        out.append(
            TurnInput(screenshot=shot(t), feedback=(feedback or {}).get(t), response=response)
        )
    return out


def test_collapse_boundary() -> None:
    assert [collapse_boundary(t) for t in (0, 9, 10, 19, 20, 25)] == [0, 0, 10, 10, 20, 20]
    assert collapse_boundary(7, interval=3) == 6
    with pytest.raises(ValueError):
        collapse_boundary(3, interval=0)


def test_first_turn_holds_the_system_prompt_instruction_and_screenshot() -> None:
    messages = build_messages(INSTRUCTION, turns(1), spec=ImageSpec(mode="native"))
    assert [m.role for m in messages] == ["system", "user"]
    assert messages[0].content == SYSTEM_PROMPT
    first = messages[1].content
    assert isinstance(first, list)
    assert first[0] == TextPart(text=INSTRUCTION)
    assert isinstance(first[1], ImagePart) and first[1].png == shot(0)


def test_turns_alternate_and_feedback_precedes_the_screenshot() -> None:
    ts = turns(3, feedback={1: 'Block 1: unknown action "clik".'})
    messages = build_messages(INSTRUCTION, ts, spec=ImageSpec(mode="native"))
    assert [m.role for m in messages] == [
        "system",
        "user",
        "assistant",
        "user",
        "assistant",
        "user",
    ]
    assert messages[2].content == ts[0].response
    second = messages[3].content
    assert isinstance(second, list) and len(second) == 2
    assert second[0] == TextPart(text='Block 1: unknown action "clik".')
    assert isinstance(second[1], ImagePart) and second[1].png == shot(1)
    assert INSTRUCTION not in messages[3].text  # only the first user message holds it


@pytest.mark.parametrize("count", [1, 9, 10, 11, 20, 23])
def test_screenshots_before_the_boundary_are_collapsed(count: int) -> None:
    messages = build_messages(INSTRUCTION, turns(count), spec=ImageSpec(mode="native"))
    users = [m for m in messages if m.role == "user"]
    boundary = collapse_boundary(count - 1)
    for t, message in enumerate(users):
        if t < boundary:
            assert message.images == [] and message.content[-1] == TextPart(text=COLLAPSED)  # type: ignore[index]
        else:
            assert [i.png for i in message.images] == [shot(t)]
    assert sum(len(m.images) for m in users) == count - boundary


def test_a_slice_prompt_equals_the_context_at_its_first_turn() -> None:
    """turn_messages builds slices: slice c's prompt + turn c's user message is exactly the
    context the policy saw when it generated turn c."""
    spec = ImageSpec()
    full = turns(25)
    for c in (0, 10, 20):
        context = build_messages(INSTRUCTION, [*full[:c], TurnInput(screenshot=shot(c))], spec=spec)
        prompt = [context[0]]
        for t in range(c):
            prompt += turn_messages(full[t], t, instruction=INSTRUCTION, collapsed=True, spec=spec)
        user_c = turn_messages(
            TurnInput(screenshot=shot(c)), c, instruction=INSTRUCTION, collapsed=False, spec=spec
        )
        assert [m.model_dump_json() for m in context] == [
            m.model_dump_json() for m in [*prompt, *user_c]
        ]


def test_images_are_resized_to_the_declared_spec_once() -> None:
    cache = ImageCache()
    messages = build_messages(INSTRUCTION, turns(3), spec=ImageSpec(), cache=cache)
    sizes = {(i.width, i.height) for m in messages for i in m.images}
    assert sizes == {(336, 224)}  # 64,000 px is below the minimum: scaled up
    build_messages(INSTRUCTION, turns(3), spec=ImageSpec(), cache=cache)
    assert len(cache) == 3


def test_screenshots_may_be_files(tmp_path: Path) -> None:
    path = tmp_path / "0000.png"
    path.write_bytes(shot(0))
    messages = build_messages(
        INSTRUCTION, [TurnInput(screenshot=path)], spec=ImageSpec(mode="native")
    )
    assert messages[1].images[0].png == shot(0)


def test_inconsistent_turns_are_refused() -> None:
    with pytest.raises(ValueError, match="at least turn 0"):
        build_messages(INSTRUCTION, [])
    with pytest.raises(ValueError, match="turn 0 has no response"):
        build_messages(INSTRUCTION, [TurnInput(screenshot=shot(0)), TurnInput(screenshot=shot(1))])
    with pytest.raises(ValueError, match="being generated has a response"):
        build_messages(INSTRUCTION, [TurnInput(screenshot=shot(0), response="x")])
