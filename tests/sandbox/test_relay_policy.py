"""The relay's decision on one request head (pure; the real relay is in test_hub.py)."""

from __future__ import annotations

import pytest

from cuagym.sandbox._relay import Decision, RelayPolicy, check

POLICY = RelayPolicy(token="real-token", sid="envA")


def head(target: str, *headers: str, method: str = "GET") -> bytes:
    return "\r\n".join([f"{method} {target} HTTP/1.1", "Host: 127.0.0.1", *headers]).encode()


def forwarded(decision: Decision) -> str:
    assert decision.status == 0, decision.error
    return decision.head.decode()


def test_own_sid_is_forwarded_with_the_real_token_and_not_the_scripts() -> None:
    out = forwarded(check(head("/crm/go?sid=envA", "Authorization: Bearer relayed"), POLICY))
    assert out.startswith("GET /crm/go?sid=envA HTTP/1.1\r\n")
    assert "Authorization: Bearer real-token\r\n" in out
    assert "relayed" not in out and out.count("Authorization") == 1
    assert "Connection: close\r\n" in out and out.endswith("\r\n\r\n")


def test_a_request_without_sid_gets_the_environments() -> None:
    assert forwarded(check(head("/crm/state"), POLICY)).startswith("GET /crm/state?sid=envA ")
    out = forwarded(check(head("/crm/state?x=1"), POLICY))
    assert out.startswith("GET /crm/state?x=1&sid=envA ")


@pytest.mark.parametrize(
    "target",
    [
        "/crm/go?sid=envB",
        "/crm/go?sid=envA&sid=envB",
        "/crm/go?s%69d=envB",  # the name percent-encoded, as the hub decodes it
        "/crm/post?sid=env%42",  # the value percent-encoded
        "/crm/files/a.txt?sid=envB",
    ],
)
def test_another_session_is_refused(target: str) -> None:
    decision = check(head(target, method="POST"), POLICY)
    assert decision.status == 403 and "own hub session" in decision.error


@pytest.mark.parametrize(
    "target", ["/crm/", "/crm/?sid=envB", "/crm/bind?sid=envA", "/crm/c/1", "/", "/crm/go/x"]
)
def test_only_the_state_api_is_relayed(target: str) -> None:
    decision = check(head(target), POLICY)
    assert decision.status == 403 and "state API only" in decision.error


def test_a_session_cookie_is_refused() -> None:
    decision = check(head("/crm/go", "Cookie: cuagym_sid=envB"), POLICY)
    assert decision.status == 403


def test_the_body_is_framed_by_content_length_only() -> None:
    decision = check(head("/crm/post", "Content-Length: 12", method="POST"), POLICY)
    assert decision.body == 12 and "Content-Length: 12\r\n" in forwarded(decision)
    chunked = check(head("/crm/post", "Transfer-Encoding: chunked", method="POST"), POLICY)
    assert chunked.status == 411
    twice = check(head("/crm/post", "Content-Length: 1", "Content-Length: 2"), POLICY)
    assert twice.status == 400


def test_a_hub_under_a_prefix() -> None:
    policy = RelayPolicy(token="t", sid="envA", prefix="/hub")
    assert forwarded(check(head("/hub/crm/go"), policy)).startswith("GET /hub/crm/go?sid=envA ")
    assert check(head("/crm/go"), policy).status == 403


@pytest.mark.parametrize(
    "raw", [b"GET /crm/go", b"GET http://evil/crm/go HTTP/1.1", b"GET /crm/go HTTP/1.1\r\nbad"]
)
def test_malformed_heads_are_refused(raw: bytes) -> None:
    assert check(raw, POLICY).status == 400
