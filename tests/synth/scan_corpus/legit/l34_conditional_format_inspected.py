"""The conditional-formatting check inspects the rule's range, operator, value and fill."""

import openpyxl

wb = openpyxl.load_workbook("/home/user/invoices.xlsx")
ws = wb["Invoices"]
red_rule = False
for cf_range in ws.conditional_formatting:
    if str(cf_range.sqref) != "D2:D40":
        continue
    for rule in cf_range.rules:
        fill = rule.dxf.fill if rule.dxf is not None else None
        colour = fill.fgColor.rgb if fill is not None and fill.fgColor is not None else ""
        if (
            rule.operator == "lessThan"
            and rule.formula == ["TODAY()"]
            and colour.endswith("FF0000")
        ):
            red_rule = True
print(f"CHECK red_rule 1 {'PASS' if red_rule else 'FAIL'}")
print(f"REWARD: {1.0 if red_rule else 0.0}")
