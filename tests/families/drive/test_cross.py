"""The drive's cross-app families (mail -> drive, team-chat -> drive): one hub session holding
both apps, wrong end states in either app scored below 1.

r(init) = 0 / r(gold) = 1 over three seeds runs with every drive family in ``test_families``
(whose hub serves mail and team-chat too).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from cuagym.apps.drive import DriveApp, folder_at
from cuagym.apps.drive.ops import move_item, rename_item, share_item
from cuagym.apps.mail import MailApp
from cuagym.apps.team_chat import TeamChat
from cuagym.domains import load_domain
from cuagym.hub import Hub
from tests.conftest import LiveHub, serve_in_thread
from tests.families.family_harness import run_script, score_web_end_state
from tests.families.web_end_states import EndStates, Mistake, State

domain = load_domain("drive")

SHARE = domain.family("share-from-mail")
MOVE = domain.family("move-from-chat")
SEED = 1
P = dict[str, Any]


@pytest.fixture(scope="module")
def office() -> Iterator[LiveHub]:
    hub = Hub(apps=[DriveApp(), MailApp(), TeamChat()], token="cross-token")
    url, stop = serve_in_thread(hub.asgi())
    try:
        yield LiveHub(url=url, token=hub.token, hub=hub)
    finally:
        stop()


def the_file(state: State, p: P) -> str:
    folder = folder_at(state, p["where"])
    return next(
        k for k, f in state["files"].items() if f["name"] == p["file"] and f["folderId"] == folder
    )


def user(state: State, email: str) -> str:
    return next(k for k, u in state["users"].items() if u["email"] == email)


# -- share-from-mail ------------------------------------------------------------------------------
def sender_only(state: State, p: P) -> None:
    """Shared with the sender, forgot the people copied."""
    share_item(state, "file", the_file(state, p), user(state, p["emails"][0]), p["role"])


def everyone_as_editors(state: State, p: P) -> None:
    """Everyone on the email, but as editors whatever the email asked (or viewers)."""
    wrong = "viewer" if p["role"] == "editor" else "editor"
    for email in p["emails"]:
        share_item(state, "file", the_file(state, p), user(state, email), wrong)


def and_a_stranger(state: State, p: P) -> None:
    """Everyone right, plus someone who is not on the email."""
    fid = the_file(state, p)
    taken = {user(state, e) for e in p["emails"]} | set(state["files"][fid]["sharedWith"])
    stranger = next(
        k for k in sorted(state["users"]) if k not in taken and k != state["currentUser"]
    )
    share_item(state, "file", fid, stranger, p["role"])


# -- move-from-chat -------------------------------------------------------------------------------
def moved_to_parent(state: State, p: P) -> None:
    target = folder_at(state, p["target"])
    move_item(
        state, "file", the_file(state, p), state["folders"][target]["parentId"] if target else None
    )


def moved_and_renamed(state: State, p: P) -> None:
    fid = the_file(state, p)
    move_item(state, "file", fid, folder_at(state, p["target"]))
    rename_item(state, "file", fid, "Done - " + p["file"])


def left_in_place_renamed(state: State, p: P) -> None:
    rename_item(state, "file", the_file(state, p), p["file"].replace(".", " (moved).", 1))


MISTAKES = [
    Mistake(
        "share-from-mail",
        "init",
        sender_only,
        (0, 0.3),
        "everyone_on_the_email",
        "the people copied on the email got nothing",
    ),
    Mistake(
        "share-from-mail",
        "init",
        everyone_as_editors,
        (0, 0),
        "everyone_on_the_email",
        "not the role the email asks for",
    ),
    Mistake(
        "share-from-mail",
        "gold",
        and_a_stranger,
        (0, 0),
        "nothing_else_changed",
        "shared with someone not on the email",
    ),
    Mistake(
        "move-from-chat",
        "init",
        moved_to_parent,
        (0, 0),
        "moved_as_asked",
        "the folder above the one asked for",
    ),
    Mistake(
        "move-from-chat", "init", moved_and_renamed, (0, 0), "name_kept", "moved, but renamed too"
    ),
    Mistake(
        "move-from-chat",
        "init",
        left_in_place_renamed,
        (0, 0),
        "moved_as_asked",
        "renamed instead of moved",
    ),
]


@pytest.fixture(scope="module")
def end_states(office: LiveHub, tmp_path_factory: pytest.TempPathFactory) -> EndStates:
    return EndStates("drive", office, tmp_path_factory.mktemp("cross"))


@pytest.mark.slow
@pytest.mark.parametrize("mistake", MISTAKES, ids=lambda m: m.name)
def test_a_wrong_drive_end_state_scores_below_one(mistake: Mistake, end_states: EndStates) -> None:
    end_states.check(domain.family(mistake.family), SEED, mistake)


# -- the app the task only reads ------------------------------------------------------------------
_MAIL_EDIT = """
import os, requests
hub, sid = os.environ["CUAGYM_HUB"], os.environ["CUAGYM_SID"]
auth = {"Authorization": "Bearer " + os.environ["CUAGYM_HUB_TOKEN"]}
state = requests.get(hub + "/mail/state", params={"sid": sid}, headers=auth).json()["stored_state"]
tid = next(m["threadId"] for m in state["messages"].values() if m["subject"] == SUBJECT)
state["threads"][tid]["folder"] = "archive"
r = requests.post(hub + "/mail/post", params={"sid": sid}, headers=auth,
                  json={"action": "set_current", "state": state})
r.raise_for_status()
"""

_CHAT_EDIT = """
import os, requests
hub, sid = os.environ["CUAGYM_HUB"], os.environ["CUAGYM_SID"]
auth = {"Authorization": "Bearer " + os.environ["CUAGYM_HUB_TOKEN"]}
r = requests.get(hub + "/team-chat/state", params={"sid": sid}, headers=auth)
state = r.json()["stored_state"]
for msgs in state["messages"].values():
    for m in msgs:
        if FILE in m["text"]:
            m["reactions"].append({"emoji": "white_check_mark", "users": [state["currentUser"]]})
r = requests.post(hub + "/team-chat/post", params={"sid": sid}, headers=auth,
                  json={"action": "set_current", "state": state})
r.raise_for_status()
"""


@pytest.mark.slow
def test_a_change_in_the_mailbox_scores_zero(office: LiveHub, tmp_path: Path) -> None:
    """The drive done right, and the client's email archived on the way: the mailbox guard."""
    task = SHARE.sample(SEED)
    archive = f"SUBJECT = {(task.params or {})['subject']!r}\n" + _MAIL_EDIT
    gold = SHARE.generate(task).golden_patch
    output = score_web_end_state(SHARE, SEED, office.url, office.token, tmp_path, gold, archive)
    assert output.reward == 0.0
    assert [c.name for c in output.checks if not c.passed] == ["mailbox_untouched"]


@pytest.mark.slow
def test_a_reaction_in_the_chat_scores_zero(office: LiveHub, tmp_path: Path) -> None:
    """The file moved right, and a check-mark reaction left on the request: the chat guard."""
    task = MOVE.sample(SEED)
    react = f"FILE = {(task.params or {})['file']!r}\n" + _CHAT_EDIT
    gold = MOVE.generate(task).golden_patch
    output = score_web_end_state(MOVE, SEED, office.url, office.token, tmp_path, gold, react)
    assert output.reward == 0.0
    assert [c.name for c in output.checks if not c.passed] == ["chat_untouched"]


@pytest.mark.slow
def test_setup_writes_both_apps_into_one_session(office: LiveHub, tmp_path: Path) -> None:
    task = SHARE.sample(SEED)
    p = task.params or {}
    run_script(SHARE.generate(task).initial_setup, office.url, office.token, "one", tmp_path)
    got = {
        app: httpx.get(
            f"{office.url}/{app}/state", params={"sid": "one"}, headers=office.auth
        ).json()["stored_state"]
        for app in ("mail", "drive")
    }
    message = next(m for m in got["mail"]["messages"].values() if m["subject"] == p["subject"])
    on_it = [message["from"]["email"], *(c["email"] for c in message["cc"])]
    assert on_it == p["emails"]
    # One person: the drive's signed-in user is the mailbox's owner.
    me = got["drive"]["users"][got["drive"]["currentUser"]]
    assert me["email"] == got["mail"]["account"]["email"]
