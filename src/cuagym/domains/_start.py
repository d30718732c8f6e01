"""The start screen of a task (DESIGN.md §6): its ``start`` windows, or its domain's default.

Families write ``start`` into every task they sample (:meth:`TaskFamily.start_windows`); a
bundle written before start screens existed, or by a user's task file, has none and gets the
default its family (or else its domain) derives from the task's params. The rollout opens these
windows; the OSWorld config opens the same ones with OSWorld's own setup steps.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cuagym.core import StartWindow, TaskConfig
from cuagym.domains._registry import Domain, DomainError, load_domains
from cuagym.envs import DESKTOP_APP_NAMES

__all__ = ["DESKTOP_APPS", "StartScreenError", "start_screen", "start_screen_json"]

#: Apps a desktop opens on a path (a file, or a folder for ``files`` and ``terminal``) or, for
#: ``chromium``, on a page URL (the desktop's own list: office apps, chromium and its tool
#: apps); every other app id is a web app served by the hub.
DESKTOP_APPS: frozenset[str] = frozenset(DESKTOP_APP_NAMES)


class StartScreenError(ValueError):
    """A task whose start screen names an app nobody provides, or cannot be derived."""


def start_screen(
    task: TaskConfig, domains: Mapping[str, Domain] | None = None
) -> list[StartWindow]:
    """The windows ``task`` starts with, in order (the last one is on top).

    ``task.start`` when the task has one; else its family's default (from its params); else its
    domain's: a web domain's home page, a desktop domain's app (on ``params["path"]`` if any).
    Each web app named must be installed; raises :class:`StartScreenError` naming the problem.
    """
    installed = dict(load_domains() if domains is None else domains)
    web_apps = {d.web_app.app_id for d in installed.values() if d.web_app is not None}
    windows = list(task.start) if task.start else _default(task, installed)
    for window in windows:
        if window.app in DESKTOP_APPS:
            if window.page is not None and window.app != "chromium":
                raise StartScreenError(
                    f"task {task.task_id}: start window {window.app!r} opens a path, not a page"
                )
        elif window.app not in web_apps:
            known = ", ".join(sorted(DESKTOP_APPS | web_apps))
            raise StartScreenError(
                f"task {task.task_id}: start window app {window.app!r} is neither a desktop app "
                f"nor an installed web app (known: {known})"
            )
        elif window.path is not None:
            raise StartScreenError(
                f"task {task.task_id}: web app {window.app!r} opens a page, not a path"
            )
    return windows


def _default(task: TaskConfig, installed: Mapping[str, Domain]) -> list[StartWindow]:
    domain = installed.get(task.domain)
    if domain is None:
        known = ", ".join(installed) or "none installed"
        raise StartScreenError(
            f"task {task.task_id}: domain {task.domain!r} is not installed (known: {known}), "
            "so its start screen is unknown; give the task a 'start' list"
        )
    params: dict[str, Any] = dict(task.params or {})
    family_id = task.family
    if family_id is not None:
        try:
            family = domain.family(family_id)
        except DomainError:
            family = None
        if family is not None:
            try:
                return family.start_windows(params)
            except (KeyError, TypeError, ValueError) as exc:
                raise StartScreenError(
                    f"task {task.task_id}: family {family_id!r} cannot derive its start screen "
                    f"from the task's params ({type(exc).__name__}: {exc})"
                ) from None
    if domain.platform == "web":
        app = domain.web_app.app_id if domain.web_app is not None else domain.id
        return [StartWindow(app=app, page="/")]
    app = domain.launcher or domain.id
    path = params.get("path")
    if isinstance(path, str) and path.startswith("/home/user/"):
        return [StartWindow(app=app, path=path)]
    return [StartWindow(app=app)]


def start_screen_json(
    task: TaskConfig, domains: Mapping[str, Domain] | None = None
) -> list[dict[str, Any]] | None:
    """:func:`start_screen` as the JSON an OSWorld config opens (None when it cannot be known:
    the task's domain is not installed, or its ``start`` names an unknown app). ``domains``:
    the installed ones, if the caller has them (loading them reads every entry point)."""
    try:
        return [w.model_dump(exclude_none=True) for w in start_screen(task, domains)]
    except StartScreenError:
        return None
