"""The ``Environment`` protocol and the models it speaks, as ``cuagym.envs`` has always named
them: they live in :mod:`cuagym.core` (``_environment``), where every layer names them."""

from cuagym.core import Environment, EnvState, FileEntry, NotAGUIEnvironment, StateQuery
from cuagym.core._environment import ROLE_FILES, role_file

__all__ = [
    "ROLE_FILES",
    "EnvState",
    "Environment",
    "FileEntry",
    "NotAGUIEnvironment",
    "StateQuery",
    "role_file",
]
