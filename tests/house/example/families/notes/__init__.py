"""The notes families (the walkthrough's example): their order is synth --n's round robin."""

from __future__ import annotations

from cuagym.families import TaskFamily
from tests.house.example.families.notes._families import PinNote, RenameNote, TagNote

__all__ = ["FAMILIES"]

FAMILIES: tuple[TaskFamily, ...] = (PinNote(), RenameNote(), TagNote())
