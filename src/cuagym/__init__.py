"""cuagym: verified reinforcement-learning tasks for computer-use agents (the CUA-Gym method)."""

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("cuagym")
except PackageNotFoundError:  # running from a source tree that was never installed
    __version__ = "0.0.0+unknown"

__all__ = ["__version__"]
