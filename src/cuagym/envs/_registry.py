"""Environment providers by name: ``@envprovider("local")`` on a class, ``make_env(name)``.

Built-in providers register when their module is imported; others come from the
``cuagym.envs`` entry-point group (an entry point names a class decorated with
``@envprovider``), loaded on first lookup of an unknown name.
"""

from __future__ import annotations

from collections.abc import Callable
from importlib.metadata import entry_points
from typing import Any, TypeVar

from cuagym.core import Environment

ENTRY_POINT_GROUP = "cuagym.envs"
_T = TypeVar("_T", bound=type[Any])

# The registry is the one module-level table here: decorators need somewhere to write, as in
# inspect_ai's @sandboxenv. It only ever maps a name to a class.
_PROVIDERS: dict[str, type[Environment]] = {}


class ProviderError(LookupError):
    """An unknown provider name, or a name registered twice."""


def envprovider(name: str) -> Callable[[_T], _T]:
    """Register an Environment class under ``name``."""

    def register(cls: _T) -> _T:
        known = _PROVIDERS.get(name)
        if known is not None and known is not cls:
            raise ProviderError(f"environment provider {name!r} is already {known.__qualname__}")
        _PROVIDERS[name] = cls
        cls.provider_name = name
        return cls

    return register


def provider_names() -> list[str]:
    _load_entry_points()
    return sorted(_PROVIDERS)


def get_provider(name: str) -> type[Environment]:
    """The Environment class registered as ``name`` (entry points are loaded when unknown)."""
    if name not in _PROVIDERS:
        _load_entry_points()
    try:
        return _PROVIDERS[name]
    except KeyError:
        raise ProviderError(
            f"unknown environment provider {name!r} (known: {', '.join(sorted(_PROVIDERS))})"
        ) from None


def make_env(name: str, **config: Any) -> Environment:
    """A new, not yet started environment of provider ``name``."""
    env = get_provider(name)(**config)
    if not isinstance(env, Environment):
        raise ProviderError(f"provider {name!r} does not implement the Environment protocol")
    return env


def _load_entry_points() -> None:
    for ep in entry_points(group=ENTRY_POINT_GROUP):
        if ep.name not in _PROVIDERS:
            ep.load()  # the class registers itself through @envprovider
