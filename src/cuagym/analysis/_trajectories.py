"""The report's trajectories section: which episodes to show, and the rollout viewer's pages.

A run may hold thousands of episodes with a screenshot per turn; one self-contained page can
embed only a few. ``pick_episodes`` chooses them deterministically and spread out: it cycles
over the outcomes (success, failure, error) and takes each outcome's episodes in task order,
one per task before any task's second rollout. All episodes are listed in a table; the picked
ones are embedded as the rollout viewer's own page (``cuagym view``), each in an
``<iframe srcdoc>`` so its styles and scripts stay its own, with thumbnails of the screens and
the full images linked (see ``_screens``).
"""

from __future__ import annotations

import html
from collections import defaultdict
from collections.abc import Callable, Sequence
from pathlib import Path

from cuagym.analysis._analyze import Analysis
from cuagym.analysis._episodes import EpisodeInfo
from cuagym.analysis._screens import ReportScreens

__all__ = ["DEFAULT_VIEW", "pick_episodes", "trajectories_html"]

#: Trajectories embedded by default.
DEFAULT_VIEW = 12
_LISTED = 500
_OUTCOMES = ("success", "failure", "error")

#: Renders an episode folder as a page, showing its screenshots through the screen source.
EpisodeRenderer = Callable[[Path, ReportScreens], str]


def pick_episodes(episodes: Sequence[EpisodeInfo], n: int) -> list[EpisodeInfo]:
    """Up to ``n`` episodes, spread over outcomes and tasks (see the module docstring)."""
    queues: dict[str, list[EpisodeInfo]] = defaultdict(list)
    for status in _OUTCOMES:
        mine = sorted(
            (e for e in episodes if e.record.status == status),
            key=lambda e: (e.record.k, e.record.task_id, str(e.folder)),
        )
        queues[status] = mine
    picked: list[EpisodeInfo] = []
    while len(picked) < n and any(queues.values()):
        for status in _OUTCOMES:
            if queues[status] and len(picked) < n:
                picked.append(queues[status].pop(0))
    return sorted(picked, key=lambda e: (e.record.task_id, e.record.k))


def _renderer() -> EpisodeRenderer | None:
    """The rollout viewer's per-episode page renderer, when cuagym.agent provides one."""
    try:
        from cuagym.agent import render_episode_html  # type: ignore[attr-defined,unused-ignore]
    except ImportError:
        return None

    def render(folder: Path, screens: ReportScreens) -> str:
        page: str = render_episode_html(folder, screens=screens)
        return page

    return render


def _index_table(episodes: Sequence[EpisodeInfo], shown: set[Path]) -> str:
    rows = []
    for e in sorted(episodes, key=lambda e: (e.record.task_id, e.record.k))[:_LISTED]:
        r = e.record
        calls = sum(len(t.actions) for t in e.turns)
        reward = "–" if r.reward is None else f"{r.reward:g}"
        mark = "✓" if e.folder in shown else ""
        rows.append(
            f"<tr><td>{html.escape(r.task_id)}</td><td class='num'>{r.k}</td>"
            f"<td>{html.escape(r.policy)}</td>"
            f"<td class='status-{r.status}'>{r.status}</td><td class='num'>{reward}</td>"
            f"<td class='num'>{r.steps}</td><td class='num'>{calls}</td><td>{mark}</td></tr>"
        )
    more = len(episodes) - _LISTED
    caption = f"Episodes ({len(episodes):,})" + (f", first {_LISTED} listed" if more > 0 else "")
    return (
        f"<table class='episodes'><caption>{caption}</caption><thead><tr><th>task</th>"
        "<th class='num'>k</th><th>policy</th><th>status</th><th class='num'>reward</th>"
        "<th class='num'>steps</th><th class='num'>calls</th><th>shown above</th></tr></thead>"
        f"<tbody>{''.join(rows)}</tbody></table>"
    )


def _viewer(picked: Sequence[EpisodeInfo], render: EpisodeRenderer, screens: ReportScreens) -> str:
    options, frames = [], []
    for index, e in enumerate(picked):
        r = e.record
        label = f"{r.task_id} · k={r.k} · {r.status} · reward {r.reward}"
        options.append(f"<option value='{index}'>{html.escape(label)}</option>")
        try:
            page = render(e.folder, screens)
        except (ValueError, OSError) as exc:  # e.g. a screenshot missing: show why, go on
            page = (
                "<!doctype html><meta charset='utf-8'><p>This episode cannot be shown: "
                f"{html.escape(str(exc))}</p>"
            )
        hidden = "" if index == 0 else " hidden"
        frames.append(
            f"<iframe class='trajectory' data-episode='{html.escape(r.task_id)}/{r.k}' "
            f"title='{html.escape(label)}' srcdoc=\"{html.escape(page, quote=True)}\"{hidden}>"
            "</iframe>"
        )
    script = (
        "<script>document.getElementById('trajectory-pick').addEventListener('change',"
        "function(ev){document.querySelectorAll('iframe.trajectory').forEach("
        "function(f,i){f.hidden=String(i)!==ev.target.value;});});</script>"
    )
    return (
        "<div class='viewer-bar'><label for='trajectory-pick'>Trajectory</label>"
        f"<select id='trajectory-pick'>{''.join(options)}</select></div>" + "".join(frames) + script
    )


def trajectories_html(
    analysis: Analysis, *, view: int = DEFAULT_VIEW, screens: ReportScreens | None = None
) -> str:
    """The trajectories section's HTML (trusted: every value in it is escaped here);
    ``screens`` shows the screenshots (default: thumbnails only, nothing written)."""
    episodes = analysis.episodes
    if not episodes:
        return (
            "<p class='empty'>No episodes given: run `cuagym stats CORPUS --episodes RUN` "
            "to list and view trajectories.</p>"
        )
    picked = pick_episodes(episodes, max(0, view))
    render = _renderer()
    if render is None or not picked:
        shown: set[Path] = set()
        viewer = (
            "<p class='empty'>The rollout viewer (cuagym view) is not part of this installation, "
            "so no trajectory is embedded.</p>"
            if render is None
            else "<p class='empty'>--view 0: no trajectory embedded.</p>"
        )
    else:
        shown = {e.folder for e in picked}
        viewer = _viewer(picked, render, screens or ReportScreens())
    return viewer + _index_table(episodes, shown)
