"""The ``Environment`` protocol and the models it speaks, as ``cuagym.envs`` has always named
them: they live in :mod:`cuagym.core` (``_environment``), where every layer names them."""

from cuagym.core import Environment, EnvState, StateQuery
from cuagym.core._environment import ROLE_FILES, role_file
from cuagym.core.environment import FileEntry, NotAGUIEnvironment

__all__ = [
    "ROLE_FILES",
    "EnvState",
    "Environment",
    "FileEntry",
    "NotAGUIEnvironment",
    "StateQuery",
    "role_file",
]
