"""Where things are in LibreOffice Impress's UI, for the oracles that drive it: the Find and
Replace dialog's fields and buttons (offsets from its Match case box), the Character dialog's
colour picker, in pixels on a 1280x800 screen.
"""

from __future__ import annotations

__all__ = [
    "CLOSE_FROM_BOX",
    "CUSTOM_COLOR",
    "FIND_FIELD",
    "FONT_COLOR_LIST",
    "FONT_EFFECTS_TAB",
    "HEX_FIELD",
    "IMPRESS_POPUP",
    "REPLACE_ALL_BUTTON",
    "REPLACE_FIELD",
    "SLIDE_MENU",
]

#: Impress's Find and Replace: its Find and Replace fields, Replace All and Close buttons, in
#: pixels from the top left of its Match case box.
FIND_FIELD = (210, -27)

REPLACE_FIELD = (210, 65)

REPLACE_ALL_BUTTON = (390, 119)

CLOSE_FROM_BOX = (441, 310)

#: The Slide menu's title in the menu bar on a 1280x800 screen.
SLIDE_MENU = (266, 12)

#: The Character dialog (Format > Character) and its colour picker on a 1280x800 screen.
FONT_EFFECTS_TAB = (462, 150)

FONT_COLOR_LIST = (555, 215)

CUSTOM_COLOR = (546, 519)

HEX_FIELD = (885, 281)

#: Impress: pixels the command search's list (Shift+Esc) covers in white, where the sidebar
#: is busy otherwise: the list's right column, top to bottom.
IMPRESS_POPUP = tuple((1066, y) for y in range(100, 460, 30))
