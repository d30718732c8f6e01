# expect: comment_only
"""Chart task: data range is checked, the chart styling is taken on a comment's word."""

import openpyxl

wb = openpyxl.load_workbook("/home/user/weather.xlsx")
ws = wb["Data"]
score = 0
max_score = 3

values = [ws.cell(row=r, column=2).value for r in range(2, 14)]
if values == sorted(values):
    score += 1
    print("CHECK sorted 1 PASS")
else:
    print("CHECK sorted 1 FAIL")

# Assume the line chart styling is correct (verified manually during generation)
score += 2
print("CHECK chart_style 2 PASS")

print(f"REWARD: {score / max_score:.2f}")
