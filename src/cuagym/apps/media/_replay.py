"""The statements of the media domain's ``golden_patch.py``: do what VLC would write.

Script text, read by :func:`cuagym.scripts.inlined`: ``HOME`` and ``OPS`` are the script's
constants, written before this text (empty here), and the reward library (:mod:`._reward_lib`:
``flac_info``, ``frame_at``) is inlined above it. Operations:

- ``["playlist", path, [entries]]``: a playlist as Media > Save Playlist to File writes it, by
  the extension (XSPF with file URIs; M3U with ``#EXTINF`` lines and entries relative to the
  playlist's folder where they lie below it);
- ``["snapshot", clip, seconds, path]``: the frame shown at ``seconds`` as a PNG;
- ``["retag", path, {tag: value}]``: the FLAC's Vorbis comments updated, audio untouched.
"""

# mypy: disable-error-code="no-untyped-call"
# ruff: noqa: UP031, RUF005
import os
import struct
import urllib.parse
from typing import Any

from cuagym.apps.media._reward_lib import flac_info, frame_at

HOME = "/home/user"
OPS: list[list[Any]] = []

# -- inlined into reward.py --
for op in OPS:
    target = os.path.join(HOME, op[1] if op[0] != "snapshot" else op[3])
    os.makedirs(os.path.dirname(target), exist_ok=True)
    if op[0] == "playlist":
        entries = [os.path.join(HOME, e) for e in op[2]]
        if target.endswith(".xspf"):
            rows = [
                '<?xml version="1.0" encoding="UTF-8"?>',
                '<playlist xmlns="http://xspf.org/ns/0/" version="1">',
                "\t<title>Playlist</title>",
                "\t<trackList>",
            ]
            for e in entries:
                rows.append(
                    "\t\t<track><location>file://" + urllib.parse.quote(e) + "</location></track>"
                )
            text = "\n".join(rows + ["\t</trackList>", "</playlist>"]) + "\n"
        else:
            rows = ["#EXTM3U"]
            here = os.path.dirname(target)
            for e in entries:
                info = flac_info(e)
                if info["flac"]:
                    rows.append(
                        "#EXTINF:%d,%s - %s"
                        % (
                            info["seconds"],
                            info["tags"].get("ARTIST", ""),
                            info["tags"].get("TITLE", ""),
                        )
                    )
                if e.startswith(here + "/"):
                    rows.append(urllib.parse.quote(os.path.relpath(e, here)))
                else:
                    rows.append("file://" + urllib.parse.quote(e))
            text = "\n".join(rows) + "\n"
        with open(target, "w", encoding="utf-8") as fh:
            fh.write(text)
    elif op[0] == "snapshot":
        frame_at(os.path.join(HOME, op[1]), op[2]).save(target, format="PNG")
    elif op[0] == "retag":
        with open(target, "rb") as fh:
            data = fh.read()
        at, blocks, last = 4, [], False
        while not last:
            last, kind = bool(data[at] & 0x80), data[at] & 0x7F
            size = int.from_bytes(data[at + 1 : at + 4], "big")
            blocks.append((kind, data[at + 4 : at + 4 + size]))
            at += 4 + size
        tags = dict(flac_info(target)["tags"])
        tags.update(op[2])
        vendor = b"reference libFLAC 1.4.2 20221022"
        comments = [("%s=%s" % kv).encode() for kv in sorted(tags.items())]
        vorbis = struct.pack("<I", len(vendor)) + vendor + struct.pack("<I", len(comments))
        vorbis += b"".join(struct.pack("<I", len(c)) + c for c in comments)
        kept = [(k, b) for k, b in blocks if k != 4] + [(4, vorbis)]
        out = bytearray(b"fLaC")
        for i, (kind, body) in enumerate(kept):
            out += (
                bytes([kind | (0x80 if i == len(kept) - 1 else 0)])
                + len(body).to_bytes(3, "big")
                + body
            )
        with open(target, "wb") as fh:
            fh.write(bytes(out) + data[at:])
    else:
        raise SystemExit("unknown op " + op[0])
