"""Every UI action, driven like a browser (forms, cookie), checked through the reward's /go."""

from __future__ import annotations

from typing import Any

from tests.apps.team_chat.conftest import ChatClient

ME = "u-jonah"


def msg_by_text(state: dict[str, Any], conv: str, start: str) -> dict[str, Any]:
    return next(m for m in state["messages"][conv] if m["text"].startswith(start))


def changed(diff: dict[str, Any], path: str) -> tuple[Any, Any]:
    entry = diff[path]
    assert entry["op"] == "changed", entry
    return entry["old"], entry["new"]


async def test_rename_channel(chat: ChatClient) -> None:
    r = await chat.post("/c/c-general/rename", {"name": "company", "next": "/c/c-general"})
    assert r.status_code == 303
    assert r.headers["location"] == "/team-chat/c/c-general"
    assert await chat.diff() == {
        "channels.c-general.name": {"op": "changed", "old": "general", "new": "company"}
    }


async def test_rename_normalizes_like_the_hint_says(chat: ChatClient) -> None:
    await chat.post("/c/c-design", {})  # a no-op POST on a GET route must not change anything
    r = await chat.post("/c/c-design/rename", {"name": "  #Product Design "})
    assert r.status_code == 303
    assert changed(await chat.diff(), "channels.c-design.name") == ("design", "product-design")


async def test_topic_and_purpose(chat: ChatClient) -> None:
    await chat.post("/c/c-engineering/topic", {"topic": "Sprint 15 planning  today"})
    await chat.post("/c/c-engineering/purpose", {"purpose": "All things engineering."})
    diff = await chat.diff()
    assert set(diff) == {"channels.c-engineering.topic", "channels.c-engineering.purpose"}
    assert diff["channels.c-engineering.topic"]["new"] == "Sprint 15 planning today"
    assert diff["channels.c-engineering.purpose"]["new"] == "All things engineering."


async def test_archive_and_unarchive(chat: ChatClient) -> None:
    assert (await chat.post("/c/c-design/archive")).status_code == 303
    assert (await chat.post("/c/c-offsite-2024/unarchive")).status_code == 303
    diff = await chat.diff()
    assert changed(diff, "channels.c-design.archived") == (False, True)
    assert changed(diff, "channels.c-offsite-2024.archived") == (True, False)
    assert len(diff) == 2
    # Archived channels leave the sidebar but stay in the browser.
    page = (await chat.get("/c/c-general")).text
    assert 'data-channel="design"' not in page and 'data-channel="offsite-2024"' in page
    browser = (await chat.get("/channels?show=archived")).text
    assert 'data-testid="channel-row" data-channel="design"' in browser
    assert 'data-testid="channel-row" data-channel="offsite-2024"' not in browser


async def test_join_leave_and_add_people(chat: ChatClient) -> None:
    await chat.post("/c/c-customer-feedback/join")
    await chat.post("/c/c-random/leave")
    await chat.post("/c/c-design/members", {"users": ["u-kenji", "u-sofia"]})
    cur = await chat.current()
    diff = await chat.diff()
    assert set(diff) == {
        "channels.c-customer-feedback.members",
        "channels.c-random.members",
        "channels.c-design.members",
    }
    assert cur["channels"]["c-customer-feedback"]["members"][-1] == ME
    assert ME not in cur["channels"]["c-random"]["members"]
    assert cur["channels"]["c-design"]["members"][-2:] == ["u-kenji", "u-sofia"]


async def test_create_channel(chat: ChatClient) -> None:
    r = await chat.post(
        "/channels/new", {"name": "Budget 2025", "purpose": "Numbers.", "private": "on"}
    )
    assert r.status_code == 303
    assert r.headers["location"] == "/team-chat/c/c-budget-2025"
    diff = await chat.diff()
    assert list(diff) == ["channels.c-budget-2025"]
    entry = diff["channels.c-budget-2025"]
    assert entry["op"] == "added"
    new = entry["new"]
    assert new["name"] == "budget-2025" and new["purpose"] == "Numbers."
    assert new["isPrivate"] is True and new["archived"] is False
    assert new["members"] == [ME] and new["createdBy"] == ME
    page = await chat.get("/c/c-budget-2025")
    assert page.status_code == 200 and "No messages yet" in page.text


async def test_create_channel_reuses_no_id_of_a_renamed_channel(chat: ChatClient) -> None:
    await chat.post("/c/c-design/rename", {"name": "design-old"})
    r = await chat.post("/channels/new", {"name": "design"})
    assert r.headers["location"] == "/team-chat/c/c-design-2"
    assert (await chat.current())["channels"]["c-design-2"]["name"] == "design"


async def test_post_message(chat: ChatClient) -> None:
    r = await chat.post("/c/c-general/messages", {"text": "Hello @priya.nair\nsecond line"})
    assert r.status_code == 303 and r.headers["location"] == "/team-chat/c/c-general"
    diff = await chat.diff()
    assert list(diff) == ["messages.c-general"]
    old, new = changed(diff, "messages.c-general")
    assert new[:-1] == old
    msg = new[-1]
    assert msg["text"] == "Hello @priya.nair\nsecond line"
    assert msg["sender"] == ME and msg["threadParent"] is None
    assert msg["reactions"] == [] and msg["edited"] is False
    assert msg["ts"] >= old[-1]["ts"]
    page = (await chat.get("/c/c-general")).text
    assert 'class="mention"' in page and "second line" in page


async def test_post_in_a_future_dated_state_keeps_ts_order(chat: ChatClient, seed: Any) -> None:
    seed["messages"]["c-general"][-1]["ts"] = "2099-01-01T00:00:00Z"
    assert (await chat.inject(seed)).status_code == 200
    assert (await chat.post("/c/c-general/messages", {"text": "later"})).status_code == 303
    msgs = (await chat.current())["messages"]["c-general"]
    assert msgs[-1]["text"] == "later" and msgs[-1]["ts"] == "2099-01-01T00:00:00Z"


async def test_reply_in_thread(chat: ChatClient) -> None:
    state = await chat.current()
    parent = msg_by_text(state, "c-general", "The Q1 roadmap is final")
    here = f"/c/c-general/thread/{parent['id']}"
    r = await chat.post(
        "/c/c-general/messages", {"text": "Count me in", "thread": parent["id"], "next": here}
    )
    assert r.headers["location"] == f"/team-chat{here}"
    _, new = changed(await chat.diff(), "messages.c-general")
    assert new[-1]["text"] == "Count me in" and new[-1]["threadParent"] == parent["id"]
    panel = (await chat.get(here)).text
    assert 'data-testid="thread-panel"' in panel and "Count me in" in panel
    # The reply shows in the thread panel only, plus a summary under the parent.
    main = (await chat.get("/c/c-general")).text
    assert "Count me in" not in main and "4 replies" in main


async def test_reply_to_a_reply_is_refused(chat: ChatClient) -> None:
    state = await chat.current()
    reply = next(m for m in state["messages"]["c-general"] if m["threadParent"])
    r = await chat.post("/c/c-general/messages", {"text": "x", "thread": reply["id"]})
    assert r.status_code == 400 and "can&#39;t have their own threads" in r.text
    assert await chat.diff() == {}


async def test_edit_own_message(chat: ChatClient) -> None:
    state = await chat.current()
    mine = msg_by_text(state, "c-engineering", "PR for the scheduler grid")
    assert mine["sender"] == ME
    form = await chat.get(f"/c/c-engineering?edit={mine['id']}")
    assert 'data-testid="edit-form"' in form.text
    r = await chat.post(f"/c/c-engineering/messages/{mine['id']}/edit", {"text": "PR is up."})
    assert r.status_code == 303
    _, new = changed(await chat.diff(), "messages.c-engineering")
    edited = next(m for m in new if m["id"] == mine["id"])
    assert edited["text"] == "PR is up." and edited["edited"] is True
    assert edited["editedAt"] is not None and edited["editedAt"] >= edited["ts"]
    assert "(edited)" in (await chat.get("/c/c-engineering")).text


async def test_saving_unchanged_text_is_not_an_edit(chat: ChatClient) -> None:
    state = await chat.current()
    mine = msg_by_text(state, "c-engineering", "PR for the scheduler grid")
    await chat.post(f"/c/c-engineering/messages/{mine['id']}/edit", {"text": mine["text"]})
    assert await chat.diff() == {}


async def test_delete_own_message_and_thread_cascade(chat: ChatClient) -> None:
    state = await chat.current()
    mine = msg_by_text(state, "c-random", "Lunch order for today")  # amara's, has a reply
    lone = msg_by_text(state, "c-random", "Anyone tried the new ramen")  # jonah's
    r = await chat.post(f"/c/c-random/messages/{lone['id']}/delete")
    assert r.status_code == 303
    ids = [m["id"] for m in (await chat.current())["messages"]["c-random"]]
    assert lone["id"] not in ids and len(ids) == len(state["messages"]["c-random"]) - 1
    # Not jonah's: refused, nothing changes.
    before = await chat.diff()
    r = await chat.post(f"/c/c-random/messages/{mine['id']}/delete")
    assert r.status_code == 400 and "only delete your own" in r.text
    assert await chat.diff() == before
    # An admin may delete anyone's message; its thread replies go with it.
    await chat.post("/switch-user", {"user": "u-maya"})
    here = f"/c/c-random/thread/{mine['id']}"
    r = await chat.post(f"/c/c-random/messages/{mine['id']}/delete", {"next": here})
    assert r.headers["location"] == "/team-chat/c/c-random"  # the thread is gone
    left = (await chat.current())["messages"]["c-random"]
    assert all(m["id"] != mine["id"] and m["threadParent"] != mine["id"] for m in left)


async def test_reaction_toggle(chat: ChatClient) -> None:
    state = await chat.current()
    msg = msg_by_text(state, "c-general", "Good morning everyone")
    path = f"/c/c-general/messages/{msg['id']}/react"
    # Join an existing reaction (jonah is not in "thumbsup" yet) and add a new one.
    await chat.post(path, {"emoji": "thumbsup"})
    await chat.post(path, {"emoji": "rocket"})
    _, new = changed(await chat.diff(), "messages.c-general")
    reactions = {
        r["emoji"]: r["users"] for r in next(m for m in new if m["id"] == msg["id"])["reactions"]
    }
    assert reactions["thumbsup"][-1] == ME and reactions["rocket"] == [ME]
    assert list(reactions) == ["thumbsup", "eyes", "rocket"]  # new reactions go last
    # Clicking the chips again removes both: back to the initial state.
    await chat.post(path, {"emoji": "thumbsup"})
    await chat.post(path, {"emoji": "rocket"})
    assert await chat.diff() == {}
    # Jonah already reacted "eyes": clicking it removes his reaction (the only user -> gone).
    await chat.post(path, {"emoji": "eyes"})
    _, new = changed(await chat.diff(), "messages.c-general")
    assert [r["emoji"] for r in next(m for m in new if m["id"] == msg["id"])["reactions"]] == [
        "thumbsup"
    ]


async def test_unknown_emoji_is_refused(chat: ChatClient) -> None:
    state = await chat.current()
    msg = state["messages"]["c-general"][0]
    r = await chat.post(f"/c/c-general/messages/{msg['id']}/react", {"emoji": "party_parrot"})
    assert r.status_code == 400 and "Unknown emoji" in r.text
    assert await chat.diff() == {}


async def test_pin_message(chat: ChatClient) -> None:
    state = await chat.current()
    msg = msg_by_text(state, "c-engineering", "Anyone else seeing flaky tests")
    await chat.post(f"/c/c-engineering/messages/{msg['id']}/pin")
    _, new = changed(await chat.diff(), "messages.c-engineering")
    assert next(m for m in new if m["id"] == msg["id"])["pinned"] is True


async def test_open_dms(chat: ChatClient) -> None:
    r = await chat.post("/dms/new", {"users": "u-priya"})
    assert r.headers["location"] == "/team-chat/d/d-jonah-priya"  # the existing DM
    assert await chat.diff() == {}
    r = await chat.post("/dms/new", {"users": ["u-kenji"]})
    assert r.headers["location"] == "/team-chat/d/d-jonah-kenji"
    r = await chat.post("/dms/new", {"users": ["u-kenji", "u-sofia"]})
    assert r.headers["location"] == "/team-chat/d/d-jonah-kenji-sofia"
    diff = await chat.diff()
    assert set(diff) == {"dms.d-jonah-kenji", "dms.d-jonah-kenji-sofia"}
    assert diff["dms.d-jonah-kenji"]["new"]["members"] == [ME, "u-kenji"]
    await chat.post("/d/d-jonah-kenji/messages", {"text": "Welcome aboard!"})
    diff = await chat.diff()
    assert diff["messages.d-jonah-kenji"]["op"] == "added"
    assert diff["messages.d-jonah-kenji"]["new"][0]["text"] == "Welcome aboard!"


async def test_switch_user_and_profile(chat: ChatClient) -> None:
    r = await chat.post("/switch-user", {"user": "u-maya"})
    assert r.status_code == 303
    await chat.post(
        "/profile",
        {"displayName": "Maya C.", "title": "Head of Product", "statusText": "In Lisbon"},
    )
    diff = await chat.diff()
    assert changed(diff, "currentUser") == (ME, "u-maya")
    assert changed(diff, "users.u-maya.displayName") == ("Maya Chen", "Maya C.")
    assert changed(diff, "users.u-maya.statusText")[1] == "In Lisbon"
    # Maya sees her private channel; Jonah did not.
    assert (await chat.get("/c/c-leadership")).status_code == 200


async def test_attachment_upload_from_the_composer(chat: ChatClient) -> None:
    files = {"files": ("notes final.txt", b"hello file", "text/plain")}
    r = await chat.http.post(
        "/team-chat/c/c-general/messages", data={"text": "See attached"}, files=files
    )
    assert r.status_code == 303, r.text
    _, new = changed(await chat.diff(), "messages.c-general")
    att = new[-1]["attachments"]
    assert len(att) == 1
    assert att[0]["name"] == "notes_final.txt" and att[0]["size"] == 10
    assert att[0]["contentType"] == "text/plain"
    served = await chat.http.get(att[0]["url"])  # the bound browser can open it
    assert served.status_code == 200 and served.content == b"hello file"


async def test_attachment_only_message(chat: ChatClient) -> None:
    files = {"files": ("a.csv", b"x,y\n1,2\n", "text/csv")}
    r = await chat.http.post("/team-chat/d/d-jonah-priya/messages", data={"text": ""}, files=files)
    assert r.status_code == 303
    _, new = changed(await chat.diff(), "messages.d-jonah-priya")
    assert new[-1]["text"] == "" and new[-1]["attachments"][0]["name"] == "a.csv"


async def test_refused_post_uploads_nothing(chat: ChatClient) -> None:
    files = {"files": ("leak.txt", b"secret", "text/plain")}
    r = await chat.http.post(
        "/team-chat/c/c-customer-feedback/messages", data={"text": "hi"}, files=files
    )
    assert r.status_code == 400 and "Join #customer-feedback" in r.text
    assert (await chat.http.get("/team-chat/files/leak.txt")).status_code == 404
    assert await chat.diff() == {}
