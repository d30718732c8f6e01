"""Helpers every media ``reward.py`` (and ``golden_patch.py``) carries: the state reader.

Real code (imported and tested on the host) and the text of the scripts' helper block: what is
below the inline marker is pasted into each reward. Standard library only at module level
(Pillow is imported where a frame is decoded); no state.

- playlists as VLC writes them (Media > Save Playlist to File): XSPF (``<location>`` file URIs
  in ``<trackList>`` order) and M3U/M3U8 (``#EXTM3U``, ``#EXTINF`` lines, then one entry a
  line: a path relative to the playlist's folder, percent-encoded, for files below it, a
  ``file://`` URI otherwise). :func:`playlist_entries` resolves every entry to a path relative
  to the home, whatever form it has;
- FLAC files: tags (Vorbis comments, keys upper-cased), duration (STREAMINFO), and the hash of
  the audio frames (a tag edit must leave them alone);
- AVI (MJPEG) clips: the frames through the ``idx1`` index, the frame shown at a time;
- pictures: the mean colour of a region (a snapshot shows which scene it was taken in).
"""

# -- inlined into reward.py --
import hashlib
import os
import struct
import urllib.parse
from collections.abc import Sequence
from typing import Any

PLAYLIST_EXTS = ("m3u", "m3u8", "xspf")
MEDIA_EXTS = ("flac", "avi")


def ext_of(path: str) -> str:
    name = path.rsplit("/", 1)[-1]
    return name.rsplit(".", 1)[-1].lower() if "." in name[1:] else ""


def parent_of(path: str) -> str:
    return path.rsplit("/", 1)[0] if "/" in path else ""


def inside(path: str, folder: str) -> bool:
    return path.startswith(folder.rstrip("/") + "/")


def flac_info(full: str) -> dict[str, Any]:
    """``{"flac", "tags", "seconds", "audio"}`` of a FLAC file (``flac`` False, no tags, when
    it is not one)."""
    with open(full, "rb") as fh:
        data = fh.read()
    if not data.startswith(b"fLaC"):
        return {"flac": False, "tags": {}, "seconds": 0.0, "audio": ""}
    at, seconds, last = 4, 0.0, False
    tags: dict[str, str] = {}
    while not last and at + 4 <= len(data):
        head = data[at]
        last, kind = bool(head & 0x80), head & 0x7F
        size = int.from_bytes(data[at + 1 : at + 4], "big")
        block = data[at + 4 : at + 4 + size]
        if kind == 0 and size >= 18:
            packed = int.from_bytes(block[10:18], "big")
            rate, total = packed >> 44, packed & ((1 << 36) - 1)
            seconds = total / rate if rate else 0.0
        elif kind == 4:
            vendor = struct.unpack("<I", block[:4])[0]
            pos = 4 + vendor
            count = struct.unpack("<I", block[pos : pos + 4])[0]
            pos += 4
            for _ in range(count):
                length = struct.unpack("<I", block[pos : pos + 4])[0]
                text = block[pos + 4 : pos + 4 + length].decode("utf-8", "replace")
                pos += 4 + length
                if "=" in text:
                    key, value = text.split("=", 1)
                    tags.setdefault(key.upper(), value)
        at += 4 + size
    audio = hashlib.sha256(data[at:]).hexdigest()
    return {"flac": True, "tags": tags, "seconds": seconds, "audio": audio}


def avi_frames(full: str) -> tuple[float, list[bytes]]:
    """``(fps, [jpeg bytes, ...])`` of an MJPEG AVI, in index order."""
    with open(full, "rb") as fh:
        data = fh.read()
    if data[:4] != b"RIFF" or data[8:12] != b"AVI ":
        return 0.0, []
    fps = 0.0
    at = data.find(b"avih")
    if at >= 0:
        micro = struct.unpack("<I", data[at + 8 : at + 12])[0]
        fps = 1000000.0 / micro if micro else 0.0
    movi = data.find(b"movi")
    index = data.rfind(b"idx1")
    frames = []
    if movi >= 0 and index > movi:
        size = struct.unpack("<I", data[index + 4 : index + 8])[0]
        # offsets count from the 'movi' fourcc or from the file's start: the first entry
        # tells which (as VLC decides)
        base = None
        for pos in range(index + 8, index + 8 + size, 16):
            fourcc, _, offset, length = struct.unpack("<4sIII", data[pos : pos + 16])
            if base is None:
                base = movi if offset < movi else 0
            start = base + offset + 8
            if fourcc[2:] == b"dc":
                frames.append(data[start : start + length])
    return fps, frames


def frame_at(full: str, seconds: float) -> Any:
    """The frame a player shows at ``seconds`` of a clip, as a Pillow RGB image (or None)."""
    import io

    from PIL import Image

    fps, frames = avi_frames(full)
    if not frames:
        return None
    index = min(len(frames) - 1, max(0, int(seconds * fps)))
    return Image.open(io.BytesIO(frames[index])).convert("RGB")


def mean_color(img: Any, box: tuple[float, float, float, float]) -> tuple[float, ...]:
    """The mean (r, g, b) of ``box`` given in fractions of the image (x0, y0, x1, y1)."""
    w, h = img.size
    region = img.convert("RGB").crop(
        (int(box[0] * w), int(box[1] * h), int(box[2] * w), int(box[3] * h))
    )
    pixels = list(region.getdata())
    return tuple(sum(p[i] for p in pixels) / max(1, len(pixels)) for i in range(3))


def near(a: Sequence[float], b: Sequence[float], tolerance: float) -> bool:
    return all(abs(x - y) <= tolerance for x, y in zip(a, b, strict=True))


def _home_relative(entry: str, folder_abs: str, home: str) -> str:
    """One playlist entry as a path relative to ``home`` ("!" + the entry when outside)."""
    entry = entry.strip()
    if entry.startswith("file://"):
        path = urllib.parse.unquote(urllib.parse.urlparse(entry).path)
    elif "://" in entry:
        return "!" + entry
    else:
        path = urllib.parse.unquote(entry) if "%" in entry else entry
        if not path.startswith("/"):
            path = os.path.join(folder_abs, path)
    path = os.path.normpath(path)
    if path == home or not path.startswith(home.rstrip("/") + "/"):
        return "!" + entry
    return os.path.relpath(path, home).replace(os.sep, "/")


def playlist_kind(data: bytes | str) -> str | None:
    """ "xspf", "m3u" or None (not a playlist VLC writes) by a file's bytes (or its path)."""
    if isinstance(data, str):
        with open(data, "rb") as fh:
            data = fh.read()
    head = data[:400].lstrip(b"\xef\xbb\xbf").lstrip()
    if head.startswith(b"<?xml") or head.startswith(b"<playlist"):
        return "xspf" if b"xspf.org" in head or b"<playlist" in head else None
    if head.startswith(b"#EXTM3U") or head[:1] in (b"/", b".") or b"file://" in head[:80]:
        return "m3u"
    return "m3u" if head and b"<" not in head[:1] else None


def playlist_entries(home: str, rel: str, root: str = "") -> list[str] | None:
    """The entries of the playlist ``rel`` (relative to ``home``), each as a path relative to
    the home, in order; None when the file is no playlist. ``root``: read the file from this
    copy of the home instead (the initial home: its entries still name /home/user)."""
    with open(os.path.join(root or home, rel), "rb") as fh:
        data = fh.read()
    return parse_playlist(data, os.path.join(home, parent_of(rel)), home)


def parse_playlist(data: bytes, folder: str, home: str) -> list[str] | None:
    """:func:`playlist_entries` of a playlist's bytes saved in ``folder`` (absolute)."""
    import xml.etree.ElementTree as ET

    kind = playlist_kind(data)
    if kind == "xspf":
        try:
            root = ET.fromstring(data)
        except ET.ParseError:
            return None
        found = []
        for track in root.iter():
            if track.tag.rsplit("}", 1)[-1] != "track":
                continue
            for child in track:
                if child.tag.rsplit("}", 1)[-1] == "location" and child.text:
                    found.append(_home_relative(child.text, folder, home))
                    break
        return found
    if kind == "m3u":
        text = data.decode("utf-8", "replace").lstrip("\ufeff")
        lines = [line.strip() for line in text.splitlines()]
        return [_home_relative(line, folder, home) for line in lines if line and line[0] != "#"]
    return None


def media_files(
    listing: dict[str, tuple[str, str]], folder: str, exts: tuple[str, ...] = MEDIA_EXTS
) -> list[str]:
    """The media files of a ``tree`` listing directly in ``folder``, sorted."""
    return sorted(
        p
        for p, (kind, _) in listing.items()
        if kind == "file" and parent_of(p) == folder and ext_of(p) in exts
    )
