"""Wrong end states of every media family score below 1.0, and for the stated reason.

Each case is a plausible end state an RL policy reaches, from the gold state (the golden patch,
then a small script: the right tracks in the wrong order, one missing, one too many, the other
format under the name, a stray second playlist, a tag half-written, a snapshot of the wrong
scene or at the wrong size). It runs for real (setup, the ``initial`` snapshot, the scripts, the
reward in a sandbox) and must score < 1.0 with the named check failing.
"""

# The change scripts are script text kept readable, one statement a line.
# ruff: noqa: E501

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass
from typing import Any

import pytest

from cuagym.core import RewardOutput
from cuagym.domains import load_domain
from tests.families.desktop_harness import score_end_states

domain = load_domain("media")

pytestmark = pytest.mark.slow

#: what every change script can use: the gold playlist's entries (absolute paths) and a writer
#: in either format, and a FLAC tag rewriter
PRELUDE = """
import os, re, shutil, struct, urllib.parse
T = P.get("playlist", "")
def entries():
    text = open(T, encoding="utf-8").read()
    if "<location>" in text:
        return [urllib.parse.unquote(m[7:]) for m in re.findall(r"<location>([^<]+)</location>", text)]
    here = os.path.dirname(os.path.abspath(T))
    out = []
    for line in text.splitlines():
        if not line or line.startswith("#"):
            continue
        if line.startswith("file://"):
            out.append(urllib.parse.unquote(line[7:]))
        else:
            out.append(os.path.normpath(os.path.join(here, urllib.parse.unquote(line))))
    return out
def save(items, path=None, xspf=None):
    path = path or T
    xspf = path.endswith(".xspf") if xspf is None else xspf
    if xspf:
        body = "".join("<track><location>file://%s</location></track>" % urllib.parse.quote(i) for i in items)
        text = '<?xml version="1.0" encoding="UTF-8"?>\\n<playlist xmlns="http://xspf.org/ns/0/" version="1"><trackList>' + body + "</trackList></playlist>\\n"
    else:
        text = "#EXTM3U\\n" + "".join("file://%s\\n" % urllib.parse.quote(i) for i in items)
    open(path, "w", encoding="utf-8").write(text)
def retag(path, tags):
    data = open(path, "rb").read()
    at, blocks, last = 4, [], False
    while not last:
        last, kind = bool(data[at] & 0x80), data[at] & 0x7F
        size = int.from_bytes(data[at + 1:at + 4], "big")
        blocks.append((kind, data[at + 4:at + 4 + size]))
        at += 4 + size
    comments = [("%s=%s" % kv).encode() for kv in sorted(tags.items())]
    vorbis = struct.pack("<I", 1) + b"x" + struct.pack("<I", len(comments)) + b"".join(struct.pack("<I", len(c)) + c for c in comments)
    kept = [(k, b) for k, b in blocks if k != 4] + [(4, vorbis)]
    out = b"fLaC" + b"".join(bytes([k | (0x80 if i == len(kept) - 1 else 0)]) + len(b).to_bytes(3, "big") + b for i, (k, b) in enumerate(kept))
    open(path, "wb").write(out + data[at:])
"""


def script(body: str) -> Any:
    """A change script: ``body`` runs in /home/user with ``P`` and the prelude's helpers."""

    def build(p: dict[str, Any]) -> str:
        return (
            f"import json\nP = json.loads({json.dumps(p)!r})\n"
            + PRELUDE
            + "os.chdir('/home/user')\n"
            + body
        )

    return build


@dataclass(frozen=True)
class Case:
    family: str
    seed: int
    why: str
    script: Any
    fails: str
    from_gold: bool = True


SWAPPED = script("e = entries()\nsave([e[1], e[0], *e[2:]])\n")
LAST_MISSING = script("save(entries()[:-1])\n")
OTHER_FORMAT = script("save(entries(), xspf=not T.endswith('.xspf'))\n")
STRAY_PLAYLIST = script("save(entries(), 'Music/Playlists/copy.m3u')\n")
TRACK_DELETED = script("os.remove(entries()[0])\n")
EXTRA_TRACK = script("""
e = entries()
other = sorted(os.path.join(r, n) for r, _, ns in os.walk('/home/user/Music') for n in ns
               if n.endswith('.flac') and os.path.join(r, n) not in e)
save(e + [other[0]])
""")
BOTH_COPIES = script("""
e = entries()
copy = [os.path.join(r, n) for r, _, ns in os.walk('/home/user/' + P['folder']) for n in ns if n.endswith(' (1).flac')][0]
save(e + [copy])
""")
ARTIST_BACK = script("""
import glob
e = entries()
theirs = [f for f in glob.glob('/home/user/Music/' + glob.escape(P['artist']) + '/*/*.flac')]
save([sorted(theirs)[0]] + e)
""")
TITLE_ONLY = script("""
f = P['file']
retag(f, {'TITLE': P['tags']['title'], 'ALBUM': 'Unknown Album', 'ARTIST': 'x'})
""")
ARTIST_DROPPED = script("""
retag(P['file'], {'TITLE': P['tags']['title'], 'ALBUM': P['tags']['album']})
""")
AUDIO_CUT = script(
    "data = open(P['file'], 'rb').read()\nopen(P['file'], 'wb').write(data[:-200])\n"
)
RENAMED = script(
    "os.rename(P['file'], os.path.join(os.path.dirname(P['file']), P['tags']['title'] + '.flac'))\n"
)
TWO_SHOTS = script("""
shot = [os.path.join(P['folder'], n) for n in os.listdir(P['folder'])][0]
shutil.copy(shot, shot[:-4] + '-2.png')
""")
WRONG_SCENE = script("""
from PIL import Image
shot = [os.path.join(P['folder'], n) for n in os.listdir(P['folder'])][0]
img = Image.open(shot)
Image.new('RGB', img.size, (5, 5, 5)).save(shot)
""")
RESIZED = script("""
from PIL import Image
shot = [os.path.join(P['folder'], n) for n in os.listdir(P['folder'])][0]
Image.open(shot).resize((640, 360)).save(shot)
""")
SHOT_IN_VIDEOS = script("""
shot = [os.path.join(P['folder'], n) for n in os.listdir(P['folder'])][0]
shutil.move(shot, 'Videos')
""")
SHEET_EDITED = script("""
import openpyxl
wb = openpyxl.load_workbook(P['workbook'])
wb.active['D1'] = 'Checked'
wb.save(P['workbook'])
""")
REVERSED = script("save(entries()[::-1])\n")

CASES: list[Case] = [
    Case("album-playlist", 0, "two tracks swapped", SWAPPED, "right_order"),
    Case("album-playlist", 1, "the other format under the name", OTHER_FORMAT, "format_matches_name"),
    Case("album-playlist", 2, "a stray second playlist", STRAY_PLAYLIST, "nothing_else_changed"),
    Case("chosen-tracks", 0, "the last track missing", LAST_MISSING, "same_items"),
    Case("chosen-tracks", 1, "a track not asked for", EXTRA_TRACK, "same_items"),
    Case("chosen-tracks", 2, "a track file deleted", TRACK_DELETED, "nothing_else_changed"),
    Case("prune-playlist", 0, "one of the artist's tracks back", ARTIST_BACK, "same_items"),
    Case("prune-playlist", 1, "saved in the other order", REVERSED, "right_order"),
    Case("prune-playlist", 2, "saved as a second file", STRAY_PLAYLIST, "nothing_else_changed"),
    Case("album-by-tag-order", 0, "both copies listed", BOTH_COPIES, "same_items"),
    Case("album-by-tag-order", 1, "two tracks swapped", SWAPPED, "right_order"),
    Case("album-by-tag-order", 2, "the other format under the name", OTHER_FORMAT, "format_matches_name"),
    Case("longest-talks", 0, "shortest first", REVERSED, "right_order"),
    Case("longest-talks", 1, "a fourth recording", EXTRA_TRACK, "same_items"),
    Case("longest-talks", 2, "only two talks", LAST_MISSING, "same_items"),
    Case("retag-track", 0, "the album left unknown, the artist overwritten", TITLE_ONLY, "album_set"),
    Case("retag-track", 1, "the other tags dropped", ARTIST_DROPPED, "other_tags_kept"),
    Case("retag-track", 2, "the audio cut short", AUDIO_CUT, "audio_untouched"),
    Case("retag-track", 0, "renamed instead of tagged", RENAMED, "nothing_else_changed"),
    Case("clip-snapshot", 0, "two snapshots", TWO_SHOTS, "one_snapshot"),
    Case("clip-snapshot", 1, "another scene", WRONG_SCENE, "right_scene"),
    Case("clip-snapshot", 2, "scaled to the window", RESIZED, "clip_size"),
    Case("clip-snapshot", 0, "saved among the videos", SHOT_IN_VIDEOS, "nothing_else_changed"),
    Case("running-order-playlist", 0, "bottom row first", REVERSED, "right_order"),
    Case("running-order-playlist", 1, "the workbook edited", SHEET_EDITED, "workbook_unchanged"),
    Case("running-order-playlist", 2, "a slot missing", LAST_MISSING, "same_items"),
    Case("setlist-playlist", 0, "two songs swapped", SWAPPED, "right_order"),
    Case("setlist-playlist", 1, "saved as M3U content", OTHER_FORMAT, "format_matches_name"),
    Case("setlist-playlist", 2, "a song not on the setlist", EXTRA_TRACK, "same_items"),
]  # fmt: skip


def params(family: str, seed: int) -> dict[str, Any]:
    return domain.family(family).sample(seed).params or {}  # type: ignore[no-any-return]


@pytest.fixture(scope="module")
def outputs() -> dict[int, RewardOutput]:
    """Every case scored: one environment per (family, seed), cases restored from its
    ``initial`` snapshot; a few environments at a time (the CPUs are shared)."""
    groups: dict[tuple[str, int], list[int]] = {}
    for i, case in enumerate(CASES):
        groups.setdefault((case.family, case.seed), []).append(i)
    gate = asyncio.Semaphore(3)

    async def group(key: tuple[str, int], indices: list[int]) -> list[RewardOutput]:
        family = domain.family(key[0])
        gold = family.generate(family.sample(key[1])).golden_patch
        states: list[tuple[str, ...]] = []
        for i in indices:
            change = CASES[i].script(params(*key))
            states.append((gold, change) if CASES[i].from_gold else (change,))
        async with gate:
            return await score_end_states(family, key[1], states)

    async def everything() -> list[list[RewardOutput]]:
        return await asyncio.gather(*(group(k, v) for k, v in groups.items()))

    done = asyncio.run(everything())
    return {i: out for indices, outs in zip(groups.values(), done, strict=True)
            for i, out in zip(indices, outs, strict=True)}  # fmt: skip


def test_every_family_has_three_wrong_end_states_from_gold() -> None:
    for family in domain.families:
        from_gold = [c for c in CASES if c.family == family.id and c.from_gold]
        assert len(from_gold) >= 3, family.id


@pytest.mark.parametrize("index", range(len(CASES)), ids=[f"{c.family}:{c.why}" for c in CASES])
def test_a_wrong_end_state_is_not_full_credit(index: int, outputs: dict[int, RewardOutput]) -> None:
    case, out = CASES[index], outputs[index]
    failed = {c.name for c in out.checks if not c.passed}
    assert out.reward is not None and out.reward < 1.0, (case.why, out)
    assert case.fails in failed, (case.why, failed, out)
