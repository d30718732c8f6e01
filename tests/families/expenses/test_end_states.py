"""expenses rewards against wrong end states: each scores below 1.0, for the reason written next
to it.

Every mistake is something an RL policy plausibly does instead of the task, applied with the
app's own ops (a state the UI could leave) to the initial or the gold state; the family's real
reward.py scores it in its own process against a live hub (``web_end_states``).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from cuagym.apps.expenses import ExpensesApp
from cuagym.apps.expenses.ops import (
    add_line,
    approve_report,
    create_payout,
    create_report,
    match_transaction,
    missing_receipts,
    reject_report,
    send_back,
    send_payout,
    submit_report,
    update_category_limit,
    update_line,
    update_report,
)
from cuagym.domains import load_domain
from cuagym.hub import Hub
from tests.conftest import LiveHub, serve_in_thread
from tests.families.expenses.test_cross import MISTAKES as CROSS_MISTAKES
from tests.families.web_end_states import EndStates, Mistake, State

domain = load_domain("expenses")

SEED = 1
P = dict[str, Any]


@pytest.fixture(scope="module")
def end_states(tmp_path_factory: pytest.TempPathFactory) -> Iterator[EndStates]:
    hub = Hub(apps=[ExpensesApp()], token="end-states-token")
    url, stop = serve_in_thread(hub.asgi())
    live = LiveHub(url=url, token=hub.token, hub=hub)
    try:
        yield EndStates("expenses", live, tmp_path_factory.mktemp("expenses"))
    finally:
        stop()


def rid(p: P) -> str:
    return f"rep-{p['number']}"


def other_in_review(state: State, p: P, status: str | None = None) -> str:
    return next(
        str(k)
        for k, r in sorted(state["reports"].items())
        if r["status"] == (status or state["reports"][rid(p)]["status"]) and k != rid(p)
    )


# -- approve-report -------------------------------------------------------------------------------
def approved_another_report(state: State, p: P) -> None:
    approve_report(state, other_in_review(state, p))


def approved_all_the_way(state: State, p: P) -> None:
    approve_report(state, rid(p))
    if state["reports"][rid(p)]["status"] == "reviewed":
        approve_report(state, rid(p))
    else:
        state["reports"][rid(p)]["title"] += " (checked)"


def sent_back_instead(state: State, p: P) -> None:
    send_back(state, rid(p), "Looks fine to me.")


# -- reject-report --------------------------------------------------------------------------------
def rejected_without_the_full_stop(state: State, p: P) -> None:
    reject_report(state, rid(p), p["reason"].rstrip("."))


def sent_back_with_the_reason(state: State, p: P) -> None:
    send_back(state, rid(p), p["reason"])


def rejected_another_report(state: State, p: P) -> None:
    reject_report(state, other_in_review(state, p), p["reason"])


# -- attach-receipt-submit ------------------------------------------------------------------------
def _attach(state: State, p: P, file: str) -> None:
    key = missing_receipts(state, state["reports"][rid(p)])[0]
    update_line(state, rid(p), key, {**state["reports"][rid(p)]["lines"][key], "receipt": file})


def receipt_attached_not_submitted(state: State, p: P) -> None:
    _attach(state, p, p["file"])


def other_file_attached(state: State, p: P) -> None:
    _attach(state, p, "scan-0001.pdf")
    submit_report(state, rid(p))


def submitted_and_title_changed(state: State, p: P) -> None:
    _attach(state, p, p["file"])
    report = state["reports"][rid(p)]
    update_report(
        state, rid(p), report["title"] + " (final)", report["purpose"], report["costCentreId"]
    )
    submit_report(state, rid(p))


# -- match-card-charge ----------------------------------------------------------------------------
def _charge(state: State, p: P) -> str:
    return next(
        str(t["id"])
        for t in state["cardTransactions"].values()
        if t["status"] == "unmatched"
        and t["merchant"] == p["merchant"]
        and t["amountCents"] == p["amount_cents"]
    )


def charge_marked_personal(state: State, p: P) -> None:
    state["cardTransactions"][_charge(state, p)]["status"] = "personal"


def charge_filed_as_a_new_line(state: State, p: P) -> None:
    from cuagym.apps.expenses.ops import file_transaction

    file_transaction(state, _charge(state, p), rid(p), "cat-office", "card charge")


def matched_and_another_matched(state: State, p: P) -> None:
    from cuagym.families.expenses._finance import candidate_lines

    match_transaction(
        state,
        _charge(state, p),
        *candidate_lines(state, state["cardTransactions"][_charge(state, p)])[0],
    )
    other = next(
        t
        for _, t in sorted(state["cardTransactions"].items())
        if t["status"] == "unmatched" and len(candidate_lines(state, t)) == 1
    )
    match_transaction(state, other["id"], *candidate_lines(state, other)[0])


# -- set-category-limit ---------------------------------------------------------------------------
def _category(state: State, p: P) -> str:
    return next(str(c) for c, cat in state["categories"].items() if cat["name"] == p["category"])


def limit_off_by_a_dollar(state: State, p: P) -> None:
    update_category_limit(state, _category(state, p), p["limit_cents"] + 100)


def limit_on_another_category(state: State, p: P) -> None:
    other = next(
        c
        for c, cat in sorted(state["categories"].items())
        if cat["kind"] == "receipt" and cat["name"] != p["category"]
    )
    update_category_limit(state, other, p["limit_cents"])


def limit_and_a_second_one(state: State, p: P) -> None:
    update_category_limit(state, "cat-meals" if p["category"] != "Meals" else "cat-taxi", 1000)


# -- pay-approved-batch ---------------------------------------------------------------------------
def _ready(state: State, code: str) -> list[str]:
    from cuagym.families.expenses._finance import ready_of

    return ready_of(state, "cc-" + code[3:])


def batch_left_as_draft(state: State, p: P) -> None:
    create_payout(state, _ready(state, p["centre"]), p["pay_day"])


def batch_missing_one_report(state: State, p: P) -> None:
    send_payout(state, create_payout(state, _ready(state, p["centre"])[1:], p["pay_day"]))


def every_approved_report_paid(state: State, p: P) -> None:
    every = [
        r
        for r, rep in state["reports"].items()
        if rep["status"] == "approved" and not rep["payoutId"]
    ]
    send_payout(state, create_payout(state, every, p["pay_day"]))


# -- file-trip-report -----------------------------------------------------------------------------
def _trip(state: State, p: P, *, miles: int | None = None, submit: bool = True) -> str:
    report = create_report(state, p["title"], "", "cc-" + p["centre"][3:])
    add_line(
        state,
        report,
        {"date": p["drive_day"], "categoryId": "cat-miles", "miles": miles or p["miles"]},
    )
    add_line(state, report, {"date": p["diem_day"], "categoryId": "cat-diem", "days": p["days"]})
    hotel = {
        "date": p["hotel_day"],
        "categoryId": "cat-hotel",
        "merchant": p["hotel"],
        "currency": p["currency"],
        "originalCents": p["hotel_original"],
        "receipt": p["file"],
    }
    add_line(state, report, hotel)
    if submit:
        submit_report(state, report)
    return report


def trip_left_as_draft(state: State, p: P) -> None:
    _trip(state, p, submit=False)


def trip_one_mile_short(state: State, p: P) -> None:
    _trip(state, p, miles=p["miles"] - 1)


def hotel_entered_in_dollars(state: State, p: P) -> None:
    report = _trip(state, p, submit=False)
    line = state["reports"][report]["lines"]["l3"]
    update_line(state, report, "l3", {**line, "currency": "USD"})
    submit_report(state, report)


# -- triage-manager-queue -------------------------------------------------------------------------
def every_report_approved(state: State, p: P) -> None:
    for number in [*p["approve"], *p["send_back"]]:
        approve_report(state, f"rep-{number}")


def flagged_left_waiting(state: State, p: P) -> None:
    for number in p["approve"]:
        approve_report(state, f"rep-{number}")


def flagged_sent_back_with_another_note(state: State, p: P) -> None:
    for number in p["approve"]:
        approve_report(state, f"rep-{number}")
    for number in p["send_back"]:
        send_back(state, f"rep-{number}", "Please fix.")


MISTAKES = [
    Mistake(
        "approve-report", "init", approved_another_report, (0, 0), "*", "another report approved"
    ),
    Mistake(
        "approve-report",
        "init",
        approved_all_the_way,
        (0, 0),
        "*",
        "approved past the step asked, or edited",
    ),
    Mistake(
        "approve-report", "init", sent_back_instead, (0, 0), "*", "sent back instead of approved"
    ),
    Mistake(
        "reject-report",
        "init",
        rejected_without_the_full_stop,
        (0, 0.5),
        "reason",
        "the reason not as asked",
    ),
    Mistake(
        "reject-report",
        "init",
        sent_back_with_the_reason,
        (0, 0),
        "*",
        "sent back instead of rejected",
    ),
    Mistake(
        "reject-report", "init", rejected_another_report, (0, 0), "*", "another report rejected"
    ),
    Mistake(
        "attach-receipt-submit",
        "init",
        receipt_attached_not_submitted,
        (0, 0),
        "*",
        "the report not submitted",
    ),
    Mistake(
        "attach-receipt-submit",
        "init",
        other_file_attached,
        (0, 0.5),
        "receipt_attached",
        "another file attached",
    ),
    Mistake(
        "attach-receipt-submit",
        "init",
        submitted_and_title_changed,
        (0, 0),
        "nothing_else_changed",
        "an unasked title change",
    ),
    Mistake(
        "match-card-charge",
        "init",
        charge_marked_personal,
        (0, 0),
        "*",
        "marked personal instead of matched",
    ),
    Mistake(
        "match-card-charge",
        "init",
        charge_filed_as_a_new_line,
        (0, 0),
        "*",
        "a duplicate expense made from the charge",
    ),
    Mistake(
        "match-card-charge",
        "init",
        matched_and_another_matched,
        (0, 0),
        "*",
        "a second charge matched too",
    ),
    Mistake(
        "set-category-limit",
        "init",
        limit_off_by_a_dollar,
        (0, 0),
        "limit",
        "a dollar more than asked",
    ),
    Mistake(
        "set-category-limit",
        "init",
        limit_on_another_category,
        (0, 0),
        "*",
        "another category's limit set",
    ),
    Mistake(
        "set-category-limit", "gold", limit_and_a_second_one, (0, 0), "*", "a second limit changed"
    ),
    Mistake(
        "pay-approved-batch",
        "init",
        batch_left_as_draft,
        (0, 0.7),
        "sent",
        "the batch drafted but not sent",
    ),
    Mistake(
        "pay-approved-batch",
        "init",
        batch_missing_one_report,
        (0, 0.5),
        "batch_has_exactly_them",
        "one report of the centre left out",
    ),
    Mistake(
        "pay-approved-batch",
        "init",
        every_approved_report_paid,
        (0, 0.5),
        "*",
        "other centres' reports paid too",
    ),
    Mistake(
        "triage-manager-queue",
        "init",
        every_report_approved,
        (0, 0.5),
        "flagged_sent_back",
        "the flagged report approved too",
    ),
    Mistake(
        "triage-manager-queue",
        "init",
        flagged_left_waiting,
        (0, 0.5),
        "flagged_sent_back",
        "the flagged report left undecided",
    ),
    Mistake(
        "triage-manager-queue",
        "init",
        flagged_sent_back_with_another_note,
        (0, 0.5),
        "flagged_sent_back",
        "sent back with a note other than asked",
    ),
    Mistake(
        "file-trip-report",
        "init",
        trip_left_as_draft,
        (0, 0.95),
        "submitted",
        "the report not submitted",
    ),
    Mistake("file-trip-report", "init", trip_one_mile_short, (0, 0.9), "mileage", "one mile short"),
    Mistake(
        "file-trip-report",
        "init",
        hotel_entered_in_dollars,
        (0, 0.9),
        "hotel_amount",
        "the hotel bill typed in dollars",
    ),
]


def test_every_family_has_three_wrong_end_states() -> None:
    every = [m.family for m in MISTAKES] + [m[0] for m in CROSS_MISTAKES]
    for family in domain.families:
        assert every.count(family.id) >= 3, family.id


@pytest.mark.slow
@pytest.mark.parametrize("mistake", MISTAKES, ids=lambda m: m.name)
def test_a_wrong_end_state_scores_below_one(mistake: Mistake, end_states: EndStates) -> None:
    end_states.check(domain.family(mistake.family), SEED, mistake)
