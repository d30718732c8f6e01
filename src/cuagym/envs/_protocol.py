"""The ``Environment`` protocol and the models it speaks, as ``cuagym.envs`` has always named
them: they live in :mod:`cuagym.core` (``_environment``), where every layer names them."""

from cuagym.core import (
    ROLE_FILES,
    Environment,
    EnvState,
    FileEntry,
    NotAGUIEnvironment,
    StateQuery,
    role_file,
)

__all__ = [
    "ROLE_FILES",
    "EnvState",
    "Environment",
    "FileEntry",
    "NotAGUIEnvironment",
    "StateQuery",
    "role_file",
]
