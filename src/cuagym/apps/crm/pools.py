"""Vocabulary task worlds draw from: people's names and their job titles.

None of the names occurs in the seed CRM, so an injected person is never confused with a seed
one. ``FIRST`` alternates male and female names.
"""

from __future__ import annotations

__all__ = ["FIRST", "LAST", "TITLES"]

FIRST = ["Aaron", "Bianca", "Connor", "Delia", "Emeka", "Fiona", "Gustavo", "Helena", "Ivan",
         "Jolene", "Kwame", "Lorena", "Mateo", "Noor", "Oskar", "Paloma", "Reid", "Saanvi",
         "Tobias", "Viola", "Wyatt", "Ximena", "Yusuf", "Zara"]  # fmt: skip
LAST = ["Ashworth", "Baptiste", "Castellano", "Dunmore", "Eriksen", "Fairchild", "Galloway",
        "Hargrove", "Iwasaki", "Jankowski", "Kovacs", "Lindqvist", "Mbeki", "Northcott",
        "Okonkwo", "Pellegrini", "Quintero", "Rosenthal", "Szabo", "Thorne", "Underwood",
        "Varga", "Whitlock", "Yilmaz"]  # fmt: skip
TITLES = [("Operations Manager", "Operations"), ("Director of Field Service", "Field Services"),
          ("IT Manager", "IT"), ("Procurement Lead", "Procurement"), ("Controller", "Finance"),
          ("Facilities Director", "Facilities"), ("Dispatch Supervisor", "Operations"),
          ("VP Customer Operations", "Customer Success")]  # fmt: skip
