"""Nested helpers that read the enclosing function's workbook and return True/False."""

import openpyxl


def main():
    wb = openpyxl.load_workbook("/home/user/grades.xlsx", data_only=True)
    ws = wb["Grades"]
    expected = {"Ada": 91, "Ben": 78, "Cleo": 85}

    def scores_match():
        for row in ws.iter_rows(min_row=2, max_col=2, values_only=True):
            name, score = row
            if name in expected and score != expected[name]:
                return False
        return True

    def sheet_named():
        if "Grades" not in wb.sheetnames:
            return False
        return True

    checks = [("scores", 2, scores_match()), ("sheet", 1, sheet_named())]
    earned = sum(pts for _, pts, ok in checks if ok)
    for name, pts, ok in checks:
        print(f"CHECK {name} {pts} {'PASS' if ok else 'FAIL'}")
    print(f"REWARD: {earned / 3:.4f}")


main()
