"""The shop web app as the hub sees it: schema, seed, invariants, volatile keys, routes."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, ClassVar

from pydantic import BaseModel

from cuagym.apps.shop._invariants import broken_states, check_invariants, invariants_hold_after
from cuagym.apps.shop._schema import ShopState
from cuagym.apps.shop._seed import build_seed
from cuagym.apps.webkit import ModelWebApp, Theme
from cuagym.hub import ReleaseDisclosure, Violation

__all__ = ["ShopApp"]


class ShopApp(ModelWebApp[ShopState]):
    """A store's back office: orders, returns, products with variants, inventory, customers,
    discount codes and a sales dashboard."""

    app_id: ClassVar[str] = "shop"
    title: ClassVar[str] = "Storefront Admin"
    state_model: ClassVar[type[BaseModel]] = ShopState
    ui_module: ClassVar[str] = "cuagym.apps.shop._ui"
    # a light header, a tinted side bar and square, compact tables in clay: a back office
    # dense with figures, not a chat, a mailbox or a CRM
    theme: ClassVar[Theme] = Theme(
        accent="clay",
        nav="side",
        header="light",
        density="compact",
        radius="square",
        surface="tinted",
    )
    # ``ui`` holds the orders the person opened; a visit must never count as a change.
    volatile: ClassVar[tuple[str, ...]] = ("ui",)
    release: ClassVar[ReleaseDisclosure] = ReleaseDisclosure(
        category="E-commerce / marketplace",
        measures=("generic_name", "no_brand_assets", "neutral_palette", "original_ui_copy"),
    )

    def seed(self) -> dict[str, Any]:
        return build_seed()

    def broken_states(self) -> Mapping[str, dict[str, Any]]:
        return broken_states(build_seed())

    def check(self, state: ShopState) -> Iterable[Violation]:
        return check_invariants(state)

    def check_edit(self, before: ShopState, after: ShopState) -> bool:
        return invariants_hold_after(before, after)
