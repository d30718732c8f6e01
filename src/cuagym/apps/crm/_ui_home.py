"""Overview screens: home dashboard, pipeline board, tasks, reports and global search.

Everything here is derived from the records and read-only, except the pipeline board's stage
moves and the task checkboxes, which post to the record routes.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from datetime import date
from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from cuagym.apps.crm._entities import ENTITIES, record_title
from cuagym.apps.crm._fields import format_money_short
from cuagym.apps.crm._schema import LEAD_SOURCES, LEAD_STATUSES, STAGES
from cuagym.apps.crm._ui_common import State, load, page

__all__ = ["routes"]

_OPEN_STAGES = STAGES[:-2]


def _amount(opp: dict[str, Any]) -> int:
    return int(opp["amountCents"] or 0)


def _stage_summary(opps: list[dict[str, Any]]) -> list[dict[str, Any]]:
    rows = []
    for stage in STAGES:
        deals = [o for o in opps if o["stage"] == stage]
        total = sum(_amount(o) for o in deals)
        weighted = sum(_amount(o) * o["probability"] // 100 for o in deals)
        rows.append({"stage": stage, "count": len(deals), "total": total, "weighted": weighted})
    top = max((r["total"] for r in rows), default=0) or 1
    for r in rows:
        r["pct"] = round(100 * r["total"] / top)
    return rows


def _tasks(state: State, only_mine: bool) -> list[dict[str, Any]]:
    me = state["currentUser"]
    rows = []
    for a in state["activities"].values():
        if only_mine and a["ownerId"] != me:
            continue
        ent = ENTITIES[a["relatedType"]]
        target = state[ent.collection].get(a["relatedId"])
        rows.append(
            {
                **a,
                "related_title": record_title(ent.kind, target) if target else "—",
                "related_url": f"/{ent.path}/{a['relatedId']}",
                "related_label": ent.singular,
            }
        )
    rows.sort(key=lambda a: (a["dueDate"] is None, a["dueDate"] or "", a["id"]))
    return rows


async def home(request: Request) -> Response:
    _, state = await load(request)
    me = state["currentUser"]
    opps = list(state["opportunities"].values())
    open_opps = [o for o in opps if o["stage"] in _OPEN_STAGES]
    won = [o for o in opps if o["stage"] == "Closed Won"]
    recent = []
    for item in state["ui"]["recentItems"]:
        ent = ENTITIES[item["type"]]
        record = state[ent.collection].get(item["id"])
        if record is not None:
            recent.append({"ent": ent, "id": item["id"], "title": record_title(ent.kind, record)})
    context = {
        "kpis": {
            "open_pipeline": sum(_amount(o) for o in open_opps),
            "open_count": len(open_opps),
            "weighted": sum(_amount(o) * o["probability"] // 100 for o in open_opps),
            "won": sum(_amount(o) for o in won),
            "won_count": len(won),
            "open_leads": sum(
                1 for lead in state["leads"].values() if lead["status"] in LEAD_STATUSES[:4]
            ),
        },
        "stages": _stage_summary(open_opps)[: len(_OPEN_STAGES)],
        "my_tasks": [t for t in _tasks(state, only_mine=True) if t["status"] == "Open"][:8],
        "top_deals": sorted(
            (o for o in open_opps if o["ownerId"] == me), key=lambda o: -_amount(o)
        )[:6],
        "recent": recent,
    }
    return page(request, state, "home.html", context, active="home")


async def pipeline(request: Request) -> Response:
    """The board: one column per stage; cards drag between columns (or use the Move menu)."""
    _, state = await load(request)
    scope = request.query_params.get("view", "all")
    opps = [
        o
        for o in state["opportunities"].values()
        if scope != "mine" or o["ownerId"] == state["currentUser"]
    ]
    columns = []
    for row in _stage_summary(opps):
        cards = sorted(
            (o for o in opps if o["stage"] == row["stage"]),
            key=lambda o: (o["closeDate"], o["name"]),
        )
        meta = f"{row['count']} · {format_money_short(row['total'])}"
        columns.append((row["stage"], row["stage"], cards, meta))  # the kit board's columns
    context = {"columns": columns, "view": scope}
    return page(request, state, "pipeline.html", context, active="pipeline")


async def tasks(request: Request) -> Response:
    _, state = await load(request)
    show = request.query_params.get("show", "open")
    scope = request.query_params.get("view", "mine")
    today = request.query_params.get("today", "")  # tests may pin "today"
    rows = _tasks(state, only_mine=scope == "mine")
    day = today or date.today().isoformat()
    for r in rows:
        r["overdue"] = r["status"] == "Open" and r["dueDate"] is not None and r["dueDate"] < day
    if show == "open":
        rows = [r for r in rows if r["status"] == "Open"]
    elif show == "completed":
        rows = [r for r in rows if r["status"] == "Completed"]
    elif show == "overdue":
        rows = [r for r in rows if r["overdue"]]
    context = {"rows": rows, "show": show, "view": scope}
    return page(request, state, "tasks.html", context, active="tasks")


async def reports(request: Request) -> Response:
    _, state = await load(request)
    opps = list(state["opportunities"].values())
    by_owner: dict[str, Counter[str]] = defaultdict(Counter)
    for o in opps:
        row = by_owner[o["ownerId"]]
        if o["stage"] == "Closed Won":
            row["won"] += _amount(o)
            row["won_count"] += 1
        elif o["stage"] == "Closed Lost":
            row["lost_count"] += 1
        else:
            row["open"] += _amount(o)
            row["open_count"] += 1
    owners = [
        {"id": uid, **counts}
        for uid, counts in sorted(by_owner.items(), key=lambda item: -item[1]["won"])
    ]
    sources: dict[str | None, Counter[str]] = {s: Counter() for s in (*LEAD_SOURCES, None)}
    for lead in state["leads"].values():
        sources[lead["leadSource"]][lead["status"]] += 1
    months: dict[str, Counter[str]] = defaultdict(Counter)
    for o in opps:
        if o["stage"] in _OPEN_STAGES:
            months[o["closeDate"][:7]]["count"] += 1
            months[o["closeDate"][:7]]["total"] += _amount(o)
    context = {
        "stages": _stage_summary(opps),
        "owners": owners,
        "sources": [(s, c) for s, c in sources.items() if c],
        "statuses": LEAD_STATUSES,
        "months": sorted(months.items()),
    }
    return page(request, state, "reports.html", context, active="reports")


async def search(request: Request) -> Response:
    _, state = await load(request)
    query = request.query_params.get("q", "").strip()
    groups: list[dict[str, Any]] = []
    if query:
        needle = query.lower()
        for ent in ENTITIES.values():
            hits = [
                r
                for r in state[ent.collection].values()
                if any(needle in str(r.get(k) or "").lower() for k in ent.search)
            ]
            hits.sort(key=lambda r: record_title(ent.kind, r).lower())
            groups.append({"ent": ent, "hits": hits})
    total = sum(len(g["hits"]) for g in groups)
    context = {"q": query, "groups": groups, "total": total}
    return page(request, state, "search.html", context, active="")


def routes() -> list[Route]:
    return [
        Route("/", home, methods=["GET"]),
        Route("/pipeline", pipeline, methods=["GET"]),
        Route("/tasks", tasks, methods=["GET"]),
        Route("/reports", reports, methods=["GET"]),
        Route("/search", search, methods=["GET"]),
    ]
