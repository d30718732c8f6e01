"""initial_setup.py: a household budget without its total row."""
import os

import openpyxl

os.makedirs("Documents", exist_ok=True)
wb = openpyxl.Workbook()
ws = wb.active
ws.title = "Budget"
ws.append(["Item", "Amount"])
for item, amount in [("Rent", 950), ("Groceries", 310), ("Transport", 85), ("Utilities", 120)]:
    ws.append([item, amount])
wb.save("Documents/budget.xlsx")
print("wrote Documents/budget.xlsx")
