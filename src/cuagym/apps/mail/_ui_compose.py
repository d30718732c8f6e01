"""The compose screen: new message, reply, reply all, forward, continuing a draft.

``GET /compose`` takes ``draft=<mid>``, or ``reply=<mid>&mode=reply|reply-all|forward``, or
``to=<address>``; ``POST /compose`` takes the form and ``intent=send|save|discard``. Attachments
already on a draft or a forwarded message travel as ``keep=<mid>/<index>`` references (resolved
here, so a form cannot invent attachments); new files are uploaded to the session.
"""

from __future__ import annotations

from typing import Any

from starlette.datastructures import FormData, UploadFile
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import Route

from cuagym.apps.mail._ops import ActionError
from cuagym.apps.mail._ops_compose import (
    ComposeFields,
    discard_draft,
    format_addresses,
    prefill,
    save_draft,
    send_message,
    thread_draft,
)
from cuagym.apps.mail._ui_common import (
    State,
    error_text,
    field,
    fields,
    load,
    not_found,
    page,
    safe_next,
)
from cuagym.apps.mail._views import attachment_view
from cuagym.hub import InvalidState, UISession

__all__ = ["routes"]


def _with_signature(state: State, body: str = "") -> str:
    sig = str(state["settings"]["signature"])
    if not sig:
        return body
    return "\n\n-- \n" + sig + ("\n\n" + body if body else "")


def _contacts(state: State) -> list[dict[str, Any]]:
    return sorted(state["contacts"].values(), key=lambda c: c["name"].lower())


def _groups(state: State) -> list[str]:
    return sorted({g for c in state["contacts"].values() for g in c["groups"]})


def _render(
    request: Request,
    state: State,
    values: ComposeFields,
    *,
    draft_id: str | None,
    thread_id: str | None,
    mode: str,
    keep: list[tuple[str, dict[str, Any]]],
    error: str | None = None,
    saved: bool = False,
    status_code: int = 200,
    back: str = "/f/inbox",
) -> Response:
    thread_subject = None
    if thread_id is not None:
        first = min(
            (m for m in state["messages"].values() if m["threadId"] == thread_id),
            key=lambda m: m["date"],
            default=None,
        )
        thread_subject = first["subject"] if first else None
    titles = {
        "reply": "Reply",
        "reply-all": "Reply all",
        "forward": "Forward",
        "new": "New message",
    }
    # A saved draft comes back to this screen; the toast says it was kept.
    saved_toast = {"flash": "Draft saved", "flash_testid": "draft-saved"} if saved else {}
    context = {
        **saved_toast,
        "values": values,
        "draft_id": draft_id,
        "thread_id": thread_id,
        "thread_subject": thread_subject,
        "mode": mode,
        "heading": "Draft" if draft_id and mode == "new" else titles.get(mode, "New message"),
        "keep": [{"ref": ref, **attachment_view(a)} for ref, a in keep],
        "error": error,
        "back": back,
        "templates": sorted(state["templates"].values(), key=lambda t: t["name"].lower()),
        "contacts": _contacts(state),
        "groups": _groups(state),
    }
    return page(request, state, "compose.html", context, active="compose", status_code=status_code)


def _refs(msg: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    return [(f"{msg['id']}/{i}", a) for i, a in enumerate(msg["attachments"])]


async def compose_form(request: Request) -> Response:
    ui, state = await load(request)
    qp = request.query_params
    back = safe_next(qp.get("back", ""), "/f/inbox")
    draft_id = qp.get("draft")
    if draft_id:
        msg = state["messages"].get(draft_id)
        if msg is None or not msg["isDraft"]:
            return not_found(request, state, "That draft no longer exists.")
        values = ComposeFields(
            to=format_addresses(msg["to"]),
            cc=format_addresses(msg["cc"]),
            bcc=format_addresses(msg["bcc"]),
            subject=msg["subject"],
            body=msg["body"],
        )
        others = [
            m
            for m in state["messages"].values()
            if m["threadId"] == msg["threadId"] and m is not msg
        ]
        return _render(
            request,
            state,
            values,
            draft_id=draft_id,
            thread_id=msg["threadId"] if others else None,
            mode="new",
            keep=_refs(msg),
            saved=qp.get("saved") == "1",
            back=back,
        )
    reply_to = qp.get("reply")
    if reply_to:
        mode = qp.get("mode", "reply")
        try:
            tid, values = prefill(state, reply_to, mode)
        except ActionError as exc:
            return not_found(request, state, str(exc))
        existing = thread_draft(state, tid)
        if existing is not None:  # one draft per conversation: continue it
            return RedirectResponse(ui.url(f"/compose?draft={existing['id']}"), status_code=303)
        values.body = _with_signature(state, values.body)
        keep = _refs(state["messages"][reply_to]) if mode == "forward" else []
        values.attachments = []
        return _render(
            request, state, values, draft_id=None, thread_id=tid, mode=mode, keep=keep, back=back
        )
    values = ComposeFields(to=qp.get("to", ""), body=_with_signature(state))
    return _render(
        request, state, values, draft_id=None, thread_id=None, mode="new", keep=[], back=back
    )


def _kept(state: State, form: FormData) -> list[tuple[str, dict[str, Any]]]:
    out = []
    for ref in fields(form, "keep"):
        mid, _, index = ref.partition("/")
        msg = state["messages"].get(mid)
        if msg is not None and index.isdigit() and int(index) < len(msg["attachments"]):
            out.append((ref, msg["attachments"][int(index)]))
    return out


async def _uploads(ui: UISession, files: list[UploadFile]) -> list[dict[str, Any]]:
    out = []
    for item in files:
        data = await item.read()
        info = await ui.upload(
            item.filename or "file", data, item.content_type or "application/octet-stream"
        )
        out.append(
            {
                "name": info.name,
                "url": info.url,
                "size": info.size,
                "contentType": info.content_type,
            }
        )
    return out


async def compose_submit(request: Request) -> Response:
    ui, state = await load(request)
    form = await request.form()
    intent = field(form, "intent") or "send"
    draft_id = field(form, "draft_id") or None
    thread_id = field(form, "thread_id") or None
    mode = field(form, "mode") or "new"
    back = safe_next(field(form, "back"), "/f/inbox")
    keep = _kept(state, form)
    values = ComposeFields(
        to=field(form, "to"),
        cc=field(form, "cc"),
        bcc=field(form, "bcc"),
        subject=field(form, "subject"),
        body=field(form, "body"),
    )
    if intent == "discard":
        if draft_id is None:  # never saved: nothing to undo
            return RedirectResponse(ui.url(back), status_code=303)
        try:
            await ui.mutate(lambda s: discard_draft(s, draft_id))
        except ActionError as exc:
            return not_found(request, state, str(exc))
        return RedirectResponse(ui.url(back), status_code=303)
    files = [f for f in form.getlist("files") if isinstance(f, UploadFile) and f.filename]
    made: list[str] = []

    def change(s: State) -> None:
        op = send_message if intent == "send" else save_draft
        made.append(op(s, values, draft_id, None if draft_id else thread_id))

    try:
        # Check before uploading, so that a refused send leaves no orphan files behind.
        probe = await ui.state()
        change(probe)
        made.clear()
        values.attachments = [a for _, a in keep] + await _uploads(ui, files)
        await ui.mutate(change)
    except (ActionError, InvalidState) as exc:
        return _render(
            request,
            await ui.state(),
            values,
            draft_id=draft_id,
            thread_id=thread_id,
            mode=mode,
            keep=keep,
            error=error_text(exc),
            status_code=400,
            back=back,
        )
    current = await ui.state()
    tid = current["messages"][made[0]]["threadId"]
    if intent == "send":
        return RedirectResponse(ui.url(f"/t/{tid}?sent=1&back={back}"), status_code=303)
    return RedirectResponse(ui.url(f"/compose?draft={made[0]}&saved=1&back={back}"), 303)


def routes() -> list[Route]:
    return [
        Route("/compose", compose_form, methods=["GET"]),
        Route("/compose", compose_submit, methods=["POST"]),
    ]
