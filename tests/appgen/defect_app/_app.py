"""The defect app's state, rules and switches (a note board: users, notes, a title)."""

from __future__ import annotations

import copy
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any, ClassVar, Literal, get_args

from pydantic import BaseModel, Field
from starlette.routing import BaseRoute

from cuagym.apps import AppSpec, Release
from cuagym.apps.webkit import Id, ModelWebApp, Name80, StateModel, diff_path
from cuagym.hub import Violation

__all__ = ["DEFECTS", "Defect", "DefectApp", "app_spec"]

Defect = Literal[
    "dead_button",  # a button with no handler
    "hash_link",  # a link to "#"
    "missing_link",  # a link to a route the app does not have
    "error_route",  # /about answers 500
    "noop_form",  # the rename form's handler changes nothing
    "missing_h1",  # the note page has no <h1>
    "tabs_no_active",  # the tab bar marks no tab active
    "unlabelled_field",  # the search field has only a placeholder
    "page_script_throws",  # a script on every page throws
    "invariant_not_enforced",  # the author rule is declared but not checked
    "no_broken_states",  # invariants, but no broken state to prove them
    "session_leak",  # the last note is kept on the app object, shown to every session
    "pin_dead_on_note",  # the footer's "Pin this page" (on every page) does nothing on a note's
]
DEFECTS: tuple[Defect, ...] = get_args(Defect)


class User(StateModel):
    id: Id
    name: Name80


class Note(StateModel):
    id: Id
    author: Id
    text: Name80


class BoardState(StateModel):
    title: Name80
    users: dict[str, User]
    notes: dict[str, Note]
    pinned: str = ""  # the page last pinned with the footer's form
    ui: dict[str, str] = Field(default_factory=dict)


def _check(state: BoardState) -> Iterator[Violation]:
    for key, note in state.notes.items():
        if note.author not in state.users:
            yield Violation(path=diff_path("notes", key, "author"), message="unknown author")


class DefectApp(ModelWebApp[BoardState]):
    """The note board; each defect in ``defects`` switched on."""

    app_id: ClassVar[str] = "defect-board"
    title: ClassVar[str] = "Defect Board"
    state_model: ClassVar[type[BaseModel]] = BoardState
    ui_module: ClassVar[str] = "tests.appgen.defect_app._ui"
    volatile: ClassVar[tuple[str, ...]] = ("ui",)

    def __init__(self, defects: Iterable[Defect] = ()) -> None:
        self.defects = frozenset(defects)
        unknown = self.defects - set(DEFECTS)
        if unknown:
            raise ValueError(f"unknown defects {sorted(unknown)}")
        #: where the session_leak defect keeps the last note: on the app, shared by everyone
        self.shared_last_note = ""

    def on(self, defect: Defect) -> bool:
        return defect in self.defects

    def seed(self) -> dict[str, Any]:
        return {
            "title": "Team board",
            "users": {u: {"id": u, "name": u[2:].title()} for u in ("u-ann", "u-bo")},
            "notes": {
                f"n-{i}": {"id": f"n-{i}", "author": author, "text": f"Note number {i}"}
                for i, author in enumerate(("u-ann", "u-bo", "u-ann"), start=1)
            },
            "ui": {},
        }

    def check(self, state: BoardState) -> Iterable[Violation]:
        return () if self.on("invariant_not_enforced") else _check(state)

    def check_edit(self, before: BoardState, after: BoardState) -> bool:
        return False

    def broken_states(self) -> Mapping[str, dict[str, Any]]:
        if self.on("no_broken_states"):
            return {}
        orphan = copy.deepcopy(self.seed())
        orphan["notes"]["n-1"]["author"] = "u-nobody"
        return {"note by an unknown author": orphan}

    def routes(self) -> Sequence[BaseRoute]:
        from tests.appgen.defect_app._ui import build_routes

        return build_routes(self)


def app_spec(defects: Iterable[Defect] = (), app_id: str = "defect-board") -> AppSpec:
    """The app as a plugin would expose it (for the CLI's APP_ID|DIR tests)."""
    web = DefectApp(defects)
    return AppSpec(
        app_id=app_id,
        kind="web",
        title="Defect Board",
        category="Project management",
        paper_domain="Project Management",
        release=Release(generic_name="Board"),
        web_app=web,
    )
