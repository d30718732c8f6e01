"""The check blocks of the playlist families' rewards, as code.

Each function's body is a flat block :func:`cuagym.scripts.statements_of` pastes into
reward.py's ``main``; the functions are never called. A family's block computes ``want`` (the
paths, relative to the home, the playlist must list, in order) from the initial home and the
params; :func:`playlist_tail` then compares the saved playlist with it. Entries are compared by
the initial files' contents (``before``'s sha256): two byte-identical copies of one track are
the same item, whichever of them a playlist names.
"""

# mypy: disable-error-code="var-annotated, no-untyped-call"
# ruff: noqa: E501, F841

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import os

    from cuagym.apps.media._read_home import after, before, changes, start
    from cuagym.apps.media._reward_lib import (
        ext_of,
        flac_info,
        media_files,
        playlist_entries,
        playlist_kind,
    )
    from cuagym.scripts._globs import listing
    from cuagym.scripts._home import HOME
    from cuagym.scripts._reward_names import P, checks

    want: list[str] = []  # what the family's block computed before the tail

__all__ = [
    "album_want",
    "chosen_want",
    "longest_want",
    "playlist_tail",
    "prune_want",
    "tag_order_want",
]

# fmt: off


def album_want() -> None:
    """Every track of the album's folder, by track number (the names start with it too)."""
    tracks = media_files(before, P["folder"], ("flac",))
    want = sorted(tracks, key=lambda t: int(flac_info(os.path.join(start, t))["tags"].get("TRACKNUMBER", "0")))
    checks.append(("album_there", 0, len(want) == P["tracks"], f"{len(want)} tracks in the album's folder"))


def chosen_want() -> None:
    """The file of each named title (its TITLE tag) anywhere under Music, in the given order."""
    by_title = {}
    for path, (kind, _) in before.items():
        if kind == "file" and ext_of(path) == "flac" and path.startswith("Music/"):
            by_title.setdefault(flac_info(os.path.join(start, path))["tags"].get("TITLE", ""), []).append(path)
    want = [by_title[t][0] for t in P["titles"] if len(by_title.get(t, [])) == 1]
    checks.append(("titles_unique", 0, len(want) == len(P["titles"]), "every named title is one file"))


def tag_order_want() -> None:
    """The album's tracks by their TRACKNUMBER tag, one file per track (copies are one item)."""
    tracks = media_files(before, P["folder"], ("flac",))
    numbered = {}
    for t in tracks:
        number = int(flac_info(os.path.join(start, t))["tags"].get("TRACKNUMBER", "0"))
        numbered.setdefault(number, t)
    want = [numbered[n] for n in sorted(numbered)]
    checks.append(("album_there", 0, len(want) == P["tracks"] and len(tracks) == P["tracks"] + 1,
                   f"{len(want)} distinct tracks, {len(tracks)} files"))


def longest_want() -> None:
    """The ``count`` longest recordings of the folder, longest first (durations differ)."""
    talks = media_files(before, P["folder"], ("flac",))
    length = {t: flac_info(os.path.join(start, t))["seconds"] for t in talks}
    want = sorted(talks, key=lambda t: -length[t])[: P["count"]]
    checks.append(("talks_there", 0, len(talks) == P["talks"] and len(set(length.values())) == len(talks),
                   f"{len(talks)} recordings"))


def prune_want() -> None:
    """The source playlist as it was, without the entries whose ARTIST tag is the named one."""
    first = playlist_entries(HOME, P["source"], start) or []
    want = [e for e in first if e in before and flac_info(os.path.join(start, e))["tags"].get("ARTIST") != P["artist"]]
    checks.append(("playlist_there", 0, len(first) == P["entries"] and len(first) - len(want) == P["removed"],
                   f"{len(first)} entries at the start, {len(first) - len(want)} by the artist"))


def playlist_tail() -> None:
    """The saved playlist against ``want``: saved (changed) at its path, in the format its name
    says, the same items, in order; nothing else of the home changed."""
    target = P["playlist"]
    saved = target in changes and after.get(target, ("",))[0] == "file"
    got = playlist_entries(HOME, target) if saved else None
    fmt = playlist_kind(os.path.join(HOME, target)) if saved else None
    want_ids = [before[w][1] for w in want]
    got_ids = [before[e][1] if before.get(e, ("",))[0] == "file" else "?" + e for e in (got or [])]
    off = [p for p in changes if p != target]
    # An M3U as VLC writes it: "#EXTM3U" first, each "#EXTINF:<seconds>,<artist> - <title>"
    # true of the entry after it (-1 seconds or a bare title when VLC had not read the file)
    m3u_ok = fmt != "m3u"
    if fmt == "m3u":
        with open(os.path.join(HOME, target), encoding="utf-8", errors="replace") as fh:
            raw = [line.strip() for line in fh.read().lstrip("\ufeff").splitlines() if line.strip()]
        m3u_ok, pending, k = bool(raw) and raw[0] == "#EXTM3U", None, 0
        for line in raw[1:]:
            if line.startswith("#EXTINF"):
                pending = line
            elif not line.startswith("#"):
                entry = (got or [])[k] if k < len(got or []) else ""
                k += 1
                if pending is not None:
                    known = before.get(entry, ("",))[0] == "file"
                    info = flac_info(os.path.join(start, entry) if known else os.devnull)
                    tags = info["tags"]
                    names = {tags.get("ARTIST", "") + " - " + tags.get("TITLE", ""), tags.get("TITLE", ""), entry.rsplit("/", 1)[-1]}
                    m3u_ok = m3u_ok and pending in {f"#EXTINF:{d},{n}" for d in {int(info["seconds"]), -1} for n in names}
                pending = None
    checks.append(("nothing_else_changed", 0, not off, "unplanned changes: " + listing(off)))
    checks.append(("playlist_saved", 1, bool(got), f"{len(got or [])} entries in the saved playlist"))
    checks.append(("written_as_vlc_does", 1, bool(got) and m3u_ok, "the M3U header and #EXTINF lines match the entries"))
    checks.append(("format_matches_name", 1, fmt is not None and fmt == ("xspf" if ext_of(target) == "xspf" else "m3u"),
                   f"saved as {fmt}"))
    checks.append(("same_items", 2, bool(got) and sorted(got_ids) == sorted(want_ids),
                   f"{len(got or [])} entries, {len(want)} wanted, {len(set(got_ids) - set(want_ids))} not wanted"))
    checks.append(("right_order", 3, bool(got) and got_ids == want_ids, "the entries in the asked order"))
