"""The recipe box's state: cooks and their recipes, by id."""

from __future__ import annotations

from pydantic import Field

from cuagym.apps.webkit import Id, Name80, StateModel

__all__ = ["AppState", "Cook", "Recipe"]


class Cook(StateModel):
    name: Name80


class Recipe(StateModel):
    title: Name80
    cook_id: Id
    favorite: bool = False
    steps: str = ""


class AppState(StateModel):
    cooks: dict[Id, Cook] = Field(default_factory=dict)
    recipes: dict[Id, Recipe] = Field(default_factory=dict)
