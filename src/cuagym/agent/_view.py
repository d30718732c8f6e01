"""Episodes as self-contained HTML pages (``cuagym view RUN_DIR``).

One page per episode: the outcome and the reward's CHECK lines, then every turn's screenshot
with the actions it executed drawn on it (click points numbered in order, drags as arrows,
scrolls as arrows at their point, typed text and key chords as captions; failed calls in red,
calls never run in grey), the model's text, the error or feedback it received, and timings.
Screenshots are embedded (base64), so a page can be mailed or attached to a report as is;
:func:`render_episode_html` is the library function other reports (``cuagym stats --html``)
embed.
"""

from __future__ import annotations

import base64
import html
import json
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from cuagym.agent._images import to_screen
from cuagym.core import EPISODE_FILE, Episode, EpisodeError, TurnRecord

__all__ = ["find_episodes", "render_episode_html", "write_run_html"]

_STYLE = """
body { font: 14px/1.45 system-ui, sans-serif; margin: 0 auto; max-width: 1100px; padding: 16px;
       color: #1d2330; background: #fafbfc; }
h1 { font-size: 20px; margin: 0 0 4px; } h2 { font-size: 16px; margin: 24px 0 8px; }
.meta { color: #555; margin-bottom: 12px; } .meta b { color: #1d2330; }
.badge { display: inline-block; padding: 1px 8px; border-radius: 10px; color: #fff; }
.success { background: #1e8e3e; } .failure { background: #c5221f; } .error { background: #7b1fa2; }
table { border-collapse: collapse; margin: 8px 0; } td, th { border: 1px solid #ddd;
       padding: 3px 8px; text-align: left; vertical-align: top; }
.pass { color: #1e8e3e; font-weight: 600; } .fail { color: #c5221f; font-weight: 600; }
.turn { background: #fff; border: 1px solid #e1e4e8; border-radius: 6px; margin: 14px 0;
        padding: 10px 12px; }
.shot { position: relative; width: 100%; } .shot img, .shot svg { width: 100%; display: block; }
.shot svg { position: absolute; left: 0; top: 0; height: 100%; }
pre { white-space: pre-wrap; word-break: break-word; background: #f3f4f6; padding: 8px;
      border-radius: 4px; margin: 6px 0; font-size: 12.5px; }
.feedback { background: #fff4e5; border-left: 3px solid #f29900; }
.perr { background: #fdecea; border-left: 3px solid #c5221f; }
.calls li.err { color: #c5221f; } .calls li.skip { color: #888; }
.small { color: #666; font-size: 12px; }
"""
_OK, _ERR, _SKIP = "#1a73e8", "#d93025", "#9aa0a6"


def _png_uri(path: Path) -> str:
    return "data:image/png;base64," + base64.b64encode(path.read_bytes()).decode("ascii")


def _point(
    value: Any, turn: TurnRecord, space: str, screen: tuple[int, int]
) -> tuple[int, int] | None:
    if not isinstance(value, list | tuple) or len(value) != 2:
        return None
    try:
        sent = (int(turn.image_size[0]), int(turn.image_size[1]))
        x, y = to_screen(
            [int(value[0]), int(value[1])],
            space="norm1000" if space == "norm1000" else "pixels",
            sent_size=sent,
            screen_size=screen,
        )
    except (TypeError, ValueError):
        return None
    return x, y


def _overlay(turn: TurnRecord, space: str, screen: tuple[int, int]) -> str:
    """SVG marks of the turn's calls over its screenshot (screen pixel coordinates)."""
    w, h = screen
    marks: list[str] = []
    captions: list[tuple[str, str]] = []
    r = max(6, w // 110)
    font = max(12, w // 70)
    for i, call in enumerate(turn.calls, 1):
        color = _OK if i <= len(turn.results) else _SKIP
        if i <= len(turn.results) and turn.results[i - 1].startswith("error"):
            color = _ERR
        name = str(call.get("action", "?"))
        at = _point(call.get("coordinate"), turn, space, screen)
        start = _point(call.get("start_coordinate"), turn, space, screen)
        if name == "left_click_drag" and at is not None:
            x0, y0 = start if start is not None else at
            marks.append(
                f'<line x1="{x0}" y1="{y0}" x2="{at[0]}" y2="{at[1]}" stroke="{color}" '
                f'stroke-width="{r // 2 + 1}" marker-end="url(#arrow)"/>'
            )
        elif name in ("scroll", "hscroll") and at is not None:
            pixels = int(call.get("pixels", 0) or 0)
            sign = 1 if pixels > 0 else -1
            dx, dy = (0, -sign) if name == "scroll" else (sign, 0)
            x1, y1 = at[0] + dx * r * 5, at[1] + dy * r * 5
            marks.append(
                f'<line x1="{at[0]}" y1="{at[1]}" x2="{x1}" y2="{y1}" stroke="{color}" '
                f'stroke-width="{r // 2 + 1}" marker-end="url(#arrow)"/>'
            )
        if at is not None:
            marks.append(
                f'<circle cx="{at[0]}" cy="{at[1]}" r="{r}" fill="none" stroke="{color}" '
                f'stroke-width="3"/><text x="{at[0] + r + 3}" y="{at[1] - r}" fill="{color}" '
                f'font-size="{font}" font-weight="700" stroke="#fff" stroke-width="3" '
                f'paint-order="stroke">{i} {html.escape(name)}</text>'
            )
        elif name in ("type", "key", "key_down", "key_up"):
            what = call.get("text") if name == "type" else "+".join(call.get("keys", []))
            captions.append((color, f"{i} {name}: {what!s}"))
    for n, (color, text) in enumerate(captions):
        y = h - 12 - (len(captions) - 1 - n) * (font + 10)
        marks.append(
            f'<text x="12" y="{y}" fill="{color}" font-size="{font}" font-weight="700" '
            f'stroke="#fff" stroke-width="4" paint-order="stroke">'
            f"{html.escape(_clip(text, 90))}</text>"
        )
    defs = (
        '<defs><marker id="arrow" markerWidth="6" markerHeight="6" refX="3" refY="3" '
        'orient="auto"><path d="M0,0 L6,3 L0,6 z" fill="#444"/></marker></defs>'
    )
    return f'<svg viewBox="0 0 {w} {h}" preserveAspectRatio="none">{defs}{"".join(marks)}</svg>'


def _clip(text: str, n: int) -> str:
    text = text.replace("\n", "⏎")
    return text if len(text) <= n else text[: n - 1] + "…"


def _instruction(bundle: str) -> str | None:
    try:
        data = json.loads((Path(bundle) / "task_config.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    value = data.get("instruction")
    return value if isinstance(value, str) else None


def render_episode_html(
    episode: Episode | str | os.PathLike[str], *, title: str | None = None
) -> str:
    """One episode as a self-contained HTML page (screenshots embedded)."""
    ep = episode if isinstance(episode, Episode) else Episode.load(episode)
    rec = ep.record
    space = str((rec.model_extra or {}).get("coordinate_space", "pixels"))
    screen = (int(rec.screen_size[0]), int(rec.screen_size[1]))
    e = html.escape
    parts = [
        "<!doctype html><html><head><meta charset='utf-8'>",
        f"<title>{e(title or f'{rec.task_id} #{rec.k}')}</title>",
        f"<style>{_STYLE}</style></head><body>",
        f"<h1>{e(rec.task_id)} <span class='small'>rollout {rec.k}</span></h1>",
    ]
    instruction = _instruction(rec.bundle) if rec.bundle else None
    if instruction:
        parts.append(f"<pre>{e(instruction)}</pre>")
    reward = "n/a" if rec.reward is None else f"{rec.reward:g}"
    parts.append(
        f"<div class='meta'><span class='badge {e(rec.status)}'>{e(rec.status)}</span> "
        f"reward <b>{reward}</b> · ended by <b>{e(rec.ended_by)}</b>"
        + (f" ({e(rec.terminate_status)})" if rec.terminate_status else "")
        + f" · <b>{rec.steps}</b> steps · policy <b>{e(rec.policy)}</b>"
        + (f" ({e(rec.model)})" if rec.model else "")
        + f" · format errors {rec.format_errors} · action errors {rec.action_errors}"
        f" · sampler retries {rec.sampler_retries} · {rec.wall_s:g} s · "
        f"{e(rec.started_at.isoformat())} · screen {screen[0]}×{screen[1]}</div>"
    )
    error = (rec.model_extra or {}).get("error")
    if error:
        parts.append(f"<pre class='perr'>{e(str(error))}</pre>")
    if rec.checks:
        parts.append("<h2>Reward checks</h2><table><tr><th>check</th><th>points</th>"
                     "<th>result</th><th>detail</th></tr>")  # fmt: skip
        for c in rec.checks:
            verdict = (
                "<span class='pass'>PASS</span>" if c.passed else "<span class='fail'>FAIL</span>"
            )
            parts.append(
                f"<tr><td>{e(c.name)}</td><td>{c.points:g}</td><td>{verdict}</td>"
                f"<td>{e(c.detail)}</td></tr>"
            )
        parts.append("</table>")
    parts.append("<h2>Turns</h2>")
    for turn in ep.turns:
        parts.append(_turn_html(ep, turn, space, screen))
    final = ep.final_screenshot_path
    if final is not None:
        parts.append(
            "<div class='turn'><b>final screen</b><div class='shot'>"
            f"<img src='{_png_uri(final)}' alt='final screen'></div></div>"
        )
    parts.append("</body></html>")
    return "".join(parts)


def _turn_html(ep: Episode, turn: TurnRecord, space: str, screen: tuple[int, int]) -> str:
    e = html.escape
    out = [f"<div class='turn' id='t{turn.t}'><b>turn {turn.t}</b> "
           f"<span class='small'>model {turn.t_model_s:g} s · env {turn.t_env_s:g} s · "
           f"sent {turn.image_size[0]}×{turn.image_size[1]}"]  # fmt: skip
    if turn.logprobs is not None:
        out.append(f" · {len(turn.logprobs)} tokens with logprobs")
    out.append("</span>")
    if turn.feedback:
        out.append(f"<pre class='feedback'>{e(turn.feedback)}</pre>")
    shot = ep.folder / turn.screenshot
    if shot.is_file():
        out.append(
            f"<div class='shot'><img src='{_png_uri(shot)}' alt='turn {turn.t}'>"
            f"{_overlay(turn, space, screen)}</div>"
        )
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
    out.append("</div>")
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
    rows: list[str] = []
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
        _write(page, render_episode_html(ep))
        written.append(page)
        reward = "n/a" if rec.reward is None else f"{rec.reward:g}"
        rows.append(
            f"<tr><td><a href='{html.escape(name)}'>{html.escape(rec.task_id)}</a></td>"
            f"<td>{rec.k}</td><td><span class='badge {rec.status}'>{rec.status}</span></td>"
            f"<td>{reward}</td><td>{rec.steps}</td><td>{html.escape(rec.policy)}</td></tr>"
        )
    index = target / "index.html"
    _write(index, _index_html(run_dir, rows, problems))
    written.append(index)
    return written


def _index_html(run_dir: Path, rows: Sequence[str], problems: Sequence[str]) -> str:
    e = html.escape
    body = "".join(rows) or "<tr><td colspan='6'>no episodes</td></tr>"
    issues = "".join(f"<pre class='perr'>{e(p)}</pre>" for p in problems)
    return (
        f"<!doctype html><html><head><meta charset='utf-8'><title>{e(str(run_dir))}</title>"
        f"<style>{_STYLE}</style></head><body><h1>{e(str(run_dir))}</h1>"
        "<table><tr><th>task</th><th>k</th><th>status</th><th>reward</th><th>steps</th>"
        f"<th>policy</th></tr>{body}</table>{issues}</body></html>"
    )


def _write(path: Path, text: str) -> None:
    tmp = path.with_name(f".{path.name}.tmp")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, path)
