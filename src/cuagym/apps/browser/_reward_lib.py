"""Helpers every browser ``reward.py`` carries (inlined after the shared guard libraries).

Real code (imported and tested on the host) and the text of the reward's helper block. It reads
what Chromium keeps in the profile (``~/.config/chromium-task``) and makes it comparable:

- :func:`bookmarks_of`: every bookmark and folder as ``(folder, name, url)`` — ``folder`` the
  path of names from a root (``bar``, ``other``, ``mobile``: ``bar/Reading``), ``url`` None for
  a folder. Ids, GUIDs, dates, last-used times, meta info and the checksum are Chromium's
  bookkeeping and left out; so is the order inside a folder (no task asks for one).
- :func:`settings_of`: the settings a person changes (:data:`SETTINGS`), each with Chromium's
  default where the file has no value (Chromium drops a value set back to its default). The
  rest of ``Preferences`` is volatile — window placement, the bookmark bar's visibility
  state, ``download.directory_upgrade``, ``savefile.default_directory`` (the last folder a
  save dialog showed), ``profile.*`` counters and timestamps, ``browser.*`` UI state,
  ``sessions``, ``extensions``, ``ntp``, ``dns_prefetching``, MACs: never compared.
- :func:`planned_marks` / :func:`marks_off`: the whole-state guard over bookmarks: from the
  initial entries and the task's params, the one bookmark set the instruction asks for, and
  the final entries that are neither planned nor as they started (a stray folder, a duplicate,
  a bookmark in the wrong place) or that were lost on the way.
- :func:`settings_off`: the settings that changed although the task did not ask for them.
- :func:`wait_for_browser`: a running browser writes Bookmarks ~2.5 s and Preferences up to
  ~10 s after a change (on exit at once): a reward that finds it running waits for both.
"""

# -- inlined into reward.py --
import json
import os
import time
from collections import Counter
from collections.abc import Iterable
from typing import Any

PROFILE_REL = ".config/chromium-task"
ROOT_NAMES = {"bookmark_bar": "bar", "other": "other", "synced": "mobile"}
#: the settings a task or a guard compares, with Chromium's defaults on Linux, written as its
#: Preferences file writes them (JSON)
SETTINGS: dict[str, Any] = json.loads(
    '{"homepage": "", "homepage_is_newtabpage": true, "browser.show_home_button": false,'
    ' "session.restore_on_startup": 5, "session.startup_urls": [],'
    ' "download.default_directory": "/home/user/Downloads",'
    ' "download.prompt_for_download": false, "bookmark_bar.show_on_all_tabs": false}'
)
#: Preferences' commit interval (10 s) and the Bookmarks file's (2.5 s), with a margin
FLUSH_S = 11.0

Entry = tuple[str, str, Any]


def wait_for_browser(home: str) -> bool:
    """Wait out the browser's pending writes when it still runs (its SingletonLock link is
    there while it does); True when it was running."""
    if not os.path.lexists(os.path.join(home, PROFILE_REL, "SingletonLock")):
        return False
    time.sleep(FLUSH_S)
    return True


def app_bookkeeping(path: str) -> bool:
    """Is ``path`` a running app's own file rather than a change of the task's: the hidden
    file Chromium opens in the download folder before a save dialog is answered
    (``.org.chromium.Chromium.XXXXXX``, gone once the download ends) or the lock LibreOffice
    keeps beside a document it shows (``.~lock.<name>#``, a cross-app task's memo or sheet)?"""
    name = path.rsplit("/", 1)[-1]
    return name.startswith(".org.chromium.Chromium.") or (
        name.startswith(".~lock.") and name.endswith("#")
    )


def profile_json(root: str, name: str) -> dict[str, Any]:
    """``Default/<name>`` of the profile under ``root`` (a home), {} when absent."""
    path = os.path.join(root, PROFILE_REL, "Default", name)
    if not os.path.exists(path):
        return {}
    with open(path, encoding="utf-8") as fh:
        data = json.load(fh)
    return data if isinstance(data, dict) else {}


def bookmarks_of(root: str) -> list[Entry]:
    """Every bookmark and folder of the profile under ``root``, sorted (see the docstring)."""
    out: list[Entry] = []
    stack: list[tuple[dict[str, Any], str]] = [
        (top, ROOT_NAMES[key])
        for key, top in profile_json(root, "Bookmarks").get("roots", {}).items()
        if key in ROOT_NAMES and isinstance(top, dict)
    ]
    while stack:
        node, where = stack.pop()
        for child in node.get("children", []):
            name = child.get("name", "")
            if child.get("type") == "folder":
                out.append((where, name, None))
                stack.append((child, where + "/" + name))
            else:
                out.append((where, name, child.get("url", "")))
    return sorted(out, key=lambda e: (e[0], e[1], e[2] or ""))


def settings_of(root: str) -> dict[str, Any]:
    """:data:`SETTINGS` as the profile under ``root`` has them (defaults where absent)."""
    prefs = profile_json(root, "Preferences")
    out: dict[str, Any] = {}
    for dotted, default in SETTINGS.items():
        here: Any = prefs
        for part in dotted.split("."):
            here = here.get(part) if isinstance(here, dict) else None
        out[dotted] = default if here is None else here
    return out


#: the keys Chromium writes in Bookmarks: the file's, the roots', a node's
FILE_KEYS = frozenset({"checksum", "roots", "sync_metadata", "version"})
NODE_KEYS = frozenset({"children", "date_added", "date_last_used", "date_modified", "guid",
                       "id", "meta_info", "name", "show_icon", "source", "type",
                       "unsynced_meta_info", "url"})  # fmt: skip


def layout_problems(text: str, pretty: bool) -> list[str]:
    """Where ``text`` (a JSON file) is not laid out as Chromium's JSON writer lays it out:
    compact (no whitespace between tokens: Preferences) or ``pretty`` (Bookmarks: a single
    space after every colon, between tokens one space or a line break and 3 spaces per level,
    an empty list ``[  ]``).
    A file in another layout was written by something other than the browser."""
    out: list[str] = []
    i, n, line = 0, len(text.rstrip("\n")), 1
    while i < n:
        ch = text[i]
        if ch == '"':  # a string: skip to its closing quote
            i += 1
            while i < n and text[i] != '"':
                i += 2 if text[i] == "\\" else 1
            i += 1
            continue
        if ch in " \n\t\r":
            j = i
            while j < n and text[j] in " \n\t\r":
                j += 1
            run = text[i:j]
            line += run.count("\n")
            empty = run == "  " and text[i - 1 : i] == "[" and text[j : j + 1] == "]"
            fine = pretty and (
                run == " " or empty or (run.count("\n") == 1 and run[0] == "\n"
                                        and run.strip(" ") == "\n" and (len(run) - 1) % 3 == 0)
            )  # fmt: skip
            if not fine:
                out.append(f"line {line}: whitespace {run!r}")
            i = j
            continue
        if pretty and ch == ":" and text[i + 1 : i + 2] != " ":
            out.append(f"line {line}: no space after a colon")
        i += 1
    return out


def node_problems(marks: dict[str, Any]) -> list[str]:
    """Bookmarks' nodes that Chromium would not have written: an unknown key (a key in
    another case), an id or a date that is not a number, a type other than url or folder."""
    out = ["file key " + k for k in marks if k not in FILE_KEYS]
    stack = [v for v in marks.get("roots", {}).values() if isinstance(v, dict)]
    while stack:
        node = stack.pop()
        name = str(node.get("name", "?"))
        out += [name + ": key " + k for k in node if k not in NODE_KEYS]
        numbers = [k for k in node if k == "id" or k.startswith("date_")]
        out += [name + ": " + k for k in numbers if not str(node[k]).isdigit()]
        if node.get("type") not in ("url", "folder"):
            out.append(name + ": type " + str(node.get("type")))
        stack += [c for c in node.get("children", []) if isinstance(c, dict)]
    return out


def profile_problems(root: str) -> list[str]:
    """What makes the profile's Bookmarks or Preferences under ``root`` other than the
    browser's own writing (:func:`layout_problems`, :func:`node_problems`,
    :func:`spaced_keys`). Both files are
    always there (setup writes them, the browser keeps them): an absent one raises."""
    out: list[str] = []
    for name, pretty in (("Bookmarks", True), ("Preferences", False)):
        with open(os.path.join(root, PROFILE_REL, "Default", name), encoding="utf-8") as fh:
            text = fh.read()
        out += [name + " " + p for p in layout_problems(text, pretty)]
    out += ["Bookmarks " + p for p in node_problems(profile_json(root, "Bookmarks"))]
    out += ["Preferences key " + k for k in spaced_keys(profile_json(root, "Preferences"))]
    return out


def spaced_keys(prefs: dict[str, Any]) -> list[str]:
    """Keys of a Preferences tree with whitespace in them: Chromium names its preferences in
    snake case and dots, never with a space (a mangled key hides its setting)."""
    out: list[str] = []
    stack = [prefs]
    while stack:
        node = stack.pop()
        for key, value in node.items():
            if any(ch.isspace() for ch in key):
                out.append(repr(key))
            if isinstance(value, dict):
                stack.append(value)
    return sorted(out)


def urls_in(entries: Iterable[Entry], where: str) -> list[str]:
    """The bookmarks' addresses directly in folder ``where``, sorted."""
    return sorted(url for folder, _, url in entries if folder == where and url is not None)


def named(entries: Iterable[Entry], where: str) -> dict[str, Any]:
    """Folder ``where``'s items by name (a folder's value is None)."""
    return {name: url for folder, name, url in entries if folder == where}


def planned_marks(
    before: Iterable[Entry],
    adds: Iterable[Entry] = (),
    moves: Iterable[tuple[str, str, str]] = (),
    renames: Iterable[tuple[str, str, str]] = (),
    removals: Iterable[tuple[str, str]] = (),
) -> list[Entry]:
    """The bookmarks the instruction asks for: ``before`` with entries added (a folder is an
    entry with url None), items moved (``(folder, name, to)``), renamed (``(folder, name,
    new)``) and removed (``(folder, name)``). A moved or renamed folder keeps its contents."""
    plan = list(before)

    def relocate(old: str, new: str) -> None:
        for i, (folder, name, url) in enumerate(plan):
            if folder == old or folder.startswith(old + "/"):
                plan[i] = (new + folder[len(old) :], name, url)

    for folder, name, to in moves:
        i = next(i for i, e in enumerate(plan) if e[0] == folder and e[1] == name)
        plan[i] = (to, name, plan[i][2])
        if plan[i][2] is None:
            relocate(folder + "/" + name, to + "/" + name)
    for folder, name, new in renames:
        i = next(i for i, e in enumerate(plan) if e[0] == folder and e[1] == name)
        plan[i] = (folder, new, plan[i][2])
        if plan[i][2] is None:
            relocate(folder + "/" + name, folder + "/" + new)
    for folder, name in removals:
        plan = [e for e in plan if not (e[0] == folder and e[1] == name)]
    plan += list(adds)
    return sorted(plan, key=lambda e: (e[0], e[1], e[2] or ""))


def marks_off(after: Iterable[Entry], before: Iterable[Entry], plan: Iterable[Entry]) -> list[str]:
    """The whole-state guard over bookmarks, as readable text: ``+`` a final entry that is
    neither planned nor as it was (a stray folder, a duplicate, a wrong name or place), ``-``
    an entry both the start and the plan have that is gone (collateral damage). An entry still
    where it started, or a planned one not made yet, is progress not yet made, not an error."""
    have, was, want = Counter(after), Counter(before), Counter(plan)
    extra = sorted((have - (was | want)).elements(), key=str)
    lost = sorted(((was & want) - have).elements(), key=str)
    return ["+" + entry_text(e) for e in extra] + ["-" + entry_text(e) for e in lost]


def entry_text(entry: Entry) -> str:
    folder, name, url = entry
    return f"{folder}/{name}" + ("/" if url is None else f" <{url}>")


def settings_off(
    before: dict[str, Any], after: dict[str, Any], allowed: Iterable[str] = ()
) -> list[str]:
    """The settings that changed and are not in ``allowed``, sorted."""
    free = set(allowed)
    return sorted(k for k in before if k not in free and before[k] != after.get(k))
