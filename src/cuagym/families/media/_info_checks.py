"""The check blocks of :mod:`._info`'s rewards (tag edits, snapshots), as code.

Each function's body is a flat block pasted into reward.py's ``main``; never called.
"""

# mypy: disable-error-code="var-annotated, no-untyped-call"
# ruff: noqa: E501

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import os

    from cuagym.apps.media._read_home import added, after, changes, start
    from cuagym.apps.media._reward_lib import (
        ext_of,
        flac_info,
        frame_at,
        mean_color,
        near,
        parent_of,
    )
    from cuagym.scripts._globs import listing
    from cuagym.scripts._home import HOME
    from cuagym.scripts._reward_names import P, checks

__all__ = ["retag_track", "snapshot_at"]

# fmt: off


def retag_track() -> None:
    """The one file's tags as asked, its other tags and its audio as they were; no other change.
    Tag names compare case-insensitively (taglib writes them upper-case, as the setup did)."""
    path = P["file"]
    first = flac_info(os.path.join(start, path))
    now = flac_info(os.path.join(HOME, path)) if after.get(path, ("",))[0] == "file" else None
    off = [p for p in changes if p != path]
    wanted = {k.upper(): v for k, v in P["tags"].items()}
    kept = {k: v for k, v in first["tags"].items() if k not in wanted}
    checks.append(("nothing_else_changed", 0, not off, "unplanned changes: " + listing(off)))
    checks.append(("audio_untouched", 0, now is None or not now["flac"] or now["audio"] == first["audio"], "the audio frames are the same"))
    checks.append(("still_flac", 0, now is not None and now["flac"], "the file is still a FLAC stream"))
    for key, value in sorted(wanted.items()):
        checks.append((f"{key.lower()}_set", 2, now is not None and now["tags"].get(key) == value,
                       f"{key}: {(now or {'tags': {}})['tags'].get(key)!r}"))
    checks.append(("other_tags_kept", 1, now is not None and path in changes and all(now["tags"].get(k) == v for k, v in kept.items()),
                   "other tags: " + ", ".join(k for k, v in kept.items() if now is None or now["tags"].get(k) != v)))


def snapshot_at() -> None:
    """Exactly one new PNG in the snapshot folder, the clip's size, showing the scene of the
    asked time: its mean colour (the picture's upper middle, away from the caption bar and the
    time stamp) within 24 of the frame's at that time, decoded from the initial clip (JPEG and
    scaling shift colours a little; scenes last 3 s or more and the time is mid-scene, so a
    snapshot a second off still shows it)."""
    shots = [p for p in added if parent_of(p) == P["folder"] and ext_of(p) == "png"]
    off = [p for p in changes if p not in shots]
    checks.append(("nothing_else_changed", 0, not off, "unplanned changes: " + listing(off)))
    checks.append(("one_snapshot", 1, len(shots) == 1, f"{len(shots)} new pictures in ~/{P['folder']}"))
    frame = frame_at(os.path.join(start, P["clip"]), P["seconds"])
    shot = None
    if len(shots) == 1:
        from PIL import Image

        try:
            shot = Image.open(os.path.join(HOME, shots[0])).convert("RGB")
        except OSError:
            shot = None
    box = (0.2, 0.3, 0.6, 0.7)
    checks.append(("clip_size", 1, shot is not None and frame is not None and shot.size == frame.size,
                   f"{shot.size if shot else None} vs {frame.size if frame else None}"))
    color = mean_color(shot, box) if shot is not None else None
    checks.append(("right_scene", 3, color is not None and frame is not None and near(color, mean_color(frame, box), 24),
                   f"mean colour {color}"))
