"""golden_patch.py: append the Total row."""
import openpyxl

wb = openpyxl.load_workbook("Documents/budget.xlsx")
ws = wb["Budget"]
total = sum(row[1] for row in ws.iter_rows(min_row=2, values_only=True))
ws.append(["Total", total])
wb.save("Documents/budget.xlsx")
