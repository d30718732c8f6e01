"""The Plan agent's output (the paper's Figure 2: DESIGN.md and TODO.md), as one typed model.

An :class:`AppPlan` says what a mock is (a generic id and title, its category and the paper's
domain it counts toward, the product class it stands in for), who uses it and for what
(features per role, each P0/P1/P2), what its state holds (entities, their typed fields and
references, the invariants that constrain them, notes on the state API), how it looks (routes →
components of the kit → the controls on them; a theme from the neutral palette), how it is
released (the paper's compliance rules), and the SKILL.md and taxonomy.yaml it proposes.
DESIGN.md, TODO.md, SKILL.md and taxonomy.yaml are rendered from it by code; what a schema
cannot say (brand names, dangling references, the SKILL.md form) is checked in ``_plan_checks``.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from cuagym.apps import AppCategory, PaperDomain

__all__ = [
    "KIT_COMPONENTS",
    "KIT_PARTS",
    "AppPlan",
    "Control",
    "Entity",
    "EntityField",
    "Feature",
    "Invariant",
    "Priority",
    "ReleasePlan",
    "RoutePlan",
    "Screen",
    "SkillPlan",
    "SkillSection",
    "ThemePlan",
    "kit_part",
]

Priority = Literal["P0", "P1", "P2"]

#: The building blocks a route's layout is made of: the web kit's vocabulary of screens.
KitComponent = Literal[
    "page-header",
    "nav-bar",
    "side-nav",
    "tabs",
    "toolbar",
    "search-box",
    "filter-bar",
    "data-table",
    "card-list",
    "detail-panel",
    "form",
    "dialog",
    "menu",
    "board",
    "calendar",
    "stat-cards",
    "empty-state",
    "flash-message",
    "feed",
    "settings-section",
    "confirm-dialog",
]
KIT_COMPONENTS: tuple[str, ...] = KitComponent.__args__  # type: ignore[attr-defined]

#: Where each component comes from in the web kit (``cuagym.apps.webkit``): macros of a kit
#: template (``kit/ui.html``, ``kit/lists.html``; pages extend ``kit/shell.html``) or, for the
#: few an app lays out itself, kit.css classes. DESIGN.md names it beside every component so
#: the Dev agent builds on the kit; a test checks that every macro and class named exists.
KIT_PARTS: dict[str, tuple[str, tuple[str, ...], str]] = {
    "page-header": ("kit/ui.html", ("page_header",), "the page's one h1"),
    "nav-bar": ("kit/ui.html", ("nav_links",), "the shell places it: Theme(nav='top' or 'tabs')"),
    "side-nav": ("kit/ui.html", ("nav_links",), "vertical; Theme(nav='side') or the aside block"),
    "tabs": ("kit/ui.html", ("tabs", "tab_panel"), "role=tablist, aria-selected"),
    "toolbar": ("kit.css", ("kit-actions", "btn", "icon-btn"), ""),
    "search-box": ("kit/ui.html", ("search",), ""),
    "filter-bar": ("kit/lists.html", ("table_filters",), ""),
    "data-table": ("kit/lists.html", ("table", "pager"), "rows from webkit.tables.table_view"),
    "card-list": ("kit.css", ("kit-cards", "kit-card"), ""),
    "detail-panel": ("kit/ui.html", ("details",), ""),
    "form": ("kit/ui.html", ("field", "form_errors"), "Screens.act with FormInvalid"),
    "dialog": ("kit/ui.html", ("modal", "open_button"), ""),
    "menu": ("kit/ui.html", ("user_menu",), ".menu-pop"),
    "board": ("kit/lists.html", ("board",), "drag, and a Move menu that posts"),
    "calendar": ("kit/lists.html", ("calendar",), "webkit.calendar.month_grid / week_grid"),
    "stat-cards": ("kit.css", ("kit-cards", "kit-card", "kit-count"), ""),
    "empty-state": ("kit/ui.html", ("empty",), ""),
    "flash-message": ("kit/ui.html", ("toasts",), "Screens.act(..., flash=...)"),
    "feed": ("kit/ui.html", ("feed",), ""),
    "settings-section": ("kit/ui.html", ("settings_section",), ""),
    "confirm-dialog": ("kit/ui.html", ("confirm_form", "confirm_dialog"), ""),
}


def kit_part(component: str) -> str:
    """Where ``component`` comes from in the kit, in words (for DESIGN.md)."""
    source, names, note = KIT_PARTS[component]
    kind = "classes" if source == "kit.css" else "macros"
    listed = ", ".join(f".{n}" if source == "kit.css" else n for n in names)
    return f"{source} {kind} {listed}" + (f"; {note}" if note else "")


ControlKind = Literal[
    "link", "button", "input", "textarea", "select", "checkbox", "tab", "menu-item", "form-submit"
]
FieldType = Literal[
    "string", "text", "integer", "number", "boolean", "date", "datetime", "enum", "reference",
    "list",
]  # fmt: skip

Kebab = Annotated[str, Field(pattern=r"^[a-z][a-z0-9]*(-[a-z0-9]+)*$", max_length=48)]
Camel = Annotated[str, Field(pattern=r"^[a-z][A-Za-z0-9]*$", max_length=48)]
Pascal = Annotated[str, Field(pattern=r"^[A-Z][A-Za-z0-9]*$", max_length=48)]
Sentence = Annotated[str, Field(min_length=3, max_length=300)]
RoutePath = Annotated[str, Field(pattern=r"^/([a-z0-9{}_-]+(/[a-z0-9{}_-]+)*)?$", max_length=120)]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Feature(_Strict):
    """Something one role does in the app, with the queue priority of building it."""

    id: Kebab
    role: Sentence
    title: Sentence
    priority: Priority
    routes: list[RoutePath] = Field(default_factory=list, description="where it is done")


class EntityField(_Strict):
    name: Camel
    type: FieldType
    description: str = ""
    required: bool = True
    values: list[str] = Field(default_factory=list, description="an enum's allowed values")
    ref: Pascal | None = Field(None, description="the entity a reference (or list) points at")


class Entity(_Strict):
    """A top-level collection of the state (``state[collection][id]``)."""

    name: Pascal
    collection: Camel
    description: Sentence
    fields: list[EntityField] = Field(min_length=1)

    def references(self) -> list[tuple[str, str]]:
        """(field, entity) for each field that points at another entity."""
        return [(f.name, f.ref) for f in self.fields if f.ref is not None]


class Invariant(_Strict):
    """One rule a state must keep; the hub answers 422 to a state that breaks it."""

    rule: Sentence
    entity: Pascal
    field: Camel


class Control(_Strict):
    """An interactive element the audit will click, and what clicking it must do."""

    kind: ControlKind
    testid: Kebab
    label: Annotated[str, Field(min_length=1, max_length=80)]
    effect: Sentence


class Screen(_Strict):
    """One kit component on a route, with the controls it carries."""

    component: KitComponent
    controls: list[Control] = Field(default_factory=list)


class RoutePlan(_Strict):
    path: RoutePath
    title: Annotated[str, Field(min_length=1, max_length=80, description="the page's h1")]
    purpose: Sentence
    components: list[Screen] = Field(min_length=1)


class ThemePlan(_Strict):
    accent: str = Field(description="a colour name of the web kit's NEUTRAL_PALETTE")
    nav: Literal["top", "side"] = "top"
    density: Literal["comfortable", "compact"] = "comfortable"


class ReleasePlan(_Strict):
    """The paper's release rules, as the plan means to keep them."""

    generic_name: Annotated[str, Field(min_length=2, max_length=60)]
    original_copy: bool = True
    brand_assets: list[str] = Field(
        default_factory=list, description="logos, brand icons or images to ship (must be none)"
    )
    assets: list[str] = Field(
        default_factory=list, description="static files the app ships besides CSS and JS"
    )
    terms_review: bool = Field(
        False, description="a finance, health or government mock: flagged for human review"
    )


class SkillSection(_Strict):
    title: Annotated[str, Field(min_length=3, max_length=80)]
    body: Annotated[str, Field(min_length=20)]


class SkillPlan(_Strict):
    """SKILL.md: a one-paragraph introduction and the six numbered sections every app has."""

    intro: Annotated[str, Field(min_length=20)]
    sections: list[SkillSection]


class AppPlan(_Strict):
    app_id: Kebab
    title: Annotated[str, Field(min_length=2, max_length=60)]
    category: AppCategory
    paper_domain: PaperDomain
    product_class: Sentence
    summary: Sentence
    roles: list[Sentence] = Field(min_length=1)
    features: list[Feature] = Field(min_length=1)
    entities: list[Entity] = Field(min_length=1)
    invariants: list[Invariant] = Field(default_factory=list)
    state_api: list[Sentence] = Field(
        default_factory=list, description="what set / merge / go mean for this app's state"
    )
    routes: list[RoutePlan] = Field(min_length=1)
    theme: ThemePlan
    release: ReleasePlan
    skill: SkillPlan
    taxonomy: dict[str, Any] = Field(description="taxonomy.yaml as an object")
    reference_product: str = Field(
        "",
        description="internal label: the real product the mock stands in for (set by the "
        "pipeline from --product, checked against, never shown in the app)",
    )

    @property
    def package(self) -> str:
        """The Python package the app is built as (``recipe-box`` → ``recipe_box``)."""
        return self.app_id.replace("-", "_")

    @property
    def dist_name(self) -> str:
        """The distribution the install registers (``cuagym-mock-recipe-box``)."""
        return f"cuagym-mock-{self.app_id}"

    def controls(self) -> list[tuple[str, Control]]:
        """(route path, control) for every control of the layout tree, in plan order."""
        return [(r.path, c) for r in self.routes for s in r.components for c in s.controls]
