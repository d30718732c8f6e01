"""The seed: the drive of a session that no task has written.

Maya Lindqvist's drive at Halvorsen & Reyes Architects in late November 2026: 18 people (12
staff, 6 clients and consultants), 31 folders, about 270 files with versions, comments,
sharing and a few items in the trash. Everything is generated from the vocabularies of
``_seed_data`` with a fixed RNG, so every call returns an identical fresh structure.
"""

from __future__ import annotations

import copy
import random
from datetime import UTC, datetime, timedelta
from functools import cache
from typing import Any

from cuagym.apps.drive._seed_data import (
    CLIENTS,
    COMMENTS,
    EXTERNAL,
    FOLDERS,
    MONTHS,
    ORG,
    PEOPLE,
    PROJECTS,
    RECIPES,
    SENTENCES,
    SIZES,
    VERSION_NOTES,
    VIEWS,
)

__all__ = ["CURRENT_USER", "WORLD_NOW", "build_seed", "ts"]

State = dict[str, Any]
CURRENT_USER = "u-maya"
#: the present of every world: after the seed's newest change
WORLD_NOW = datetime(2026, 12, 1, 15, 0, tzinfo=UTC)
QUOTA_BYTES = 15_000_000_000
_START = datetime(2025, 1, 6, 9, 0, tzinfo=UTC)
_SPAN_MIN = int((WORLD_NOW - timedelta(days=2) - _START).total_seconds() // 60)


def ts(moment: datetime) -> str:
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def _users() -> State:
    domain = ORG[1]
    out: State = {}
    for short, name, title, colour in PEOPLE:
        first = name.split()[0].lower()
        out[f"u-{short}"] = {
            "id": f"u-{short}",
            "name": name,
            "title": title,
            "email": f"{first}@{domain}",
            "avatarColor": colour,
        }
    for short, name, title, their_domain in EXTERNAL:
        first, last = name.lower().split()
        out[f"u-{short}"] = {
            "id": f"u-{short}",
            "name": name,
            "title": title,
            "email": f"{first}.{last}@{their_domain}",
            "avatarColor": "#57534e",
        }
    return out


class _Builder:
    def __init__(self) -> None:
        self.rng = random.Random(2612)
        self.state: State = {
            "org": {"name": ORG[0], "quotaBytes": QUOTA_BYTES},
            "currentUser": CURRENT_USER,
            "users": _users(),
            "folders": {},
            "files": {},
            "versions": {},
            "comments": {},
            "ui": {"recentFiles": []},
        }
        self.staff = [f"u-{p[0]}" for p in PEOPLE]

    def moment(self, lo: float = 0.0, hi: float = 1.0) -> datetime:
        minute = self.rng.randint(int(_SPAN_MIN * lo), int(_SPAN_MIN * hi))
        return _START + timedelta(minutes=minute)

    def folder(self, name: str, parent: str | None, owner: str) -> str:
        fid = f"fold-{len(self.state['folders']) + 1:04d}"
        made = self.moment(0.0, 0.3)
        self.state["folders"][fid] = {
            "id": fid,
            "name": name,
            "parentId": parent,
            "ownerId": owner,
            "createdAt": ts(made),
            "modifiedAt": ts(made + timedelta(days=self.rng.randint(1, 200))),
            "starred": False,
            "trashedAt": None,
            "sharedWith": {},
            "linkSharing": False,
            "linkRole": "viewer",
            "color": None,
        }
        return fid

    def fill(self, pattern: str, i: int) -> str:
        rng = self.rng
        day = self.moment(0.3, 1.0)
        return pattern.format(
            project=PROJECTS[i % len(PROJECTS)],
            n=f"{rng.randint(1, 9)}"
            if "level" in pattern or "D{n}" in pattern
            else f"{rng.randint(100, 9999):04d}",
            rev=chr(ord("A") + i),
            month=MONTHS[i % len(MONTHS)],
            person=self.state["users"][rng.choice(self.staff)]["name"].split()[0],
            client=CLIENTS[i % len(CLIENTS)],
            view=VIEWS[i % len(VIEWS)],
            day=f"{day:%Y-%m-%d}",
        )

    def preview(self, kind: str, name: str, size: int) -> str:
        rng = self.rng
        if kind in ("document", "pdf"):
            title = name.rsplit(".", 1)[0]
            return title + "\n\n" + " ".join(rng.sample(SENTENCES, 3))
        if kind == "spreadsheet":
            rows = [
                f"{rng.choice(SENTENCES).split()[1].strip(',;:').capitalize()},"
                f"{rng.randint(1, 40)},{rng.randint(200, 90_000)}"
                for _ in range(4)
            ]
            return "Item,Quantity,Amount (USD)\n" + "\n".join(rows)
        if kind == "presentation":
            return f"{rng.randint(8, 42)} slides\n\n" + rng.choice(SENTENCES)
        if kind == "image":
            w = rng.choice([1920, 2400, 3000, 4032])
            return f"{w} x {w * 2 // 3} pixels"
        if kind == "video":
            return f"{size // 40_000_000 + 1}:{rng.randint(0, 59):02d} minutes, 1080p"
        return f"{rng.randint(12, 900)} files inside"

    def file(self, name: str, kind: str, folder: str | None, owner: str, when: datetime) -> str:
        rng = self.rng
        fid = f"file-{len(self.state['files']) + 1:04d}"
        lo, hi = SIZES[kind]
        size = rng.randint(lo, hi)
        editable = kind in ("document", "spreadsheet", "presentation")
        count = rng.choice([1, 1, 2, 2, 3, 4]) if editable else 1
        made = when - timedelta(days=rng.randint(0, 40) * count, hours=rng.randint(0, 6))
        sizes = sorted(rng.randint(max(lo, size // 2), size) for _ in range(count - 1))
        steps = [made + (when - made) * k / max(1, count - 1) for k in range(count)]
        editors = [owner, *rng.sample(self.staff, 2)]
        for number, (moment, vsize) in enumerate(zip(steps, [*sizes, size], strict=True), 1):
            vid = f"ver-{len(self.state['versions']) + 1:04d}"
            self.state["versions"][vid] = {
                "id": vid,
                "fileId": fid,
                "number": number,
                "sizeBytes": vsize,
                "authorId": owner if number == 1 else rng.choice(editors),
                "createdAt": ts(moment),
                "note": rng.choice(VERSION_NOTES) if number > 1 else "",
            }
        last_author = self.state["versions"][f"ver-{len(self.state['versions']):04d}"]["authorId"]
        self.state["files"][fid] = {
            "id": fid,
            "name": name,
            "kind": kind,
            "folderId": folder,
            "sizeBytes": size,
            "ownerId": owner,
            "createdAt": ts(made),
            "modifiedAt": ts(when),
            "modifiedBy": last_author,
            "starred": False,
            "trashedAt": None,
            "sharedWith": {},
            "linkSharing": False,
            "linkRole": "viewer",
            "description": "",
            "preview": self.preview(kind, name, size),
        }
        return fid

    def tree(self) -> None:
        by_path: dict[str, str] = {}
        me = CURRENT_USER
        for i, (path, recipe) in enumerate(FOLDERS):
            parent, _, name = path.rpartition("/")
            fid = self.folder(name, by_path.get(parent), me)
            by_path[path] = fid
            used: set[str] = set()
            for kind, pattern, count in RECIPES.get(recipe, []):
                for k in range(count):
                    name_ = self.fill(pattern, i + k)
                    if name_ in used:
                        continue
                    used.add(name_)
                    owner = me if self.rng.random() < 0.7 else self.rng.choice(self.staff)
                    archived = path.startswith("Archive")
                    when = self.moment(0.0, 0.4) if archived else self.moment(0.45, 1.0)
                    self.file(name_, kind, fid, owner, when)
        # loose files at the root of My Drive
        for k, (kind, name) in enumerate(
            [
                ("document", "To do this week.docx"),
                ("spreadsheet", "Hours log 2026.xlsx"),
                ("pdf", "Scan 2026-11-14.pdf"),
                ("image", "Whiteboard sketch.jpg"),
                ("document", "Ideas for the studio retreat.docx"),
                ("pdf", "Boarding pass.pdf"),
            ]
        ):
            self.file(name, kind, None, me, self.moment(0.8 + k * 0.03, 0.99))

    def shared_with_me(self) -> None:
        """Folders and files other people own and share with the signed-in person."""
        rng = self.rng
        sources = [
            (
                "u-victor",
                "Riverside Library - structural calcs",
                "pdf",
                ["Calc package {rev}.pdf", "Beam schedule rev {rev}.pdf", "Foundation design.pdf"],
            ),
            (
                "u-grace",
                "Office admin",
                "document",
                ["Holiday rota 2026.docx", "Supplier contacts.docx", "Office move checklist.docx"],
            ),
            (
                "u-lena",
                "MEP coordination",
                "spreadsheet",
                ["Load schedule.xlsx", "Clash report {rev}.xlsx", "Equipment list.xlsx"],
            ),
            (
                "u-nadia",
                "Maple Street - sales brochure",
                "presentation",
                ["Brochure draft {rev}.pptx", "Price list.pptx"],
            ),
        ]
        for owner, folder_name, kind, names in sources:
            fid = self.folder(folder_name, None, owner)
            self.state["folders"][fid]["sharedWith"][CURRENT_USER] = rng.choice(
                ["viewer", "commenter", "editor"]
            )
            for k, pattern in enumerate(names):
                self.file(self.fill(pattern, k), kind, fid, owner, self.moment(0.6, 1.0))
        for owner, name, kind in [
            ("u-omar", "Partners meeting agenda.docx", "document"),
            ("u-tomas", "Fee structure 2027.xlsx", "spreadsheet"),
            ("u-rachel", "Library board feedback.pdf", "pdf"),
            ("u-arjun", "Cost plan stage 3.xlsx", "spreadsheet"),
            ("u-hana", "Render settings cheat sheet.pdf", "pdf"),
        ]:
            fid = self.file(name, kind, None, owner, self.moment(0.75, 1.0))
            self.state["files"][fid]["sharedWith"][CURRENT_USER] = rng.choice(
                ["viewer", "commenter", "editor"]
            )

    def sharing_and_marks(self) -> None:
        rng = self.rng
        state = self.state
        people = [u for u in state["users"] if u != CURRENT_USER]
        mine_folders = [f for f in state["folders"].values() if f["ownerId"] == CURRENT_USER]
        for folder in rng.sample(mine_folders, 8):
            for uid in rng.sample(people, rng.randint(1, 3)):
                if uid != folder["ownerId"]:
                    folder["sharedWith"][uid] = rng.choice(["viewer", "commenter", "editor"])
        files = list(state["files"].values())
        for f in rng.sample(files, 60):
            for uid in rng.sample(people, rng.randint(1, 3)):
                if uid != f["ownerId"]:
                    f["sharedWith"][uid] = rng.choice(["viewer", "commenter", "editor"])
        for f in rng.sample(files, 14):
            f["linkSharing"], f["linkRole"] = True, rng.choice(["viewer", "viewer", "commenter"])
        for f in rng.sample(files, 16):
            f["starred"] = True
        for folder in rng.sample(mine_folders, 4):
            folder["starred"] = True
        for folder, colour in zip(mine_folders[:3], ["#33658a", "#7d4a63", "#4d6b57"], strict=True):
            folder["color"] = colour
        # the trash: some of my files, and one whole folder
        mine = [f for f in files if f["ownerId"] == CURRENT_USER and f["folderId"] is not None]
        for f in rng.sample(mine, 11):
            f["trashedAt"] = ts(
                WORLD_NOW - timedelta(days=rng.randint(2, 25), hours=rng.randint(0, 9))
            )
        old = self.folder(
            "Old competition entries",
            next(k for k, v in state["folders"].items() if v["name"] == "Archive"),
            CURRENT_USER,
        )
        for k in range(4):
            # documents, small: the trashed folder never outweighs the trash's large files
            self.file(
                f"Competition entry notes {k + 1}.docx",
                "document",
                old,
                CURRENT_USER,
                self.moment(0.0, 0.2),
            )
        state["folders"][old]["trashedAt"] = ts(WORLD_NOW - timedelta(days=6))

    def comments(self) -> None:
        rng = self.rng
        state = self.state
        commentable = [
            f
            for f in state["files"].values()
            if f["kind"] in ("document", "spreadsheet", "presentation", "pdf")
        ]
        for f in rng.sample(commentable, 45):
            for _ in range(rng.randint(1, 3)):
                cid = f"cmt-{len(state['comments']) + 1:04d}"
                when = datetime.fromisoformat(f["modifiedAt"]) + timedelta(hours=rng.randint(1, 90))
                state["comments"][cid] = {
                    "id": cid,
                    "fileId": f["id"],
                    "text": rng.choice(COMMENTS),
                    "authorId": rng.choice([f["ownerId"], *rng.sample(self.staff, 2)]),
                    "createdAt": ts(min(when, WORLD_NOW - timedelta(hours=3))),
                    "resolved": rng.random() < 0.3,
                }


@cache
def _seed() -> State:
    builder = _Builder()
    builder.tree()
    builder.shared_with_me()
    builder.sharing_and_marks()
    builder.comments()
    return builder.state


def build_seed() -> State:
    """A fresh copy of the seed drive."""
    return copy.deepcopy(_seed())
