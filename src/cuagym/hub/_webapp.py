"""What a web app contributes to the hub: schema, invariants, seed data, volatile fields, UI.

The hub core knows no app by name. A web app is a :class:`WebApp` subclass exposed by a domain
plugin (entry point group ``cuagym.apps``) as the ``web_app`` attribute of its ``AppSpec``.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict
from starlette.routing import BaseRoute

__all__ = ["ComplianceMeasure", "InvariantChecks", "ReleaseDisclosure", "Violation", "WebApp"]


class Violation(BaseModel):
    """One reason a state is rejected: the failing path (diff path syntax) and why."""

    model_config = ConfigDict(frozen=True)

    path: str
    message: str


Check = Callable[[Any], Iterable[Violation]]


class InvariantChecks:
    """An app's invariants as checks that each name the top-level fields they read.

    ``run`` is the whole check (the checks in order: the exact report). ``hold_after`` is what
    :meth:`WebApp.invariants_hold_after` needs: after an edit, only the checks that read a field
    the edit changed can find something new, so only they run.

    >>> CHECKS = InvariantChecks(  # doctest: +SKIP
    ...     (["labels"], check_labels), (["threads", "messages"], check_threads)
    ... )
    """

    def __init__(self, *checks: tuple[Iterable[str], Check]) -> None:
        self._checks = tuple((frozenset(reads), check) for reads, check in checks)
        self._fields = frozenset().union(*(reads for reads, _ in self._checks))

    def run(self, state: Any) -> Iterator[Violation]:
        for _, check in self._checks:
            yield from check(state)

    def hold_after(self, before: Any, after: Any) -> bool:
        """True if the checks that read a changed field (not the same object) find nothing."""
        changed = {f for f in self._fields if getattr(after, f) is not getattr(before, f)}
        if not changed:
            return True
        return not any(
            True for reads, check in self._checks if reads & changed for _ in check(after)
        )


#: The per-app trademark and trade-dress measures a dataset card discloses (the paper's
#: release disclosure): a generic public name, no brand assets (logos, icon sets,
#: illustrations), a neutral palette instead of brand colours, UI copy written anew.
ComplianceMeasure = Literal[
    "generic_name", "no_brand_assets", "neutral_palette", "original_ui_copy"
]


class ReleaseDisclosure(BaseModel):
    """What a published dataset says about a mock web app; the public identifier is ``app_id``."""

    model_config = ConfigDict(frozen=True)

    #: function category, e.g. "Communication / messaging", "CRM / customer service".
    category: str
    measures: tuple[ComplianceMeasure, ...]
    #: finance, healthcare or government: terms of service need a person's review before release.
    terms_sensitive: bool = False


class WebApp(ABC):
    """A mock web app served by the hub at ``/<app_id>``.

    Subclasses set the class attributes and implement :meth:`seed`. ``state_model`` is a pydantic
    model of the whole state; states are validated against it (strictly) and stored as its
    JSON dump, so defaults are filled in. :meth:`invariants` adds the cross-entity rules a schema
    cannot express (a message's sender exists, a sprint belongs to its project, ...).
    """

    #: kebab-case public id; the app is served at ``/<app_id>``.
    app_id: ClassVar[str]
    #: human-readable name shown in the UI and in ``/healthz`` listings.
    title: ClassVar[str]
    #: pydantic model of the whole state.
    state_model: ClassVar[type[BaseModel]]
    #: key names or fnmatch globs over diff paths that ``/go`` masks (``lastViewedAt``, ``ui``).
    volatile: ClassVar[tuple[str, ...]] = ()
    #: the app's release disclosure for dataset cards (None: not declared).
    release: ClassVar[ReleaseDisclosure | None] = None

    @abstractmethod
    def seed(self) -> dict[str, Any]:
        """The state of a session that was never written (or was reset). Must be valid."""

    def invariants(self, state: Any) -> Iterable[Violation]:
        """Cross-entity rules, checked on a state that already passed ``state_model``.

        ``state`` is the validated ``state_model`` instance.
        """
        return ()

    def broken_states(self) -> Mapping[str, dict[str, Any]]:
        """Named states that each break one of :meth:`invariants`' rules (and nothing else).

        ``cuagym appgen audit`` injects each and expects a 422 with nothing stored: the proof
        that the declared rules are enforced. Each is schema-valid (else the 422 proves
        nothing); typically the seed with one rule broken (a message whose sender does not
        exist). An app that declares invariants should declare at least one.
        """
        return {}

    def invariants_hold_after(self, before: Any, after: Any) -> bool:
        """Whether :meth:`invariants` certainly finds nothing in ``after``, given that
        ``before`` had no violations; False when unsure (then the hub runs them in full).

        Both are validated ``state_model`` instances. ``after`` was derived from ``before`` by
        an edit, and every part the edit left alone is *the same object* in both (compare with
        ``is``), so an app can check only what changed: an edited message, one conversation.
        Answering True wrongly would store an invalid state, so prove it or say False.
        """
        return False

    def routes(self) -> Sequence[BaseRoute]:
        """Starlette routes of the UI, mounted under ``/<app_id>``.

        Handlers reach the browser's session with :func:`cuagym.hub.ui_session` and render
        templates with :func:`cuagym.hub.render`.
        """
        return ()

    @property
    def templates_dir(self) -> Path | None:
        """Folder of Jinja2 templates (default: ``templates/`` beside the subclass module)."""
        return self._beside("templates")

    @property
    def template_dirs(self) -> Sequence[Path]:
        """Where templates are looked up, first match wins (default: :attr:`templates_dir`).

        A kit the app is built on adds its own folder after the app's, so the app's templates
        resolve first and may extend or import the kit's.
        """
        folder = self.templates_dir
        return (folder,) if folder is not None else ()

    @property
    def static_dir(self) -> Path | None:
        """Folder served at ``/<app_id>/static`` (default: ``static/`` beside the module)."""
        return self._beside("static")

    @property
    def static_dirs(self) -> Mapping[str, Path]:
        """Folders served under the app, by URL segment: ``{"static": ...}`` is served at
        ``/<app_id>/static``; a kit adds its own (``/<app_id>/kit``) so the app stays whole
        at its own path."""
        folder = self.static_dir
        return {"static": folder} if folder is not None else {}

    def _beside(self, name: str) -> Path | None:
        import sys

        module = sys.modules[type(self).__module__]
        if module.__file__ is None:
            return None
        folder = Path(module.__file__).parent / name
        return folder if folder.is_dir() else None
