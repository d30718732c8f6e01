"""Episodes as self-contained HTML pages (``cuagym view RUN_DIR``).

One page per episode: the outcome and the reward's CHECK lines, then every turn's screenshot
with the actions it executed drawn on it (see ``_view_marks``), the model's text, the calls and
their results, the error or feedback it received, and timings; and an index of the run (see
``_view_index``). Screenshots are embedded (base64) by default, so a page can be mailed as is;
:func:`render_episode_html` is the library function other reports (``cuagym stats --html``)
embed, with their own ``screens`` source (small thumbnails, the full images linked as files).
"""

from __future__ import annotations

import base64
import html
import json
import os
from collections.abc import Callable
from pathlib import Path

from cuagym.agent._view_index import index_html
from cuagym.agent._view_marks import overlay_svg
from cuagym.agent._view_style import BASE_STYLE
from cuagym.agent._view_summary import EpisodeRow, episode_row, summarize
from cuagym.core import Episode, TurnRecord
from cuagym.core.episode import EPISODE_FILE, EpisodeError

__all__ = ["ScreenSource", "embed_screen", "find_episodes", "render_episode_html", "write_run_html"]

#: How a page shows a screenshot file: ``(src of the <img>, href of the full image or None)``.
ScreenSource = Callable[[Path], tuple[str, str | None]]

_STYLE = """
.outcome { display: flex; flex-wrap: wrap; gap: 8px 18px; align-items: center; margin: 10px 0; }
.outcome span.f { color: var(--muted); } .outcome span.f b { color: var(--ink); }
.instruction { font: 15px/1.5 system-ui, sans-serif; background: var(--card);
               border: 1px solid var(--line); border-left: 4px solid var(--accent);
               padding: 10px 14px; margin-top: 18px; }
.turn { background: var(--card); border: 1px solid var(--line); border-radius: 10px;
        margin: 14px 0; padding: 10px 14px 12px; }
.turn h3 { font-size: 15px; margin: 0 0 8px; } .turn h3 .small { font-weight: 400; }
.cols { display: grid; grid-template-columns: minmax(0, 2.3fr) minmax(260px, 1fr); gap: 14px; }
@media (max-width: 900px) { .cols { grid-template-columns: minmax(0, 1fr); } }
.shot { position: relative; line-height: 0; border: 1px solid var(--line); }
.shot img { width: 100%; display: block; }
.shot svg { position: absolute; left: 0; top: 0; width: 100%; height: 100%; overflow: hidden; }
.full { font-size: 12px; }
ol.calls { padding-left: 22px; margin: 6px 0; } ol.calls li { margin: 3px 0; }
ol.calls code { font-size: 12.5px; word-break: break-word; }
ol.calls li.err { color: #c5221f; } ol.calls li.skip { color: #5f6368; }
"""

#: Swap a thumbnail for its full image once that loads (a report next to its files).
_FULL_SWAP = (
    "<script>document.querySelectorAll('img[data-full]').forEach(function(img){"
    "var full=new Image();full.onload=function(){img.src=full.src;};"
    "full.src=img.dataset.full;});</script>"
)


def embed_screen(path: Path) -> tuple[str, str | None]:
    """The default :data:`ScreenSource`: the PNG itself as a data URI, nothing linked."""
    return "data:image/png;base64," + base64.b64encode(path.read_bytes()).decode("ascii"), None


def _shot(screens: ScreenSource, path: Path, alt: str, svg: str = "") -> str:
    src, full = screens(path)
    e = html.escape
    if full is None:
        return f"<div class='shot'><img src='{e(src)}' alt='{e(alt)}'>{svg}</div>"
    return (
        f"<div class='shot'><img src='{e(src)}' data-full='{e(full)}' alt='{e(alt)}' "
        f"loading='lazy'>{svg}</div><a class='full' href='{e(full)}' target='_blank'>"
        "full-size screenshot</a>"
    )


def _same_file(a: Path, b: Path) -> bool:
    try:
        return a.stat().st_size == b.stat().st_size and a.read_bytes() == b.read_bytes()
    except OSError:
        return False


def _instruction(bundle: str) -> str | None:
    try:
        data = json.loads((Path(bundle) / "task_config.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    value = data.get("instruction") if isinstance(data, dict) else None
    return value if isinstance(value, str) else None


def render_episode_html(
    episode: Episode | str | os.PathLike[str],
    *,
    title: str | None = None,
    screens: ScreenSource = embed_screen,
    index: str | None = None,
) -> str:
    """One episode as an HTML page; ``screens`` decides how screenshots are shown (embedded by
    default), ``index`` is a link back to the run's index page."""
    ep = episode if isinstance(episode, Episode) else Episode.load(episode)
    rec = ep.record
    space = rec.coordinate_space or "pixels"
    screen = (int(rec.screen_size[0]), int(rec.screen_size[1]))
    e = html.escape
    crumb = "cuagym · episode" if index is None else f"<a href='{e(index)}'>← all episodes</a>"
    parts = [
        "<!doctype html><html lang='en'><head><meta charset='utf-8'>",
        "<meta name='viewport' content='width=device-width, initial-scale=1'>",
        f"<title>{e(title or f'{rec.task_id} #{rec.k}')}</title>",
        f"<style>{BASE_STYLE}{_STYLE}</style></head><body><header class='top'>",
        f"<div class='crumb'>{crumb}</div>",
        f"<h1>{e(rec.task_id)} <span class='small'>rollout {rec.k}</span></h1></header><main>",
    ]
    instruction = _instruction(rec.bundle) if rec.bundle else None
    if instruction:
        parts.append(f"<div class='instruction'>{e(instruction)}</div>")
    reward = "n/a" if rec.reward is None else f"{rec.reward:g}"
    facts = [
        f"reward <b>{reward}</b>",
        f"ended by <b>{e(rec.ended_by)}</b>"
        + (f" ({e(rec.terminate_status)})" if rec.terminate_status else ""),
        f"<b>{rec.steps}</b> steps",
        f"<b>{rec.wall_s:.1f} s</b>",
        f"policy <b>{e(rec.policy)}</b>" + (f" ({e(rec.model)})" if rec.model else ""),
        f"format errors {rec.format_errors} · action errors {rec.action_errors} · "
        f"sampler retries {rec.sampler_retries}",
        f"{e(rec.started_at.isoformat(timespec='seconds'))} · screen {screen[0]}×{screen[1]}",
    ]
    parts.append(
        f"<div class='outcome'><span class='badge {e(rec.status)}'>{e(rec.status)}</span>"
        + "".join(f"<span class='f'>{f}</span>" for f in facts)
        + "</div>"
    )
    if rec.error:
        parts.append(f"<pre class='perr'>{e(rec.error)}</pre>")
    if rec.checks:
        parts.append("<h2>Reward checks</h2><table><thead><tr><th>check</th>"
                     "<th class='num'>points</th><th>result</th><th>detail</th></tr></thead>"
                     "<tbody>")  # fmt: skip
        for c in rec.checks:
            verdict = (
                "<span class='pass'>PASS</span>" if c.passed else "<span class='fail'>FAIL</span>"
            )
            parts.append(
                f"<tr><td>{e(c.name)}</td><td class='num'>{c.points:g}</td><td>{verdict}</td>"
                f"<td>{e(c.detail)}</td></tr>"
            )
        parts.append("</tbody></table>")
    parts.append(f"<h2>Turns ({len(ep.turns)})</h2>")
    for turn in ep.turns:
        parts.append(_turn_html(ep, turn, space, screen, screens))
    final = ep.final_screenshot_path
    last = ep.folder / ep.turns[-1].screenshot if ep.turns else None
    if final is not None and last is not None and _same_file(final, last):
        parts.append(
            "<div class='turn' id='final'><h3>Final screen</h3><p class='small'>The same as "
            f"turn {ep.turns[-1].t}'s screenshot: the last actions left the screen unchanged."
            "</p></div>"
        )
    elif final is not None:
        parts.append(
            "<div class='turn' id='final'><h3>Final screen</h3>"
            + _shot(screens, final, "final screen")
            + "</div>"
        )
    parts.append(f"</main>{_FULL_SWAP}</body></html>")
    return "".join(parts)


def _turn_html(
    ep: Episode, turn: TurnRecord, space: str, screen: tuple[int, int], screens: ScreenSource
) -> str:
    e = html.escape
    timing = (
        f"model {turn.t_model_s:.2f} s · env {turn.t_env_s:.2f} s · "
        f"sent {turn.image_size[0]}×{turn.image_size[1]}"
    )
    if turn.logprobs is not None:
        timing += f" · {len(turn.logprobs)} tokens with logprobs"
    out = [f"<div class='turn' id='t{turn.t}'><h3>Turn {turn.t} <span class='small'>{timing}"
           "</span></h3><div class='cols'><div>"]  # fmt: skip
    shot = ep.folder / turn.screenshot
    if shot.is_file():
        out.append(_shot(screens, shot, f"turn {turn.t}", overlay_svg(turn, space, screen)))
    else:
        out.append(f"<p class='empty'>screenshot {e(turn.screenshot)} is missing</p>")
    out.append("</div><div>")
    if turn.feedback:
        out.append(f"<pre class='feedback'>{e(turn.feedback)}</pre>")
    out.append(f"<pre>{e(turn.response)}</pre>")
    if turn.error:
        out.append(f"<pre class='perr'>parser: {e(turn.error)}</pre>")
    if turn.calls:
        out.append("<ol class='calls'>")
        for i, call in enumerate(turn.calls):
            result = turn.results[i] if i < len(turn.results) else "not run"
            cls = "err" if result.startswith("error") else ("skip" if result == "not run" else "")
            args = json.dumps(call, ensure_ascii=False)
            out.append(f"<li class='{cls}'><code>{e(args)}</code> → {e(result)}</li>")
        out.append("</ol>")
    out.append("</div></div></div>")
    return "".join(out)


def find_episodes(run_dir: Path) -> list[Path]:
    """Episode folders under ``run_dir`` (itself, ``<task>/<k>/``), in name order."""
    if (run_dir / EPISODE_FILE).is_file():
        return [run_dir]
    found = sorted(p.parent for p in run_dir.glob(f"*/*/{EPISODE_FILE}"))
    return [p for p in found if not p.parent.name.startswith(".")]


def write_run_html(run_dir: Path, out: Path | None = None) -> list[Path]:
    """A page per episode under ``out`` (default ``RUN_DIR/view``) and an ``index.html``;
    returns the pages written (the index last). Folders that are not episodes are reported in
    the index, not fatal."""
    target = out or (run_dir / "view")
    target.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    rows: list[EpisodeRow] = []
    problems: list[str] = []
    for folder in find_episodes(run_dir):
        try:
            ep = Episode.load(folder)
        except EpisodeError as exc:
            problems.append(str(exc))
            continue
        rec = ep.record
        name = f"{rec.task_id}--{rec.k}.html"
        page = target / name
        _write(page, render_episode_html(ep, index="index.html"))
        written.append(page)
        rows.append(episode_row(ep, name))
    index = target / "index.html"
    _write(index, index_html(run_dir.resolve(), rows, summarize(rows), problems))
    written.append(index)
    return written


def _write(path: Path, text: str) -> None:
    tmp = path.with_name(f".{path.name}.tmp")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, path)
