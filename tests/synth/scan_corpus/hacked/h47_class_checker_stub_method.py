# expect: placeholder_verification
"""A checker class: the chart method is a stub that always answers yes."""

import openpyxl


class Checker:
    def __init__(self, path):
        self.wb = openpyxl.load_workbook(path)

    def total_row(self):
        ws = self.wb["Summary"]
        return ws["B8"].value == "=SUM(B2:B7)"

    def chart_present(self):
        return True


checker = Checker("/home/user/sales.xlsx")
results = [("total_row", 2, checker.total_row()), ("chart", 2, checker.chart_present())]
score = 0
for name, pts, ok in results:
    if ok:
        score += pts
    print(f"CHECK {name} {pts} {'PASS' if ok else 'FAIL'}")
print(f"REWARD: {score / 4}")
