"""A checker class whose methods return constants after real comparisons."""

import openpyxl


class WorkbookChecks:
    def __init__(self, path):
        self.wb = openpyxl.load_workbook(path)
        self.ws = self.wb["Summary"]

    def header_bold(self):
        for cell in self.ws[1]:
            if cell.value is not None and not cell.font.b:
                return False
        return True

    def total_formula(self):
        text = str(self.ws["B8"].value or "").replace(" ", "").upper()
        if text != "=SUM(B2:B7)":
            return False
        return True


checks = WorkbookChecks("/home/user/sales.xlsx")
results = [("header_bold", 1, checks.header_bold()), ("total", 2, checks.total_formula())]
score = 0
for name, pts, ok in results:
    if ok:
        score += pts
    print(f"CHECK {name} {pts} {'PASS' if ok else 'FAIL'}")
print(f"REWARD: {score / 3:.4f}")
