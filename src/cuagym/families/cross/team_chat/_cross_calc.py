"""calc -> team-chat: a figure the workbook gives, reported in a channel (a desktop x web task).

``report-workbook-figure``: an orders workbook is open in Calc on the desktop and the team chat
in Chromium; the task asks for one figure of one region's orders (their total, their number,
or the product and amount of the largest one) posted to a named channel, as one message.

The task lives in two places: the workbook under ``/home/user`` (written by the setup's first
half, like every calc task) and the chat's state in the environment's hub session (its second
half). The context states the region's orders, so the Generator can build a workbook that
holds them among other regions' orders; the reward recomputes the figure from the *initial*
workbook (pinned to the context's figure) and reads the message from the hub. A message that
also states another region's figure or the overall one answers nothing, and neither the
workbook nor anything else in the chat may change.

Calc's modules are imported where they are used: the domains' family packages are loaded by
the registry one by one, and neither may need the other half-initialised.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from typing import Any, ClassVar

from cuagym.apps.calc import COMPANIES, PRODUCTS, REGIONS, slug
from cuagym.apps.team_chat import State, channel_id, ensure_member, gold_now, uid_of
from cuagym.apps.team_chat.edits import post_message
from cuagym.core import Difficulty, Policy, StartWindow, TaskConfig
from cuagym.families._family import GeneratedScripts, TaskParams, family_rng
from cuagym.families.calc.kit import setup_script as book_setup
from cuagym.families.cross.team_chat._calc_report import money, report_text
from cuagym.families.cross.team_chat._oracle_cross_calc import ReportWorkbookFigureOracle
from cuagym.families.team_chat.shared import (
    LOOKUPS,
    ChatFamily,
    ChatParams,
    golden_script,
    params_of,
    patch_ops,
    pick_people,
    quote,
)
from cuagym.families.team_chat.shared import setup_script as chat_setup_script
from cuagym.scripts import DESK_WEB_LIBRARIES, FIGURE_LIBRARY, doc_line, inlined_file
from cuagym.scripts import reward_script as compose_reward

__all__ = [
    "ReportWorkbookFigure",
    "ReportWorkbookFigureParams",
]

#: Channels a report may go to (the seed's, public and active).
_CHANNELS: tuple[str, ...] = ("general", "customer-feedback", "random")
#: What is asked, per measure: the phrase the instruction uses.
_WHAT: dict[str, str] = {
    "total": "the total Amount of the {region} orders, to the cent",
    "number": "the number of orders from the {region} region",
    "largest": "the product and the Amount (to the cent) of the largest {region} order",
}
# Sentence frames: each names the figure, the workbook, the channel and "one message".
_FRAMES: tuple[str, ...] = (
    "Post {what} from {file} in #{channel}, as one message.",
    "The people in #{channel} want to know {what}. The orders are in {file}; share it there "
    "in a single message.",
    "Using the orders listed in {file}, tell #{channel} {what}, in one message.",
    "Send one message to #{channel} that gives {what}, as sheet {sheet} of {file} has it.",
    "Report {what} to #{channel}: work it out from the workbook {file} and post it as a single "
    "message.",
)


def _region_orders(rng: random.Random, k: int) -> list[list[Any]]:
    """``k`` orders of the asked region: [product, units, unit price, amount], amounts distinct
    (so "the largest order" is one)."""
    while True:
        rows = []
        for _ in range(k):
            product, price = rng.choice(PRODUCTS)
            units = rng.randint(1, 40)
            rows.append([product, units, price, round(units * price, 2)])
        amounts = [r[3] for r in rows]
        if len(set(amounts)) == k:
            return rows


class ReportWorkbookFigureParams(ChatParams):
    """Task parameters of ``ReportWorkbookFigure`` (in the order its tasks list them)."""

    path: str
    sheet: str
    regions: list[str]
    region: str
    measure: str
    orders: list[list[int | float | str]]
    n_orders: int
    channel: str
    figure: int | float
    product: str | None = None


class ReportWorkbookFigure(ChatFamily[ReportWorkbookFigureParams]):
    """calc -> team-chat: one figure of one region's orders, posted to a channel."""

    id: ClassVar[str] = "report-workbook-figure"
    params_type: ClassVar[type[TaskParams] | None] = ReportWorkbookFigureParams
    apps: ClassVar[tuple[str, ...]] = ("calc", "team-chat")
    difficulty: ClassVar[Difficulty] = "hard"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("messaging", "compose", "post-message")
    also_covers: ClassVar[tuple[str, ...]] = ("calc:formulas/aggregate/conditional-aggregate",)

    def start_windows(self, params: Mapping[str, Any]) -> list[StartWindow]:
        """The workbook in Calc, then the chat on top: the chat is where the change happens."""
        return [
            StartWindow(app="calc", path=params["path"]),
            StartWindow(app="team-chat", page="/"),
        ]

    def oracle(self, task: TaskConfig) -> Policy | None:
        return ReportWorkbookFigureOracle(task)

    # -- Task-Gen -------------------------------------------------------------------------------
    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        (me,) = pick_people(rng, 1)
        company = rng.choice(COMPANIES)
        path = f"/home/user/Documents/{slug(company)}_orders.xlsx"
        sheet = "Orders"
        regions = rng.sample(REGIONS, 4)
        region = regions[0]
        measure = rng.choice(sorted(_WHAT))
        orders = _region_orders(rng, rng.randint(4, 7))
        n_orders = len(orders) + rng.randint(9, 14)
        channel = rng.choice(_CHANNELS)
        amounts = [o[3] for o in orders]
        largest = orders[amounts.index(max(amounts))]
        facts: dict[str, Any] = {
            "total": {"figure": round(sum(amounts), 2)},
            "number": {"figure": len(orders)},
            "largest": {"figure": largest[3], "product": largest[0]},
        }[measure]
        listed = "; ".join(f"{o[0]}, {o[1]} x {money(o[2])} = {money(o[3])}" for o in orders)
        what = _WHAT[measure].format(region=region)
        frame = rng.choice(_FRAMES)  # drawn last: the facts do not depend on the wording
        params: dict[str, Any] = {
            "me": me,
            "path": path,
            "sheet": sheet,
            "regions": sorted(regions),
            "region": region,
            "measure": measure,
            "orders": orders,
            "n_orders": n_orders,
            "channel": channel,
            **facts,
        }
        return self.make_task(
            task_id,
            frame.format(what=what, file=path, channel=channel, sheet=quote(sheet)),
            f"The team chat is open in the browser, signed in as {me}, a member of #{channel}. "
            f"{path} is open "
            f"in LibreOffice Calc: its sheet {quote(sheet)} lists {n_orders} orders, one a row "
            "from row 2 under the headers Order ID, Region, Product, Units, Unit price, Amount "
            f"(Amount = Units x Unit price), of the regions {', '.join(sorted(regions))}. The "
            f"{len(orders)} {region} orders are: {listed}. The figure asked for is "
            f"{self._figure_words(params)}. Amounts are written with a point for decimals and "
            "optional commas for thousands. The workbook stays as it is.",
            **params,
        )

    @staticmethod
    def _figure_words(p: Mapping[str, Any]) -> str:
        if p["measure"] == "number":
            return str(int(p["figure"]))
        if p["measure"] == "total":
            return money(p["figure"])
        return f"{p['product']} for {money(p['figure'])}"

    # -- Generator ------------------------------------------------------------------------------
    def inject(self, world: State, p: ReportWorkbookFigureParams, rng: random.Random) -> None:
        ensure_member(world, channel_id(world, p.channel), uid_of(p.me))

    def solve(self, state: State, p: ReportWorkbookFigureParams) -> None:
        cid = channel_id(state, p.channel)
        text = report_text(p.model_dump())
        post_message(state, cid, state["currentUser"], text, now=gold_now(state))

    def workbook_rows(self, p: dict[str, Any], rng: random.Random) -> list[list[Any]]:
        """Every order of the workbook: the region's (the context's) among the others'."""
        others = [r for r in p["regions"] if r != p["region"]]
        rows: list[list[Any]] = [[p["region"], *o] for o in p["orders"]]
        for _ in range(p["n_orders"] - len(p["orders"])):
            product, price = rng.choice(PRODUCTS)
            units = rng.randint(1, 40)
            rows.append([rng.choice(others), product, units, price, round(units * price, 2)])
        rng.shuffle(rows)
        first = rng.randrange(1000, 9000)
        return [[f"SO-{first + i}", *row] for i, row in enumerate(rows)]

    def generate(self, task: TaskConfig) -> GeneratedScripts:
        p = params_of(task)
        rows = self.workbook_rows(p, family_rng(task, "workbook"))
        sheet = {
            "title": p["sheet"],
            "rows": [["Order ID", "Region", "Product", "Units", "Unit price", "Amount"], *rows],
            "formats": {"E": "#,##0.00", "F": "#,##0.00"},
            "widths": {"A": 10, "B": 10, "C": 18, "F": 12},
        }
        world, gold = self.worlds(task)
        setup = (
            book_setup(task.task_id, p["path"], [sheet])
            + "\n\n"
            + chat_setup_script(task.task_id, world)
        )
        return GeneratedScripts(setup, golden_script(task.task_id, patch_ops(world, gold)))

    # -- Discriminator --------------------------------------------------------------------------
    def reward_body(self, p: ReportWorkbookFigureParams) -> str:
        return _BODY

    def write_reward(self, task: TaskConfig) -> str:
        p = params_of(task)
        return compose_reward(
            header=f'"""reward.py for {task.task_id}.\n\nTask: {doc_line(task.instruction)}\n"""',
            imports="import json\n\nimport openpyxl\n",
            libraries=[*DESK_WEB_LIBRARIES, FIGURE_LIBRARY, LOOKUPS],
            constants=f"P = json.loads({json.dumps(p, sort_keys=True)!r})",
            read=_READ,
            body=_BODY,
        )


_READ = """
data = hub_state("team-chat")
init, cur, diff = data["initial_state"], data["current_state"], data["state_diff"]
me = init["currentUser"]
start = initial_home()
book = openpyxl.load_workbook(initial_path(P["path"]), data_only=True)
"""

_BODY = inlined_file("cuagym.families.cross.team_chat._checks", "report_workbook_figure.py")
