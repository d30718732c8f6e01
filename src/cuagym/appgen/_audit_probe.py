"""The browser side of the audit: a fresh session per page load, a visit, a probe.

Every visit and every probe binds a page to a new session (the hub's one-time link); pages are
reused, but only after what the app's origin stored in them is cleared, so no probe sees what
another did. A probe snapshots the page (DOM with the form
controls' values, URL without its ``#fragment``, the session's ``/go`` diff), acts on one
control, waits until the page is quiet (bounded), and snapshots again: a control that changed
none of the three is dead. What the page reads and fills lives in ``_audit_page.js``.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import httpx
import orjson

from cuagym.appgen._audit_record import Control, ProbeOutcome

__all__ = ["CHROMIUM", "CHROMIUM_ARGS", "VIEWPORT", "Browsing", "OpenPage", "PageVisit"]

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = (
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
)
VIEWPORT = {"width": 1280, "height": 800}
PAGE_JS = (Path(__file__).with_name("_audit_page.js")).read_text(encoding="utf-8")

#: seconds an action may take to settle (navigation, requests, the page's own scripts)
SETTLE_S = 2.0
#: seconds without a request in flight that count as quiet
QUIET_S = 0.06
_SUBRESOURCES = ("stylesheet", "script", "image", "font", "media")
#: a form the app refuses with these (the audit's made-up values were not acceptable) works
_FORM_REFUSALS = (400, 409, 422)
#: controls whose own values (or their form's) the probe sets: left out of the DOM comparison
_OWN_VALUES = ("input", "select", "toggle", "submit")
#: everything an origin keeps in a browser but its HTTP cache (the app's static files)
_CLEARED_STORAGE = (
    "cookies,local_storage,session_storage,indexeddb,websql,cache_storage,service_workers"
)
_SAMPLE_FILE = {"name": "audit.txt", "mimeType": "text/plain", "buffer": b"cuagym audit\n"}


@dataclass
class _Tracker:
    """What a page did while the audit watched: requests, navigations, errors, side effects."""

    inflight: int = 0
    nav_status: int | None = None
    page_errors: list[str] = field(default_factory=list)
    failed_resources: list[str] = field(default_factory=list)
    side_effect: str = ""

    def reset(self) -> None:
        self.inflight, self.nav_status, self.side_effect = 0, None, ""
        self.page_errors.clear()
        self.failed_resources.clear()

    def attach(self, page: Any) -> None:
        main = page.main_frame

        def on_request(request: Any) -> None:
            self.inflight += 1

        def on_done(request: Any) -> None:
            self.inflight = max(0, self.inflight - 1)

        def on_failed(request: Any) -> None:
            on_done(request)
            if request.resource_type in _SUBRESOURCES:
                self.failed_resources.append(f"{request.url} failed ({request.failure})")

        def on_response(response: Any) -> None:
            request = response.request
            if request.is_navigation_request() and request.frame == main:
                if not 300 <= response.status < 400:
                    self.nav_status = response.status
            elif request.resource_type in _SUBRESOURCES and response.status >= 400:
                self.failed_resources.append(f"{response.url} answered {response.status}")

        async def on_popup(popup: Any) -> None:
            self.side_effect = "opened a new window"
            await popup.close()

        def on_download(download: Any) -> None:
            self.side_effect = f"downloaded {download.suggested_filename}"

        async def on_dialog(dialog: Any) -> None:  # confirm() and alert() say yes
            await dialog.accept()

        page.on("request", on_request)
        page.on("requestfinished", on_done)
        page.on("requestfailed", on_failed)
        page.on("response", on_response)
        page.on("pageerror", lambda exc: self.page_errors.append(str(exc).splitlines()[0]))
        page.on("popup", on_popup)
        page.on("download", on_download)
        page.on("dialog", on_dialog)


@dataclass
class OpenPage:
    """A page bound to its own fresh session."""

    sid: str
    context: Any
    page: Any
    tracker: _Tracker
    status: int | None
    content_type: str

    async def call(self, fn: str, arg: Any = None) -> Any:
        """``window.__cuagymAudit[fn](arg)``, retried while a navigation replaces the page."""
        for attempt in range(4):
            try:
                return await self.page.evaluate(
                    "([fn, arg]) => window.__cuagymAudit[fn](arg)", [fn, arg]
                )
            except Exception:  # the execution context went away mid-navigation
                if attempt == 3:
                    raise
                with contextlib.suppress(Exception):
                    await self.page.wait_for_load_state("load", timeout=SETTLE_S * 1000)
        return None

    async def settle(self) -> None:
        """Wait (at most ``SETTLE_S``) until no request is in flight and the page has loaded."""
        start = time.monotonic()
        quiet_since: float | None = None
        await asyncio.sleep(0.02)
        while (now := time.monotonic()) - start < SETTLE_S:
            if self.tracker.inflight == 0:
                quiet_since = quiet_since if quiet_since is not None else now
                if now - quiet_since >= QUIET_S:
                    break
            else:
                quiet_since = None
            await asyncio.sleep(0.02)
        left = max(0.1, SETTLE_S - (time.monotonic() - start))
        try:
            await self.page.wait_for_load_state("load", timeout=left * 1000)
        except Exception:  # still loading after the budget: judge what is there
            return


@dataclass
class PageVisit:
    """A route's page as loaded in a fresh session (before any probe)."""

    status: int | None
    content_type: str
    landed: str
    checks: dict[str, Any]
    controls: list[Control]
    links: list[str]
    page_errors: list[str]
    failed_resources: list[str]
    screenshot: bytes | None
    seconds: float


def _without_fragment(url: str) -> str:
    return url.split("#", 1)[0]


class Browsing:
    """One Chromium, a hub and its token: opens fresh pages, visits routes, probes controls."""

    def __init__(self, browser: Any, http: httpx.AsyncClient, origin: str, base: str) -> None:
        self.browser = browser
        self.http = http  # carries the hub token
        self.origin = origin
        self.base = base
        self._free: list[tuple[Any, Any, _Tracker]] = []

    async def close(self) -> None:
        """Close the contexts this browsing opened (the browser may audit another app next)."""
        free, self._free = self._free, []
        for context, _, _ in free:
            with contextlib.suppress(Exception):
                await context.close()

    async def go_diff(self, sid: str) -> bytes:
        """The session's ``/go`` state_diff, canonical (volatile keys are already masked)."""
        r = await self.http.get(f"{self.origin}{self.base}/go", params={"sid": sid})
        r.raise_for_status()
        return orjson.dumps(r.json()["state_diff"], option=orjson.OPT_SORT_KEYS)

    async def bind_nonce(self, sid: str) -> str:
        r = await self.http.post(f"{self.origin}{self.base}/bind", params={"sid": sid})
        r.raise_for_status()
        nonce: str = r.json()["nonce"]
        return nonce

    async def _slot(self) -> tuple[Any, Any, _Tracker]:
        """A page of its own context (a cookie jar no other open page shares): a free one,
        else a new one. Reusing pages keeps Chromium's renderer and its cache of the app's
        static files; what a page kept for the app's origin is cleared when it is released."""
        if self._free:
            return self._free.pop()
        context = await self.browser.new_context(viewport=VIEWPORT, accept_downloads=True)
        await context.add_init_script(PAGE_JS)
        page = await context.new_page()
        page.set_default_timeout(5000)
        tracker = _Tracker()
        tracker.attach(page)
        return context, page, tracker

    async def open(self, path: str) -> OpenPage:
        """A page bound to a new session, showing ``path``; give it back with :meth:`release`."""
        sid = f"audit-{uuid.uuid4().hex[:20]}"
        nonce = await self.bind_nonce(sid)
        context, page, tracker = await self._slot()
        tracker.reset()
        sep = "&" if "?" in path else "?"
        try:
            response = await page.goto(f"{self.origin}{self.base}{path}{sep}bind={nonce}")
        except Exception:
            await context.close()
            raise
        status = response.status if response is not None else None
        ctype = (await response.header_value("content-type") or "") if response else ""
        opened = OpenPage(sid, context, page, tracker, status, ctype)
        await opened.settle()
        return opened

    async def release(self, opened: OpenPage) -> None:
        """Leave the page blank and forget what the app's origin stored in it (cookies, web
        storage, caches the page controls), so the next session starts as a new browser."""
        try:
            await opened.page.goto("about:blank")
            cdp = await opened.context.new_cdp_session(opened.page)
            await cdp.send(
                "Storage.clearDataForOrigin",
                {"origin": self.origin, "storageTypes": _CLEARED_STORAGE},
            )
            await cdp.detach()
        except Exception:  # a page that cannot be cleaned is not reused
            with contextlib.suppress(Exception):
                await opened.context.close()
            return
        self._free.append((opened.context, opened.page, opened.tracker))

    def app_path(self, url: str) -> str:
        """The app-relative part of an absolute URL (the URL itself when it left the app)."""
        prefix = self.origin + self.base
        return url[len(prefix) :] or "/" if url.startswith(prefix) else url

    async def visit(self, path: str, *, screenshot: bool) -> PageVisit:
        start = time.monotonic()
        opened = await self.open(path)
        try:
            landed = self.app_path(_without_fragment(opened.page.url))
            html = "html" in opened.content_type
            if not html or opened.status is None or opened.status >= 400:
                checks: dict[str, Any] = {}
                controls: list[Control] = []
                links: list[str] = []
            else:
                checks = await opened.call("pageChecks")
                controls = [Control.model_validate(c) for c in await opened.call("controls")]
                links = await opened.call("links")
            shot = await opened.page.screenshot() if screenshot and html else None
            return PageVisit(
                status=opened.status,
                content_type=opened.content_type,
                landed=landed,
                checks=checks,
                controls=controls,
                links=links,
                page_errors=list(opened.tracker.page_errors),
                failed_resources=list(opened.tracker.failed_resources),
                screenshot=shot,
                seconds=time.monotonic() - start,
            )
        finally:
            await self.release(opened)

    async def probe(
        self, path: str, control: Control, openers: list[Control], reveal: bool = True
    ) -> ProbeOutcome:
        """Load ``path`` in a fresh session, replay ``openers``, act on ``control``, compare;
        ``reveal``: also list the controls the action showed (a menu's items)."""
        handoff = handoff_of(control, self.origin)
        if handoff:  # nothing in this browser could show what it does
            return ProbeOutcome(excused=handoff)
        start = time.monotonic()
        opened = await self.open(path)
        try:
            outcome = await self._probe_open(opened, control, openers, reveal)
        except Exception as exc:  # the page crashed or went away: say so, judge nothing
            outcome = ProbeOutcome(failure=f"{type(exc).__name__}: {str(exc).splitlines()[0]}")
        finally:
            await self.release(opened)
        outcome.seconds = round(time.monotonic() - start, 3)
        return outcome

    async def _probe_open(
        self, opened: OpenPage, control: Control, openers: list[Control], reveal: bool
    ) -> ProbeOutcome:
        await opened.call("dropTargets")
        for opener in openers:
            failure = await act(opened, opener)
            if failure:
                return ProbeOutcome(failure=f"could not replay {opener.description}: {failure}")
            await opened.settle()
        before_controls = await opened.call("controls") if reveal else []
        if control.kind in ("submit", "reset"):
            await fill_form(opened, control.css)
        own = control.css if control.kind in _OWN_VALUES else None
        before_dom = await opened.call("snapshot", own)
        before_url = _without_fragment(opened.page.url)
        before_state = await self.go_diff(opened.sid)
        opened.tracker.page_errors.clear()
        opened.tracker.nav_status = None
        failure = await act(opened, control)
        if failure:
            return ProbeOutcome(failure=failure)
        await opened.settle()
        after_url = _without_fragment(opened.page.url)
        outcome = ProbeOutcome(
            dom_changed=await opened.call("snapshot", own) != before_dom,
            url_changed=after_url != before_url,
            state_changed=await self.go_diff(opened.sid) != before_state,
            side_effect=opened.tracker.side_effect,
            landed=self.app_path(after_url),
            status=opened.tracker.nav_status,
            # after a navigation, errors are the new page's: its own visit reports them
            page_errors=[] if opened.tracker.nav_status else list(opened.tracker.page_errors),
        )
        if not (outcome.dom_changed or outcome.url_changed or outcome.state_changed):
            outcome.excused = (
                ""
                if outcome.side_effect
                else _excuse(control, before_url, opened.tracker.nav_status)
            )
        if reveal and not outcome.url_changed and opened.tracker.nav_status is None:
            shown = {c["css"] for c in before_controls}
            now = [Control.model_validate(c) for c in await opened.call("controls")]
            outcome.revealed = [c for c in now if c.css not in shown]
        return outcome


def handoff_of(control: Control, origin: str) -> str:
    """Why a link is not followed: it hands off to another application (``mailto:``,
    ``tel:``) or leaves for another site (the audit's browser reaches only the hub); '' else."""
    if control.kind != "link" or not control.href:
        return ""
    scheme = urlsplit(control.href).scheme
    if scheme in ("http", "https"):
        same = control.href == origin or control.href.startswith(origin + "/")
        return "" if same else "a link to another site (not followed)"
    if scheme in ("javascript", "about", "data", "blob", ""):
        return ""
    return f"hands off to another application ({scheme}:)"


def _excuse(control: Control, page_url: str, nav_status: int | None) -> str:
    if control.current:
        return "marked as the current choice"
    same_page = _without_fragment(control.href) == page_url and not control.raw_href.startswith("#")
    if control.kind == "link" and same_page and nav_status is not None:
        return "a link to the page it is on (reloads it)"
    return ""


def navigation_error(control: Control, outcome: ProbeOutcome) -> str | None:
    """Why a control's navigation is an error (it landed on a status >= 400), or None.

    A form the app refuses (400, 409, 422) answered the audit's made-up values: it works.
    """
    status = outcome.status
    if status is None or status < 400:
        return None
    submitted = control.kind == "submit" or (control.form_action and control.kind != "link")
    if submitted and status in _FORM_REFUSALS:
        return None
    what = "link" if control.kind == "link" else control.kind
    target = outcome.landed or control.raw_href
    return f"{what} {control.label!r} → {target} answered {status}"


async def fill_form(opened: OpenPage, css: str, text: str = "") -> None:
    """Fill the empty fields of the form ``css`` belongs to (required files get a small one);
    ``text``: what free-text fields get (default: "Audit text")."""
    for file_css in await opened.call("fillForm", {"css": css, "text": text}):
        await opened.page.locator(file_css).set_input_files([_SAMPLE_FILE])


async def act(opened: OpenPage, control: Control) -> str:
    """Do what a person would do with ``control``; '' when done, else why it could not be."""
    locator = opened.page.locator(control.css).first
    try:
        if control.kind == "input":
            await locator.fill(await opened.call("plausibleFor", control.css), timeout=3000)
            await locator.press("Enter", timeout=3000)
        elif control.kind == "select":
            other = await opened.call("otherOption", control.css)
            if other is None:
                return "the select has no other option"
            await locator.select_option(other, timeout=3000)
        else:
            await locator.click(timeout=3000)
    except Exception as exc:  # covered, detached, not visible any more
        return f"{type(exc).__name__}: {str(exc).splitlines()[0]}"
    return ""
