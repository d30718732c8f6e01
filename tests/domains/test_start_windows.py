"""Start screens (DESIGN.md §6): every family's task names windows that can be opened."""

from __future__ import annotations

import pytest

from cuagym.core import StartWindow, TaskConfig
from cuagym.domains import DESKTOP_APPS, StartScreenError, load_domains, start_screen

# Contexts that promise an open window, and the window they promise.
PROMISES = {
    "is open in LibreOffice Calc": "calc",
    "The file manager shows": "files",
    "A terminal is open in": "terminal",
    "open in the PDF annotator": "pdf",
    # desktop x web contexts promise the web app's window too
    "The team chat is open in the browser": "team-chat",
    "Your mailbox is open in the browser": "mail",
}


def test_every_family_writes_a_start_screen_its_context_agrees_with() -> None:
    domains = load_domains()
    web = {d.web_app.app_id for d in domains.values() if d.web_app is not None}
    promised = 0
    for domain in domains.values():
        for family in domain.families:
            for seed in range(3):
                task = family.sample(seed)
                assert task.start, f"{task.task_id} has no start screen"
                assert start_screen(task) == task.start
                # A bundle written without 'start' gets the same windows back.
                bare = TaskConfig.model_validate(task.model_dump(exclude={"start"}))
                assert start_screen(bare) == task.start, task.task_id
                for window in task.start:
                    assert window.app in DESKTOP_APPS or window.app in web
                    if window.path is not None:
                        assert window.path.startswith("/home/user")
                kept = [p for p in PROMISES if p in task.context]
                for phrase in kept:
                    promised += 1
                    app = PROMISES[phrase]
                    # One promised window is on top; a context that promises several (a
                    # cross-app task) gets each of them open.
                    window = (
                        task.start[-1]
                        if len(kept) == 1
                        else next((w for w in task.start if w.app == app), None)
                    )
                    assert window is not None and window.app == app, task.task_id
                    if app == "calc":  # on the workbook the context talks about
                        assert window.path is not None, task.task_id
                        assert window.path.rsplit("/", 1)[-1] in task.context, task.task_id
                if domain.platform == "web" and len(task.apps) == 1:
                    assert task.start == [StartWindow(app=domain.web_app.app_id, page="/")]
                elif domain.platform == "web":  # a cross-app web task: each app's home page
                    assert sorted(w.app for w in task.start) == sorted(task.apps)
                    pages = [w.page for w in task.start if w.app not in DESKTOP_APPS]
                    assert pages and all(p == "/" for p in pages), task.task_id
    # The 13 families whose contexts first promised an open window, and later ones.
    assert promised >= 13 * 3, "families' contexts promise an open window"


def test_a_start_screen_naming_an_unknown_app_or_mixing_kinds_is_refused() -> None:
    base = {"task_id": "t", "instruction": "x", "domain": "calc", "apps": ["calc"],
            "difficulty": "easy"}  # fmt: skip
    with pytest.raises(StartScreenError, match="neither a desktop app nor an installed web app"):
        start_screen(TaskConfig.model_validate({**base, "start": [{"app": "paint"}]}))
    with pytest.raises(StartScreenError, match="opens a page, not a path"):
        start_screen(
            TaskConfig.model_validate(
                {**base, "start": [{"app": "team-chat", "path": "/home/user/x"}]}
            )
        )
    with pytest.raises(StartScreenError, match="is not installed"):
        start_screen(TaskConfig.model_validate({**base, "domain": "paint", "apps": ["paint"]}))
    # No family, no params: the domain's app on nothing (an empty workbook).
    assert start_screen(TaskConfig.model_validate(base)) == [StartWindow(app="calc")]


def test_a_desktop_apps_launcher_is_named_as_the_app() -> None:
    """Families name the apps a task touches by app id and start windows by launcher; the
    catalog tells desktop from web by ``DESKTOP_APPS``, so a desktop app's launcher must be its
    id (a media player launched as "media-player" made its calc × media families look like
    desktop × web ones)."""
    from cuagym.apps import load_apps

    for app in load_apps().values():
        if app.kind == "desktop":
            assert app.launcher == app.app_id, (app.app_id, app.launcher)
            assert app.app_id in DESKTOP_APPS, app.app_id
