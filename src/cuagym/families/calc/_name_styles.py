"""The display-name styles of the display-names family, shared by the family and its oracle.

A style says how a contact's name parts are joined: how an instruction describes it, the
example it gives (the sample person is in no contact list), the columns it joins and the text
between them. A task records the description (``params["style"]``).
"""

from __future__ import annotations

__all__ = ["NAME_STYLES", "joined_columns"]

#: style -> (description, example, columns joined, the text between them)
NAME_STYLES: dict[str, tuple[str, str, tuple[str, ...], tuple[str, ...]]] = {
    "last-first": (
        "the last name, a comma and a space, then the first name",
        "Ada Lovelace gives “Lovelace, Ada”",
        ("B", "A"),
        (", ",),
    ),
    "first-last": (
        "the first name, one space, then the last name",
        "Ada Lovelace gives “Ada Lovelace”",
        ("A", "B"),
        (" ",),
    ),
    "with-company": (
        "the first name, a space, the last name, a space and the company in parentheses",
        "Ada Lovelace of Analytical Engines gives “Ada Lovelace (Analytical Engines)”",
        ("A", "B", "C"),
        (" ", " ("),
    ),
}


def joined_columns(description: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The columns a style joins and the text between them, from its description."""
    return next((c, s) for w, _, c, s in NAME_STYLES.values() if w == description)
