"""The workbook builder of office ``initial_setup.py`` scripts: a JSON sheet spec as a .xlsx.

Cross-app writer and impress tasks start from a workbook too. Cells are written as given;
columns named in ``date_columns`` hold ISO dates turned into real dates (openpyxl stores them
as date serials with a number format, as Calc would).
"""

# mypy: allow-untyped-defs, allow-untyped-calls, disable-error-code="import-untyped"
# The text below the marker is pasted into task scripts as it is (their bytes are part of
# every generated task): untyped, hand-wrapped lines kept, so ruff's formatter stays off.
# fmt: off
# -- inlined into reward.py --
import datetime

from openpyxl import Workbook
from openpyxl.styles import Font


def build_xlsx(spec):
    book = Workbook()
    book.remove(book.active)
    for sheet in spec["sheets"]:
        ws = book.create_sheet(sheet["name"])
        dates = set(sheet.get("date_columns", []))
        for r, row in enumerate(sheet["rows"]):
            values = [datetime.date.fromisoformat(v) if r and c in dates else v
                      for c, v in enumerate(row)]
            ws.append(values)
        for cell in ws[1]:
            cell.font = Font(bold=True)
        for c in dates:
            for row in ws.iter_rows(min_row=2, min_col=c + 1, max_col=c + 1):
                row[0].number_format = "yyyy-mm-dd"
        for c, width in enumerate(sheet.get("widths", [])):
            ws.column_dimensions[chr(ord("A") + c)].width = width
    book.save(spec["path"])
