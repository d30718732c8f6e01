"""Uploaded files: safe stored names, size limits, and the ``/upload`` and ``/files`` endpoints."""

from __future__ import annotations

import re
import unicodedata

from starlette.datastructures import UploadFile
from starlette.formparsers import MultiPartException
from starlette.requests import Request

from cuagym.hub._context import AppContext, HubLimits
from cuagym.hub._http import HTTPError, Receive, Scope

__all__ = ["check_upload_size", "read_uploads", "safe_filename"]

_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")
_MAX_NAME = 128


def safe_filename(raw: str) -> str:
    """A stored name that cannot leave the session's namespace: no folders, no dot-names.

    ``../x`` and ``C:\\x`` both become ``x``; characters outside ``[A-Za-z0-9._-]`` become ``_``.
    """
    name = raw.replace("\\", "/").rsplit("/", 1)[-1]
    name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    name = _UNSAFE.sub("_", name).strip("._") or "file"
    if len(name) > _MAX_NAME:
        stem, dot, ext = name.rpartition(".")
        ext = ext[:16] if dot else ""
        name = (stem if dot else name)[: _MAX_NAME - len(ext) - 1] + (f".{ext}" if ext else "")
    return name


def check_upload_size(size: int, limits: HubLimits) -> None:
    if size > limits.max_file:
        raise HTTPError(413, f"file exceeds the limit of {limits.max_file} bytes")


class _BodyTooLarge(Exception):
    pass


def _capped(receive: Receive, limit: int) -> Receive:
    seen = 0

    async def wrapped() -> dict[str, object]:
        nonlocal seen
        message = dict(await receive())
        body = message.get("body", b"")
        seen += len(body) if isinstance(body, bytes | bytearray) else 0
        if seen > limit:
            raise _BodyTooLarge
        return message

    return wrapped


async def read_uploads(
    ctx: AppContext, scope: Scope, receive: Receive
) -> list[tuple[str, str, bytes]]:
    """Parse a multipart body into ``(safe name, content type, data)`` for every ``file`` part."""
    limits = ctx.limits
    content_type = dict(scope["headers"]).get(b"content-type", b"").decode("latin-1")
    if not content_type.startswith("multipart/form-data"):
        raise HTTPError(400, "upload must be multipart/form-data with parts named 'file'")
    request = Request(scope, _capped(receive, limits.max_upload_body))
    try:
        form = await request.form(
            max_files=limits.max_files_per_request, max_fields=limits.max_files_per_request
        )
    except _BodyTooLarge:
        limit = limits.max_upload_body
        raise HTTPError(413, f"upload exceeds the limit of {limit} bytes") from None
    except MultiPartException as exc:
        raise HTTPError(400, f"malformed multipart body: {exc.message}") from None
    try:
        files: list[tuple[str, str, bytes]] = []
        for key, value in form.multi_items():
            if key != "file" or not isinstance(value, UploadFile):
                raise HTTPError(
                    400, f"unexpected form field {key!r}; send files as parts named 'file'"
                )
            if value.size is not None:
                check_upload_size(value.size, limits)
            data = await value.read(limits.max_file + 1)
            check_upload_size(len(data), limits)
            files.append(
                (
                    safe_filename(value.filename or "file"),
                    value.content_type or "application/octet-stream",
                    data,
                )
            )
        if not files:
            raise HTTPError(400, "no part named 'file' in the upload")
        return files
    finally:
        await form.close()
