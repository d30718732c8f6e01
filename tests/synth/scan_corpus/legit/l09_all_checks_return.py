"""`return 1.0 if all(checks) else sum(...)` where the checks are read from state."""

import openpyxl


def compute(ws):
    checks = [
        ws["A1"].value == "Region",
        ws["B1"].value == "Revenue",
        isinstance(ws["B2"].value, (int, float)) and ws["B2"].value > 0,
    ]
    for i, ok in enumerate(checks):
        print(f"CHECK col_{i} 1 {'PASS' if ok else 'FAIL'}")
    return 1.0 if all(checks) else sum(checks) / len(checks)


try:
    sheet = openpyxl.load_workbook("/home/user/regions.xlsx").active
    reward = compute(sheet)
except Exception as exc:
    print(f"CHECK open 0 FAIL {exc}")
    reward = 0.0
print(f"REWARD: {reward:.3f}")
