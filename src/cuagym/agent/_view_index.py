"""The run's index page (``RUN/view/index.html``): the run's figures and a table of episodes.

A header of headline figures, the same figures by domain and by status, then every episode
(instruction, domain, status, reward, steps, duration) in a table that sorts by any column and
filters by domain, status and free text. The page is self-contained: plain inline CSS and JS,
nothing fetched. Rows carry their values in ``data-*`` attributes, which the script sorts and
filters on; the figures of the rows shown are recomputed as the filters change.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from importlib import resources
from pathlib import Path

from cuagym.agent._view_style import BASE_STYLE
from cuagym.agent._view_summary import EpisodeRow, RunSummary, Tally

__all__ = ["index_html"]

_STYLE = resources.files("cuagym.agent").joinpath("_view_index.css").read_text(encoding="utf-8")

_SCRIPT = resources.files("cuagym.agent").joinpath("_view_index.js").read_text(encoding="utf-8")

_COLUMNS = (
    ("task", "task", "text"),
    ("domain", "domain", "text"),
    ("instruction", "instruction", "text"),
    ("status", "status", "text"),
    ("reward", "reward", "num"),
    ("steps", "steps", "num"),
    ("duration", "wall", "num"),
    ("policy", "policy", "text"),
)


def _pct(x: float | None) -> str:
    return "–" if x is None else f"{100 * x:.1f}%"


def _num(x: float | None, digits: int) -> str:
    return "–" if x is None else f"{x:.{digits}f}"


def _duration(seconds: float | None) -> str:
    if seconds is None:
        return "–"
    if seconds < 60:
        return f"{seconds:.1f} s"
    return f"{int(seconds // 60)} min {seconds % 60:02.0f} s"


def _kpis(s: RunSummary) -> str:
    o = s.overall
    cards = [
        ("episodes", f"{o.episodes:,}", "runs"),
        ("success rate", _pct(o.success_rate), f"{o.success} of {o.scored} scored"),
        ("mean reward", _num(o.mean_reward, 3), "over scored episodes"),
        ("mean steps", _num(o.mean_steps, 1), "over scored episodes"),
        ("mean duration", _duration(o.mean_wall_s), "per episode"),
        ("errors", f"{o.errors:,}", "never scored"),
    ]
    return "<div class='kpis'>" + "".join(
        f"<div class='kpi' data-figure='{html.escape(key)}' title='{html.escape(note)}'>"
        f"<div class='v'>{value}</div><div class='l'>{html.escape(key)}</div></div>"
        for key, value, note in cards
    ) + "</div>"  # fmt: skip


def _group_table(title: str, name: str, groups: dict[str, Tally], table_id: str) -> str:
    head = (
        f"<table id='{table_id}'><caption>{html.escape(title)}</caption><thead><tr>"
        f"<th>{name}</th><th class='num'>episodes</th><th class='num'>success</th>"
        "<th class='num' title='mean reward'>reward</th><th class='num' title='mean steps'>steps"
        "</th><th class='num' title='mean duration'>duration</th><th class='num'>errors</th>"
        "</tr></thead><tbody>"
    )
    rows = []
    for key, t in groups.items():
        label = (
            f"<span class='badge {html.escape(key)}'>{html.escape(key)}</span>"
            if name == "status"
            else html.escape(key)
        )
        rows.append(
            f"<tr data-group='{html.escape(key)}'><td>{label}</td>"
            f"<td class='num'>{t.episodes:,}</td><td class='num'>{_pct(t.success_rate)}</td>"
            f"<td class='num'>{_num(t.mean_reward, 3)}</td>"
            f"<td class='num'>{_num(t.mean_steps, 1)}</td>"
            f"<td class='num'>{_duration(t.mean_wall_s)}</td><td class='num'>{t.errors:,}</td></tr>"
        )
    return head + "".join(rows) + "</tbody></table>"


def _row(r: EpisodeRow) -> str:
    e = html.escape
    reward = "" if r.reward is None else f"{r.reward:g}"
    text = " ".join((r.task_id, r.domain, r.instruction, r.policy, r.status)).lower()
    instruction = r.instruction or "(instruction not found: the bundle is not readable here)"
    title = r.instruction + (f"\n\nerror: {r.error}" if r.error else "")
    return (
        f"<tr data-task='{e(r.task_id)} {r.k:06d}' data-domain='{e(r.domain)}' "
        f"data-instruction='{e(r.instruction)}' data-status='{e(r.status)}' "
        f"data-reward='{reward}' data-steps='{r.steps}' data-wall='{r.wall_s}' "
        f"data-policy='{e(r.policy)}' data-text='{e(text)}'>"
        f"<td class='task'><a href='{e(r.page)}'>{e(r.task_id)}</a> "
        f"<span class='k'>#{r.k}</span></td><td class='dom'>{e(r.domain)}</td>"
        f"<td class='instr' title='{e(title)}'><div>{e(instruction)}</div></td>"
        f"<td><span class='badge {e(r.status)}'>{e(r.status)}</span></td>"
        f"<td class='num'>{reward or '–'}</td><td class='num'>{r.steps}</td>"
        f"<td class='num'>{_duration(r.wall_s)}</td><td class='pol'>{e(r.policy)}</td></tr>"
    )


def _select(select_id: str, label: str, values: Sequence[str]) -> str:
    options = "".join(f"<option value='{html.escape(v)}'>{html.escape(v)}</option>" for v in values)
    return (
        f"<label>{label} <select id='{select_id}'><option value=''>all</option>{options}"
        "</select></label>"
    )


def index_html(
    run_dir: Path, rows: Sequence[EpisodeRow], summary: RunSummary, problems: Sequence[str]
) -> str:
    """The index page of a run (every value escaped here)."""
    e = html.escape
    when = ""
    if summary.first_start:
        when = f" · started {e(summary.first_start)}"
        if summary.last_start != summary.first_start:
            when += f" to {e(summary.last_start or '')}"
    policies = ("policies " if len(summary.policies) > 1 else "policy ") + (
        ", ".join(summary.policies) or "none"
    )
    heads = "".join(
        f"<th data-key='{key}' data-type='{kind}'" + (" class='num'" if kind == "num" else "")
        + f">{label}</th>"
        for label, key, kind in _COLUMNS
    )  # fmt: skip
    body = "".join(_row(r) for r in rows)
    skipped = ""
    if problems:
        skipped = f"<h2>Folders that are not episodes ({len(problems)})</h2>" + "".join(
            f"<pre class='perr'>{e(p)}</pre>" for p in problems
        )
    return (
        f"<!doctype html><html lang='en'><head><meta charset='utf-8'>"
        "<meta name='viewport' content='width=device-width, initial-scale=1'>"
        f"<title>Run {e(run_dir.name)} · cuagym</title>"
        f"<style>{BASE_STYLE}{_STYLE}</style></head><body><header class='top'>"
        f"<div class='crumb'>cuagym · rollout run</div><h1>{e(run_dir.name)}</h1>"
        f"<div class='meta'>{e(str(run_dir))} · {e(policies)}{when}</div></header><main>"
        + _kpis(summary)
        + "<div class='groups'><div>"
        + _group_table("By domain", "domain", summary.by_domain, "by-domain")
        + "</div><div>"
        + _group_table("By status", "status", summary.by_status, "by-status")
        + "</div></div><p class='small'>Success rate, mean reward and mean steps are over "
        "scored episodes (an error episode is never scored); duration is the mean wall time "
        "per episode.</p><h2>Episodes</h2><div class='toolbar'>"
        "<input id='q' type='search' placeholder='Search task, instruction, policy…' "
        "aria-label='search'>"
        + _select("domain", "domain", list(summary.by_domain))
        + _select("status", "status", list(summary.by_status))
        + "<span id='shown'></span></div>"
        f"<div class='scroll'><table id='episodes' class='episodes'><thead><tr>{heads}</tr>"
        f"</thead><tbody>{body}</tbody></table></div>"
        + ("" if rows else "<p class='empty'>No episodes in this folder.</p>")
        + skipped
        + f"</main><script>{_SCRIPT}</script></body></html>"
    )
