"""FormOracle: the skills the form-heavy apps' oracles share (reach, press, fill), on a page
read through a stand-in of the GUI environment's element finder."""

from __future__ import annotations

from typing import Any

import pytest

from cuagym.apps.web_oracle import Act, Element, FormOracle, PageBusy, Stage, call
from cuagym.core import TaskConfig

TASK = TaskConfig(
    task_id="t-1",
    instruction="Fill the form.",
    domain="crm",
    apps=["crm"],
    difficulty="easy",
    params={"x": 1},
)


class _Page:
    """``find_elements`` over a fixed list of elements, by selector."""

    def __init__(self, elements: dict[str, list[Element]]) -> None:
        self.elements = elements

    async def find_elements(self, selector: str) -> list[Element]:
        return self.elements.get(selector, [])

    async def page_url(self) -> str:
        return "http://hub/crm/"


class _Oracle(FormOracle):
    def stages(self) -> list[Stage]:
        return []

    def bring(self, element: Element) -> dict[str, Any]:
        return call("scroll", coordinate=[640, 400], pixels=-300)


def _element(*, value: str = "", in_view: bool = True, clickable: bool = True) -> Element:
    return {"visible": True, "in_view": in_view, "clickable": clickable, "value": value,
            "center": [100, 200], "attrs": {}}  # fmt: skip


async def _oracle(elements: dict[str, list[Element]]) -> _Oracle:
    oracle = _Oracle(TASK)
    await oracle.begin(TASK, _Page(elements))  # type: ignore[arg-type]
    return oracle


def _actions(act: Act | None) -> list[str]:
    assert act is not None
    return [c["action"] for c in act.calls]


async def test_press_clicks_what_is_in_reach_and_scrolls_towards_the_rest() -> None:
    oracle = await _oracle({})
    act = oracle.press(_element(), "save it.", commits=True)
    assert _actions(act) == ["left_click"] and act.commits
    covered = oracle.press(_element(clickable=False), "save it.", commits=True)
    assert _actions(covered) == ["scroll"] and not covered.commits
    assert _actions(oracle.press(_element(in_view=False), "save it.")) == ["scroll"]


async def test_set_text_fills_only_a_field_that_does_not_hold_the_value() -> None:
    oracle = await _oracle({"#name": [_element(value="Ada")], "#far": [_element(in_view=False)]})
    assert await oracle.set_text("#name", "Ada", "name") is None
    oracle.forget_page()
    act = await oracle.set_text("#name", "Ada Lovelace", "name")
    assert _actions(act) == ["left_click", "key", "type"]
    assert act is not None and act.calls[-1]["text"] == "Ada Lovelace"
    assert _actions(await oracle.set_text("#far", "x", "far field")) == ["scroll"]
    with pytest.raises(PageBusy, match="no field #missing"):
        await oracle.set_text("#missing", "x", "missing field")


def test_an_oracle_must_say_how_its_page_scrolls() -> None:
    class NoScroll(FormOracle):
        def stages(self) -> list[Stage]:
            return []

    with pytest.raises(TypeError, match="bring"):
        NoScroll(TASK)  # type: ignore[abstract]
