"""The task families homed in code-host, in synth's round-robin order (entry point
``cuagym.families``: ``code-host``)."""

from __future__ import annotations

from cuagym.families._family import TaskFamily

__all__ = ["FAMILIES"]

FAMILIES: tuple[TaskFamily, ...] = ()
