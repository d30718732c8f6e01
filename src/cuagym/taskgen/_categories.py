"""The sampler's fixed vocabularies: work categories, rare primitives, edge-case kinds.

"Category" is the spec's ``domain`` dimension ("10 categories aligned with O*NET"). The paper
lists exactly ten in its corpus table of scenarios (Table 9: Spreadsheet & Data 20.8 % ...
Creative & Media 1.3 %), and that table is the one its "no category above 21 %" claim holds
for, so those ten are our categories. A taxonomy names its domain's default category and any
subtree may override it (an issue tracker's code-review leaves could be Software
Engineering); a task's category is the category of its leaf. The spec's ``scenario``
(commercial, educational, scientific, personal) is a separate dimension (``core.Scenario``).
"""

from __future__ import annotations

from typing import Literal, get_args

__all__ = [
    "CATEGORIES",
    "CATEGORY_TITLES",
    "EDGE_KINDS",
    "PRIMITIVES",
    "Category",
    "EdgeKind",
    "Primitive",
]

Category = Literal[
    "spreadsheet-data",
    "document-writing",
    "presentation-design",
    "software-engineering",
    "system-administration",
    "pdf-publishing",
    "communication-email",
    "project-management",
    "business-operations",
    "creative-media",
]
CATEGORIES: tuple[Category, ...] = get_args(Category)

CATEGORY_TITLES: dict[Category, str] = {
    "spreadsheet-data": "Spreadsheet & Data",
    "document-writing": "Document Writing",
    "presentation-design": "Presentation Design",
    "software-engineering": "Software Engineering",
    "system-administration": "System Administration",
    "pdf-publishing": "PDF & Publishing",
    "communication-email": "Communication & Email",
    "project-management": "Project & Task Management",
    "business-operations": "Business Operations",
    "creative-media": "Creative & Media",
}

# Rare input primitives a leaf may need (the spec's Pass 3: drags, hotkey chords, moving
# between several windows). Pass 3 forces tasks on leaves that list one.
Primitive = Literal["drag", "key-chord", "multi-window"]
PRIMITIVES: tuple[Primitive, ...] = get_args(Primitive)

# What makes a task an edge case (Pass 3): beyond one-shot solving (a hard, long-horizon task),
# apps mixed in an unusual order (the task does not start in its home app, or chains three or
# more apps), or a leaf that needs a rare primitive.
EdgeKind = Literal["long-horizon", "unusual-app-order", "rare-primitive"]
EDGE_KINDS: tuple[EdgeKind, ...] = get_args(EdgeKind)
