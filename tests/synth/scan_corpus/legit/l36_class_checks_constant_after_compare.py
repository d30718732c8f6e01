# expect:
"""Class-based checker: each check compares, and returns a constant after the comparison."""

import sys

import openpyxl


class SheetChecks:
    def __init__(self, ws):
        self.ws = ws

    def total(self):
        if self.ws["C12"].value != 4820:
            return False
        return True

    def header(self):
        value = self.ws["A1"].value
        if isinstance(value, str) and value.strip() == "Region":
            return True
        return False

    @classmethod
    def bold(cls, ws):
        for col in "ABC":
            if not ws[f"{col}1"].font.bold:
                return False
        return True


try:
    ws = openpyxl.load_workbook("/home/user/Documents/budget.xlsx").active
except Exception:
    print("REWARD: 0.0")
    sys.exit(0)

c = SheetChecks(ws)
results = [("total", 2, c.total()), ("header", 1, c.header()), ("bold", 1, SheetChecks.bold(ws))]
got = 0
for name, pts, ok in results:
    print(f"CHECK {name} {pts} {'PASS' if ok else 'FAIL'}")
    got += pts if ok else 0
print(f"REWARD: {got / 4}")
