"""mail rewards against wrong end states (each < 1.0) and other right ones (each = 1.0).

Every mistake is something an RL policy plausibly does instead of the task, applied with the
app's own ``_ops`` (a state the UI could leave) to the initial or the gold state; the family's
real reward.py scores it in its own process against a live hub (``web_end_states``). The reason
is written next to each, with the check that rejects it.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cuagym.apps.mail import MailApp
from cuagym.apps.mail._ops import (
    add_label,
    create_label,
    delete_label,
    move_to_label,
    set_folder,
    set_starred,
    set_unread,
    update_label,
)
from cuagym.apps.mail._ops_book import (
    create_contact,
    create_template,
    update_contact,
    update_settings,
)
from cuagym.apps.mail._ops_compose import ComposeFields, prefill, save_draft, send_message
from cuagym.domains import load_domain
from cuagym.hub import Hub
from tests.conftest import LiveHub, serve_in_thread
from tests.families.mail.test_cross import MISTAKES as CROSS_MISTAKES
from tests.families.test_office_cross import FAMILIES as OFFICE_FAMILIES
from tests.families.web_end_states import EndStates, Mistake, State

domain = load_domain("mail")

SEED = 1
P = dict[str, Any]


@pytest.fixture(scope="module")
def end_states(tmp_path_factory: pytest.TempPathFactory) -> Iterator[EndStates]:
    hub = Hub(apps=[MailApp()], token="end-states-token")
    url, stop = serve_in_thread(hub.asgi())
    try:
        yield EndStates(
            "mail", LiveHub(url=url, token=hub.token, hub=hub), tmp_path_factory.mktemp("m")
        )
    finally:
        stop()


# -- lookups, as a person would find things on screen ----------------------------------------------
def thread(state: State, subject: str, sender: str) -> str:
    return next(
        str(m["threadId"])
        for m in state["messages"].values()
        if m["subject"] == subject and m["from"]["email"] == sender
    )


def first_message(state: State, tid: str) -> str:
    return str(
        min(
            (m for m in state["messages"].values() if m["threadId"] == tid),
            key=lambda m: m["date"],
        )["id"]
    )


def from_domain(state: State, domain_: str) -> list[str]:
    return sorted(
        {
            str(m["threadId"])
            for m in state["messages"].values()
            if m["from"]["email"].endswith("@" + domain_)
        }
    )


def label(state: State, name: str) -> str:
    return next(str(k) for k, v in state["labels"].items() if v["name"] == name)


def sender_threads(state: State, email: str) -> list[str]:
    return sorted(
        {str(m["threadId"]) for m in state["messages"].values() if m["from"]["email"] == email}
    )


def triage_targets(state: State, p: P) -> list[str]:
    return [
        t
        for t in from_domain(state, p["domain"])
        if state["threads"][t]["unread"] and state["threads"][t]["folder"] == "inbox"
    ]


def signature(state: State) -> str:
    return "\n\n-- \n" + str(state["settings"]["signature"])


def reply(state: State, p: P, body: str, mode: str = "reply") -> None:
    tid = thread(state, p["subject"], p["sender_email"])
    _, fields = prefill(state, first_message(state, tid), mode)
    fields.body = body
    send_message(state, fields, None, tid)


def forward(state: State, p: P, body: str, **changes: Any) -> None:
    tid = thread(state, p["subject"], p["sender_email"])
    _, fields = prefill(state, first_message(state, tid), "forward")
    fields.to = f"{p['colleague']} <{p['colleague_email']}>"
    fields.body = body + "\n\n" + fields.body
    for key, value in changes.items():
        setattr(fields, key, value)
    send_message(state, fields, None, tid)


# -- star-thread ----------------------------------------------------------------------------------
def star_both(state: State, p: P) -> None:
    set_starred(state, [thread(state, p["other_subject"], p["sender_email"])], True)


def star_the_other_one(state: State, p: P) -> None:
    set_starred(state, [thread(state, p["other_subject"], p["sender_email"])], True)


def star_and_archive(state: State, p: P) -> None:
    set_folder(state, [thread(state, p["subject"], p["sender_email"])], "archive")


def star_and_flip_read(state: State, p: P) -> None:
    tid = thread(state, p["subject"], p["sender_email"])
    set_unread(state, [tid], not state["threads"][tid]["unread"])


# -- create-label ---------------------------------------------------------------------------------
def wrong_colour(state: State, p: P) -> None:
    create_label(state, p["name"], "gray" if p["color"] != "gray" else "red")


def name_lower_case(state: State, p: P) -> None:
    create_label(state, p["name"].lower(), p["color"])


def a_second_label(state: State, p: P) -> None:
    create_label(state, p["name"] + " 2", p["color"])


def new_label_applied(state: State, p: P) -> None:
    add_label(state, [sorted(state["threads"])[0]], label(state, p["name"]))


# -- add-contact ----------------------------------------------------------------------------------
def the_contact(state: State, p: P) -> str:
    return next(str(k) for k, c in state["contacts"].items() if c["email"] == p["email"])


def edit_contact(state: State, cid: str, **changes: str) -> None:
    c = state["contacts"][cid]
    values = {
        "name": c["name"],
        "email": c["email"],
        "company": c["company"],
        "phone": c["phone"],
        "groups": ", ".join(c["groups"]),
        "notes": c["notes"],
    }
    update_contact(state, cid, **(values | changes))


def extra_group(state: State, p: P) -> None:
    edit_contact(state, the_contact(state, p), groups=f"{p['group']}, team")


def company_lower_case(state: State, p: P) -> None:
    edit_contact(state, the_contact(state, p), company=p["company"].lower())


def contact_twice(state: State, p: P) -> None:
    user, host = p["email"].split("@")
    create_contact(state, p["name"], f"{user}2@{host}", p["company"], groups=p["group"])


def notes_added(state: State, p: P) -> None:
    edit_contact(state, the_contact(state, p), notes="Met at the spring conference.")


def other_contact_edited(state: State, p: P) -> None:
    cid = sorted(k for k, c in state["contacts"].items() if c["email"] != p["email"])[0]
    edit_contact(state, cid, phone="+1 312 555 0199")


# -- archive-sender -------------------------------------------------------------------------------
def archive_the_colleague_too(state: State, p: P) -> None:
    set_folder(state, sender_threads(state, p["colleague_email"]), "archive")


def archive_only_one(state: State, p: P) -> None:
    set_folder(state, sender_threads(state, p["sender_email"])[:1], "archive")


def trash_instead(state: State, p: P) -> None:
    set_folder(state, sender_threads(state, p["sender_email"]), "trash")


def archive_and_star(state: State, p: P) -> None:
    set_starred(state, sender_threads(state, p["sender_email"]), True)


# -- reply-to-thread ------------------------------------------------------------------------------
def reply_all(state: State, p: P) -> None:
    reply(state, p, p["sentence"], mode="reply-all")


def reply_twice(state: State, p: P) -> None:
    reply(state, p, p["sentence"])


def sentence_lower_case(state: State, p: P) -> None:
    reply(state, p, p["sentence"].lower())


def greeting_added(state: State, p: P) -> None:
    reply(state, p, f"Hi {p['sender_name'].split()[0]},\n\n{p['sentence']}")


def draft_left_behind(state: State, p: P) -> None:
    tid = thread(state, p["subject"], p["sender_email"])
    save_draft(state, ComposeFields(to=p["sender_email"], body="More soon."), None, tid)


def reply_with_signature(state: State, p: P) -> None:
    reply(state, p, p["sentence"] + signature(state))


# -- label-domain ---------------------------------------------------------------------------------
def label_trash_too(state: State, p: P) -> None:
    add_label(state, from_domain(state, p["domain"]), label(state, p["label"]))


def moved_to_label(state: State, p: P) -> None:
    targets = [
        t for t in from_domain(state, p["domain"]) if state["threads"][t]["folder"] != "trash"
    ]
    move_to_label(state, targets, label(state, p["label"]))


def other_company_labelled(state: State, p: P) -> None:
    add_label(state, from_domain(state, p["other_domain"]), label(state, p["label"]))


def second_label_on_one(state: State, p: P) -> None:
    other = next(k for k, v in state["labels"].items() if v["name"] != p["label"])
    add_label(state, from_domain(state, p["domain"])[:1], other)


# -- create-template ------------------------------------------------------------------------------
def text_on_one_line(state: State, p: P) -> None:
    create_template(state, p["name"], p["subject"], " ".join(p["text"].split()))


def template_name_lower_case(state: State, p: P) -> None:
    create_template(state, p["name"].lower(), p["subject"], p["text"])


def template_twice(state: State, p: P) -> None:
    create_template(state, p["name"] + " (copy)", p["subject"], p["text"])


def sign_off_added(state: State, p: P) -> None:
    create_template(state, p["name"], p["subject"], p["text"] + "\n\nBest regards")


# -- send-template-to-group -----------------------------------------------------------------------
def everyone(p: P) -> str:
    return ", ".join(f"{m['name']} <{m['email']}>" for m in p["members"])


def template_in_to(state: State, p: P) -> None:
    send_message(state, ComposeFields(to=everyone(p), subject=p["subject"], body=p["text"]))


def near_miss_in_bcc(state: State, p: P) -> None:
    members = {m["email"] for m in p["members"]}
    domains = {e.split("@")[1] for e in members}
    other = next(
        c
        for c in state["contacts"].values()
        if c["email"] not in members and c["email"].split("@")[1] in domains
    )
    sent = next(m for m in state["messages"].values() if m["subject"] == p["subject"])
    sent["bcc"].append({"name": other["name"], "email": other["email"]})


def one_email_each(state: State, p: P) -> None:
    for m in p["members"]:
        send_message(state, ComposeFields(bcc=m["email"], subject=p["subject"], body=p["text"]))


def subject_lower_case(state: State, p: P) -> None:
    send_message(
        state, ComposeFields(bcc=everyone(p), subject=p["subject"].lower(), body=p["text"])
    )


def template_with_signature(state: State, p: P) -> None:
    body = p["text"] + signature(state)
    send_message(state, ComposeFields(bcc=everyone(p), subject=p["subject"], body=body))


# -- forward-attachment ---------------------------------------------------------------------------
def forward_without_attachment(state: State, p: P) -> None:
    forward(state, p, p["note"], attachments=[])


def forward_cc_sender(state: State, p: P) -> None:
    forward(state, p, p["note"], cc=p["sender_email"])


def new_message_instead(state: State, p: P) -> None:
    tid = thread(state, p["subject"], p["sender_email"])
    original = state["messages"][first_message(state, tid)]
    fields = ComposeFields(
        to=p["colleague_email"],
        subject=p["subject"],
        body=p["note"],
        attachments=[dict(a) for a in original["attachments"]],
    )
    send_message(state, fields)


def note_lower_case(state: State, p: P) -> None:
    forward(state, p, p["note"].lower())


def forward_with_signature(state: State, p: P) -> None:
    forward(state, p, p["note"] + signature(state))


# -- inbox-triage ---------------------------------------------------------------------------------
def triage_but_leave_unread(state: State, p: P) -> None:
    targets = triage_targets(state, p)
    add_label(state, targets, label(state, p["label"]))
    set_folder(state, targets, "archive")


def the_read_one_too(state: State, p: P) -> None:
    done = [t for t in from_domain(state, p["domain"]) if state["threads"][t]["folder"] == "inbox"]
    add_label(state, done, label(state, p["label"]))
    set_folder(state, done, "archive")


def trash_instead_of_archive(state: State, p: P) -> None:
    targets = triage_targets(state, p)
    add_label(state, targets, label(state, p["label"]))
    set_unread(state, targets, False)
    set_folder(state, targets, "trash")


def other_company_read(state: State, p: P) -> None:
    set_unread(state, from_domain(state, p["other_domain"]), False)


# -- update-signature -----------------------------------------------------------------------------
def old_title_kept(state: State, p: P) -> None:
    """Only the phone changed: the signature keeps the seed's title."""
    lines = state["settings"]["signature"].split("\n")
    lines[-1] = p["phone"]
    update_settings(state, "\n".join(lines), p["reading"] == "on")


def reading_not_switched(state: State, p: P) -> None:
    update_settings(state, p["signature"], p["reading"] != "on")


def sign_off_line_added(state: State, p: P) -> None:
    update_settings(state, p["signature"] + "\nSent from my phone", p["reading"] == "on")


def density_and_label_too(state: State, p: P) -> None:
    """Right settings, and a label made on the way (the density is ui: volatile, allowed)."""
    state["ui"]["density"] = "compact"
    create_label(state, "Signature", "blue")


# -- label-attachments ----------------------------------------------------------------------------
def with_files(state: State, domain_: str) -> list[str]:
    return sorted(
        {
            str(m["threadId"])
            for m in state["messages"].values()
            if m["from"]["email"].endswith("@" + domain_) and m["attachments"]
        }
    )


def the_whole_company(state: State, p: P) -> None:
    """Labelled all of the company's mail, attachments or not."""
    add_label(state, from_domain(state, p["domain"]), label(state, p["label"]))


def the_inbox_ones_only(state: State, p: P) -> None:
    """Missed the archived one (looked at the inbox only)."""
    inbox = [t for t in with_files(state, p["domain"]) if state["threads"][t]["folder"] == "inbox"]
    add_label(state, inbox, label(state, p["label"]))


def other_senders_file_too(state: State, p: P) -> None:
    add_label(state, with_files(state, p["other_domain"]), label(state, p["label"]))


def archived_as_well(state: State, p: P) -> None:
    set_folder(state, with_files(state, p["domain"]), "archive")


# -- update-contact -------------------------------------------------------------------------------
def old_contact(state: State, p: P) -> str:
    return next(str(k) for k, c in state["contacts"].items() if c["email"] == p["old_email"])


def second_contact_instead(state: State, p: P) -> None:
    """A new contact with the new details; the old one left as it was."""
    create_contact(state, p["name"], p["email"], p["company"], p["phone"], p["group"])


def group_added_not_swapped(state: State, p: P) -> None:
    cid = old_contact(state, p)
    c = state["contacts"][cid]
    groups = f"{p['old_group']}, {p['group']}"
    update_contact(state, cid, c["name"], p["email"], p["company"], p["phone"], groups, c["notes"])


def email_kept(state: State, p: P) -> None:
    cid = old_contact(state, p)
    c = state["contacts"][cid]
    update_contact(state, cid, c["name"], c["email"], p["company"], p["phone"], p["group"],
                   c["notes"])  # fmt: skip


def notes_cleared(state: State, p: P) -> None:
    cid = next(str(k) for k, c in state["contacts"].items() if c["email"] == p["email"])
    state["contacts"][cid]["notes"] = ""


# -- rename-label ---------------------------------------------------------------------------------
def new_label_instead(state: State, p: P) -> None:
    """A new label made and the old one deleted: its conversations lose it."""
    create_label(state, p["new"], p["color"])
    delete_label(state, label(state, p["old"]))


def colour_left(state: State, p: P) -> None:
    update_label(state, label(state, p["old"]), p["new"], p["old_color"])


def new_name_lower_case(state: State, p: P) -> None:
    update_label(state, label(state, p["old"]), p["new"].lower(), p["color"])


def taken_off_one(state: State, p: P) -> None:
    lid = next(str(k) for k, v in state["labels"].items() if v["name"] == p["new"])
    tid = next(t for t, th in sorted(state["threads"].items()) if lid in th["labels"])
    state["threads"][tid]["labels"] = [x for x in state["threads"][tid]["labels"] if x != lid]


# Scores: points passed / all points while every guard (0-point check) holds, else 0.
MISTAKES = [
    Mistake("star-thread", "gold", star_both, (0, 0), "nothing_else_changed",
            "starred the sender's other email too: only the named one was asked"),
    Mistake("star-thread", "init", star_the_other_one, (0, 0), "starred",
            "starred the wrong email of the same sender"),
    Mistake("star-thread", "gold", star_and_archive, (0, 0), "nothing_else_changed",
            "starred and also archived it: a collateral change"),
    Mistake("star-thread", "gold", star_and_flip_read, (0, 0), "nothing_else_changed",
            "starred and also changed its read state, which nobody asked for"),
    Mistake("create-label", "init", wrong_colour, (2 / 3, 2 / 3), "colour",
            "the right label in another colour"),
    Mistake("create-label", "init", name_lower_case, (0, 0), "label_created",
            "the name typed in lower case: not the name asked for"),
    Mistake("create-label", "gold", a_second_label, (0, 0), "one_label",
            "a second, stray label next to the right one"),
    Mistake("create-label", "gold", new_label_applied, (0, 0), "nothing_else_changed",
            "the new label also put on a conversation"),
    Mistake("add-contact", "gold", extra_group, (0.8, 0.8), "group",
            "in the asked group and in another one the instruction never named"),
    Mistake("add-contact", "gold", company_lower_case, (0.8, 0.8), "company",
            "the company typed in lower case: not the text asked for"),
    Mistake("add-contact", "gold", contact_twice, (0, 0), "one_contact",
            "the contact created twice (a second address)"),
    Mistake("add-contact", "gold", notes_added, (0, 0), "nothing_unasked",
            "notes nobody asked for"),
    Mistake("add-contact", "gold", other_contact_edited, (0, 0), "nothing_else_changed",
            "another contact's phone changed on the way"),
    Mistake("archive-sender", "gold", archive_the_colleague_too, (0, 0), "nothing_else_changed",
            "the colleague's conversation archived as well"),
    Mistake("archive-sender", "init", archive_only_one, (1 / 3, 1 / 2), "archived_*",
            "only the first conversation archived: partial"),
    Mistake("archive-sender", "init", trash_instead, (0, 0), "archived_*",
            "deleted (Trash) instead of archived"),
    Mistake("archive-sender", "gold", archive_and_star, (0, 0), "nothing_else_changed",
            "archived and starred"),
    Mistake("reply-to-thread", "init", reply_all, (6 / 7, 6 / 7), "sender_only",
            "reply all: the colleague in Cc gets it too"),
    Mistake("reply-to-thread", "gold", reply_twice, (0, 0), "one_message",
            "the reply sent twice"),
    Mistake("reply-to-thread", "init", sentence_lower_case, (5 / 7, 5 / 7), "sentence",
            "the sentence in lower case: not the sentence asked for"),
    Mistake("reply-to-thread", "init", greeting_added, (5 / 7, 5 / 7), "sentence",
            "a greeting added: the reply was to be that sentence"),
    Mistake("reply-to-thread", "gold", draft_left_behind, (0, 0), "one_message",
            "a second reply left as a draft in the conversation"),
    Mistake("label-domain", "init", label_trash_too, (0, 0), "nothing_else_changed",
            "the conversation in Trash labelled too"),
    Mistake("label-domain", "init", moved_to_label, (0, 0), "nothing_else_changed",
            "moved to the label: labelled, and taken out of the inbox"),
    Mistake("label-domain", "gold", other_company_labelled, (0, 0), "nothing_else_changed",
            "another company's mail labelled too"),
    Mistake("label-domain", "gold", second_label_on_one, (1 / 2, 2 / 3), "labelled_*",
            "a second label added to one conversation"),
    Mistake("create-template", "init", text_on_one_line, (0.6, 0.6), "text",
            "the text with its paragraphs run together"),
    Mistake("create-template", "init", template_name_lower_case, (0, 0), "template_created",
            "the name in lower case"),
    Mistake("create-template", "gold", template_twice, (0, 0), "one_template",
            "a copy of the template saved under a second name"),
    Mistake("create-template", "init", sign_off_added, (0.6, 0.6), "text",
            "a sign-off added to the text"),
    Mistake("send-template-to-group", "init", template_in_to, (0.5, 0.5), "bcc_group",
            "everyone in To instead of Bcc: addresses exposed"),
    Mistake("send-template-to-group", "gold", near_miss_in_bcc, (5 / 8, 5 / 8), "bcc_group",
            "a contact outside the group in Bcc too"),
    Mistake("send-template-to-group", "init", one_email_each, (0, 0), "one_message",
            "one email per member instead of a single email"),
    Mistake("send-template-to-group", "init", subject_lower_case, (7 / 8, 7 / 8), "subject",
            "the template's subject changed (lower case)"),
    Mistake("forward-attachment", "init", forward_without_attachment, (6 / 8, 6 / 8),
            "attachment", "forwarded without the attachment"),
    Mistake("forward-attachment", "init", forward_cc_sender, (6 / 8, 6 / 8), "to_colleague",
            "the sender in Cc: someone else receives it"),
    Mistake("forward-attachment", "init", new_message_instead, (0, 0), "forwarded",
            "a new email with the file instead of a forward of the conversation"),
    Mistake("forward-attachment", "init", note_lower_case, (7 / 8, 7 / 8), "note",
            "the note in lower case"),
    Mistake("inbox-triage", "init", triage_but_leave_unread, (2 / 3, 2 / 3), "read_*",
            "labelled and archived but left unread"),
    Mistake("inbox-triage", "gold", the_read_one_too, (0, 0), "nothing_else_changed",
            "the already-read email of that company triaged too"),
    Mistake("inbox-triage", "init", trash_instead_of_archive, (2 / 3, 2 / 3), "archived_*",
            "deleted instead of archived"),
    Mistake("inbox-triage", "gold", other_company_read, (0, 0), "nothing_else_changed",
            "another company's unread email marked read"),
    Mistake("update-signature", "init", old_title_kept, (2 / 5, 2 / 5), "signature",
            "the new phone typed, the old title kept"),
    Mistake("update-signature", "gold", reading_not_switched, (3 / 5, 3 / 5),
            "mark_read_on_open", "the signature changed, the reading option left as it was"),
    Mistake("update-signature", "gold", sign_off_line_added, (2 / 5, 2 / 5), "signature",
            "a line the instruction did not give added to the signature"),
    Mistake("update-signature", "gold", density_and_label_too, (0, 0), "nothing_else_changed",
            "a label created while in the settings"),
    Mistake("label-attachments", "init", the_whole_company, (0, 0), "nothing_else_changed",
            "the company's emails without attachments labelled too"),
    Mistake("label-attachments", "init", the_inbox_ones_only, (1 / 2, 2 / 3), "labelled_*",
            "the archived conversation with a file missed"),
    Mistake("label-attachments", "gold", other_senders_file_too, (0, 0),
            "nothing_else_changed", "another company's email with a file labelled too"),
    Mistake("label-attachments", "gold", archived_as_well, (0, 0), "nothing_else_changed",
            "the labelled conversations also archived"),
    Mistake("update-contact", "init", second_contact_instead, (0, 0), "nothing_else_changed",
            "a second contact added instead of the existing one edited"),
    Mistake("update-contact", "init", group_added_not_swapped, (4 / 6, 4 / 6), "groups",
            "the new group added, the old one kept"),
    Mistake("update-contact", "init", email_kept, (4 / 6, 4 / 6), "email",
            "the old email address kept"),
    Mistake("update-contact", "gold", notes_cleared, (0, 0), "name_notes_kept",
            "the contact's note wiped on the way"),
    Mistake("rename-label", "init", new_label_instead, (0, 0), "renamed",
            "a new label instead of the old one renamed: its conversations lose it"),
    Mistake("rename-label", "init", colour_left, (2 / 3, 2 / 3), "colour",
            "renamed, the colour left as it was"),
    Mistake("rename-label", "init", new_name_lower_case, (1 / 3, 1 / 3), "renamed",
            "the new name in lower case"),
    Mistake("rename-label", "gold", taken_off_one, (0, 0), "nothing_else_changed",
            "renamed, and taken off one of its conversations"),
]  # fmt: skip

#: Right end states other than the golden patch's: what the UI leaves by default must score 1.
RIGHT = [
    ("reply-to-thread", reply_with_signature),
    ("send-template-to-group", template_with_signature),
    ("forward-attachment", forward_with_signature),
]


def test_every_family_has_three_wrong_end_states() -> None:
    # The cross-app family's wrong end states (in either app) live with it in test_cross; the
    # office families' (mail with team-chat or issue-tracker) in tests/families/test_office_cross.
    every = MISTAKES + CROSS_MISTAKES
    for family in domain.families:
        if family.id not in OFFICE_FAMILIES:
            assert sum(m.family == family.id for m in every) >= 3, family.id


@pytest.mark.slow
@pytest.mark.parametrize("mistake", MISTAKES, ids=lambda m: m.name)
def test_a_wrong_end_state_scores_below_one(mistake: Mistake, end_states: EndStates) -> None:
    end_states.check(domain.family(mistake.family), SEED, mistake)


@pytest.mark.slow
@pytest.mark.parametrize(("family_id", "change"), RIGHT, ids=[f for f, _ in RIGHT])
def test_the_uis_own_right_end_state_scores_one(
    family_id: str, change: Any, end_states: EndStates, tmp_path: Path
) -> None:
    right = Mistake(family_id, "init", change, (1.0, 1.0), "", "right, as the UI leaves it")
    output, out = end_states.score(domain.family(family_id), SEED, right)
    assert output.reward == 1.0, out
