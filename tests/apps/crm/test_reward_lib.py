"""The helpers crm rewards inline, tested on the host."""

from __future__ import annotations

from cuagym.apps.crm.reward_lib import added, digits, exact, fold, unlike
from cuagym.families.crm._common import REWARD_HELPERS


def test_texts_compare_exactly_and_records_are_found_case_insensitively() -> None:
    assert exact(" Send  revised order form ") == "Send revised order form"
    assert exact("send revised order form") != exact("Send revised order form")
    assert fold("Cascade Elevator CO.") == fold("cascade elevator co.")
    assert digits("(312) 555-0142") == digits("312.555.0142") == "3125550142"


def test_added_lists_whole_new_records_only() -> None:
    diff = {
        "contacts.con-0100": {"op": "added", "old": None, "new": {}},
        "contacts.con-0001.title": {"op": "changed", "old": "a", "new": "b"},
        "accounts.acc-0003": {"op": "removed", "old": {}, "new": None},
    }
    assert added(diff, "contacts") == ["con-0100"]
    assert added(diff, "accounts") == []


def test_unlike_names_every_field_that_differs_or_is_missing() -> None:
    record = {"title": "CFO", "mobile": "", "ownerId": "u-dana"}
    assert unlike(record, {"title": "CFO", "mobile": ""}) == []
    assert unlike(record, {"title": "cfo", "department": "", "ownerId": "u-dana"}) == [
        "department",
        "title",
    ]


def test_the_inlined_text_is_the_module_below_its_marker() -> None:
    namespace: dict[str, object] = {}
    exec(compile(REWARD_HELPERS, "helpers.py", "exec"), namespace)
    assert "unlike" in namespace and "added" in namespace


def test_mail_read_marks_allow_only_unread_flags_and_only_when_opening_marks_read() -> None:
    from cuagym.apps.crm.reward_lib import mail_read_marks

    threads = {"t2": {}, "t1": {}}
    assert mail_read_marks({"settings": {"markReadOnOpen": True}, "threads": threads}) == [
        "threads.t1.unread",
        "threads.t2.unread",
    ]
    assert mail_read_marks({"settings": {"markReadOnOpen": False}, "threads": threads}) == []
    assert mail_read_marks({"settings": {}, "threads": threads}) == []
