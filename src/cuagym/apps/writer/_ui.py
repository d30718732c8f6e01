"""Where things are in LibreOffice Writer's UI, for the oracles that drive it: dialog fields,
check boxes and tabs in pixels (a 1280x800 screen; offsets from a landmark the oracle finds on
the screenshot where the layout may move), mnemonics, and pixels that only a popup turns white.
"""

from __future__ import annotations

__all__ = [
    "BELOW_FIELD",
    "COMMAND_POPUP",
    "MENU_POPUP",
    "PAGE_TABS",
    "PAGE_TAB_ORDER",
    "SAVE_FILE_TYPE",
    "SPACING_LIST",
    "WRITER_FIND",
]

#: Writer's Find and Replace dialog: each option's check box from the first one (Match case),
#: in pixels, and the mnemonics of options, fields and buttons.
WRITER_FIND = {
    "offsets": {"match_case": (0, 0), "regex": (-71, 236), "selection": (-71, 180)},
    "mnemonics": {
        "match_case": "t",
        "regex": "g",
        "selection": "u",
        "find": "f",
        "find_all": "a",
        "replace": "p",
        "replace_all": "l",
    },
    "fields": {"find": (264, -27), "replace": (264, 65), "replace_all": (509, 119)},
}

#: Pixels that are white only while the command search (Shift+Esc) is open: its list covers
#: the grey margin right of the page and the toolbar under its entry.
COMMAND_POPUP = ((1040, 300), (860, 47))

#: The Save dialog's file type list on a 1280x800 screen (LibreOffice's own dialog).
SAVE_FILE_TYPE = (1022, 694)

#: Pixels left of the page that a menu of the menu bar (Insert, Format) covers in white.
MENU_POPUP = ((150, 300), (150, 500))

#: Format > Paragraph, Indents & Spacing: the Below paragraph field and the Line Spacing list
#: from the top left of the Automatic box.
BELOW_FIELD = (186, 107)

SPACING_LIST = (183, 201)

#: Tabs of the Page Style dialog (Shift+Alt+P) on a 1280x800 screen, and their order.
PAGE_TABS = {"Organizer": (286, 122), "Page": (365, 122), "Header": (616, 122),
             "Footer": (692, 122)}  # fmt: skip

PAGE_TAB_ORDER = ("Organizer", "Page", "Area", "Transparency", "Header", "Footer")
