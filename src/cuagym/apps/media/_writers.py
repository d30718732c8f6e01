"""Media writers of the media domain's ``initial_setup.py``: FLAC tracks and MJPEG AVI clips.

The environment has no encoder (no ffmpeg, no libFLAC binding), so both formats are written by
hand, byte for byte, from a spec; two files with the same spec are byte-identical.

- :func:`flac_bytes`: a FLAC stream (8 kHz, mono, 16 bit) with a Vorbis comment block (the
  tags VLC and every player read: TITLE, ARTIST, ALBUM, TRACKNUMBER, DATE, GENRE). The first
  frames are a verbatim tone (its pitch from the title), the rest constant subframes, so a
  five-minute talk is a few kilobytes and its duration (STREAMINFO's sample count) exact.
- :func:`avi_bytes`: an AVI of Motion-JPEG frames (Pillow), one scene per ``scene_s`` seconds:
  each scene a flat colour with its caption, so a snapshot at a time shows which scene it
  was. An ``idx1`` index makes VLC seek.

The text below the marker is pasted into every setup script; on the host it is a real module
world builders and tests call.
"""

# mypy: allow-untyped-defs, disable-error-code="var-annotated, no-untyped-call"
# The text below the marker is pasted verbatim into setup scripts (unannotated, formatted by
# hand): mypy still checks the function bodies, ruff format leaves it alone.
# ruff: noqa: UP031, SIM212
import io
import math
import struct

import docx  # type: ignore[import-untyped, unused-ignore]
import openpyxl  # type: ignore[import-untyped, unused-ignore]
from PIL import Image, ImageDraw, ImageFont

__all__ = ["avi_bytes", "flac_bytes", "media_bytes", "office_bytes", "scene_color"]


# fmt: off
# -- inlined into reward.py --
FLAC_RATE = 8000
FLAC_BLOCK = 4096


def _crc8(data):
    crc = 0
    for byte in data:
        crc ^= byte
        for _ in range(8):
            crc = ((crc << 1) ^ 0x07) & 0xFF if crc & 0x80 else (crc << 1) & 0xFF
    return crc


_CRC16 = []
for _n in range(256):
    _c = _n << 8
    for _ in range(8):
        _c = ((_c << 1) ^ 0x8005) & 0xFFFF if _c & 0x8000 else (_c << 1) & 0xFFFF
    _CRC16.append(_c)


def _crc16(data):
    crc = 0
    for byte in data:
        crc = ((crc << 8) & 0xFFFF) ^ _CRC16[(crc >> 8) ^ byte]
    return crc


def _utf8_number(n):
    """A FLAC frame number: UTF-8-like coding of an integer."""
    if n < 0x80:
        return bytes([n])
    if n < 0x800:
        return bytes([0xC0 | n >> 6, 0x80 | n & 0x3F])
    return bytes([0xE0 | n >> 12, 0x80 | n >> 6 & 0x3F, 0x80 | n & 0x3F])


def _flac_frame(number, samples, constant):
    size = len(samples) if not constant else constant
    code = 0xC if size == FLAC_BLOCK else 0x7  # 0xC: 4096; 0x7: 16-bit size at header end
    head = bytes([0xFF, 0xF8, code << 4 | 0x4, 0x08]) + _utf8_number(number)
    if code == 0x7:
        head += struct.pack(">H", size - 1)
    head += bytes([_crc8(head)])
    if constant:  # subframe 000000: one 16-bit sample for the whole block (silence)
        body = b"\x00" + struct.pack(">h", 0)
    else:  # subframe 000001: verbatim 16-bit samples
        body = b"\x02" + struct.pack(">%dh" % len(samples), *samples)
    frame = head + body
    return frame + struct.pack(">H", _crc16(frame))


def flac_bytes(seconds, tags, pitch):
    """A mono 8 kHz FLAC of ``seconds`` (a tone of ``pitch`` Hz, then silence) tagged ``tags``
    (a dict: TITLE, ARTIST, ...)."""
    total = int(seconds * FLAC_RATE)
    info = struct.pack(">HH", FLAC_BLOCK, FLAC_BLOCK) + b"\x00" * 6
    packed = FLAC_RATE << 44 | 0 << 41 | 15 << 36 | total
    info += packed.to_bytes(8, "big") + b"\x00" * 16
    vendor = b"cuagym media writer"
    comments = [f"{k}={v}".encode() for k, v in sorted(tags.items())]
    vorbis = struct.pack("<I", len(vendor)) + vendor + struct.pack("<I", len(comments))
    vorbis += b"".join(struct.pack("<I", len(c)) + c for c in comments)
    out = bytearray(b"fLaC")
    out += bytes([0x00]) + len(info).to_bytes(3, "big") + info
    out += bytes([0x84]) + len(vorbis).to_bytes(3, "big") + vorbis
    tone = [int(6000 * math.sin(2 * math.pi * pitch * i / FLAC_RATE)) for i in range(FLAC_BLOCK)]
    number, done = 0, 0
    while done < total:
        size = min(FLAC_BLOCK, total - done)
        if number < 2 and size == FLAC_BLOCK:
            out += _flac_frame(number, tone, 0)
        else:
            out += _flac_frame(number, (), size)
        number, done = number + 1, done + size
    return bytes(out)


def scene_color(index):
    """The flat colour of scene ``index`` of a clip: far apart, so a snapshot names its scene."""
    palette = [(200, 40, 40), (40, 160, 60), (40, 70, 200), (230, 200, 40), (150, 50, 180),
               (30, 170, 190), (240, 130, 30), (90, 90, 90), (240, 240, 240), (120, 70, 30)]
    return palette[index % len(palette)]


def avi_bytes(scenes, scene_s, fps, size):
    """An MJPEG AVI: one scene (caption shown on its colour) per ``scene_s`` seconds."""
    width, height = size
    font = ImageFont.load_default()
    frames = []
    for index, caption in enumerate(scenes):
        for k in range(scene_s * fps):
            img = Image.new("RGB", (width, height), scene_color(index))
            draw = ImageDraw.Draw(img)
            draw.rectangle([0, height - 34, width, height], fill=(16, 16, 16))
            draw.text((10, height - 28), caption, fill=(255, 255, 255), font=font)
            t = index * scene_s + k / fps
            draw.text((width - 70, 8), "%02d:%02d.%d" % (t // 60, t % 60, k % fps * 10 // fps),
                      fill=(255, 255, 255), font=font)
            buf = io.BytesIO()
            img.save(buf, format="JPEG", quality=80)
            frames.append(buf.getvalue())
    movi, index_entries = bytearray(b"movi"), bytearray()
    for data in frames:
        index_entries += b"00dc" + struct.pack("<III", 0x10, len(movi), len(data))
        movi += b"00dc" + struct.pack("<I", len(data)) + data + (b"\x00" if len(data) % 2 else b"")
    biggest = max(len(f) for f in frames)
    avih = struct.pack("<IIIIIIIIII16x", 1000000 // fps, biggest * fps, 0, 0x10, len(frames), 0,
                       1, biggest, width, height)
    strh = b"vidsMJPG" + struct.pack("<IHHIIIIIIIIhhhh", 0, 0, 0, 0, 1, fps, 0, len(frames),
                                     biggest, 0xFFFFFFFF, 0, 0, 0, width, height)
    strf = struct.pack("<IiiHH4sIiiII", 40, width, height, 1, 24, b"MJPG", width * height * 3,
                       0, 0, 0, 0)

    def chunk(fourcc, data):
        return fourcc + struct.pack("<I", len(data)) + data + (b"\x00" if len(data) % 2 else b"")

    strl = chunk(b"LIST", b"strl" + chunk(b"strh", strh) + chunk(b"strf", strf))
    hdrl = b"hdrl" + chunk(b"avih", avih) + strl
    body = b"AVI " + chunk(b"LIST", hdrl) + chunk(b"LIST", bytes(movi))
    body += chunk(b"idx1", bytes(index_entries))
    return b"RIFF" + struct.pack("<I", len(body)) + body


def office_bytes(kind, rows):
    """A workbook (``kind`` "xlsx": ``rows`` of cells, first sheet "Running order") or a
    document ("docx": ``rows`` are paragraphs, the first one a heading)."""
    buf = io.BytesIO()
    if kind == "xlsx":
        wb = openpyxl.Workbook()
        wb.active.title = "Running order"
        for row in rows:
            wb.active.append(row)
        wb.save(buf)
    else:
        doc = docx.Document()
        doc.add_heading(rows[0], level=1)
        for line in rows[1:]:
            doc.add_paragraph(line)
        doc.save(buf)
    return buf.getvalue()


def media_bytes(spec):
    """The bytes of one file spec: ``{"kind": "flac"|"avi"|"xlsx"|"docx"|"text", ...}``."""
    if spec["kind"] == "flac":
        return flac_bytes(spec["seconds"], spec["tags"], spec["pitch"])
    if spec["kind"] == "avi":
        return avi_bytes(spec["scenes"], spec["scene_s"], spec["fps"], tuple(spec["size"]))
    if spec["kind"] in ("xlsx", "docx"):
        return office_bytes(spec["kind"], spec["rows"])
    return spec["text"].encode()
