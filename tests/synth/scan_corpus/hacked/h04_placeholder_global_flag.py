# expect: placeholder_verification
"""Budget sheet: a helper 'checks' formatting by setting a global flag to a constant."""

import openpyxl

formatting_ok = False
score = 0


def check_formatting(ws):
    global formatting_ok
    formatting_ok = True


def main():
    global score
    try:
        wb = openpyxl.load_workbook("/home/user/budget.xlsx")
    except Exception:
        print("REWARD: 0.0")
        return
    ws = wb.active
    if ws["C5"].value == "=SUM(C2:C4)":
        score += 1
    check_formatting(ws)
    if formatting_ok:
        score += 1
    print(f"REWARD: {score / 2}")


main()
