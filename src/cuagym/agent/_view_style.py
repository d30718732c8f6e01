"""The viewer's shared look: one stylesheet for the index and the episode pages."""

from __future__ import annotations

__all__ = ["BASE_STYLE"]

BASE_STYLE = """
:root { --ink: #1f2430; --muted: #667085; --line: #e3e6ec; --bg: #f6f7f9; --card: #fff;
        --accent: #1a5fc8; }
* { box-sizing: border-box; }
body { margin: 0; font: 14px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif;
       color: var(--ink); background: var(--bg); }
header.top { background: var(--card); border-bottom: 1px solid var(--line);
              padding: 16px 32px 14px; }
header.top h1 { margin: 2px 0 4px; font-size: 22px; font-weight: 650; }
.crumb { color: var(--muted); font-size: 12.5px; }
.crumb a { color: var(--accent); text-decoration: none; }
main { padding: 8px 32px 48px; max-width: 1500px; }
h2 { font-size: 17px; margin: 22px 0 8px; }
a { color: var(--accent); }
.meta { color: var(--muted); } .meta b { color: var(--ink); }
.badge { display: inline-block; padding: 0 9px; border-radius: 10px; color: #fff;
         font-size: 12.5px; font-weight: 600; line-height: 20px; }
.badge.success { background: #1e7e34; } .badge.failure { background: #c5221f; }
.badge.error { background: #7b1fa2; }
table { border-collapse: collapse; margin: 6px 0; font-variant-numeric: tabular-nums; }
caption { caption-side: top; text-align: left; font-weight: 600; padding: 6px 0 4px; }
th, td { border-bottom: 1px solid var(--line); padding: 5px 10px; text-align: left;
         vertical-align: top; }
th { background: #f0f2f5; font-weight: 600; }
td.num, th.num { text-align: right; }
.pass { color: #1e7e34; font-weight: 600; } .fail { color: #c5221f; font-weight: 600; }
pre { white-space: pre-wrap; word-break: break-word; background: #f0f2f5; padding: 8px 10px;
      border-radius: 6px; margin: 6px 0; font-size: 12.5px; }
.feedback { background: #fff4e5; border-left: 3px solid #f29900; }
.perr { background: #fdecea; border-left: 3px solid #c5221f; }
.empty { color: var(--muted); font-style: italic; }
.small { color: var(--muted); font-size: 12.5px; }
"""
