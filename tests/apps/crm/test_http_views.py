"""Screens render any valid state (not just the seed); lists filter, search and sort."""

from __future__ import annotations

import re
from typing import Any

from tests.apps.crm.conftest import CrmClient

T = "2030-05-01T08:00:00Z"
CUSTOM: dict[str, Any] = {
    "org": {"name": "Zephyr Outfitters"},
    "currentUser": "u-ada",
    "users": {
        "u-ada": {"id": "u-ada", "name": "Ada Quill", "title": "Buyer"},
        "u-bo": {"id": "u-bo", "name": "Bo Lindgren", "avatarColor": "#123456"},
    },
    "accounts": {
        "a-1": {"id": "a-1", "name": "Glacier <b>Gear</b>", "ownerId": "u-bo", "createdAt": T,
                "annualRevenueCents": 123456789},
    },
    "contacts": {
        "c-1": {"id": "c-1", "lastName": "Frost", "firstName": "Jo", "accountId": "a-1",
                "ownerId": "u-ada", "createdAt": T},
    },
    "opportunities": {
        "o-1": {"id": "o-1", "name": "Tents 2031", "accountId": "a-1", "contactId": "c-1",
                "stage": "Negotiation", "probability": 85, "amountCents": 990001,
                "closeDate": "2031-02-28", "ownerId": "u-ada", "createdAt": T},
    },
    "leads": {
        "l-1": {"id": "l-1", "lastName": "Snow", "company": "Summit Ropes", "status": "Working",
                "ownerId": "u-bo", "createdAt": T},
        "l-2": {"id": "l-2", "lastName": "Hail", "company": "Peak Co", "status": "Converted",
                "ownerId": "u-bo", "createdAt": T, "convertedAt": T, "convertedAccountId": "a-1",
                "convertedContactId": "c-1"},
    },
    "activities": {
        "t-1": {"id": "t-1", "subject": "Ship samples", "relatedType": "opportunity",
                "relatedId": "o-1", "dueDate": "2031-01-10", "ownerId": "u-ada", "createdAt": T},
    },
    "notes": {
        "n-1": {"id": "n-1", "relatedType": "account", "relatedId": "a-1", "title": "Sizing",
                "body": "Needs XL", "authorId": "u-bo", "createdAt": T},
    },
}  # fmt: skip


async def test_an_injected_state_renders_everywhere(crm: CrmClient) -> None:
    assert (await crm.inject(CUSTOM)).status_code == 200
    home = (await crm.get("/")).text
    assert "Zephyr Outfitters" in home and "Ada Quill" in home and "Ship samples" in home
    assert "$9,900.01" in home  # the one open deal
    account = (await crm.get("/accounts/a-1")).text
    assert "Glacier &lt;b&gt;Gear&lt;/b&gt;" in account and "<b>Gear</b>" not in account
    assert "$1,234,567.89" in account and "Needs XL" in account and "Tents 2031" in account
    opp = (await crm.get("/opportunities/o-1")).text
    assert "85%" in opp and "Feb 28, 2031" in opp and "Jo Frost" in opp
    assert 'data-step="Negotiation"' in opp
    converted = (await crm.get("/leads/l-2")).text
    assert 'data-testid="converted-banner"' in converted
    leads = (await crm.get("/leads")).text
    assert "Snow" in leads and "Hail" not in leads  # converted leads leave the working view
    assert "Hail" in (await crm.get("/leads?view=converted")).text
    board = (await crm.get("/pipeline")).text
    assert board.count('data-testid="deal-card"') == 1
    for path in ("/contacts/c-1", "/tasks", "/reports", "/search?q=snow", "/accounts"):
        assert (await crm.get(path)).status_code == 200, path
    assert await crm.diff() == {}


def ids(page: str) -> list[str]:
    return re.findall(r'data-testid="record-row" data-id="([^"]+)"', page)


async def test_list_filters_search_and_sort(crm: CrmClient, seed: dict[str, Any]) -> None:
    working = ids((await crm.get("/leads?status=Working")).text)
    assert working and all(seed["leads"][i]["status"] == "Working" for i in working)
    mine = ids((await crm.get("/opportunities?view=mine")).text)
    assert mine and all(seed["opportunities"][i]["ownerId"] == "u-dana" for i in mine)
    assert ids((await crm.get("/accounts?q=harborview")).text) == ["acc-0001"]
    amounts = [
        seed["opportunities"][i]["amountCents"]
        for i in ids((await crm.get("/opportunities?sort=amountCents&dir=desc")).text)
    ]
    assert amounts == sorted(amounts, reverse=True) and len(amounts) == 30
    stages = [
        seed["opportunities"][i]["stage"]
        for i in ids((await crm.get("/opportunities?sort=stage")).text)
    ]
    assert stages[0] == "Prospecting" and stages[-1] == "Closed Lost"
    empty = (await crm.get("/contacts?q=zzzz")).text
    assert 'data-testid="empty-list"' in empty
    assert await crm.diff() == {}


async def test_unknown_pages_and_records_are_404(crm: CrmClient) -> None:
    for path in ("/widgets", "/leads/lead-9999", "/accounts/acc-9999/edit"):
        r = await (crm.get(path) if not path.endswith("edit") else crm.post(path, {"name": "x"}))
        assert r.status_code == 404, path
        assert 'data-testid="error-page"' in r.text
