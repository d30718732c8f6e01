"""The state operations on their own: compose rules, recipients, labels, folders, book."""

from __future__ import annotations

import copy
from datetime import UTC, datetime
from typing import Any

import pytest

from cuagym.apps.mail import MailState, build_seed
from cuagym.apps.mail._invariants import check_invariants
from cuagym.apps.mail._ops import (
    ActionError,
    create_label,
    delete_forever,
    delete_label,
    move_to_label,
    new_id,
    open_thread,
    snooze,
    thread_action,
    update_label,
)
from cuagym.apps.mail._ops_book import create_contact, create_template, parse_groups
from cuagym.apps.mail._ops_compose import (
    ComposeFields,
    discard_draft,
    parse_recipients,
    prefill,
    save_draft,
    send_message,
)
from cuagym.apps.mail._search import search_threads

State = dict[str, Any]
NOW = datetime(2025, 3, 14, 22, 0, tzinfo=UTC)
ME = "nora.castellanos@fernhill.example"


@pytest.fixture
def s() -> State:
    return copy.deepcopy(build_seed())


def valid(state: State) -> bool:
    return not list(check_invariants(MailState.model_validate(state, strict=True)))


def test_parse_recipients_resolves_contacts_and_dedupes(s: State) -> None:
    out = parse_recipients(
        s,
        'priya.shah@bluepeak.example; Marcus Bell, "X Y" <x@y.example>, '
        "PRIYA.SHAH@bluepeak.example",
    )
    assert out == [
        {"name": "Priya Shah", "email": "priya.shah@bluepeak.example"},
        {"name": "Marcus Bell", "email": "marcus.bell@alderfinch.example"},
        {"name": "X Y", "email": "x@y.example"},
    ]
    with pytest.raises(ActionError, match="not an email address"):
        parse_recipients(s, "Nobody Known")


def test_reply_all_excludes_me_and_collapses_prefixes(s: State) -> None:
    tid, f = prefill(s, "m-0003", "reply-all")  # Priya to me, cc Sam
    assert tid == "t-0001"
    assert f.to == "Priya Shah <priya.shah@bluepeak.example>"
    assert f.cc == "Sam Ortiz <sam.ortiz@fernhill.example>"
    assert f.subject == "Re: Bluepeak renewal - pricing questions"  # not "Re: Re: ..."
    _, own = prefill(s, "m-0002", "reply")  # replying to my own message goes to its recipients
    assert own.to == "Priya Shah <priya.shah@bluepeak.example>"


def test_forward_keeps_attachments_and_quotes_the_original(s: State) -> None:
    _, f = prefill(s, "m-0005", "forward")
    assert f.to == "" and f.subject.startswith("Fwd: ")
    assert "---------- Forwarded message ----------" in f.body and "From: Julia Moreau" in f.body
    assert [a["name"] for a in f.attachments] == ["interview-schedule.pdf"]


def test_send_reply_stays_in_thread_and_never_predates_it(s: State) -> None:
    _, f = prefill(s, "m-0003", "reply")
    f.body = "Numbers attached."
    mid = send_message(s, f, None, "t-0001", now=datetime(2020, 1, 1, tzinfo=UTC))
    msg = s["messages"][mid]
    assert mid == "m-0042" and msg["threadId"] == "t-0001" and not msg["isDraft"]
    assert msg["date"] == "2025-03-13T15:22:00Z"  # the thread's newest message, not 2020
    assert msg["from"]["email"] == ME and valid(s)


def test_new_message_starts_a_thread_outside_the_inbox(s: State) -> None:
    mid = send_message(
        s, ComposeFields(bcc="Priya Shah", subject=" Hi ", body="\n\nHello\n"), now=NOW
    )
    msg = s["messages"][mid]
    assert s["threads"][msg["threadId"]]["folder"] == "archive"
    assert msg["to"] == [] and msg["subject"] == "Hi" and msg["body"] == "Hello"
    with pytest.raises(ActionError, match="recipient"):
        send_message(s, ComposeFields(subject="x"))


def test_draft_lifecycle(s: State) -> None:
    with pytest.raises(ActionError, match="nothing to save"):
        save_draft(s, ComposeFields())
    mid = save_draft(s, ComposeFields(subject="Plan"), now=NOW)
    tid = s["messages"][mid]["threadId"]
    assert s["messages"][mid]["isDraft"] and valid(s)
    assert (
        save_draft(s, ComposeFields(to="owen.pryce@fernhill.example", subject="Plan v2"), mid)
        == mid
    )
    assert (
        send_message(
            s, ComposeFields(to="owen.pryce@fernhill.example", subject="Plan v2"), mid, now=NOW
        )
        == mid
    )
    assert not s["messages"][mid]["isDraft"]
    with pytest.raises(ActionError):
        discard_draft(s, mid)  # sent: no longer a draft
    draft = save_draft(s, ComposeFields(body="tmp"), now=NOW)
    discard_draft(s, draft)
    assert draft not in s["messages"] and s["messages"].get(mid) and tid in s["threads"]


def test_one_draft_per_thread(s: State) -> None:
    with pytest.raises(ActionError, match="already has a draft"):
        save_draft(s, ComposeFields(body="x"), None, "t-0009")
    discard_draft(s, "m-0013")  # the thread keeps its other message
    assert "t-0009" in s["threads"]
    discard_draft(s, "m-0033")  # a draft-only thread goes with its draft
    assert "t-0026" not in s["threads"]


def test_thread_actions(s: State) -> None:
    thread_action(s, ["t-0013"], "archive")  # snoozed -> archive clears the snooze
    assert s["threads"]["t-0013"] == {
        **s["threads"]["t-0013"],
        "folder": "archive",
        "snoozedUntil": None,
    }
    with pytest.raises(ActionError, match="Inbox"):
        snooze(s, ["t-0013"], "2025-03-20T08:00:00Z")
    thread_action(s, ["t-0001", "t-0002"], "unread")
    assert s["threads"]["t-0002"]["unread"] is True
    move_to_label(s, ["t-0002"], "l-travel")
    assert s["threads"]["t-0002"]["labels"] == ["l-finance", "l-travel"]
    assert s["threads"]["t-0002"]["folder"] == "archive"
    with pytest.raises(ActionError, match="Trash or Spam"):
        delete_forever(s, ["t-0001"])
    before = len(s["messages"])
    delete_forever(s, ["t-0027"])
    assert "t-0027" not in s["threads"] and len(s["messages"]) == before - 1 and valid(s)
    with pytest.raises(ActionError, match="Select"):
        thread_action(s, [], "archive")


def test_open_thread_marks_read_only_when_asked(s: State) -> None:
    assert open_thread(s, "t-0001") is False and s["threads"]["t-0001"]["unread"]
    s["settings"]["markReadOnOpen"] = True
    assert open_thread(s, "t-0001") is True and not s["threads"]["t-0001"]["unread"]


def test_labels(s: State) -> None:
    assert create_label(s, "  Follow   up ", "orange") == "l-follow-up"
    with pytest.raises(ActionError, match="already exists"):
        create_label(s, "follow UP")
    with pytest.raises(ActionError, match="colour"):
        create_label(s, "Other", "#fff")
    update_label(s, "l-follow-up", "Chase", "red")
    assert create_label(s, "Follow up") == "l-follow-up-2"  # the renamed label keeps its id
    delete_label(s, "l-clients")
    assert all("l-clients" not in t["labels"] for t in s["threads"].values()) and valid(s)


def test_book(s: State) -> None:
    assert parse_groups(" Customers, VIP accounts,customers ") == ["customers", "vip-accounts"]
    cid = create_contact(s, "Ada Quill", "ada@quill.example", groups="Partners")
    assert cid == "ct-0017" and s["contacts"][cid]["groups"] == ["partners"]
    with pytest.raises(ActionError, match="already has"):
        create_contact(s, "Dup", "ADA@quill.example")
    assert create_template(s, "Thanks", "", "Thank you!\n") == "tpl-0004"
    assert s["templates"]["tpl-0004"]["body"] == "Thank you!"
    assert new_id(s, "threads", "t") == "t-0035"


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("from:priya", {"t-0001"}),
        ("subject:renewal", {"t-0001"}),
        ("has:attachment label:clients", {"t-0008", "t-0022"}),
        ("to:marcus", {"t-0004", "t-0022"}),
        ('subject:"expense reports"', {"t-0002"}),
        ("in:spam reward", {"t-0027"}),
        ("reward", set()),  # spam is searched only when asked for
        ("is:starred", {"t-0002", "t-0007"}),
        ("", set()),
    ],
)
def test_search(s: State, query: str, expected: set[str]) -> None:
    assert search_threads(s, query) == expected
