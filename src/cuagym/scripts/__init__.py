"""One reward frame for every domain, and the guard libraries rewards inline.

A reward.py is self-contained (it runs as ``python3 reward.py`` in a sandbox or an OSWorld VM),
so shared code reaches it as text: each module here is real code (linted, type-checked, tested
on the host) whose part below its inline marker is pasted into the script.

- :mod:`._frame`: CHECK lines, guards, the score, the ``REWARD:`` line, sanitized details;
- :mod:`._globs`: path patterns for the guards (``*`` one segment, ``**`` any depth);
- :mod:`._figures`: the numbers a typed text states (a figure reported in a message);
- :mod:`._hub`: web apps: read ``/go``, and the whole-diff guard ("the diff holds exactly the
  allowed changes");
- :mod:`._home`: desktop apps: the initial home the runner exposes read-only
  (``$CUAGYM_INITIAL_HOME``), file-tree comparison, and comparable views of every sheet,
  paragraph and slide of office files, for "nothing outside the target changed" guards.

:func:`reward_script` assembles a reward from these, a domain's read block and its checks;
:mod:`._desktop_scripts` composes a desktop app's setup and golden scripts from parts
(:func:`desktop_script`) and its reward (:func:`desktop_reward`).
:func:`hub_script` a web task's setup or golden script from the hub client (:mod:`._hub_client`)
and an app's blocks (:mod:`._web_scripts`).
"""

from pathlib import Path

from cuagym.scripts import _figures, _globs, _home
from cuagym.scripts._compose import (
    doc_line,
    inlined,
    inlined_file,
    reward_script,
)
from cuagym.scripts._desktop_scripts import (
    DESKTOP_LIBRARIES,
    Part,
    desktop_reward,
    desktop_script,
    json_literal,
    statements_of,
)
from cuagym.scripts._web_scripts import HUB_CLIENT, hub_json_literal, hub_script

# Read as text, not imported: _hub imports requests, which the env image has but a host with
# only the demo's install does not (the host only pastes the module into reward.py).
_HUB_SOURCE = Path(__file__).with_name("_hub.py")

#: What a web reward inlines to read the hub and guard its diff, in order.
WEB_LIBRARIES: tuple[str, ...] = (inlined(_globs), inlined(_HUB_SOURCE))
#: What a desktop x web reward inlines: both of the above (``_globs`` once), desktop first.
DESK_WEB_LIBRARIES: tuple[str, ...] = (inlined(_globs), inlined(_home), inlined(_HUB_SOURCE))
#: Reading figures out of a typed text (``figures_in``, ``states_figure``).
FIGURE_LIBRARY: str = inlined(_figures)

__all__ = [
    "DESKTOP_LIBRARIES",
    "DESK_WEB_LIBRARIES",
    "FIGURE_LIBRARY",
    "HUB_CLIENT",
    "WEB_LIBRARIES",
    "Part",
    "desktop_reward",
    "desktop_script",
    "doc_line",
    "hub_json_literal",
    "hub_script",
    "inlined",
    "inlined_file",
    "json_literal",
    "reward_script",
    "statements_of",
]
