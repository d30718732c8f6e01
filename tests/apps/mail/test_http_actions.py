"""Every UI action, driven like a browser (forms, cookie), checked through the reward's /go."""

from __future__ import annotations

from typing import Any

from tests.apps.mail.conftest import MailClient

ME = "nora.castellanos@fernhill.example"


def changed(old: Any, new: Any) -> dict[str, Any]:
    return {"op": "changed", "old": old, "new": new}


async def test_star_and_read_flags(mail: MailClient) -> None:
    r = await mail.post("/threads/act", {"ids": "t-0003", "action": "star", "next": "/f/inbox"})
    assert r.status_code == 303 and r.headers["location"] == "/mail/f/inbox"
    await mail.post("/threads/act", {"ids": ["t-0001", "t-0003"], "action": "read"})
    assert await mail.diff() == {
        "threads.t-0003.starred": changed(False, True),
        "threads.t-0001.unread": changed(True, False),
        "threads.t-0003.unread": changed(True, False),
    }


async def test_folders_and_snooze(mail: MailClient) -> None:
    await mail.post("/threads/act", {"ids": "t-0006", "action": "archive"})
    await mail.post("/threads/act", {"ids": "t-0014", "action": "spam"})
    await mail.post("/threads/act", {"ids": "t-0029", "action": "restore"})
    await mail.post("/threads/act", {"ids": "t-0013", "action": "unsnooze"})
    r = await mail.post(
        "/threads/act",
        {
            "ids": "t-0015",
            "action": "snooze",
            "snooze_date": "2025-03-20",
            "snooze_time": "09:30",
            "next": "/t/t-0015?back=/f/inbox",
        },
    )
    assert r.headers["location"] == "/mail/f/inbox"  # the conversation left the view
    assert await mail.diff() == {
        "threads.t-0006.folder": changed("inbox", "archive"),
        "threads.t-0014.folder": changed("inbox", "spam"),
        "threads.t-0029.folder": changed("trash", "inbox"),
        "threads.t-0013.snoozedUntil": changed("2025-03-17T13:00:00Z", None),
        # 09:30 in America/Chicago (CDT after March 9) is 14:30 UTC
        "threads.t-0015.snoozedUntil": changed(None, "2025-03-20T14:30:00Z"),
    }


async def test_delete_forever_and_labels_from_the_toolbar(mail: MailClient) -> None:
    await mail.post("/threads/act", {"ids": "t-0028", "action": "delete-forever"})
    await mail.post("/threads/act", {"ids": ["t-0003", "t-0011"], "action": "label-add:l-hiring"})
    await mail.post("/threads/act", {"ids": "t-0002", "action": "label-remove:l-finance"})
    await mail.post("/threads/act", {"ids": "t-0017", "action": "move-label:l-hiring"})
    diff = await mail.diff()
    assert diff["threads.t-0028"]["op"] == "removed" and diff["messages.m-0035"]["op"] == "removed"
    assert diff["threads.t-0011.labels"] == changed([], ["l-hiring"])
    assert diff["threads.t-0002.labels"] == changed(["l-finance"], [])
    assert diff["threads.t-0017.labels"] == changed([], ["l-hiring"])
    assert diff["threads.t-0017.folder"] == changed("inbox", "archive")
    assert "threads.t-0003.labels" not in diff  # already had it
    assert len(diff) == 6


async def test_refused_action_changes_nothing(mail: MailClient) -> None:
    r = await mail.post("/threads/act", {"ids": "t-0001", "action": "delete-forever"})
    assert r.status_code == 400 and "Trash or Spam" in r.text
    r = await mail.post("/threads/act", {"ids": "t-0001", "action": "explode"})
    assert r.status_code == 400
    assert await mail.diff() == {}


async def test_reply_sends_in_the_thread(mail: MailClient) -> None:
    page = await mail.get("/compose?reply=m-0003&mode=reply-all")
    assert 'value="Priya Shah &lt;priya.shah@bluepeak.example&gt;"' in page.text
    assert "-- \nNora Castellanos" in page.text  # the signature is prefilled
    r = await mail.post(
        "/compose",
        {
            "intent": "send",
            "thread_id": "t-0001",
            "mode": "reply",
            "to": "priya.shah@bluepeak.example",
            "subject": "Re: Bluepeak renewal - pricing questions",
            "body": "Numbers below.\n",
            "back": "/f/inbox",
        },
    )
    assert r.status_code == 303 and r.headers["location"].startswith("/mail/t/t-0001?sent=1")
    diff = await mail.diff()
    assert list(diff) == ["messages.m-0042"] and diff["messages.m-0042"]["op"] == "added"
    msg = diff["messages.m-0042"]["new"]
    assert msg["threadId"] == "t-0001" and msg["body"] == "Numbers below." and not msg["isDraft"]
    assert msg["to"] == [{"name": "Priya Shah", "email": "priya.shah@bluepeak.example"}]
    assert msg["from"]["email"] == ME


async def test_draft_save_then_send_keeps_the_id(mail: MailClient) -> None:
    r = await mail.post("/compose", {"intent": "save", "subject": "Agenda", "body": "Draft"})
    assert r.headers["location"].startswith("/mail/compose?draft=m-0042&saved=1")
    page = await mail.get("/compose?draft=m-0042&saved=1")
    assert 'data-testid="draft-saved"' in page.text
    r = await mail.post(
        "/compose",
        {
            "intent": "send",
            "draft_id": "m-0042",
            "to": "Owen Pryce",
            "bcc": "lena.fischer@fernhill.example",
            "subject": "Agenda",
            "body": "Final",
        },
    )
    assert r.status_code == 303
    diff = await mail.diff()
    assert set(diff) == {"threads.t-0035", "messages.m-0042"}
    msg = diff["messages.m-0042"]["new"]
    assert msg["isDraft"] is False and msg["to"][0]["email"] == "owen.pryce@fernhill.example"
    assert msg["bcc"] == [{"name": "Lena Fischer", "email": "lena.fischer@fernhill.example"}]
    assert diff["threads.t-0035"]["new"]["folder"] == "archive"


async def test_bad_compose_is_shown_with_the_typed_values(mail: MailClient) -> None:
    r = await mail.post(
        "/compose", {"intent": "send", "to": "not an address", "subject": "Keep me"}
    )
    assert r.status_code == 400
    assert 'data-testid="compose-error"' in r.text and 'value="Keep me"' in r.text
    r = await mail.post("/compose", {"intent": "send", "subject": "No one"})
    assert r.status_code == 400 and "at least one recipient" in r.text
    assert await mail.diff() == {}


async def test_forward_keeps_the_ticked_attachment_and_uploads_new_files(mail: MailClient) -> None:
    page = await mail.get("/compose?reply=m-0005&mode=forward")
    assert 'value="m-0005/0"' in page.text
    r = await mail.post(
        "/compose",
        {
            "intent": "send",
            "thread_id": "t-0003",
            "mode": "forward",
            "to": "kofi.mensah@fernhill.example",
            "subject": "Fwd: Interview loop",
            "body": "FYI",
            "keep": "m-0005/0",
        },
        files={"files": ("my notes.txt", b"hello", "text/plain")},
    )
    assert r.status_code == 303, r.text
    msg = (await mail.diff())["messages.m-0042"]["new"]
    names = [a["name"] for a in msg["attachments"]]
    assert names[0] == "interview-schedule.pdf" and names[1].endswith(".txt") and len(names) == 2
    assert (await mail.http.get(msg["attachments"][1]["url"])).content == b"hello"


async def test_discard_draft(mail: MailClient) -> None:
    r = await mail.post(
        "/compose", {"intent": "discard", "draft_id": "m-0033", "back": "/f/drafts"}
    )
    assert r.headers["location"] == "/mail/f/drafts"
    assert set(await mail.diff()) == {"threads.t-0026", "messages.m-0033"}
    r = await mail.post("/compose", {"intent": "discard", "subject": "never saved"})
    assert r.status_code == 303 and len(await mail.diff()) == 2


async def test_labels_screen(mail: MailClient) -> None:
    await mail.post("/labels", {"name": "Follow up", "color": "orange"})
    await mail.post("/labels/l-travel/edit", {"name": "Trips", "color": "teal"})
    await mail.post("/labels/l-hiring/delete")
    r = await mail.post("/labels", {"name": "clients"})
    assert r.status_code == 400 and "already exists" in r.text
    diff = await mail.diff()
    assert diff["labels.l-follow-up"]["new"] == {
        "id": "l-follow-up",
        "name": "Follow up",
        "color": "orange",
    }
    assert diff["labels.l-travel.name"] == changed("Travel", "Trips")
    assert diff["labels.l-travel.color"] == changed("orange", "teal")
    assert diff["labels.l-hiring"]["op"] == "removed"
    assert diff["threads.t-0003.labels"] == changed(["l-hiring"], [])
    assert len(diff) == 5


async def test_contacts_and_templates(mail: MailClient) -> None:
    r = await mail.post(
        "/contacts/new",
        {
            "name": "Ada Quill",
            "email": "ada@quill.example",
            "company": "Quill Co",
            "groups": "Customers, VIP",
        },
    )
    assert r.headers["location"] == "/mail/contacts/ct-0017"
    await mail.post(
        "/contacts/ct-0005",
        {
            "name": "Ruth Calloway",
            "email": "rcalloway@eastgatecu.example",
            "company": "Eastgate CU",
            "groups": "customers",
        },
    )
    await mail.post("/contacts/ct-0016/delete")
    r = await mail.post("/contacts/new", {"name": "Dup", "email": "ada@quill.example"})
    assert r.status_code == 400 and 'value="Dup"' in r.text
    await mail.post(
        "/templates/new", {"name": "Thanks", "subject": "Thank you", "body": "Much appreciated."}
    )
    await mail.post(
        "/templates/tpl-0002", {"name": "Meeting recap", "subject": "Recap", "body": "Hi"}
    )
    await mail.post("/templates/tpl-0003/delete")
    diff = await mail.diff()
    assert diff["contacts.ct-0017"]["new"]["groups"] == ["customers", "vip"]
    assert diff["contacts.ct-0005.company"] == changed("Eastgate Credit Union", "Eastgate CU")
    assert diff["contacts.ct-0005.phone"]["new"] == ""  # the form holds every field
    assert diff["contacts.ct-0016"]["op"] == "removed"
    assert diff["templates.tpl-0004"]["new"]["name"] == "Thanks"
    assert diff["templates.tpl-0002.name"] == changed("Meeting follow-up", "Meeting recap")
    assert diff["templates.tpl-0003"]["op"] == "removed"


async def test_settings_and_volatile_density(mail: MailClient) -> None:
    await mail.post("/settings", {"signature": "N.", "mark_read_on_open": "on"})
    await mail.post("/settings/density", {"density": "compact", "next": "/f/inbox"})
    assert await mail.diff() == {
        "settings.signature": changed(
            "Nora Castellanos\nSenior Account Manager · Fernhill Analytics\n+1 (312) 555-0142", "N."
        ),
        "settings.markReadOnOpen": changed(False, True),
    }
    assert (await mail.current())["ui"]["density"] == "compact"
    assert "density-compact" in (await mail.get("/f/inbox")).text
    # With the setting on, opening an unread conversation marks it read.
    await mail.get("/t/t-0001")
    assert (await mail.diff())["threads.t-0001.unread"] == changed(True, False)


async def test_textarea_line_breaks_are_stored_as_newlines(mail: MailClient) -> None:
    # Browsers submit textarea line breaks as CRLF; the state must not depend on that.
    await mail.post("/compose", {"intent": "save", "subject": "CRLF", "body": "one\r\ntwo\r\n"})
    await mail.post("/templates/new", {"name": "T", "body": "a\r\n\r\nb"})
    cur = await mail.current()
    assert cur["messages"]["m-0042"]["body"] == "one\ntwo"
    assert cur["templates"]["tpl-0004"]["body"] == "a\n\nb"
    page = (await mail.get("/compose")).text
    # HTML drops the first newline after <textarea>: the template emits one extra so the body
    # keeps its leading blank lines before the signature.
    assert 'aria-label="Message">\n\n\n-- ' in page
