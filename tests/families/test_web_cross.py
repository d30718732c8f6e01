"""Cross-app web tasks: several apps' states in one hub session (``_web_cross``), the mail ↔ crm
office they share (``_mailcrm``), and their start screens (both web apps, in order)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from cuagym.apps.crm import CrmApp
from cuagym.apps.crm import build_seed as crm_seed
from cuagym.apps.mail import MailApp
from cuagym.apps.mail import build_seed as mail_seed
from cuagym.core import StartWindow
from cuagym.domains import load_domains, start_screen
from cuagym.families.cross._mailcrm import owner_in_crm
from cuagym.families.cross._web_cross import patch_script, record_edits, setup_script
from cuagym.hub import Hub
from tests.conftest import LiveHub, serve_in_thread
from tests.families.family_harness import run_script


@pytest.fixture(scope="module")
def office() -> Iterator[LiveHub]:
    hub = Hub(apps=[MailApp(), CrmApp()], token="office-token")
    url, stop = serve_in_thread(hub.asgi())
    try:
        yield LiveHub(url=url, token=hub.token, hub=hub)
    finally:
        stop()


def test_record_edits_go_record_by_record_and_replace_the_rest() -> None:
    before = {"org": {"name": "A"}, "items": {"a": {"x": 1}, "b": {"x": 2}}, "n": 1, "empty": {}}
    after = {"org": {"name": "B"}, "items": {"a": {"x": 1}, "c": {"x": 3}}, "n": 2, "empty": {}}
    assert record_edits(before, after) == [
        ["items", "b", None],
        ["items", "c", {"x": 3}],
        ["n", None, 2],
        ["org", None, {"name": "B"}],  # an object of scalars is one value, not records
    ]
    assert record_edits(after, after) == []


def test_scripts_need_something_to_write() -> None:
    with pytest.raises(ValueError, match="at least one app"):
        setup_script({}, "t")
    with pytest.raises(ValueError, match="changes no app"):
        patch_script({"crm": []}, "t")


def test_one_session_holds_both_apps_and_the_patch_writes_only_its_app(
    office: LiveHub, tmp_path: Path
) -> None:
    mail, crm = mail_seed(), crm_seed()
    owner_in_crm(crm, mail)
    gold = crm_seed()
    owner_in_crm(gold, mail)
    oid = sorted(gold["opportunities"])[0]
    gold["opportunities"][oid]["nextStep"] = "Patched"
    del gold["notes"][sorted(gold["notes"])[0]]
    home = tmp_path / "home"
    run_script(setup_script({"mail": mail, "crm": crm}, "t"), office.url, office.token, "s", home)
    patch = patch_script({"crm": record_edits(crm, gold)}, "t")
    run_script(patch, office.url, office.token, "s", home)

    def go(app: str) -> dict[str, object]:
        r = httpx.get(f"{office.url}/{app}/go", params={"sid": "s"}, headers=office.auth)
        r.raise_for_status()
        return r.json()  # type: ignore[no-any-return]

    got_crm, got_mail = go("crm"), go("mail")
    assert got_crm["current_state"] == gold and got_crm["initial_state"] == crm
    assert got_mail["current_state"] == mail and got_mail["state_diff"] == {}
    me = gold["users"][gold["currentUser"]]
    assert (me["name"], me["email"]) == (mail["account"]["name"], mail["account"]["email"])


@pytest.mark.parametrize(
    ("domain", "family", "apps"),
    [
        ("crm", "deal-change-from-email", ["mail", "crm"]),
        ("crm", "lead-from-inquiry", ["mail", "crm"]),
        ("crm", "opportunity-from-email", ["mail", "crm"]),
        ("crm", "handover-from-email", ["mail", "crm"]),
        ("mail", "template-to-stage-contacts", ["crm", "mail"]),
        ("mail", "close-date-reply", ["crm", "mail"]),
    ],
)
def test_cross_families_open_both_web_apps(domain: str, family: str, apps: list[str]) -> None:
    """Both windows, in use order; the app the task changes last (on top); a bundle written
    without ``start`` gets the same windows from its family."""
    task = load_domains()[domain].family(family).sample(0)
    assert task.apps == apps
    want = [StartWindow(app=a, page="/") for a in apps]
    assert start_screen(task) == want
    bare = task.model_copy(update={"start": None})
    assert start_screen(bare) == want
