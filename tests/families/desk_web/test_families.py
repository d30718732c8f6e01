"""Desktop x web families: a workbook under /home/user and a web app's state in the hub.

- calc -> team-chat (``report-workbook-figure``) and mail -> calc (``record-mailed-prices``):
  their shape (apps, hard, leaves, start windows, frames), then for real, in sandboxed
  environments bound to sessions of a live hub: r(init) = 0 and r(gold) = 1 for seeds 0-2,
  every guard holding on the initial state;
- wrong end states a policy plausibly leaves (the golden patch, then a change script with its
  rights: a workbook edit, a hub write), each scoring < 1 with the named check failing; and
  right answers written another way (a figure as ``$12345.6``, a price with a currency format)
  still scoring 1.
"""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest

from cuagym.core import RewardOutput, TaskConfig
from cuagym.domains import DESKTOP_APPS, TaskFamily, load_domains, start_screen
from cuagym.families.cross.calc._cross_mail import _FRAMES as PRICE_FRAMES
from cuagym.families.cross.team_chat._cross_calc import _FRAMES as REPORT_FRAMES
from cuagym.taskgen import build_catalog, task_type_of
from cuagym.taskgen._cell import platform_of
from cuagym.taskgen._lint import lint_instruction
from tests.conftest import LiveHub
from tests.families.desktop_harness import (
    DesktopSample,
    check_desktop_sample,
    is_desk_web,
    score_end_states,
)

DOMAINS = load_domains()
REPORT = DOMAINS["team-chat"].family("report-workbook-figure")
PRICES = DOMAINS["calc"].family("record-mailed-prices")
FAMILIES = (REPORT, PRICES)
SEEDS = (0, 1, 2)
#: a report task of each measure: seeds 0-2 ask for a count and largest orders, 6 and 9 totals
PAIRS = [(f, s) for f in FAMILIES for s in SEEDS] + [(REPORT, 6), (REPORT, 9)]
#: each family's sentence frames as patterns (a slot matches any text)
FRAMES = {
    family.id: [re.compile(re.sub(r"\\\{\w+\\\}", ".+", re.escape(f)), re.S) for f in frames]
    for family, frames in ((REPORT, REPORT_FRAMES), (PRICES, PRICE_FRAMES))
}


def params(task: TaskConfig) -> dict[str, Any]:
    return dict(task.params or {})


# -- shape ----------------------------------------------------------------------------------------
def test_the_desktop_web_families_are_the_installed_ones() -> None:
    found = sorted(f.id for d in DOMAINS.values() for f in d.families if is_desk_web(f))
    assert found == ["record-mailed-prices", "report-workbook-figure"]


@pytest.mark.parametrize("family", FAMILIES, ids=lambda f: f.id)
def test_hard_cross_tasks_open_both_windows_the_changed_one_on_top(family: TaskFamily) -> None:
    assert family.difficulty == "hard" and len(family.task_apps()) == 2
    frames = set()
    for seed in range(40):
        task = family.sample(seed)
        assert task == family.sample(seed)
        windows = start_screen(task)
        assert [w.app for w in windows] == family.task_apps()
        desk = next(w for w in windows if w.app in DESKTOP_APPS)
        assert desk.path == params(task)["path"] and desk.path in task.context
        top = windows[-1].app
        assert top == ("team-chat" if family is REPORT else "calc")
        report = lint_instruction(task.instruction)
        assert report.ok and not report.warnings, (task.instruction, report.summary())
        frames.update(i for i, f in enumerate(FRAMES[family.id]) if f.fullmatch(task.instruction))
    assert frames == set(range(len(FRAMES[family.id]))) and len(frames) >= 5, frames


@pytest.mark.parametrize("family", FAMILIES, ids=lambda f: f.id)
def test_the_osworld_export_opens_both_windows_in_order(family: TaskFamily) -> None:
    from cuagym.synth._osworld_config import start_steps

    task = family.sample(0)
    start = [w.model_dump(exclude_none=True) for w in start_screen(task)]
    steps = start_steps(start, hub="http://hub.example:8000")
    web = next(a for a in family.task_apps() if a not in DESKTOP_APPS)
    kinds = ["open" if s.type == "open" else "web" for s in steps if s.type != "sleep"]
    assert kinds == ["web" if w["app"] == web else "open" for w in start]
    launch = next(s for s in steps if s.type == "launch")
    assert f"hub.example:8000/{web}/?sid=" in launch.parameters["command"]
    # a bundle's own config has no hub address yet: it opens the desktop window alone
    assert [s.type for s in start_steps(start, hub=None)] == ["open"]


def test_leaves_resolve_and_the_cells_are_cross_platform_cross_type() -> None:
    build_catalog(DOMAINS)  # raises on a leaf (or an also-covered leaf) no taxonomy has
    platforms = {d: dom.platform for d, dom in DOMAINS.items()}
    for family in FAMILIES:
        assert platform_of(family.task_apps(), platforms) == "cross"
        assert task_type_of(family.task_apps()) == "cross"


# -- live: r(init) = 0, r(gold) = 1 ---------------------------------------------------------------
@pytest.fixture(scope="module")
def samples(live_hub_module: LiveHub) -> dict[tuple[str, int], DesktopSample]:
    gate = asyncio.Semaphore(3)

    async def one(family: TaskFamily, seed: int) -> DesktopSample:
        async with gate:
            return await check_desktop_sample(family, seed, live_hub_module)

    async def everything() -> list[DesktopSample]:
        return await asyncio.gather(*(one(f, s) for f, s in PAIRS))

    done = asyncio.run(everything())
    return {(f.id, s): r for (f, s), r in zip(PAIRS, done, strict=True)}


def test_the_report_seeds_cover_every_measure() -> None:
    measures = {params(REPORT.sample(s))["measure"] for f, s in PAIRS if f is REPORT}
    assert measures == {"total", "number", "largest"}


@pytest.mark.slow
@pytest.mark.parametrize(("family", "seed"), PAIRS, ids=[f"{f.id}-{s}" for f, s in PAIRS])
def test_init_scores_zero_and_gold_scores_one(
    family: TaskFamily, seed: int, samples: dict[tuple[str, int], DesktopSample]
) -> None:
    from cuagym.core import parse_reward_output

    sample = samples[(family.id, seed)]
    assert sample.r_init == 0.0, sample.init_output
    assert sample.r_gold == 1.0, sample.gold_output
    init = parse_reward_output(sample.init_output)
    assert all(c.passed for c in init.checks if c.points == 0), sample.init_output


# -- live: wrong end states -----------------------------------------------------------------------
#: a change script's head: the task's params, the hub session (like a golden patch's)
_HEAD = """\
import json
import os
from pathlib import Path

import openpyxl
import requests

P = json.loads({params!r})
HUB = os.environ["CUAGYM_HUB"].rstrip("/")
SID = os.environ.get("CUAGYM_SID") or Path("/home/user/.cuagym/sid").read_text().strip()
AUTH = {{"Authorization": "Bearer " + os.environ.get("CUAGYM_HUB_TOKEN", "")}}


def state(app):
    r = requests.get(HUB + "/" + app + "/state", params={{"sid": SID}}, headers=AUTH, timeout=60)
    r.raise_for_status()
    return r.json()["stored_state"]


def put(app, current):
    r = requests.post(HUB + "/" + app + "/post", params={{"sid": SID}}, headers=AUTH,
                      json={{"action": "set_current", "state": current}}, timeout=60)
    assert r.status_code == 200, r.text


def post_in(channel, text):
    chat = state("team-chat")
    cid = next(c["id"] for c in chat["channels"].values() if c["name"] == channel)
    msgs = chat["messages"].setdefault(cid, [])
    last = max(m["ts"] for ms in chat["messages"].values() for m in ms)
    msgs.append({{"id": "m-9{{:03d}}".format(len(msgs)), "sender": chat["currentUser"],
                 "text": text, "ts": last, "threadParent": None, "reactions": [],
                 "attachments": [], "pinned": False, "editedAt": None}})
    put("team-chat", chat)


def region_figures():
    ws = openpyxl.load_workbook(P["path"])[P["sheet"]]
    out = {{}}
    for row in ws.iter_rows(min_row=2, max_col=6, values_only=True):
        out.setdefault(row[1], []).append(row[5])
    return out
"""


def script(body: str) -> Callable[[dict[str, Any]], str]:
    def build(p: dict[str, Any]) -> str:
        return _HEAD.format(params=json.dumps(p)) + body

    return build


@dataclass(frozen=True)
class Case:
    family: TaskFamily
    seed: int
    why: str
    change: Callable[[dict[str, Any]], str]
    fails: str | None  # the check that must fail; None: a right answer written another way
    from_gold: bool = True


ALSO_ELSEWHERE = script("""
other = next(c for c in ("general", "random", "customer-feedback") if c != P["channel"])
post_in(other, "FYI, figures are in #" + P["channel"])
""")
EVERY_REGION = script("""
figs = region_figures()
post_in(P["channel"], "; ".join(r + ": " + format(sum(v), ",.2f") + " in " + str(len(v))
                                + " orders, largest " + format(max(v), ",.2f")
                                for r, v in sorted(figs.items())))
""")
OFF_BY_ONE = script("""
wrong = P["figure"] + 1
post_in(P["channel"], P["region"] + ": " + (str(int(wrong)) if P["measure"] == "number"
                                            else format(wrong, ",.2f")))
""")
HELPER_CELL_SAVED = script("""
wb = openpyxl.load_workbook(P["path"])
ws = wb[P["sheet"]]
ws["H1"] = "Check"
ws["H2"] = "=SUMIF(B2:B40,\\"" + P["region"] + "\\",F2:F40)"
wb.save(P["path"])
""")
ROUNDED = script("""
post_in(P["channel"], P["region"] + " total: " + format(round(P["figure"]), ",d"))
""")
PLAIN_FORMAT = script("""
fig = P["figure"]
said = str(int(fig)) if P["measure"] == "number" else "$" + repr(round(fig, 2))
extra = (" " + P["product"]) if P["measure"] == "largest" else ""
post_in(P["channel"], P["region"] + extra + " -> " + said)
""")

KEPT_ITEM_TOO = script("""
wb = openpyxl.load_workbook(P["path"])
ws = wb[P["sheet"]]
for (cell,) in ws.iter_rows(min_row=2, max_col=1):
    if cell.value == P["kept"][0]:
        ws.cell(row=cell.row, column=4, value=round(P["kept"][2] * 1.05, 2))
wb.save(P["path"])
""")
PRICES_AS_TEXT = script("""
wb = openpyxl.load_workbook(P["path"])
ws = wb[P["sheet"]]
new = {c: n for c, _, _, n in P["changes"]}
for (cell,) in ws.iter_rows(min_row=2, max_col=1):
    if cell.value in new:
        ws.cell(row=cell.row, column=4, value=format(new[cell.value], ".2f"))
wb.save(P["path"])
""")
ONLY_THE_FIRST = script("""
wb = openpyxl.load_workbook(P["path"])
ws = wb[P["sheet"]]
code, _, _, price = P["changes"][0]
for (cell,) in ws.iter_rows(min_row=2, max_col=1):
    if cell.value == code:
        ws.cell(row=cell.row, column=4, value=price)
wb.save(P["path"])
""")
EMAIL_ARCHIVED = script("""
mail = state("mail")
for tid, thread in mail["threads"].items():
    first = [m for m in mail["messages"].values() if m["threadId"] == tid]
    if any(m["subject"] == P["subject"] for m in first):
        thread["folder"] = "archive"
put("mail", mail)
""")
NEW_ITEM_ROW = script("""
wb = openpyxl.load_workbook(P["path"])
ws = wb[P["sheet"]]
ws.append(["NEW-1", "Desk fan", "each", 29.9])
wb.save(P["path"])
""")
CURRENCY_FORMAT = script("""
wb = openpyxl.load_workbook(P["path"])
ws = wb[P["sheet"]]
new = {c: n for c, _, _, n in P["changes"]}
for (cell,) in ws.iter_rows(min_row=2, max_col=1):
    if cell.value in new:
        target = ws.cell(row=cell.row, column=4, value=new[cell.value])
        target.number_format = '"$"#,##0.00'
wb.save(P["path"])
""")

CASES: list[Case] = [
    Case(REPORT, 0, "also posted in another channel", ALSO_ELSEWHERE, "chat_unchanged_otherwise"),
    Case(REPORT, 1, "every region's figures listed", EVERY_REGION, "only_that_figure", False),
    Case(REPORT, 2, "the figure is off by one", OFF_BY_ONE, "figure_stated", False),
    Case(REPORT, 0, "a helper formula saved in the workbook", HELPER_CELL_SAVED, "files_unchanged"),
    Case(REPORT, 1, "the figure written as $12345.6", PLAIN_FORMAT, None, False),
    Case(REPORT, 2, "the figure written as $12345.6", PLAIN_FORMAT, None, False),
    Case(REPORT, 6, "the total written as $12345.6", PLAIN_FORMAT, None, False),
    Case(REPORT, 9, "every region's totals listed", EVERY_REGION, "only_that_figure", False),
    Case(REPORT, 9, "the total rounded to a whole number", ROUNDED, "figure_stated", False),
    Case(PRICES, 0, "the kept item's price changed too", KEPT_ITEM_TOO, "nothing_else_changed"),
    Case(PRICES, 1, "prices typed as text", PRICES_AS_TEXT, "price_*", False),
    Case(PRICES, 2, "only the first price updated", ONLY_THE_FIRST, "price_*", False),
    Case(PRICES, 0, "the email archived", EMAIL_ARCHIVED, "mailbox_unchanged"),
    Case(PRICES, 1, "a new item appended", NEW_ITEM_ROW, "nothing_else_changed"),
    Case(PRICES, 2, "the prices with a currency format", CURRENCY_FORMAT, None, False),
]


@pytest.fixture(scope="module")
def outputs(live_hub_module: LiveHub) -> dict[int, RewardOutput]:
    groups: dict[tuple[str, int], list[int]] = {}
    for i, case in enumerate(CASES):
        groups.setdefault((case.family.id, case.seed), []).append(i)
    gate = asyncio.Semaphore(3)

    async def group(key: tuple[str, int], indices: list[int]) -> list[RewardOutput]:
        family = CASES[indices[0]].family
        task = family.sample(key[1])
        gold = family.generate(task).golden_patch
        states: list[tuple[str, ...]] = []
        for i in indices:
            change = CASES[i].change(params(task))
            states.append((gold, change) if CASES[i].from_gold else (change,))
        async with gate:
            return await score_end_states(family, key[1], states, hub=live_hub_module)

    async def everything() -> list[list[RewardOutput]]:
        return await asyncio.gather(*(group(k, v) for k, v in groups.items()))

    done = asyncio.run(everything())
    return {i: out for indices, outs in zip(groups.values(), done, strict=True)
            for i, out in zip(indices, outs, strict=True)}  # fmt: skip


def test_each_family_has_three_wrong_end_states() -> None:
    for family in FAMILIES:
        assert sum(c.family is family and c.fails is not None for c in CASES) >= 3


@pytest.mark.slow
@pytest.mark.parametrize("index", range(len(CASES)), ids=[f"{c.family.id}:{c.why}" for c in CASES])
def test_end_states_score_as_they_should(index: int, outputs: dict[int, RewardOutput]) -> None:
    import fnmatch

    case, out = CASES[index], outputs[index]
    failed = [c.name for c in out.checks if not c.passed]
    if case.fails is None:
        assert out.reward == 1.0, (case.why, out)
        return
    assert out.reward is not None and out.reward < 1.0, (case.why, out)
    assert fnmatch.filter(failed, case.fails), (case.why, failed, out)
