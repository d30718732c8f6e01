"""The hub serves an app on the kit whole at its own path: its templates first, then the kit's;
its static files and the kit's (``/<app>/kit/``); the theme in every page."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from pydantic import BaseModel

from cuagym.apps.webkit import KIT_TEMPLATES
from cuagym.hub import Hub, WebApp
from tests.apps.webkit.gallery import GalleryApp
from tests.conftest import serve_in_thread


class Empty(BaseModel):
    pass


class PlainApp(WebApp):
    """A web app not built on the kit: no kit files under it."""

    app_id = "plain"
    title = "Plain"
    state_model = Empty

    def seed(self) -> dict[str, Any]:
        return {}


@pytest.fixture(scope="module")
def hub_url() -> Iterator[str]:
    hub = Hub(apps=[GalleryApp(), PlainApp()], token="t", allow_sid_binding=True)
    url, stop = serve_in_thread(hub.asgi())
    try:
        yield url
    finally:
        stop()


def test_an_apps_templates_come_before_the_kits() -> None:
    dirs = GalleryApp().template_dirs
    assert list(dirs) == [Path(__file__).parent / "templates", KIT_TEMPLATES]
    assert KIT_TEMPLATES not in PlainApp().template_dirs
    assert "kit" not in PlainApp().static_dirs


def test_the_kits_files_are_served_under_the_app(hub_url: str) -> None:
    css = httpx.get(f"{hub_url}/kit-gallery/kit/kit.css")
    assert css.status_code == 200 and ".kit-board" in css.text
    assert httpx.get(f"{hub_url}/kit-gallery/kit/kit.js").status_code == 200
    assert httpx.get(f"{hub_url}/kit-gallery/kit/missing.css").status_code == 404
    # an app not on the kit has no kit folder: the path goes to its (empty) UI
    assert httpx.get(f"{hub_url}/plain/kit/kit.css").status_code != 200


def test_a_page_links_the_kit_and_carries_the_apps_theme(hub_url: str) -> None:
    with httpx.Client(base_url=hub_url, follow_redirects=True) as client:
        page = client.get("/kit-gallery/?sid=serving-1").text
    assert '<link rel="stylesheet" href="/kit-gallery/kit/kit.css">' in page
    assert GalleryApp.theme.css() in page and "kit-nav-side" in page
    assert page.count("<h1") == 1
