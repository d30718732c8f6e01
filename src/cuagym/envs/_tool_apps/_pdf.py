"""The PDF annotator: Xournal++."""

from __future__ import annotations

from types import MappingProxyType

from cuagym.envs._tool_apps._spec import ToolApp

__all__ = ["PDF", "XOURNALPP_SETTINGS"]

XOURNALPP = "/usr/bin/xournalpp"

# Xournal++ (the PDF annotator) reads settings.xml and fills in every property it lacks with its
# default, so only what must differ from those is written:
# - displayDpi 72: 100 % zoom is one screen pixel per PDF point (an oracle maps page points to
#   the screen by the page's frame and this scale; the status bar shows 100 %);
# - maximized: the window fills the screen from the first frame (no resize redraw);
# - autosaveEnabled false: the default autosave writes a journal copy every 3 minutes (under
#   XDG_CACHE_HOME, outside the home, but a timer that changes nothing the task sees only
#   costs CPU and its "autosave" message would change the screen mid-episode);
# - autoloadPdfXoj false: a report.pdf.xopp next to the PDF would otherwise be opened instead
#   of the PDF itself — a start screen that depends on a leftover file;
# - addVerticalSpace: room below the last page, so "go to page" puts any page, the last one
#   too, at the top of the view;
# - snapGrid / snapRotation false: strokes and text boxes land where the pointer put them,
#   not on the 14 pt grid;
# - lastSavePath / lastOpenPath: the file dialogs open in the home, not in the process's cwd;
# - pluginDisabled: every bundled Lua plugin off (QuickScreenshot runs shell commands;
#   MigrateFontSizes, on by default, adds a menu entry and a first-start dialog path);
# - font Sans 11: the text tool's font, the same in every episode.
XOURNALPP_SETTINGS = """<?xml version="1.0" encoding="UTF-8"?>
<settings>
  <property name="displayDpi" value="72"/>
  <property name="maximized" value="true"/>
  <property name="autosaveEnabled" value="false"/>
  <property name="autoloadPdfXoj" value="false"/>
  <property name="addVerticalSpace" value="true"/>
  <property name="addVerticalSpaceAmount" value="900"/>
  <property name="snapGrid" value="false"/>
  <property name="snapRotation" value="false"/>
  <property name="lastSavePath" value="/home/user"/>
  <property name="lastOpenPath" value="/home/user"/>
  <property name="pluginEnabled" value=""/>
  <property name="pluginDisabled"
   value="ColorCycle,Example,LayerActions,MigrateFontSizes,QuickScreenshot,ToggleGrid"/>
  <property name="font" font="Sans" size="11.00000000"/>
</settings>
"""


def _pdf_argv(path: str | None) -> list[str]:
    # The PDF opens as the background of a new, unsaved journal: annotations stay in memory
    # until File > Export as PDF (or Save, which writes a .xopp journal) writes them.
    return [XOURNALPP, *([path] if path else [])]


PDF = ToolApp(
    name="pdf", binary=XOURNALPP, packages="xournalpp", window_class="xournalpp",
    target="file", argv=_pdf_argv,
    config=MappingProxyType({"xournalpp/settings.xml": XOURNALPP_SETTINGS}),
    ready_top_colors=3, ready_stable_s=0.3,
)  # fmt: skip
