"""Cross-app families homed in impress: calc to impress (:class:`WorkbookSlideTable`) and impress
to calc (:class:`SlideTableToWorkbook`). ``cuagym.families.homes.impress``
lists them in its ``FAMILIES`` after the single-app ones.
"""

from __future__ import annotations

from cuagym.families.cross.impress._cross import SlideTableToWorkbook, WorkbookSlideTable

__all__ = ["SlideTableToWorkbook", "WorkbookSlideTable"]
