"""``cuagym appgen audit``: every route and every control of a web app, in real Chromium.

The app is served by an in-process hub on 127.0.0.1; one Chromium opens at most ``workers``
pages at once, each bound to a fresh session. The audit runs in stages, each deterministic
(sorted inputs, results merged in input order, whatever finished first):

1. the state API (:mod:`._audit_api`): set / set_current / merge / reset / go, 422s, the app's
   broken states, two sessions;
2. the routes (:mod:`._audit_routes`): the screens without parameters, then breadth-first the
   first link to each screen with parameters (while screens stay unreached, a few more
   instances of each parameterized screen are looked through for links); per page its
   status, page errors, failed resources, ``h1``, tab groups and labels;
3. the controls (:mod:`._audit_probe`): one probe per distinct control (a list of fifty
   threads is one; a control of the shared layout, alike on several routes, is probed on the
   first of them only), then the controls a probe revealed (a menu, a dialog), up to two deep;
4. two browser sessions, one acting with a control that changed state, the other watching.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import re
import secrets
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol, TypeVar

import httpx

from cuagym.appgen._audit_api import ApiFindings, check_browser_isolation, check_state_api
from cuagym.appgen._audit_probe import (
    CHROMIUM,
    CHROMIUM_ARGS,
    Browsing,
    PageVisit,
    navigation_error,
)
from cuagym.appgen._audit_record import (
    ApiCheck,
    AuditRecord,
    Control,
    ControlRecord,
    ProbeOutcome,
    RouteRecord,
    SharedControl,
)
from cuagym.appgen._audit_routes import RouteTable, app_path
from cuagym.appgen._report import AuditError, AuditReport, DeadControl
from cuagym.apps import AppSpec
from cuagym.hub import Hub, WebApp, serve_hub

__all__ = [
    "AuditProgress",
    "AuditUnavailable",
    "audit_app",
    "audit_record",
    "check_browser",
    "chromium",
    "run_audit",
]

#: how many controls deep the audit follows what a control reveals (a menu in a dialog)
MAX_DEPTH = 2
#: how many instances of a parameterized screen, besides the first, the crawl looks through
#: for links to screens it has not reached
SCOUTS = 3
#: label text matters for these kinds of controls (a toolbar's buttons share everything else)
_LABELLED_KINDS = ("button", "submit", "reset", "menuitem")
T = TypeVar("T")


class AuditUnavailable(RuntimeError):
    """The audit cannot run here (no Chromium, no Playwright); the message says what to do."""


class AuditProgress(Protocol):
    """Where the audit reports its progress (the CLI's bar or periodic line)."""

    def stage(self, label: str, total: int) -> None: ...

    def step(self) -> None: ...


def check_browser() -> None:
    """Raise :class:`AuditUnavailable` unless Playwright and Chromium are both here."""
    try:
        import playwright.async_api  # noqa: F401
    except ImportError:
        raise AuditUnavailable(
            "playwright is not installed: pip install 'cuagym[browser]'"
        ) from None
    if not CHROMIUM.exists():
        raise AuditUnavailable(f"{CHROMIUM} is not installed: apt-get install chromium")


def _web_app(target: AppSpec | WebApp) -> WebApp:
    if isinstance(target, WebApp):
        return target
    if target.web_app is None:
        raise ValueError(f"{target.app_id} is a {target.kind} app; the audit is for web apps")
    return target.web_app


@dataclass
class _Page:
    """A screen the audit saw: its pattern, the concrete path, what the visit found."""

    pattern: str
    path: str
    visit: PageVisit
    record: RouteRecord
    own: bool = True  # False: a redirect to a screen audited through another visit


@dataclass(frozen=True)
class _Visit:
    """A page the crawl plans to load; a scout is another instance of a screen already
    audited, loaded only for its links."""

    pattern: str
    path: str
    scout: bool = False


@dataclass
class _Probe:
    pattern: str
    path: str
    control: Control
    openers: list[Control]
    key: str


@dataclass
class _Audit:
    app: WebApp
    browsing: Browsing
    table: RouteTable
    workers: int
    screenshots: bool
    progress: AuditProgress | None
    pages: list[_Page] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)
    shots: dict[str, bytes] = field(default_factory=dict)
    visited: set[str] = field(default_factory=set)

    async def limited(self, jobs: Sequence[Callable[[], Awaitable[T]]], label: str) -> list[T]:
        """Run ``jobs`` with at most ``workers`` at once; results in the jobs' order."""
        gate = asyncio.Semaphore(self.workers)
        if self.progress is not None:
            self.progress.stage(label, len(jobs))

        async def one(job: Callable[[], Awaitable[T]]) -> T:
            async with gate:
                result = await job()
            if self.progress is not None:
                self.progress.step()
            return result

        return list(await asyncio.gather(*(one(j) for j in jobs)))

    # -- routes ------------------------------------------------------------------------------
    async def discover(self) -> None:
        claimed = set(self.table.direct)
        level = [_Visit(p, p) for p in self.table.direct]
        # more instances of each parameterized screen, in the order links to them were found:
        # scouted (up to SCOUTS each) when the first instances leave screens unreached
        others: dict[str, list[str]] = {}
        scouted: dict[str, int] = {}
        depth = 0
        while level:
            depth += 1
            visits = await self.limited(
                [functools.partial(self._visit, v.path) for v in level],
                f"routes (level {depth})",
            )
            following: list[_Visit] = []
            for planned, visit in zip(level, visits, strict=True):
                if visit is None:
                    if not planned.scout:
                        self.skipped.append(planned.pattern)
                    continue
                own = True
                if not planned.scout:
                    page = self._page(planned.pattern, planned.path, visit, claimed)
                    self.pages.append(page)
                    own = page.own
                for link in visit.links if own else ():
                    target = app_path(
                        link.split("#", 1)[0], self.browsing.origin, self.browsing.base
                    )
                    linked = self.table.pattern_of(target) if target else None
                    if linked is None or target is None:
                        continue
                    if linked not in claimed:
                        claimed.add(linked)
                        following.append(_Visit(linked, target))
                    elif "{" in linked:
                        seen = others.setdefault(linked, [])
                        bare = target.split("?", 1)[0]
                        if bare not in seen:
                            seen.append(bare)
            if not following and any(p not in claimed for p in self.table.patterns):
                following = self._scouts(others, scouted)
            level = following

    def _scouts(self, others: dict[str, list[str]], scouted: dict[str, int]) -> list[_Visit]:
        """The next instances of the parameterized screens to look through for links to the
        screens not reached yet (a lead's page links where an opportunity's does not): for
        each pattern, in the order found, up to ``SCOUTS`` in all besides the first."""
        out: list[_Visit] = []
        first = {page.pattern: page.path.split("?", 1)[0] for page in self.pages}
        for pattern, paths in others.items():
            fresh = [p for p in paths if p != first.get(pattern)]
            start = scouted.get(pattern, 0)
            chosen = fresh[start:SCOUTS]
            scouted[pattern] = start + len(chosen)
            out.extend(_Visit(pattern, path, scout=True) for path in chosen)
        return out

    async def _visit(self, path: str) -> PageVisit | None:
        visit = await self.browsing.visit(path, screenshot=self.screenshots)
        if visit.status is not None and visit.status < 400 and "html" not in visit.content_type:
            return None  # a download or an API answer, not a screen
        return visit

    def _page(self, pattern: str, path: str, visit: PageVisit, claimed: set[str]) -> _Page:
        landed = self.table.pattern_of(visit.landed) if visit.landed.startswith("/") else None
        shown, own = pattern, True
        if landed is not None and landed != pattern:
            # A redirect (/ -> /c/general): the page belongs to the screen it shows, audited
            # here unless another visit audits that screen.
            shown, own = landed, landed not in claimed
            claimed.add(landed)
        self.visited.update((pattern, shown))
        record = RouteRecord(
            pattern=shown,
            url=path,
            status=visit.status,
            content_type=visit.content_type,
            landed=visit.landed,
            h1=int(visit.checks.get("h1", 0)),
            seconds=round(visit.seconds, 3),
        )
        page = _Page(shown, visit.landed if landed else path, visit, record, own)
        if visit.screenshot is not None and own:
            name = f"shots/{len(self.shots):02d}-{_slug(shown)}.png"
            self.shots[name] = visit.screenshot
            record.screenshot = name
        record.errors = page_errors(page) if own else []
        return page

    # -- controls ----------------------------------------------------------------------------
    def control_key(self, pattern: str, control: Control) -> str:
        origin, base = self.browsing.origin, self.browsing.base
        href = ""
        if control.raw_href:
            target = app_path(control.href, origin, base)
            if control.raw_href.startswith("#"):
                href = "#"
            elif target is None:
                href = "external"
            else:
                href = self.table.pattern_of(target) or target.split("?", 1)[0]
        action = ""
        if control.form_action:
            target = app_path(control.form_action, origin, base)
            method = control.form_method or "get"
            found = self.table.pattern_of(target, method) if target else None
            action = f"{method} {found or (target or 'external').split('?', 1)[0]}"
        label = ""
        if control.kind in _LABELLED_KINDS or control.role in ("button", "menuitem"):
            label = re.sub(r"\d+", "", control.label.lower()).strip()
        parts = [
            pattern,
            control.tag,
            control.type or control.role,
            list(control.classes),
            href,
            action,
            label,
        ]
        return json.dumps(parts, separators=(",", ":"))

    def shared_key(self, control: Control) -> str:
        """What makes a control the same on two routes: everything it is and carries, its
        concrete target (a link whose target depends on the page differs), its form's fields
        as they stand (a search form whose hidden field carries the page's context differs),
        its choices, its data-* attributes and its whole label. Two routes showing it alike
        show the shared layout; what a script reads from the page's URL alone is not seen."""
        origin, base = self.browsing.origin, self.browsing.base
        href = control.raw_href
        if control.href and not control.raw_href.startswith("#"):
            href = app_path(control.href, origin, base) or control.href
        action = ""
        if control.form_action:
            target = app_path(control.form_action, origin, base) or control.form_action
            action = f"{control.form_method or 'get'} {target}"
        parts = [
            control.css,
            control.kind,
            control.tag,
            control.type,
            control.role,
            list(control.classes),
            href,
            action,
            list(control.form_fields),
            list(control.options),
            list(control.data),
            control.label,
            control.current,
        ]
        return json.dumps(parts, separators=(",", ":"))

    async def probe_all(self) -> list[tuple[_Probe, ProbeOutcome]]:
        seen: set[str] = set()
        first_route: dict[str, str] = {}  # shared key -> the route whose probe covers it
        wave: list[_Probe] = []
        for page in self.pages:
            if not page.own:
                continue
            for control in page.visit.controls:
                shared = self.shared_key(control)
                covered_by = first_route.setdefault(shared, page.pattern)
                if covered_by != page.pattern:
                    page.record.shared.append(
                        SharedControl(control=control.description, same_as=covered_by)
                    )
                    continue
                key = self.control_key(page.pattern, control)
                if key not in seen:
                    seen.add(key)
                    wave.append(_Probe(page.pattern, page.path, control, [], key))
        done: list[tuple[_Probe, ProbeOutcome]] = []
        depth = 0
        while wave:
            label = "controls" if depth == 0 else f"revealed controls (depth {depth})"
            outcomes = await self.limited(
                [
                    functools.partial(
                        self.browsing.probe,
                        p.path,
                        p.control,
                        p.openers,
                        reveal=len(p.openers) < MAX_DEPTH,
                    )
                    for p in wave
                ],
                label,
            )
            following: list[_Probe] = []
            for probe, outcome in zip(wave, outcomes, strict=True):
                done.append((probe, outcome))
                for shown in outcome.revealed:
                    key = self.control_key(probe.pattern, shown)
                    if key not in seen:
                        seen.add(key)
                        openers = [*probe.openers, probe.control]
                        following.append(_Probe(probe.pattern, probe.path, shown, openers, key))
            wave = following
            depth += 1
        return done


def _slug(pattern: str) -> str:
    return re.sub(r"[^A-Za-z0-9]+", "-", pattern).strip("-") or "home"


def page_errors(page: _Page) -> list[AuditError]:
    """What a route's page load found: status, page errors, resources, h1, tabs, labels."""
    visit, route, path = page.visit, page.pattern, page.path
    out: list[AuditError] = []
    if visit.status is None or visit.status >= 400:
        out.append(
            AuditError(
                route=route, kind="http_status", detail=f"GET {path} answered {visit.status}"
            )
        )
        return out
    for message in dict.fromkeys(visit.page_errors):
        out.append(AuditError(route=route, kind="page_error", detail=f"on load: {message}"))
    for failed in dict.fromkeys(visit.failed_resources):
        out.append(AuditError(route=route, kind="http_status", detail=f"resource {failed}"))
    checks = visit.checks
    if not checks.get("h1"):
        out.append(AuditError(route=route, kind="missing_h1", detail=f"no <h1> on {path}"))
    for group in checks.get("tabsWithoutActive", []):
        tabs = ", ".join(repr(t) for t in group["tabs"][:6])
        out.append(
            AuditError(
                route=route,
                kind="tab_without_active",
                detail=(
                    f"tab group {group['css']} ({tabs}) marks no tab active "
                    "(aria-selected, aria-current or class active/current/selected)"
                ),
            )
        )
    for item in checks.get("unlabelled", []):
        name = f" (name={item['name']})" if item["name"] else ""
        out.append(
            AuditError(
                route=route,
                kind="unlabelled_field",
                detail=(
                    f"{item['css']}{name} has no label (<label>, aria-label or aria-labelledby; "
                    "a placeholder is not a label)"
                ),
            )
        )
    return out


def _describe(probe: _Probe) -> str:
    if not probe.openers:
        return probe.control.description
    chain = " > ".join(f'{o.kind} "{o.label}"' for o in probe.openers)
    return f"{probe.control.description} after {chain}"


def probe_findings(
    probes: list[tuple[_Probe, ProbeOutcome]],
) -> tuple[list[DeadControl], list[AuditError]]:
    dead: list[DeadControl] = []
    errors: list[AuditError] = []
    for probe, outcome in probes:
        what = _describe(probe)
        if outcome.dead:
            dead.append(DeadControl(route=probe.pattern, control=what))
        problem = navigation_error(probe.control, outcome)
        if problem is not None:
            errors.append(AuditError(route=probe.pattern, kind="http_status", detail=problem))
        for message in dict.fromkeys(outcome.page_errors):
            errors.append(
                AuditError(
                    route=probe.pattern, kind="page_error", detail=f"after {what}: {message}"
                )
            )
    return dead, errors


@contextlib.asynccontextmanager
async def chromium() -> AsyncIterator[Any]:
    """One headless Chromium the audits of several apps can share (``audit_record``'s
    ``browser``): each audit opens its own contexts in it and closes them."""
    check_browser()
    from playwright.async_api import async_playwright

    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=str(CHROMIUM), args=list(CHROMIUM_ARGS))
        try:
            yield browser
        finally:
            await browser.close()


async def audit_record(
    target: AppSpec | WebApp,
    *,
    screenshots: bool = False,
    workers: int = 2,
    progress: AuditProgress | None = None,
    browser: Any | None = None,
) -> tuple[AuditRecord, dict[str, bytes]]:
    """The full audit of one web app: its record and (with ``screenshots``) the route shots;
    ``browser``: a Chromium from :func:`chromium` to use (else one is launched and closed)."""
    check_browser()
    app = _web_app(target)
    start = time.monotonic()
    try:
        table = RouteTable.of(app.routes())
        Hub(apps=[app])  # what serving needs: a valid seed, templates, static files
    except Exception as exc:  # the app's own code failed: nothing else can be audited
        error = AuditError(route="/", kind="load_failed", detail=f"cannot serve it: {exc!r}")
        report = AuditReport.of(app.app_id, 0, 0, [], [error])
        return AuditRecord(
            report=report, routes=[], unvisited=[], skipped=[], api=[], seconds=0.0
        ), {}
    token = secrets.token_urlsafe(18)
    async with (
        serve_hub([app], token=token) as hub,
        httpx.AsyncClient(headers={"Authorization": f"Bearer {token}"}, timeout=30) as http,
    ):
        api = await check_state_api(http, hub.url, app)
        async with contextlib.AsyncExitStack() as stack:
            if browser is None:
                browser = await stack.enter_async_context(chromium())
            browsing = Browsing(browser, http, hub.url, f"/{app.app_id}")
            try:
                audit = _Audit(app, browsing, table, max(1, workers), screenshots, progress)
                await audit.discover()
                probes = await audit.probe_all()
                isolation = await _browser_isolation(browsing, probes)
            finally:
                await browsing.close()
    return _assemble(app, audit, probes, api, isolation, time.monotonic() - start), audit.shots


async def _browser_isolation(
    browsing: Browsing, probes: list[tuple[_Probe, ProbeOutcome]]
) -> ApiFindings:
    for probe, outcome in probes:
        if outcome.state_changed and not outcome.failure:
            return await check_browser_isolation(
                browsing, probe.path, probe.pattern, probe.control, probe.openers
            )
    found = ApiFindings()
    found.checks.append(
        ApiCheck(
            name="browser sessions",
            ok=True,
            detail="skipped: no control changed the session's state",
        )
    )
    return found


def _assemble(
    app: WebApp,
    audit: _Audit,
    probes: list[tuple[_Probe, ProbeOutcome]],
    api: ApiFindings,
    isolation: ApiFindings,
    seconds: float,
) -> AuditRecord:
    by_pattern = {page.pattern: page.record for page in audit.pages if page.own}
    for probe, outcome in probes:
        by_pattern[probe.pattern].controls.append(
            ControlRecord(
                route=probe.pattern,
                control=probe.control.description,
                key=probe.key,
                openers=[o.description for o in probe.openers],
                outcome=outcome,
            )
        )
    dead, probe_errors = probe_findings(probes)
    errors = [e for page in audit.pages for e in page.record.errors]
    errors += probe_errors + api.errors + isolation.errors
    unique_errors = sorted(set(errors), key=lambda e: (e.route, e.kind, e.detail))
    visited = audit.visited
    report = AuditReport.of(
        app=app.app_id,
        routes=len(visited),
        controls=len(probes),
        dead=sorted(set(dead), key=lambda d: (d.route, d.control)),
        errors=unique_errors,
    )
    unvisited = [p for p in audit.table.patterns if p not in visited and p not in audit.skipped]
    return AuditRecord(
        report=report,
        routes=[page.record for page in audit.pages],
        unvisited=unvisited,
        skipped=sorted(audit.skipped),
        api=api.checks + isolation.checks,
        seconds=round(seconds, 2),
    )


async def audit_app(
    target: AppSpec | WebApp,
    *,
    out: Path | None = None,
    workers: int = 2,
    progress: AuditProgress | None = None,
) -> AuditReport:
    """Audit one web app (an :class:`AppSpec` or its :class:`WebApp`); ``out``: write the HTML
    report, the screenshots and ``audit.json`` there."""
    record, shots = await audit_record(
        target, screenshots=out is not None, workers=workers, progress=progress
    )
    if out is not None:
        from cuagym.appgen._audit_html import write_report

        write_report(out, record, shots)
    return record.report


def run_audit(
    target: AppSpec | WebApp,
    *,
    out: Path | None = None,
    workers: int = 2,
    progress: AuditProgress | None = None,
) -> AuditReport:
    """:func:`audit_app` for code without an event loop (the CLI, a benchmark)."""
    return asyncio.run(audit_app(target, out=out, workers=workers, progress=progress))
