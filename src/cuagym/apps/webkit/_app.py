"""The hub-facing part every web app shares: invariants read the app's own validated state
model, and the UI routes load only when the hub mounts them."""

from __future__ import annotations

import importlib
from abc import abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, ClassVar, Generic, TypeVar, cast

from pydantic import BaseModel
from starlette.routing import BaseRoute

from cuagym.apps.webkit.theme import Theme
from cuagym.hub import Violation, WebApp

__all__ = ["KIT_STATIC", "KIT_TEMPLATES", "ModelWebApp"]

#: the kit's templates (``kit/shell.html``, ``kit/ui.html``, ...) and its CSS and JS
KIT_TEMPLATES = Path(__file__).parent / "templates"
KIT_STATIC = Path(__file__).parent / "static"

StateT = TypeVar("StateT", bound=BaseModel)


class ModelWebApp(WebApp, Generic[StateT]):
    """A :class:`~cuagym.hub.WebApp` whose rules are written against its ``state_model``.

    A subclass sets ``state_model`` to ``StateT`` and ``ui_module`` to the module whose
    ``build_routes()`` makes its UI, and implements :meth:`check` and :meth:`check_edit`.
    """

    #: dotted name of the module with ``build_routes()``; imported when the hub asks for the
    #: routes, so that the state API alone never pulls in the templates machinery.
    ui_module: ClassVar[str]
    #: the app's look on the kit's shell and components (``app.theme`` in templates)
    theme: ClassVar[Theme] = Theme()

    @abstractmethod
    def check(self, state: StateT) -> Iterable[Violation]:
        """The cross-entity rules a schema cannot express, on a validated state."""

    @abstractmethod
    def check_edit(self, before: StateT, after: StateT) -> bool:
        """Whether ``after`` (an edit of the valid ``before``) certainly breaks no rule."""

    def invariants(self, state: Any) -> Iterable[Violation]:
        if not isinstance(state, self.state_model):  # the hub always passes the validated model
            raise TypeError(f"expected {self.state_model.__name__}, got {type(state).__name__}")
        return self.check(cast("StateT", state))

    def invariants_hold_after(self, before: Any, after: Any) -> bool:
        if not isinstance(before, self.state_model) or not isinstance(after, self.state_model):
            return False
        return self.check_edit(cast("StateT", before), cast("StateT", after))

    def routes(self) -> Sequence[BaseRoute]:
        routes: Sequence[BaseRoute] = importlib.import_module(self.ui_module).build_routes()
        return routes

    @property
    def template_dirs(self) -> Sequence[Path]:
        """The app's own templates first, then the kit's (``{% extends "kit/shell.html" %}``)."""
        return (*super().template_dirs, KIT_TEMPLATES)

    @property
    def static_dirs(self) -> Mapping[str, Path]:
        """The app's static files, and the kit's at ``/<app_id>/kit`` (``{{ kit }}/kit.css``)."""
        return {**super().static_dirs, "kit": KIT_STATIC}
