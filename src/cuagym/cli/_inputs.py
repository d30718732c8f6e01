"""Inputs checked before expensive work starts (DESIGN.md §14).

A model server's URL is parsed and probed with a short timeout before any environment, hub or
sandbox starts, so a typo or a server that is down costs seconds and one line on stderr naming
the option and the URL, not a minute of environment start-up and five retries per episode.
"""

from __future__ import annotations

import httpx
import typer

__all__ = ["PROBE_TIMEOUT_S", "UrlProblem", "check_model_url", "probe_model_url"]

PROBE_TIMEOUT_S = 3.0


class UrlProblem(ValueError):
    """A model server URL that does not parse or does not answer; the message says which."""


def probe_model_url(
    url: str, *, option: str = "--base-url", timeout_s: float = PROBE_TIMEOUT_S
) -> str:
    """``url`` (stripped of a trailing slash) if it is an http(s) URL with a host and a GET of
    ``<url>/models`` gets any HTTP answer within ``timeout_s``; else :class:`UrlProblem`.

    Any status counts as an answer (a 401 without a key, a 404 on a server without the
    listing): the probe asks whether something listens there, not whether it likes us.
    """
    text = url.strip()
    try:
        parsed = httpx.URL(text)
    except (httpx.InvalidURL, TypeError) as exc:
        raise UrlProblem(
            f"{option} {url!r} is not a URL ({exc}): use http://HOST:PORT/v1"
        ) from None
    if parsed.scheme not in ("http", "https") or not parsed.host:
        raise UrlProblem(
            f"{option} {url!r} is not an http(s) URL with a host: use e.g. http://HOST:PORT/v1"
        )
    base = text.rstrip("/")
    try:
        with httpx.Client(timeout=timeout_s, follow_redirects=False, trust_env=False) as client:
            client.get(f"{base}/models")
    except httpx.TimeoutException:
        raise UrlProblem(
            f"{option} {base} did not answer within {timeout_s:g} s (GET {base}/models): "
            "is the model server up, and is this its address?"
        ) from None
    except httpx.HTTPError as exc:
        reason = str(exc) or type(exc).__name__
        raise UrlProblem(
            f"{option} {base} cannot be reached (GET {base}/models: {reason}): "
            "start the model server or fix the URL"
        ) from None
    return base


def check_model_url(url: str, *, option: str = "--base-url") -> str:
    """:func:`probe_model_url` for a command: exit 2 with its one line on stderr."""
    try:
        return probe_model_url(url, option=option)
    except UrlProblem as exc:
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(2) from None
